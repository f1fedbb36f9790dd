import { z } from 'zod';

/**
 * Dates in India, the one module for them: the IST day of a moment, midnight of a day, days and
 * months counted on India's calendar, and the ranges the books are read by. Everything a person
 * reads or the books count is India's calendar. India Standard Time is UTC+05:30 all year (no
 * daylight saving), so a conversion is the fixed offset: a moment shifted by it reads as India's
 * wall clock through its getUTC* fields (istWallClock), and calendar arithmetic on YYYY-MM-DD days
 * is done on UTC dates, where every day has 24 hours.
 */

/** UTC+05:30, in milliseconds. */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
export const DAY_MS = 86_400_000;

/** A moment as India's wall clock: its getUTC* fields (year, month, date, hours, weekday) read as IST. */
export const istWallClock = (instantMs: number): Date => new Date(instantMs + IST_OFFSET_MS);

/** The IST day (YYYY-MM-DD) of a moment. */
export const istDay = (instantMs: number): string => istWallClock(instantMs).toISOString().slice(0, 10);

/** Today's date in India (YYYY-MM-DD), whatever the clock's own zone. */
export const istToday = (nowMs = Date.now()): string => istDay(nowMs);

/** The IST month ('YYYY-MM') of a moment. */
export const istMonth = (instantMs: number): string => istDay(instantMs).slice(0, 7);

/** The moment of an IST wall-clock time ('HH:MM') on a YYYY-MM-DD day, as epoch milliseconds. */
export const istTimeMs = (day: string, time: string): number => Date.parse(`${day}T${time}:00+05:30`);

/** Midnight in India (UTC+05:30) at the start of a YYYY-MM-DD day, as epoch milliseconds. */
export const istDayStartMs = (day: string): number => istTimeMs(day, '00:00');

/** Midnight IST of the day containing `instantMs`, as epoch milliseconds. */
export function istMidnightMs(instantMs: number): number {
  const shifted = instantMs + IST_OFFSET_MS;
  return shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - IST_OFFSET_MS;
}

/** Midnight IST of 1 January of a year, as epoch milliseconds. */
export const istYearStartMs = (year: number | string): number => istDayStartMs(`${year}-01-01`);

// ---- Calendar days (YYYY-MM-DD, India's) -----------------------------------------------------

const utcDayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOfUtcMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `days` after `day` (YYYY-MM-DD, calendar arithmetic; negative: before). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (YYYY-MM-DD): 1 Jan to 31 Jan is 30. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDayMs(to) - utcDayMs(from)) / DAY_MS);
}

/**
 * The day `months` months after `day`: the same day of the month, or the month's last day when it
 * has none (31 Jan + 1 month = 28 Feb, or 29 Feb in a leap year).
 */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return dayOfUtcMs(target.getTime());
}

/** The weekday of a YYYY-MM-DD day: 0 Sunday to 6 Saturday. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A YYYY-MM-DD text naming a day that exists (Date.parse rolls 2026-02-31 over to 3 March). */
const isCalendarDay = (value: string): boolean => {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value;
};

/** Text that is a YYYY-MM-DD day of the calendar: not '2099-99-99', not '2026-02-31'. */
export const isIsoDay = (value: unknown): value is string =>
  typeof value === 'string' && ISO_DAY.test(value) && isCalendarDay(value);

export const DATE_FORMAT_MESSAGE = 'Dates are YYYY-MM-DD.';
export const noSuchDayMessage = (day: string) => `${day} is not a day of the calendar.`;

/** A YYYY-MM-DD day of the calendar in an API body or form (its shape, then that the day exists). */
export const isoDateSchema = z
  .string({ message: DATE_FORMAT_MESSAGE })
  .regex(ISO_DAY, DATE_FORMAT_MESSAGE)
  .superRefine((day, ctx) => {
    if (ISO_DAY.test(day) && !isCalendarDay(day)) ctx.addIssue({ code: 'custom', message: noSuchDayMessage(day) });
  });

// ---- Months and ranges the books are read by ---------------------------------------------------

/** The month `count` months after a 'YYYY-MM' month (negative: before). */
export function addMonthsToMonth(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1 + count, 1)).toISOString().slice(0, 7);
}

/**
 * [start, end) of a calendar month in India, in epoch milliseconds: '2026-11' is 1 Nov 00:00 IST
 * (31 Oct 18:30 UTC) up to 1 Dec 00:00 IST. The books and GST returns are kept by India's calendar.
 */
export function monthRangeMs(month: string): { startMs: number; endMs: number } {
  return { startMs: istDayStartMs(`${month}-01`), endMs: istDayStartMs(`${addMonthsToMonth(month, 1)}-01`) };
}

/** The month before the current one in India ('2026-10' on any day of November, IST). */
export function previousIstMonth(nowMs = Date.now()): string {
  return addMonthsToMonth(istMonth(nowMs), -1);
}

export const MONTH_MESSAGE = 'Choose a month (YYYY-MM).';

/** A calendar month, as a month input gives it: '2026-11'. */
export const monthSchema = z
  .string({ message: MONTH_MESSAGE })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE);

/** A range of days in India time, both ends included. */
export const dateRangeSchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((range) => range.from <= range.to, { message: 'The start date must not be after the end date.' });
export type DateRange = z.infer<typeof dateRangeSchema>;

/** [start, end) of a date range in epoch milliseconds (the end day is included). */
export function dateRangeMs(range: DateRange): { startMs: number; endMs: number } {
  return { startMs: istDayStartMs(range.from), endMs: istDayStartMs(range.to) + DAY_MS };
}
