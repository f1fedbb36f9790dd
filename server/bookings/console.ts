import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import {
  BOOKING_STATUS,
  blockOverCallsMessage,
  blockTimeSchema,
  type BookingSettings,
  type CallInside,
} from '../../src/domain/bookings';
import { addAudit, type Actor } from '../audit';
import { HttpError } from '../errors';
import {
  BOOKING_BLOCKS,
  BOOKING_SETTINGS_DOC,
  BOOKINGS,
  bookingDoc,
  daySeatDoc,
  loadSettings,
  readBooking,
  slotDoc,
  type BookingsContext,
} from './store';

const MAX_BLOCK_MS = 31 * 86_400_000;
/** The longest meeting bookingSettingsSchema allows. */
const MAX_MEETING_MS = 240 * 60_000;

/** The availability in force, and whether staff saved it (else: the defaults). */
export async function bookingSettings(ctx: BookingsContext) {
  return loadSettings(ctx);
}

/** Saves the availability (validated by bookingSettingsSchema in the route), audited in the same write. */
export async function saveBookingSettings(ctx: BookingsContext, settings: BookingSettings, actor: Actor) {
  const ref = ctx.db.doc(BOOKING_SETTINGS_DOC);
  await ctx.db.runTransaction(async (tx) => {
    const { settings: before } = await loadSettings(ctx, tx);
    tx.set(ref, { ...settings, updatedAt: FieldValue.serverTimestamp() });
    addAudit(tx, ctx.db, {
      actor,
      action: 'bookings.settings',
      target: ref.path,
      before: { ...before },
      after: { ...settings },
    });
  });
}

/** The staff member's booked calls that overlap [startMs, endMs), earliest first. */
async function bookedCallsWithin(
  ctx: BookingsContext,
  staffId: string,
  startMs: number,
  endMs: number,
): Promise<CallInside[]> {
  // A call is at most MAX_MEETING_MS long (bookingSettingsSchema), so one overlapping starts after this.
  const found = await ctx.db
    .collection(BOOKINGS)
    .where('startAt', '>', Timestamp.fromMillis(startMs - MAX_MEETING_MS))
    .where('startAt', '<', Timestamp.fromMillis(endMs))
    .orderBy('startAt')
    .get();
  return found.docs
    .map((doc) => readBooking(doc.id, doc.data()))
    .filter((call) => call.staffId === staffId && call.status === BOOKING_STATUS.booked && call.endMs > startMs)
    .map((call) => ({ id: call.id, name: call.name, startMs: call.startMs }));
}

/**
 * Blocks a stretch of a staff member's time: no slot inside it (or within the buffer) is offered.
 * Calls already booked inside it stay booked; staff are told which first (409, by name and time)
 * and block only when they say so (`overCalls`).
 */
export async function blockTime(ctx: BookingsContext, input: z.output<typeof blockTimeSchema>, actor: Actor) {
  const startMs = Date.parse(input.startAt);
  const endMs = Date.parse(input.endAt);
  if (endMs - startMs > MAX_BLOCK_MS) throw new HttpError(400, 'Block at most 31 days at a time.');
  const { settings } = await loadSettings(ctx);
  if (!settings.staff.some((staff) => staff.id === input.staffId)) throw new HttpError(400, 'Choose a staff member.');
  const callsInside = await bookedCallsWithin(ctx, input.staffId, startMs, endMs);
  if (callsInside.length > 0 && !input.overCalls) throw new HttpError(409, blockOverCallsMessage(callsInside));
  const ref = ctx.db.collection(BOOKING_BLOCKS).doc();
  const batch = ctx.db.batch();
  batch.create(ref, {
    staffId: input.staffId,
    startAt: Timestamp.fromMillis(startMs),
    endAt: Timestamp.fromMillis(endMs),
    reason: input.reason,
    createdBy: actor.email ?? actor.uid,
    createdAt: FieldValue.serverTimestamp(),
  });
  addAudit(batch, ctx.db, {
    actor,
    action: 'bookings.block',
    target: ref.path,
    before: null,
    after: { ...input, callsInside: callsInside.map((call) => call.id) },
  });
  await batch.commit();
  return {
    id: ref.id,
    callsInside: callsInside.map((call) => ({
      id: call.id,
      name: call.name,
      startAt: new Date(call.startMs).toISOString(),
    })),
  };
}

/** Removes a block. */
export async function removeBlock(ctx: BookingsContext, id: string, actor: Actor) {
  const ref = ctx.db.collection(BOOKING_BLOCKS).doc(id);
  await ctx.db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) throw new HttpError(404, 'Block not found.');
    tx.delete(ref);
    addAudit(tx, ctx.db, {
      actor,
      action: 'bookings.unblock',
      target: ref.path,
      before: { staffId: snapshot.get('staffId') },
      after: null,
    });
  });
}

/** Marks a call the visitor did not join, once it has started; its inbox entry says so too. */
export async function markNoShow(ctx: BookingsContext, id: string, actor: Actor) {
  const ref = bookingDoc(ctx.db, id);
  await ctx.db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) throw new HttpError(404, 'Booking not found.');
    const booking = readBooking(id, snapshot.data()!);
    if (booking.status !== BOOKING_STATUS.booked)
      throw new HttpError(409, `This call is ${booking.status.toLowerCase()}.`);
    if (Date.now() < booking.startMs)
      throw new HttpError(409, 'A call can be marked a no-show only once it has started.');
    // A no-show no longer counts toward the day's maximum (loadBusy counts booked calls only): its
    // seat goes, and the booking forgets it (a later call of that day may hold it then).
    tx.update(ref, { status: BOOKING_STATUS.noShow, noShowAt: FieldValue.serverTimestamp(), daySeatId: null });
    if (booking.slotId) tx.delete(slotDoc(ctx.db, booking.slotId));
    if (booking.daySeatId) tx.delete(daySeatDoc(ctx.db, booking.daySeatId));
    tx.update(ctx.db.doc(`enquiries/${booking.enquiryId}`), { 'consultation.status': BOOKING_STATUS.noShow });
    addAudit(tx, ctx.db, {
      actor,
      action: 'bookings.no-show',
      target: ref.path,
      before: { status: booking.status },
      after: { status: BOOKING_STATUS.noShow },
    });
  });
}
