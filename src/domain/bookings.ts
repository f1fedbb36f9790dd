import { z } from 'zod';
import type { Holiday } from './business-hours';
import { istDay, istDayStartMs, istMidnightMs, weekdayOf } from './ist';
import { emailSchema, phone, required, trimmed } from './schemas';
import { IST_ZONE, canonicalZone, isIndiaZone } from './time-zones';

/**
 * Consultations ("Book a call"): the company's availability, the free slots a visitor sees and
 * the checks a requested time must pass. Pure: the API and the browser compute the same slots.
 * Staff hours are IST wall-clock minutes (India has no daylight saving, so IST is always
 * UTC+05:30); every instant is UTC milliseconds; a visitor's own zone only changes how an instant
 * is shown (see formatInZone), never which instant it is.
 */

export { IST_ZONE, isIndiaZone } from './time-zones';
export const CONSULTATION_KIND = 'consultation';
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** No reschedule or cancel within this many hours of the start. */
export const CHANGE_CUTOFF_HOURS = 2;
/** The reminders, with how long before the start each is due. */
export const REMINDERS = [
  { key: '24h', leadMs: 24 * HOUR, label: '24 hours' },
  { key: '1h', leadMs: HOUR, label: '1 hour' },
] as const;
export type ReminderKey = (typeof REMINDERS)[number]['key'];

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** One stretch of a staff member's week: weekday (0 = Sunday), IST minutes from midnight [from, to). */
export interface HoursRange {
  day: number;
  from: number;
  to: number;
}

export interface BookingStaff {
  /** Stable key of the staff member (slots are claimed per staff member). */
  id: string;
  name: string;
  /** Where their invitations go; '' = the company's inbox (COMPANY_EMAIL). */
  email: string;
  hours: HoursRange[];
}

export interface MeetingPlace {
  kind: 'video' | 'phone';
  /** The video-call link, or the number the company calls from / the visitor calls. */
  value: string;
}

export interface BookingSettings {
  staff: BookingStaff[];
  meetingMinutes: number;
  bufferMinutes: number;
  minNoticeHours: number;
  windowDays: number;
  /** Most calls per staff member per IST day. */
  maxPerDay: number;
  place: MeetingPlace;
}

const weekdays = (from: number, to: number): HoursRange[] => [1, 2, 3, 4, 5].map((day) => ({ day, from, to }));

/** What `npm start` shows before staff set anything: one team calendar, weekdays 10:00–18:00 IST. */
export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  staff: [{ id: 'team', name: 'Nimbus team', email: '', hours: weekdays(10 * 60, 18 * 60) }],
  meetingMinutes: 30,
  bufferMinutes: 15,
  minNoticeHours: 4,
  windowDays: 21,
  maxPerDay: 6,
  place: { kind: 'video', value: 'https://meet.google.com/nim-bus-call' },
};

/** A call or a blocked stretch that occupies a staff member: [startMs, endMs). */
export interface Busy {
  staffId: string;
  startMs: number;
  endMs: number;
  /** A booked call counts toward the day's maximum; a block does not. */
  isCall: boolean;
}

export interface SlotContext {
  nowMs: number;
  settings: BookingSettings;
  /** The company's holidays (the one list support's business hours use). */
  holidays: ReadonlyArray<Pick<Holiday, 'date' | 'name'>>;
  busy: ReadonlyArray<Busy>;
}

export interface Slot {
  startMs: number;
  /** Staff members free then, in the settings' order. */
  staffIds: string[];
}

/** The 409 codes of a time that cannot be had (the browser shows fresh times on either). */
export const BOOKING_CONFLICT = {
  /** Someone took that time meanwhile. */
  taken: 'slot-taken',
  /** Every call the day takes is booked (the day's maximum). */
  dayFull: 'day-full',
} as const;

export const BOOKING_MESSAGES = {
  taken: 'That time was just taken. Please pick another time.',
  dayFull: 'That day is fully booked. Please pick another day.',
  past: 'That time has already passed. Please pick another time.',
  notice: (hours: number) => `Calls need at least ${formatHours(hours)} notice. Please pick a later time.`,
  window: (days: number) => `Calls can be booked up to ${days} days ahead. Please pick an earlier date.`,
  holiday: (name: string) => `We are closed that day (${name}). Please pick another day.`,
  outside: 'That time is outside our calling hours. Please pick one of the times shown.',
  tooLate: `Calls cannot be changed within ${CHANGE_CUTOFF_HOURS} hours of the start.`,
  cancelled: 'This call has been cancelled.',
  over: 'This call has already taken place.',
  linkInvalid: 'This link is not valid or has expired. Please use the link in your latest email, or call us.',
  booked: 'Your call is booked. We have emailed you the invitation.',
  rescheduled: 'Your call has been moved. We have emailed you the new invitation.',
  cancelledNow: 'Your call has been cancelled. We have emailed you the cancellation.',
} as const;

