import { istWallClock } from './ist';
import { IST_ZONE } from './time-zones';

const dateTimeFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** en-IN medium date plus short time (spec section 9); 'N/A' when there is no date. */
export function formatDateTime(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return 'N/A';
  return dateTimeFormat.format(date);
}

const istFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: IST_ZONE,
});

/**
 * A moment in India's time, labelled, whatever the reader's own time zone: '24 Nov 2026, 9:33 am
 * IST'. The staff console, the mails and the accountant's exports use it (the books are kept in IST).
 */
export function formatIstDateTime(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return 'N/A';
  return `${istFormat.format(date)} IST`;
}

/**
 * A moment as India's date and time for a spreadsheet cell, sortable and read as a date by
 * spreadsheets: '2026-11-01 04:00'. The column's header says it is IST.
 */
export function istDateTimeCell(instantMs: number): string {
  return istWallClock(instantMs).toISOString().slice(0, 16).replace('T', ' ');
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A calendar day ('2026-12-27', as forms and Firestore keep it) as people read it: '27 Dec 2026'.
 * Text that is not such a day (already printed, or empty) is returned as it is.
 */
export function formatDay(day: string): string {
  const match = DAY_PATTERN.exec(day);
  const month = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  if (!match || !month) return day;
  return `${Number(match[3])} ${month} ${match[1]}`;
}
