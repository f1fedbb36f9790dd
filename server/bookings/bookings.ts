import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  BOOKING_CONFLICT,
  BOOKING_MESSAGES,
  isDayFullAt,
  BOOKING_STATUS,
  IST_ZONE,
  canChange,
  daySeatKey,
  formatInZone,
  freeSlots,
  isIndiaZone,
  remindersFor,
  slotKey,
  slotProblem,
  staffFreeAt,
  type BookingRequest,
  type BookingSettings,
  type BookingStaff,
  type SlotContext,
} from '../../src/domain/bookings';
import { istDay } from '../../src/domain/ist';
import { COMPANY } from '../../src/domain/company';
import { consultationEnquiryData } from '../enquiries/enquiries';
import { HttpError, isAlreadyExists } from '../errors';
import { addMail, mailQueued } from '../mail/outbox';
import type { BookingMailData, BookingMailKind } from '../mail/templates';
import { buildIcs, type IcsMethod } from './ics';
import {
  BOOKINGS,
  bookingDoc,
  daySeatDoc,
  loadBusy,
  loadHolidays,
  loadSettings,
  openManageToken,
  readBooking,
  slotDoc,
  type BookingRecord,
  type BookingsContext,
} from './store';
import { nowOf } from '../clock';

const MINUTE = 60_000;

/** What the visitor's tab needs: the free start times (UTC ISO), the meeting's length and place kind. */
export async function listSlots(ctx: BookingsContext, { exceptId }: { exceptId?: string } = {}) {
  const nowMs = nowOf(ctx);
  const [{ settings }, holidays] = await Promise.all([loadSettings(ctx), loadHolidays(ctx.db)]);
  const busy = await loadBusy(ctx.db, nowMs, nowMs + settings.windowDays * 86_400_000, { exceptId });
  const slots = freeSlots({ nowMs, settings, holidays, busy });
  return {
    meetingMinutes: settings.meetingMinutes,
    placeKind: settings.place.kind,
    minNoticeHours: settings.minNoticeHours,
    windowDays: settings.windowDays,
    slots: slots.map((slot) => new Date(slot.startMs).toISOString()),
  };
}

/** The instant of a requested start, 400 when it is not a time the company offers. */
async function checkedStart(ctx: BookingsContext, startAt: string) {
  const nowMs = nowOf(ctx);
  const startMs = Date.parse(startAt);
  const [{ settings }, holidays] = await Promise.all([loadSettings(ctx), loadHolidays(ctx.db)]);
  const problem = slotProblem(startMs, { nowMs, settings, holidays, busy: [] });
  if (problem) throw new HttpError(400, problem);
  return { startMs, settings, holidays, nowMs };
}

/** How often a booking's write is tried when a slot or day seat it chose was created meanwhile. */
const CLAIM_ATTEMPTS = 6;

/** Who takes a call, and the day seat their call holds (`isNew`: created by this write). */
interface Claim {
  staff: BookingStaff;
  seatId: string;
  isNew: boolean;
}

/**
 * The staff member to take a call at `startMs`: the first (the booking's own first, when moving
 * it) whose hours hold that start, who is free then (the buffer, blocked time, the day's maximum,
 * read fresh), whose slot document is absent and who has a day seat left (or, moving a call
 * within its day, keeps its own). The slot and the seat documents are the locks: the booking's
 * transaction creates them only if absent (`create`), so of racing visitors only one gets a slot
 * and no more than `maxPerDay` get seats on a day; a loser's commit fails ALREADY_EXISTS with
 * nothing written, and it chooses again (see claimAndWrite). (No read inside the transaction: a
 * read there would make the loser wait out the contention and retry, seconds, to reach the same
 * answer.) A free seat is picked at random, so racing bookings of one day rarely pick the same.
 */
