/**
 * The company's business calendar, one for every clock that counts working time (support SLAs;
 * later project sign-off periods and bookings): Monday to Friday, 09:30–18:30 IST, except the
 * company's holidays. A business day is those 9 hours. India has no daylight saving, so IST is
 * always UTC+05:30 and the arithmetic below works on IST wall-clock time shifted into UTC fields.
 */

export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
export const BUSINESS_DAY_START_MINUTE = 9 * 60 + 30;
export const BUSINESS_DAY_END_MINUTE = 18 * 60 + 30;
export const BUSINESS_DAY_MINUTES = BUSINESS_DAY_END_MINUTE - BUSINESS_DAY_START_MINUTE;

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

export interface Holiday {
  /** YYYY-MM-DD, India's calendar. */
  date: string;
  name: string;
}

export interface BusinessCalendar {
  /** Days (YYYY-MM-DD, IST) the company is closed besides Saturdays and Sundays. */
  holidays: ReadonlySet<string>;
}

/**
 * India's national and gazetted holidays (the central government's list) for 2026 and 2027, the
 * default until staff edit the company's own list in the console (settings/businessCalendar).
 * Festivals that follow the lunar calendar (Id, Muharram, Milad-un-Nabi) move by a day with the
 * moon's sighting: staff correct them when the date is announced.
 */
export const DEFAULT_HOLIDAYS: Holiday[] = [
  { date: '2026-01-26', name: 'Republic Day' },
  { date: '2026-03-04', name: 'Holi' },
  { date: '2026-03-21', name: 'Id-ul-Fitr' },
  { date: '2026-03-26', name: 'Ram Navami' },
  { date: '2026-03-31', name: 'Mahavir Jayanti' },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-05-01', name: 'Buddha Purnima' },
  { date: '2026-05-27', name: 'Id-ul-Zuha (Bakrid)' },
  { date: '2026-06-26', name: 'Muharram' },
  { date: '2026-08-15', name: 'Independence Day' },
  { date: '2026-08-26', name: 'Milad-un-Nabi' },
  { date: '2026-09-04', name: 'Janmashtami' },
  { date: '2026-10-02', name: 'Gandhi Jayanti' },
  { date: '2026-10-20', name: 'Dussehra' },
  { date: '2026-11-08', name: 'Diwali' },
  { date: '2026-11-24', name: 'Guru Nanak Jayanti' },
  { date: '2026-12-25', name: 'Christmas' },
  { date: '2027-01-26', name: 'Republic Day' },
  { date: '2027-03-10', name: 'Id-ul-Fitr' },
  { date: '2027-03-22', name: 'Holi' },
  { date: '2027-03-26', name: 'Good Friday' },
  { date: '2027-04-15', name: 'Ram Navami' },
  { date: '2027-04-18', name: 'Mahavir Jayanti' },
  { date: '2027-05-17', name: 'Id-ul-Zuha (Bakrid)' },
  { date: '2027-05-20', name: 'Buddha Purnima' },
  { date: '2027-06-15', name: 'Muharram' },
  { date: '2027-08-14', name: 'Milad-un-Nabi' },
  { date: '2027-08-15', name: 'Independence Day' },
  { date: '2027-08-25', name: 'Janmashtami' },
  { date: '2027-10-02', name: 'Gandhi Jayanti' },
  { date: '2027-10-09', name: 'Dussehra' },
  { date: '2027-10-29', name: 'Diwali' },
  { date: '2027-11-14', name: 'Guru Nanak Jayanti' },
  { date: '2027-12-25', name: 'Christmas' },
];

export function businessCalendar(holidays: ReadonlyArray<Pick<Holiday, 'date'>> = DEFAULT_HOLIDAYS): BusinessCalendar {
  return { holidays: new Set(holidays.map((holiday) => holiday.date)) };
}

export const DEFAULT_CALENDAR = businessCalendar();

