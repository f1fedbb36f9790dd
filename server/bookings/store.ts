import { timingSafeEqual } from 'node:crypto';
import { Timestamp, type DocumentData, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  BOOKING_STATUS,
  DEFAULT_BOOKING_SETTINGS,
  IST_ZONE,
  bookingSettingsSchema,
  type BookingSettings,
  type Busy,
  type Booker,
  type MeetingPlace,
} from '../../src/domain/bookings';
import type { Holiday } from '../../src/domain/business-hours';
import { linkToken, siteLinkUrl } from '../signed-links';
import { loadCalendar } from '../business-calendar';

/**
 * Consultations' data, written only by the API:
 * - `bookings/{id}`: one booked call (its visitor, staff member, start, status, SEQUENCE, reminders);
 * - `bookingSlots/{staffId}_{startIso}`: a staff member's taken start time, created only if absent
 *   in the booking's transaction (the lock that stops a double booking across instances);
 * - `bookingDaySeats/{staffId}_{istDay}_{n}`: one of a staff member's `maxPerDay` seats that day,
 *   created only if absent in the booking's transaction (the lock that holds the day's maximum
 *   across concurrent bookings: a count read before the transaction cannot);
 * - `bookingBlocks/{id}`: time a staff member blocked;
 * - `settings/bookings`: the availability staff set (absent: the defaults, with the environment's).
 */
export const BOOKINGS = 'bookings';
export const BOOKING_SLOTS = 'bookingSlots';
export const BOOKING_DAY_SEATS = 'bookingDaySeats';
export const BOOKING_BLOCKS = 'bookingBlocks';
export const BOOKING_SETTINGS_DOC = 'settings/bookings';

const DAY = 86_400_000;

export interface BookingsContext {
  db: Firestore;
  /** COMPANY_EMAIL: a staff member without an address of their own gets invitations here. */
  companyEmail: string;
  siteUrl: string;
  /** Signs reschedule/cancel links (derived from the pay-link secret, with a label of its own). */
  linkSecret: string;
  /** MAIL_FROM's domain: names each booking's UID. */
  mailDomain: string;
  /** BOOKING_WINDOW_DAYS / BOOKING_MIN_NOTICE_HOURS: the defaults until staff save their own. */
  defaults: { windowDays?: number; minNoticeHours?: number };
  now?: () => number;
}

/** The defaults, with the environment's window and notice. */
export function defaultSettings(ctx: Pick<BookingsContext, 'defaults'>): BookingSettings {
  return {
    ...DEFAULT_BOOKING_SETTINGS,
    windowDays: ctx.defaults.windowDays ?? DEFAULT_BOOKING_SETTINGS.windowDays,
    minNoticeHours: ctx.defaults.minNoticeHours ?? DEFAULT_BOOKING_SETTINGS.minNoticeHours,
  };
}

/** The availability in force: what staff saved, or the defaults. */
export async function loadSettings(
  ctx: Pick<BookingsContext, 'db' | 'defaults'>,
  tx?: Transaction,
): Promise<{ settings: BookingSettings; saved: boolean }> {
  const ref = ctx.db.doc(BOOKING_SETTINGS_DOC);
  const snapshot = tx ? await tx.get(ref) : await ref.get();
  const parsed = snapshot.exists ? bookingSettingsSchema.safeParse(snapshot.data()) : null;
  return parsed?.success ? { settings: parsed.data, saved: true } : { settings: defaultSettings(ctx), saved: false };
}

/** The company's holidays: the one list support's business hours read (settings/businessCalendar). */
export async function loadHolidays(db: Firestore): Promise<Holiday[]> {
  return (await loadCalendar(db)).holidays;
}

export const bookingDoc = (db: Firestore, id: string) => db.collection(BOOKINGS).doc(id);
export const slotDoc = (db: Firestore, key: string) => db.collection(BOOKING_SLOTS).doc(key);
export const daySeatDoc = (db: Firestore, key: string) => db.collection(BOOKING_DAY_SEATS).doc(key);

const millis = (value: unknown) => (value instanceof Timestamp ? value.toMillis() : Number.NaN);

/** A stored booking, read. */
export interface BookingRecord extends Booker {
  id: string;
  enquiryId: string;
  staffId: string;
  staffName: string;
  staffEmail: string;
  startMs: number;
  endMs: number;
  status: string;
  sequence: number;
  timeZone: string;
  place: MeetingPlace;
  meetingMinutes: number;
  slotId: string | null;
  /** The day seat it holds (bookingDaySeats), null when it holds none (cancelled, or booked before seats). */
  daySeatId: string | null;
  reminders: string[];
  remindersSent: string[];
  createdMs: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []);