async function chooseStaff(
  ctx: BookingsContext,
  input: {
    startMs: number;
    settings: BookingSettings;
    holidays: SlotContext['holidays'];
    nowMs: number;
    prefer?: string;
    exceptId?: string;
    ownSeatId?: string | null;
  },
): Promise<Claim> {
  const { startMs, settings } = input;
  const busy = await loadBusy(ctx.db, startMs, startMs, { exceptId: input.exceptId });
  const free = staffFreeAt(startMs, { nowMs: input.nowMs, settings, holidays: input.holidays, busy });
  const ordered =
    input.prefer && free.includes(input.prefer) ? [input.prefer, ...free.filter((id) => id !== input.prefer)] : free;
  const day = istDay(startMs);
  // Whether the time is gone because the day is full (every seat of every staff member free then
  // taken), not because someone took this time: the visitor is told to pick another day.
  const isDayFull =
    free.length === 0 && isDayFullAt(startMs, { nowMs: input.nowMs, settings, holidays: input.holidays, busy });
  let isSlotTaken = false;
  let isOutOfSeats = false;
  for (const staffId of ordered) {
    const staff = settings.staff.find((member) => member.id === staffId)!;
    const ownSeat = input.ownSeatId?.startsWith(`${staffId}_${day}_`) ? input.ownSeatId : null;
    const seats = ownSeat
      ? []
      : Array.from({ length: settings.maxPerDay }, (_, seat) => daySeatDoc(ctx.db, daySeatKey(staffId, day, seat)));
    const [slot, ...seatSnapshots] = await ctx.db.getAll(slotDoc(ctx.db, slotKey(staffId, startMs)), ...seats);
    if (slot!.exists) {
      isSlotTaken = true;
      continue;
    }
    if (ownSeat) return { staff, seatId: ownSeat, isNew: false };
    const left = seatSnapshots.filter((snapshot) => !snapshot.exists);
    if (left.length === 0) {
      isOutOfSeats = true;
      continue;
    }
    return { staff, seatId: left[Math.floor(Math.random() * left.length)]!.id, isNew: true };
  }
  throw isDayFull || (isOutOfSeats && !isSlotTaken) ? dayFullError() : takenError();
}

/** The 409s of a time that cannot be had, with the code the browser branches on. */
const takenError = () => new HttpError(409, BOOKING_MESSAGES.taken, BOOKING_CONFLICT.taken);
const dayFullError = () => new HttpError(409, BOOKING_MESSAGES.dayFull, BOOKING_CONFLICT.dayFull);

/**
 * Chooses who takes the call and writes it in one transaction, again (up to CLAIM_ATTEMPTS) when
 * a slot or seat chosen was created meanwhile: a racing booking took the seat, or the slot, in
 * which case choosing again answers 409 'That time was just taken…'. Never a 500.
 */
async function claimAndWrite<T>(ctx: BookingsContext, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.db.runTransaction(work);
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      if (attempt >= CLAIM_ATTEMPTS) throw takenError();
    }
  }
}

/** The day seat's lock document, written with the call that holds it. */
const seatFields = (booking: BookingRecord) => ({
  bookingId: booking.id,
  staffId: booking.staffId,
  day: istDay(booking.startMs),
  createdAt: FieldValue.serverTimestamp(),
});

const uidOf = (ctx: BookingsContext, bookingId: string) => `booking-${bookingId}@${ctx.mailDomain}`;
const staffAddress = (ctx: BookingsContext, staff: { email: string }) => staff.email || ctx.companyEmail;

/**
 * The mails of one change to a booking, added to its transaction: the visitor's and the staff
 * member's, each with the invitation (.ics) of this SEQUENCE; the visitor's carries the
 * reschedule/cancel link (made when sent), unless it is a cancellation.
 */
function addBookingMails(
  ctx: BookingsContext,
  tx: Transaction,
  booking: BookingRecord,
  kind: Exclude<BookingMailKind, 'reminder'>,
  options: { staff?: { name: string; email: string }; audiences?: Array<'visitor' | 'staff'>; method?: IcsMethod } = {},
) {
  const method: IcsMethod = options.method ?? (kind === 'cancelled' ? 'CANCEL' : 'REQUEST');
  const staff = options.staff ?? { name: booking.staffName, email: booking.staffEmail };
  const ics = buildIcs({
    method,
    uid: uidOf(ctx, booking.id),
    sequence: booking.sequence,
    stampMs: nowOf(ctx),
    startMs: booking.startMs,
    endMs: booking.endMs,
    summary: `Consultation: ${booking.name} and ${COMPANY.name}`,
    description: `${booking.topic}\n\nWith ${staff.name}, ${COMPANY.name}. To reschedule or cancel, use the link in your email (up to 2 hours before), or call ${COMPANY.phone}.`,
    location: booking.place.kind === 'video' ? booking.place.value : `Phone: ${booking.place.value}`,
    url: booking.place.kind === 'video' ? booking.place.value : undefined,
    organizer: { name: `${staff.name}, ${COMPANY.name}`, email: staff.email },
    attendee: { name: booking.name, email: booking.email },
  });
  for (const audience of options.audiences ?? (['visitor', 'staff'] as const)) {
    const data: BookingMailData = {
      ...mailFacts(booking, audience),
      kind,
      staffName: staff.name,
      manage:
        audience === 'visitor' && kind !== 'cancelled' ? { bookingId: booking.id, expiresAtMs: booking.startMs } : null,
      calendar: { method, ics },
    };
    addMail(tx, ctx.db, `booking:${booking.id}:${booking.sequence}:${kind}:${audience}`, {
      template: 'booking',
      data,
      to:
        audience === 'visitor'
          ? { address: booking.email, name: booking.name }
          : { address: staff.email, name: staff.name },
      replyTo: audience === 'staff' ? { address: booking.email, name: booking.name } : null,
      attachmentDocumentId: null,
    });
  }
}