function formatHours(hours: number): string {
  return hours === 1 ? "1 hour's" : `${hours} hours'`;
}

const stepMs = (settings: BookingSettings) => (settings.meetingMinutes + settings.bufferMinutes) * MINUTE;

/** Every start time of one staff member's hours on an IST day (no other check). */
function gridOf(staff: BookingStaff, day: string, settings: BookingSettings): number[] {
  const midnight = istDayStartMs(day);
  const weekday = weekdayOf(day);
  const starts: number[] = [];
  for (const range of staff.hours.filter((hours) => hours.day === weekday)) {
    for (
      let start = midnight + range.from * MINUTE;
      start + settings.meetingMinutes * MINUTE <= midnight + range.to * MINUTE;
      start += stepMs(settings)
    ) {
      starts.push(start);
    }
  }
  return starts;
}

/** Calls one staff member has on an IST day. */
const callsOn = (staffId: string, day: string, ctx: SlotContext) =>
  ctx.busy.filter((busy) => busy.staffId === staffId && busy.isCall && istDay(busy.startMs) === day).length;

/** Whether one staff member can take a call at `startMs` given what occupies them (the grid is checked elsewhere). */
function isFreeFor(staffId: string, startMs: number, ctx: SlotContext): boolean {
  const { settings } = ctx;
  const endMs = startMs + settings.meetingMinutes * MINUTE;
  const buffer = settings.bufferMinutes * MINUTE;
  for (const busy of ctx.busy) {
    if (busy.staffId !== staffId) continue;
    if (busy.startMs < endMs + buffer && startMs < busy.endMs + buffer) return false;
  }
  return callsOn(staffId, istDay(startMs), ctx) < settings.maxPerDay;
}

/** Whether a start is gone because its day is full: every staff member whose hours hold it has the day's maximum of calls. */
export function isDayFullAt(startMs: number, ctx: SlotContext): boolean {
  const day = istDay(startMs);
  const onGrid = ctx.settings.staff.filter((staff) => gridOf(staff, day, ctx.settings).includes(startMs));
  return onGrid.length > 0 && onGrid.every((staff) => callsOn(staff.id, day, ctx) >= ctx.settings.maxPerDay);
}

/**
 * What is wrong with a requested start, as the visitor is told (400), or null when it is a time
 * the company offers (it may still be taken: see staffFreeAt).
 */
export function slotProblem(startMs: number, ctx: SlotContext): string | null {
  const { settings, nowMs } = ctx;
  if (!Number.isFinite(startMs) || startMs <= nowMs) return BOOKING_MESSAGES.past;
  if (startMs < nowMs + settings.minNoticeHours * HOUR) return BOOKING_MESSAGES.notice(settings.minNoticeHours);
  if (startMs > nowMs + settings.windowDays * DAY) return BOOKING_MESSAGES.window(settings.windowDays);
  const day = istDay(startMs);
  const holiday = ctx.holidays.find((entry) => entry.date === day);
  if (holiday) return BOOKING_MESSAGES.holiday(holiday.name);
  if (!settings.staff.some((staff) => gridOf(staff, day, settings).includes(startMs))) return BOOKING_MESSAGES.outside;
  return null;
}

/** Staff members who can take a call at `startMs` (on their grid and free), in the settings' order. */
export function staffFreeAt(startMs: number, ctx: SlotContext): string[] {
  const day = istDay(startMs);
  return ctx.settings.staff
    .filter((staff) => gridOf(staff, day, ctx.settings).includes(startMs) && isFreeFor(staff.id, startMs, ctx))
    .map((staff) => staff.id);
}