/** The IST day (YYYY-MM-DD) of a moment. */
export function istDay(instantMs: number): string {
  return new Date(instantMs + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight IST of the day containing `instantMs`, as a UTC instant. */
function istMidnight(instantMs: number): number {
  const shifted = instantMs + IST_OFFSET_MS;
  return shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - IST_OFFSET_MS;
}

export function isBusinessDay(day: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !calendar.holidays.has(day);
}

/** The business window [open, close) of the IST day starting at `midnightMs`, or null when closed. */
function windowOf(midnightMs: number, calendar: BusinessCalendar): [number, number] | null {
  if (!isBusinessDay(istDay(midnightMs), calendar)) return null;
  return [midnightMs + BUSINESS_DAY_START_MINUTE * MINUTE, midnightMs + BUSINESS_DAY_END_MINUTE * MINUTE];
}

/** A calendar with no business day for this long is a mistake (e.g. a whole year marked as holidays). */
const MAX_SCAN_DAYS = 3660;

/**
 * `minutes` of business time after `start`. A start outside hours counts from the next opening;
 * a target that ends exactly at 18:30 is due at 18:30 (not at 09:30 the next business day).
 */
export function addBusinessMinutes(start: Date, minutes: number, calendar: BusinessCalendar = DEFAULT_CALENDAR): Date {
  let remaining = Math.max(0, Math.round(minutes * MINUTE));
  let midnight = istMidnight(start.getTime());
  const cursor = start.getTime();
  for (let scanned = 0; scanned < MAX_SCAN_DAYS; scanned += 1, midnight += DAY_MS) {
    const window = windowOf(midnight, calendar);
    if (!window) continue;
    const from = Math.max(cursor, window[0]);
    if (from > window[1]) continue;
    if (remaining === 0 && from < window[1]) return new Date(from);
    const available = window[1] - from;
    if (remaining <= available) return new Date(from + remaining);
    remaining -= available;
  }
  throw new Error('The business calendar has no business day within ten years.');
}

export const addBusinessHours = (start: Date, hours: number, calendar?: BusinessCalendar) =>
  addBusinessMinutes(start, hours * 60, calendar);

/** Business days of 9 hours each: Friday 17:00 IST + 1 business day = Monday 17:00 IST. */
export const addBusinessDays = (start: Date, days: number, calendar?: BusinessCalendar) =>
  addBusinessMinutes(start, days * BUSINESS_DAY_MINUTES, calendar);

/** Business minutes between two moments (0 when `to` is not after `from`). */
export function businessMinutesBetween(from: Date, to: Date, calendar: BusinessCalendar = DEFAULT_CALENDAR): number {
  const end = to.getTime();
  let total = 0;
  for (let midnight = istMidnight(from.getTime()); midnight < end; midnight += DAY_MS) {
    const window = windowOf(midnight, calendar);
    if (!window) continue;
    const overlap = Math.min(end, window[1]) - Math.max(from.getTime(), window[0]);
    if (overlap > 0) total += overlap;
  }
  return total / MINUTE;
}

/** The same, named for readers of SLA code. */
export const businessTimeBetween = businessMinutesBetween;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A due time as every support page and mail shows it: 'Mon 30 Nov 2026, 1:30 pm IST'. */
export function formatDueTime(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return 'N/A';
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  const hours = ist.getUTCHours();
  const minutes = String(ist.getUTCMinutes()).padStart(2, '0');
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${WEEKDAYS[ist.getUTCDay()]} ${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}, ${hour12}:${minutes} ${hours < 12 ? 'am' : 'pm'} IST`;
}

/** A length of business or logged time: '6 h 30 min', '45 min', '2 h'. */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** How far a due time is from now, for the queue: 'due in 2 h', 'overdue by 3 h', 'due in 25 min'. */
export function formatDueIn(dueMs: number, nowMs: number): string {
  const minutes = Math.round((dueMs - nowMs) / MINUTE);
  const span = (value: number) => (value >= 120 ? `${Math.round(value / 60)} h` : formatMinutes(value));
  return minutes >= 0 ? `due in ${span(minutes)}` : `overdue by ${span(-minutes)}`;
}