/** The facts every mail of a booking shows. */
export function mailFacts(booking: BookingRecord, audience: 'visitor' | 'staff') {
  return {
    audience,
    bookingId: booking.id,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    company: booking.company,
    topic: booking.topic,
    plan: booking.plan,
    staffName: booking.staffName,
    whenIst: formatInZone(booking.startMs, IST_ZONE),
    whenLocal:
      audience === 'visitor' && !isIndiaZone(booking.timeZone) ? formatInZone(booking.startMs, booking.timeZone) : null,
    meetingMinutes: booking.meetingMinutes,
    place: booking.place,
    reminderLead: null,
  };
}

/**
 * A visitor books a call: in one transaction the slot document and a day seat (each created only
 * if absent), the booking, its inbox entry (kind 'consultation') and both confirmation mails; a
 * taken time, or a day whose seats are all taken, is a 409 with nothing written.
 */
export async function bookCall(
  ctx: BookingsContext,
  request: BookingRequest,
  /** Runs once the time is known to be offered, before anything is written (the per-email limit). */
  admit: () => Promise<void> = async () => {},
): Promise<{ id: string; startAt: string }> {
  const { startMs, settings, holidays, nowMs } = await checkedStart(ctx, request.startAt);
  await admit();
  const bookingRef = ctx.db.collection(BOOKINGS).doc();
  const enquiryRef = ctx.db.collection('enquiries').doc(bookingRef.id);
  const endMs = startMs + settings.meetingMinutes * MINUTE;
  await claimAndWrite(ctx, async (tx) => {
    const { staff, seatId } = await chooseStaff(ctx, { startMs, settings, holidays, nowMs });
    const slotId = slotKey(staff.id, startMs);
    const booking: BookingRecord = {
      id: bookingRef.id,
      enquiryId: enquiryRef.id,
      staffId: staff.id,
      staffName: staff.name,
      staffEmail: staffAddress(ctx, staff),
      startMs,
      endMs,
      status: BOOKING_STATUS.booked,
      sequence: 0,
      name: request.name,
      email: request.email,
      phone: request.phone,
      company: request.company,
      topic: request.topic,
      plan: request.plan,
      timeZone: request.timeZone,
      place: settings.place,
      meetingMinutes: settings.meetingMinutes,
      slotId,
      daySeatId: seatId,
      reminders: remindersFor(startMs, nowMs),
      remindersSent: [],
      createdMs: nowMs,
    };
    tx.create(slotDoc(ctx.db, slotId), {
      bookingId: booking.id,
      staffId: staff.id,
      startAt: Timestamp.fromMillis(startMs),
    });
    tx.create(daySeatDoc(ctx.db, seatId), seatFields(booking));
    tx.create(bookingRef, bookingFields(booking, { createdAt: FieldValue.serverTimestamp() }));
    tx.create(enquiryRef, consultationEnquiryData({ ...request, consultation: consultationFields(booking) }));
    addBookingMails(ctx, tx, booking, 'confirmed');
  });
  mailQueued();
  return { id: bookingRef.id, startAt: new Date(startMs).toISOString() };
}

/**
 * What a bot that filled the honeypot is told: the answer a real booking gets (the same checks of
 * the time, an id of the same form, the start), with nothing written or mailed, so it cannot tell.
 */