/** Every free slot from now to the end of the window, earliest first. */
export function freeSlots(ctx: SlotContext): Slot[] {
  const { settings, nowMs } = ctx;
  const holidays = new Set(ctx.holidays.map((holiday) => holiday.date));
  const earliest = nowMs + settings.minNoticeHours * HOUR;
  const latest = nowMs + settings.windowDays * DAY;
  const byStart = new Map<number, string[]>();
  for (let midnight = istMidnightMs(nowMs); midnight <= latest; midnight += DAY) {
    const day = istDay(midnight);
    if (holidays.has(day)) continue;
    for (const staff of settings.staff) {
      for (const start of gridOf(staff, day, settings)) {
        if (start <= nowMs || start < earliest || start > latest) continue;
        if (!isFreeFor(staff.id, start, ctx)) continue;
        byStart.set(start, [...(byStart.get(start) ?? []), staff.id]);
      }
    }
  }
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([startMs, staffIds]) => ({ startMs, staffIds }));
}

/** Whether a call may still be changed by the visitor (not within CHANGE_CUTOFF_HOURS of its start). */
export const canChange = (startMs: number, nowMs: number) => nowMs < startMs - CHANGE_CUTOFF_HOURS * HOUR;

/**
 * The reminders still worth sending for a call starting at `startMs`, booked at `bookedMs`: one
 * whose moment had already passed when it was booked is not (the confirmation was just sent).
 */
export const remindersFor = (startMs: number, bookedMs: number): ReminderKey[] =>
  REMINDERS.filter((reminder) => bookedMs < startMs - reminder.leadMs).map((reminder) => reminder.key);

/**
 * The reminders due now of a call (each at most once: `sent` lists those already sent): when two
 * are due at once (a pass after a pause) only the nearer goes, and the other counts as sent.
 */
export function dueReminders(
  startMs: number,
  nowMs: number,
  wanted: readonly string[],
  sent: readonly string[],
): { send: ReminderKey | null; mark: ReminderKey[] } {
  if (nowMs >= startMs) return { send: null, mark: [] };
  const due = REMINDERS.filter(
    (reminder) => wanted.includes(reminder.key) && !sent.includes(reminder.key) && nowMs >= startMs - reminder.leadMs,
  );
  if (due.length === 0) return { send: null, mark: [] };
  return { send: due[due.length - 1]!.key, mark: due.map((reminder) => reminder.key) };
}

// ---- Showing times: the visitor's zone beside IST (Intl, no library). ----

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...options });
    formatters.set(key, made);
  }
  return made;
}