export function readBooking(id: string, data: DocumentData): BookingRecord {
  const place = (data.place ?? {}) as Record<string, unknown>;
  return {
    id,
    enquiryId: text(data.enquiryId),
    staffId: text(data.staffId),
    staffName: text(data.staffName),
    staffEmail: text(data.staffEmail),
    startMs: millis(data.startAt),
    endMs: millis(data.endAt),
    status: text(data.status),
    sequence: typeof data.sequence === 'number' ? data.sequence : 0,
    name: text(data.name),
    email: text(data.email),
    phone: text(data.phone),
    company: text(data.company),
    topic: text(data.topic),
    plan: text(data.plan),
    timeZone: text(data.timeZone) || IST_ZONE,
    place: { kind: place.kind === 'phone' ? 'phone' : 'video', value: text(place.value) },
    meetingMinutes: typeof data.meetingMinutes === 'number' ? data.meetingMinutes : 30,
    slotId: text(data.slotId) || null,
    daySeatId: text(data.daySeatId) || null,
    reminders: strings(data.reminders),
    remindersSent: strings(data.remindersSent),
    createdMs: millis(data.createdAt),
  };
}

/**
 * What occupies staff between two instants: booked calls and blocked time. `exceptId` leaves out
 * a booking being moved.
 */
export async function loadBusy(
  db: Firestore,
  fromMs: number,
  toMs: number,
  { exceptId }: { exceptId?: string } = {},
): Promise<Busy[]> {
  const calls = db
    .collection(BOOKINGS)
    .where('startAt', '>=', Timestamp.fromMillis(fromMs - DAY))
    .where('startAt', '<=', Timestamp.fromMillis(toMs + DAY));
  // A block is at most 31 days long (blockTime refuses longer).
  const blocks = db
    .collection(BOOKING_BLOCKS)
    .where('startAt', '>=', Timestamp.fromMillis(fromMs - 32 * DAY))
    .where('startAt', '<=', Timestamp.fromMillis(toMs + DAY));
  const [callSnap, blockSnap] = await Promise.all([calls.get(), blocks.get()]);
  const busy: Busy[] = [];
  for (const doc of callSnap.docs) {
    if (doc.id === exceptId || doc.get('status') !== BOOKING_STATUS.booked) continue;
    busy.push({
      staffId: text(doc.get('staffId')),
      startMs: millis(doc.get('startAt')),
      endMs: millis(doc.get('endAt')),
      isCall: true,
    });
  }
  for (const doc of blockSnap.docs) {
    const endMs = millis(doc.get('endAt'));
    if (endMs < fromMs - DAY) continue;
    busy.push({ staffId: text(doc.get('staffId')), startMs: millis(doc.get('startAt')), endMs, isCall: false });
  }
  return busy;
}

// ---- Reschedule/cancel links: signed, expiring at the meeting's start. ----

const sign = (secret: string, bookingId: string, expiresAtMs: number) =>
  linkToken(secret, 'booking-link', bookingId, expiresAtMs);

/** `{bookingId}.{expiry in base 36}.{hmac}`: opens one booking until the call starts. */
export function manageToken(secret: string, bookingId: string, expiresAtMs: number): string {
  return `${bookingId}.${expiresAtMs.toString(36)}.${sign(secret, bookingId, expiresAtMs)}`;
}

export function manageUrl(siteUrl: string, secret: string, bookingId: string, expiresAtMs: number): string {
  return siteLinkUrl(siteUrl, 'booking', manageToken(secret, bookingId, expiresAtMs));
}

/** The booking a token opens, or null (malformed, forged, or past its expiry). */
export function openManageToken(secret: string, token: string, nowMs: number): string | null {
  const match = /^([A-Za-z0-9]{1,64})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [, bookingId, expiry, signature] = match;
  const expiresAtMs = parseInt(expiry!, 36);
  const expected = Buffer.from(sign(secret, bookingId!, expiresAtMs));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return nowMs < expiresAtMs ? bookingId! : null;
}

/** A booking's console page. */
export const consoleBookingsUrl = (siteUrl: string) => `${siteUrl.replace(/\/+$/, '')}/admin/bookings`;