export async function pretendToBook(ctx: BookingsContext, request: BookingRequest) {
  const { startMs } = await checkedStart(ctx, request.startAt);
  return { id: ctx.db.collection(BOOKINGS).doc().id, startAt: new Date(startMs).toISOString() };
}

function bookingFields(booking: BookingRecord, extra: Record<string, unknown> = {}) {
  return {
    enquiryId: booking.enquiryId,
    staffId: booking.staffId,
    staffName: booking.staffName,
    staffEmail: booking.staffEmail,
    startAt: Timestamp.fromMillis(booking.startMs),
    endAt: Timestamp.fromMillis(booking.endMs),
    day: istDay(booking.startMs),
    status: booking.status,
    sequence: booking.sequence,
    name: booking.name,
    email: booking.email,
    emailLower: booking.email.toLowerCase(),
    phone: booking.phone,
    company: booking.company,
    topic: booking.topic,
    plan: booking.plan,
    timeZone: booking.timeZone,
    place: booking.place,
    meetingMinutes: booking.meetingMinutes,
    slotId: booking.slotId,
    daySeatId: booking.daySeatId,
    reminders: booking.reminders,
    remindersSent: booking.remindersSent,
    updatedAt: FieldValue.serverTimestamp(),
    ...extra,
  };
}

/** What the inbox entry keeps of its call. */
const consultationFields = (booking: BookingRecord) => ({
  bookingId: booking.id,
  startAt: Timestamp.fromMillis(booking.startMs),
  staffName: booking.staffName,
  status: booking.status,
});

/** The booking a reschedule/cancel link opens (404 for a bad or expired link). */
async function bookingOfToken(ctx: BookingsContext, token: string, tx?: Transaction): Promise<BookingRecord> {
  const id = openManageToken(ctx.linkSecret, token, nowOf(ctx));
  if (!id) throw new HttpError(404, BOOKING_MESSAGES.linkInvalid);
  const ref = bookingDoc(ctx.db, id);
  const snapshot = tx ? await tx.get(ref) : await ref.get();
  if (!snapshot.exists) throw new HttpError(404, BOOKING_MESSAGES.linkInvalid);
  return readBooking(id, snapshot.data()!);
}

/** Why a booking cannot be changed now, or null. */
function changeProblem(booking: BookingRecord, nowMs: number): string | null {
  if (booking.status === BOOKING_STATUS.cancelled) return BOOKING_MESSAGES.cancelled;
  if (booking.status !== BOOKING_STATUS.booked || nowMs >= booking.startMs) return BOOKING_MESSAGES.over;
  if (!canChange(booking.startMs, nowMs)) return BOOKING_MESSAGES.tooLate;
  return null;
}

/** What the visitor's reschedule/cancel page shows. */
export async function bookingView(ctx: BookingsContext, token: string) {
  const booking = await bookingOfToken(ctx, token);
  const problem = changeProblem(booking, nowOf(ctx));
  return {
    name: booking.name,
    startAt: new Date(booking.startMs).toISOString(),
    endAt: new Date(booking.endMs).toISOString(),
    status: booking.status,
    staffName: booking.staffName,
    place: booking.place,
    topic: booking.topic,
    canChange: problem === null,
    reason: problem,
    companyPhone: COMPANY.phone,
  };
}

/** The free times a booking could move to (its own time left out of what is busy). */
export async function rescheduleSlots(ctx: BookingsContext, token: string) {
  const booking = await bookingOfToken(ctx, token);
  return listSlots(ctx, { exceptId: booking.id });
}

/**
 * Moves a call: same UID, SEQUENCE + 1, the old slot freed and the new one claimed in one
 * transaction, new invitations to both. Refused within 2 hours of the start (409).
 */
