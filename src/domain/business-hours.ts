import { DAY_MS, daysBetween, istDay, istMidnightMs, istWallClock, weekdayOf } from './ist';

/**
 * The company's business calendar, one for every clock that counts working time (support SLAs;
 * later project sign-off periods and bookings): Monday to Friday, 09:30–18:30 IST, except the
 * company's holidays. A business day is those 9 hours. Days and moments are India's (see ist.ts).
 */
export const BUSINESS_DAY_START_MINUTE = 9 * 60 + 30;
export const BUSINESS_DAY_END_MINUTE = 18 * 60 + 30;
export const BUSINESS_DAY_MINUTES = BUSINESS_DAY_END_MINUTE - BUSINESS_DAY_START_MINUTE;

const MINUTE = 60_000;

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
 * India's national and gazetted holidays (the central government's list) for 2026 to 2028, the
 * default until staff edit the company's own list in the console (settings/businessCalendar).
 * Festivals that follow the lunar calendar (Id, Muharram, Milad-un-Nabi) move by a day with the
 * moon's sighting: staff correct them when the date is announced.
 *
 * Sources. 2026 and 2027: the Department of Personnel and Training's notified lists of gazetted
 * holidays for central government offices (the 17 kept here, every year the same set). 2028: not
 * notified when this list was written, so each date is computed by the rule the 2026-27 dates
 * follow, and checked against them (staff replace any that the notified list moves):
 * - fixed dates: Republic Day 26 Jan, Independence Day 15 Aug, Gandhi Jayanti 2 Oct, Christmas 25 Dec;
 * - Good Friday: two days before Easter (the Gregorian computus: Easter 16 Apr 2028);
 * - Hindu, Jain and Sikh festivals: the lunar day (tithi, the Moon's elongation from the Sun in
 *   12° steps) of the amanta month (named by the Sun's sidereal sign, Lahiri, at the new moon),
 *   computed for New Delhi from the astronomical positions of the Sun and Moon: Holi the day after
 *   Holika Dahan (Phalguna Purnima at dusk, after Bhadra), Ram Navami (Chaitra Shukla 9 at midday),
 *   Mahavir Jayanti (Chaitra Shukla 13), Buddha Purnima (Vaishakha Purnima at sunrise), Janmashtami
 *   (Shravana Krishna 8 at sunrise), Dussehra (Ashvin Shukla 10 in the afternoon), Diwali (Ashvin
 *   Amavasya at dusk), Guru Nanak Jayanti (Kartika Purnima at sunrise); these rules give every
 *   2026-27 date above;
 * - Islamic festivals: the month starts the day after the first evening its crescent is visible
 *   from India (Yallop's q above -0.014 at Lucknow, best time after sunset); Id-ul-Fitr 1 Shawwal,
 *   Id-ul-Zuha 10 Dhu al-Hijjah, Muharram 10 Muharram, Milad-un-Nabi 12 Rabi al-Awwal. This gives
 *   seven of the eight 2026-27 dates (the government listed Milad-un-Nabi 2027 a day earlier).
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
  { date: '2028-01-26', name: 'Republic Day' },
  { date: '2028-02-27', name: 'Id-ul-Fitr' },
  { date: '2028-03-11', name: 'Holi' },
  { date: '2028-04-03', name: 'Ram Navami' },
  { date: '2028-04-07', name: 'Mahavir Jayanti' },
  { date: '2028-04-14', name: 'Good Friday' },
  { date: '2028-05-06', name: 'Id-ul-Zuha (Bakrid)' },
  { date: '2028-05-08', name: 'Buddha Purnima' },
  { date: '2028-06-04', name: 'Muharram' },
  { date: '2028-08-04', name: 'Milad-un-Nabi' },
  { date: '2028-08-13', name: 'Janmashtami' },
  { date: '2028-08-15', name: 'Independence Day' },
  { date: '2028-09-27', name: 'Dussehra' },
  { date: '2028-10-02', name: 'Gandhi Jayanti' },
  { date: '2028-10-17', name: 'Diwali' },
  { date: '2028-11-02', name: 'Guru Nanak Jayanti' },
  { date: '2028-12-25', name: 'Christmas' },
];

/** How many days before the last listed holiday's year ends staff are asked to add the next year's. */
export const HOLIDAY_LIST_WARNING_DAYS = 60;

export interface HolidayListWarning {
  /** The year of the last listed holiday (null: none listed). */
  lastYear: number | null;
  /** Days from today (IST) to 1 January after that year: 0 or less, the list has run out. */
  daysLeft: number;
  message: string;
}

/**
 * A warning when the holiday list is about to run out: the year of its last holiday ends within
 * HOLIDAY_LIST_WARNING_DAYS days of `nowMs` (IST days), or has ended. Past it every clock that
 * counts business time (SLAs, sign-off periods, bookings) would count the next year's holidays,
 * Diwali included, as business days without anyone noticing. Null while the list reaches further.
 */
export function holidayListWarning(
  holidays: ReadonlyArray<Pick<Holiday, 'date'>>,
  nowMs: number,
  warningDays = HOLIDAY_LIST_WARNING_DAYS,
): HolidayListWarning | null {
  const today = istDay(nowMs);
  const last = holidays.reduce<string | null>(
    (latest, holiday) => (!latest || holiday.date > latest ? holiday.date : latest),
    null,
  );
  if (!last) {
    return {
      lastYear: null,
      daysLeft: 0,
      message: 'No holidays are listed: every weekday counts as a business day. Add the company’s holidays.',
    };
  }
  const lastYear = Number(last.slice(0, 4));
  const daysLeft = daysBetween(today, `${lastYear + 1}-01-01`);
  if (daysLeft > warningDays) return null;
  const message =
    daysLeft > 0
      ? `The holiday list ends with ${lastYear} (${daysLeft} day${daysLeft === 1 ? '' : 's'} left): add ${lastYear + 1}’s holidays, or from 1 January ${lastYear + 1} SLA clocks, sign-off periods and bookings count them as business days.`
      : `The holiday list ended with ${lastYear}: add the holidays of ${today.slice(0, 4)}. Until then SLA clocks, sign-off periods and bookings count them as business days.`;
  return { lastYear, daysLeft, message };
}

export function businessCalendar(holidays: ReadonlyArray<Pick<Holiday, 'date'>> = DEFAULT_HOLIDAYS): BusinessCalendar {
  return { holidays: new Set(holidays.map((holiday) => holiday.date)) };
}

export const DEFAULT_CALENDAR = businessCalendar();

export function isBusinessDay(day: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): boolean {
  const weekday = weekdayOf(day);
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
  let midnight = istMidnightMs(start.getTime());
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
  for (let midnight = istMidnightMs(from.getTime()); midnight < end; midnight += DAY_MS) {
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
  const ist = istWallClock(date.getTime());
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

/** How long ago something happened, for the queue: '25 min', '5 h', '3 days' (whole units, rounded down). */
export function formatAge(sinceMs: number, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - sinceMs) / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}