/** Whether the runtime knows a time zone name. */
export function isKnownZone(zone: string): boolean {
  try {
    formatter(zone, { hour: 'numeric' });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export function dayInZone(instantMs: number, zone: string): string {
  const parts = formatter(zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instantMs);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** '5:30 am' in a zone. */
export function timeInZone(instantMs: number, zone: string): string {
  return formatter(zone, { hour: 'numeric', minute: '2-digit', hour12: true })
    .format(instantMs)
    .replace(/\u202f|\s/g, ' ')
    .toLowerCase();
}

/** 'Mon 29 Mar 2027' in a zone. */
export function dateInZone(instantMs: number, zone: string): string {
  return formatter(zone, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })
    .format(instantMs)
    .replace(/,/g, '');
}

/** The zone's short name at that instant ('BST', 'GMT', 'GMT+5:30'). */
export function zoneName(instantMs: number, zone: string): string {
  const parts = formatter(zone, { timeZoneName: 'short', hour: 'numeric' }).formatToParts(instantMs);
  const name = parts.find((entry) => entry.type === 'timeZoneName')?.value ?? zone;
  return isIndiaZone(zone) ? 'IST' : name;
}

/** 'Mon 29 Mar 2027, 5:30 am BST' (or IST). */
export function formatInZone(instantMs: number, zone: string): string {
  return `${dateInZone(instantMs, zone)}, ${timeInZone(instantMs, zone)} ${zoneName(instantMs, zone)}`;
}

// ---- What the API accepts. ----

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const PICK_SHOWN = 'Please pick one of the times shown.';
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/i;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/**
 * An ISO 8601 instant with its offset ('2027-03-29T04:30:00.000Z', '…T10:00+05:30'), read
 * strictly: `Date.parse` rolls 30 February over into 2 March (and takes a time without an
 * offset as the server's local time), so a date that does not exist is refused here with why.
 * Resolves with the UTC milliseconds, or the visitor's message.
 */
export function parseIsoInstant(text: string): { ms: number } | { problem: string } {
  const match = ISO_INSTANT.exec(text.trim());
  if (!match) return { problem: `That is not a time we can read. ${PICK_SHOWN}` };
  const [, year, month, day, hour, minute, second = '0', fraction = '', offset] = match;
  const [y, mo, d, h, mi, se] = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12) return { problem: `There is no month ${mo}. ${PICK_SHOWN}` };
  if (d < 1 || d > daysInMonth(y, mo)) return { problem: `There is no ${d} ${MONTHS[mo - 1]} ${y}. ${PICK_SHOWN}` };
  if (h > 23 || mi > 59 || se > 59) return { problem: `${hour}:${minute} is not a time of day. ${PICK_SHOWN}` };
  let offsetMs = 0;
  if (offset!.toUpperCase() !== 'Z') {
    const [offsetHours, offsetMinutes] = offset!.slice(1).split(':').map(Number) as [number, number];
    if (offsetHours > 14 || offsetMinutes > 59)
      return { problem: `${offset} is not a time zone offset. ${PICK_SHOWN}` };
    offsetMs = (offset!.startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * MINUTE;
  }
  const wallClock = new Date(Date.UTC(2000, mo - 1, d, h, mi, se, Number(fraction.padEnd(3, '0').slice(0, 3))));
  // setUTCFullYear, not Date.UTC's year: Date.UTC reads years 0-99 as 1900-1999.
  wallClock.setUTCFullYear(y);
  return { ms: wallClock.getTime() - offsetMs };
}

/** A requested instant, strictly read (see parseIsoInstant), as the canonical UTC ISO string. */
export const isoInstantSchema = z
  .string({ message: 'Pick a time.' })
  .trim()
  .min(1, 'Pick a time.')
  .transform((value, ctx) => {
    const parsed = parseIsoInstant(value);
    if ('problem' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }
    return new Date(parsed.ms).toISOString();
  });

export const bookingRequestSchema = z.object({
  startAt: isoInstantSchema,
  name: required('Name is required.', 100),
  email: emailSchema,
  phone: phone('Phone number is required.'),
  company: trimmed(150).optional().default(''),
  topic: required('Tell us briefly what you would like to talk about.', 2000),
  plan: trimmed(100).optional().default(''),
  /**
   * The visitor's IANA zone (their mails show times in it, beside IST); India's, whatever it is
   * called (Chrome says Asia/Calcutta), is stored as IST_ZONE.
   */
  timeZone: z
    .string()
    .max(64)
    .optional()
    .transform((zone) => (zone && isKnownZone(zone) ? canonicalZone(zone) : IST_ZONE)),
  /** The honeypot (CONTACT_HONEYPOT_FIELD). */
  website: z.string().max(500).optional(),
});
export type BookingRequestForm = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;
/** Who booked and what about: the booking, its inbox entry, its mails and the console all carry these. */
export type Booker = Pick<BookingRequest, 'name' | 'email' | 'phone' | 'company' | 'topic' | 'plan'>;

export const rescheduleSchema = z.object({ startAt: isoInstantSchema });

const hhmm = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const minutesOf = (text: string) => {
  const match = hhmm.exec(text.trim())!;
  return Number(match[1]) * 60 + Number(match[2]);
};

/**
 * A day's hours as staff type them: '10:00-13:00, 14:00-18:00' (or '' for none) -> ranges in
 * minutes; null when it cannot be read.
 */
export function parseDayHours(text: string): Array<[number, number]> | null {
  const trimmedText = text.trim();
  if (!trimmedText) return [];
  const ranges: Array<[number, number]> = [];
  for (const piece of trimmedText.split(',')) {
    const [from, to, extra] = piece.split(/[-–]/).map((part) => part.trim());
    if (!from || !to || extra !== undefined || !hhmm.test(from) || !hhmm.test(to)) return null;
    const range: [number, number] = [minutesOf(from), to === '24:00' ? 1440 : minutesOf(to)];
    if (range[1] <= range[0]) return null;
    ranges.push(range);
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

const pad = (value: number) => String(value).padStart(2, '0');
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The inverse of parseDayHours for one weekday of a staff member. */
export const dayHoursText = (hours: readonly HoursRange[], day: number) =>
  hours
    .filter((range) => range.day === day)
    .map((range) => `${clock(range.from)}-${clock(range.to)}`)
    .join(', ');

const hoursRangeSchema = z
  .object({
    day: z.number().int().min(0).max(6),
    from: z.number().int().min(0).max(1439),
    to: z.number().int().min(1).max(1440),
  })
  .refine((range) => range.to > range.from, 'A range must end after it starts.');

export const bookingSettingsSchema = z.object({
  staff: z
    .array(
      z.object({
        id: z
          .string()
          .trim()
          .regex(/^[a-z0-9-]{1,40}$/, 'A staff key is lower-case letters, digits and dashes.'),
        name: required('Each staff member needs a name.', 100),
        email: z.union([z.literal(''), emailSchema]),
        hours: z.array(hoursRangeSchema).max(50),
      }),
    )
    .min(1, 'Add at least one staff member.')
    .max(20)
    .refine((staff) => new Set(staff.map((entry) => entry.id)).size === staff.length, 'Staff keys must differ.'),
  meetingMinutes: z.number().int().min(10, 'A meeting is at least 10 minutes.').max(240),
  bufferMinutes: z.number().int().min(0).max(240),
  minNoticeHours: z.number().min(0).max(720),
  windowDays: z.number().int().min(1).max(730),
  maxPerDay: z.number().int().min(1).max(50),
  place: z.object({
    kind: z.enum(['video', 'phone']),
    value: required('Give the video-call link or the phone number.', 300),
  }),
});

export const blockTimeSchema = z
  .object({
    staffId: z.string().trim().min(1).max(40),
    startAt: isoInstantSchema,
    endAt: isoInstantSchema,
    reason: trimmed(200).optional().default(''),
    /** Block even though booked calls are inside (staff were shown them and agreed). */
    overCalls: z.boolean().optional().default(false),
  })
  .refine((block) => Date.parse(block.endAt) > Date.parse(block.startAt), {
    message: 'The end must be after the start.',
    path: ['endAt'],
  });

/** A booked call inside time being blocked, as staff are told of it. */
export interface CallInside {
  id: string;
  name: string;
  startMs: number;
}

const callText = (call: CallInside) => `${call.name}, ${formatInZone(call.startMs, IST_ZONE)}`;

/** Why blocking this time needs a yes first (409): the calls already booked in it, by name and time. */
export function blockOverCallsMessage(calls: readonly CallInside[]): string {
  const [first] = calls;
  if (calls.length === 1 && first) {
    return `This time holds a booked call: ${callText(first)}. Blocking it keeps that call booked and only stops new bookings. Block it anyway?`;
  }
  return `This time holds ${calls.length} booked calls: ${calls.map(callText).join('; ')}. Blocking it keeps those calls booked and only stops new bookings. Block it anyway?`;
}

/** What staff are told once the time is blocked. */
export function blockedMessage(callsInside: ReadonlyArray<Pick<CallInside, 'name'>>): string {
  if (callsInside.length === 0) return 'Blocked. No call can be booked in that time.';
  const names = callsInside.map((call) => call.name).join(', ');
  return callsInside.length === 1
    ? `Blocked. No new call can be booked in that time; the call already in it (${names}) stays booked.`
    : `Blocked. No new call can be booked in that time; the ${callsInside.length} calls already in it (${names}) stay booked.`;
}

/** The slot id of a staff member's call at an instant: one document each, created only if absent. */
export const slotKey = (staffId: string, startMs: number) => `${staffId}_${new Date(startMs).toISOString()}`;

/**
 * One of a staff member's `maxPerDay` seats on an IST day (0 <= seat < maxPerDay): a call holds
 * one, created only if absent, so no more calls than seats can ever be booked that day, however
 * many visitors book at once. (Staff ids hold no '_', so the key reads back unambiguously.)
 */
export const daySeatKey = (staffId: string, day: string, seat: number) => `${staffId}_${day}_${seat}`;

/** A booking's state as stored and shown. */
export const BOOKING_STATUS = { booked: 'Booked', cancelled: 'Cancelled', noShow: 'No-show' } as const;

/**
 * What a call's status reads as at `nowMs`: a booked call that has ended was held ('Held'), one
 * under way is 'In progress' (staff mark a no-show instead where the visitor never came); a
 * stored 'Booked' is only ever shown for a call still ahead.
 */
export function bookingStatusLabel(status: string, startMs: number, endMs: number, nowMs: number): string {
  if (status !== BOOKING_STATUS.booked) return status;
  if (nowMs >= endMs) return 'Held';
  if (nowMs >= startMs) return 'In progress';
  return status;
}