export async function rescheduleCall(ctx: BookingsContext, token: string, startAt: string) {
  const { startMs, settings, holidays, nowMs } = await checkedStart(ctx, startAt);
  const result = await claimAndWrite(ctx, async (tx) => {
    const booking = await bookingOfToken(ctx, token, tx);
    const problem = changeProblem(booking, nowMs);
    if (problem) throw new HttpError(409, problem);
    if (startMs === booking.startMs)
      throw new HttpError(400, 'That is the time already booked. Please pick another time.');
    const { staff, seatId, isNew } = await chooseStaff(ctx, {
      startMs,
      settings,
      holidays,
      nowMs,
      prefer: booking.staffId,
      exceptId: booking.id,
      ownSeatId: booking.daySeatId,
    });
    const before = { name: booking.staffName, email: booking.staffEmail };
    const slotId = slotKey(staff.id, startMs);
    const moved: BookingRecord = {
      ...booking,
      staffId: staff.id,
      staffName: staff.name,
      staffEmail: staffAddress(ctx, staff),
      startMs,
      endMs: startMs + settings.meetingMinutes * MINUTE,
      meetingMinutes: settings.meetingMinutes,
      sequence: booking.sequence + 1,
      slotId,
      daySeatId: seatId,
      reminders: remindersFor(startMs, nowMs),
      remindersSent: [],
    };
    if (booking.slotId) tx.delete(slotDoc(ctx.db, booking.slotId));
    tx.create(slotDoc(ctx.db, slotId), {
      bookingId: booking.id,
      staffId: staff.id,
      startAt: Timestamp.fromMillis(startMs),
    });
    if (isNew) {
      if (booking.daySeatId) tx.delete(daySeatDoc(ctx.db, booking.daySeatId));
      tx.create(daySeatDoc(ctx.db, seatId), seatFields(moved));
    }
    tx.update(bookingDoc(ctx.db, booking.id), bookingFields(moved, { rescheduledAt: FieldValue.serverTimestamp() }));
    tx.update(ctx.db.doc(`enquiries/${booking.enquiryId}`), { consultation: consultationFields(moved) });
    if (staff.id === booking.staffId) {
      addBookingMails(ctx, tx, moved, 'rescheduled');
    } else {
      // Another staff member takes it: the first one's calendar drops it, the new one's gets it.
      addBookingMails(ctx, tx, moved, 'rescheduled', { audiences: ['visitor', 'staff'] });
      addBookingMails(ctx, tx, { ...moved, startMs: booking.startMs, endMs: booking.endMs }, 'cancelled', {
        staff: before,
        audiences: ['staff'],
      });
    }
    return { startAt: new Date(startMs).toISOString() };
  });
  mailQueued();
  return result;
}

/** Cancels a call: METHOD:CANCEL with STATUS:CANCELLED and SEQUENCE + 1 to both; the slot is freed. */
export async function cancelCall(ctx: BookingsContext, token: string) {
  const nowMs = nowOf(ctx);
  await ctx.db.runTransaction(async (tx) => {
    const booking = await bookingOfToken(ctx, token, tx);
    const problem = changeProblem(booking, nowMs);
    if (problem) throw new HttpError(409, problem);
    const cancelled: BookingRecord = {
      ...booking,
      status: BOOKING_STATUS.cancelled,
      sequence: booking.sequence + 1,
      slotId: null,
      daySeatId: null,
    };
    if (booking.slotId) tx.delete(slotDoc(ctx.db, booking.slotId));
    if (booking.daySeatId) tx.delete(daySeatDoc(ctx.db, booking.daySeatId));
    tx.update(bookingDoc(ctx.db, booking.id), bookingFields(cancelled, { cancelledAt: FieldValue.serverTimestamp() }));
    tx.update(ctx.db.doc(`enquiries/${booking.enquiryId}`), { consultation: consultationFields(cancelled) });
    addBookingMails(ctx, tx, cancelled, 'cancelled');
  });
  mailQueued();
}

/**
 * Erasure: deletes the consultations booked from any of a person's proven addresses (with their
 * slot locks and day seats, so a future time is free again), when they delete their account. Their inbox
 * entries go with the enquiries (deleteEnquiriesOf). Resolves with how many went.
 */
export async function deleteBookingsOf(db: Firestore, emails: readonly string[]): Promise<number> {
  let deleted = 0;
  for (const email of new Set(emails.map((address) => address.trim().toLowerCase()).filter(Boolean))) {
    const found = await db.collection(BOOKINGS).where('emailLower', '==', email).get();
    for (const doc of found.docs) {
      const batch = db.batch();
      const { slotId, daySeatId } = readBooking(doc.id, doc.data());
      if (slotId) batch.delete(slotDoc(db, slotId));
      if (daySeatId) batch.delete(daySeatDoc(db, daySeatId));
      batch.delete(doc.ref);
      await batch.commit();
      deleted += 1;
    }
  }
  return deleted;
}
