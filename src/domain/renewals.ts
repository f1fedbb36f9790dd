import { z } from 'zod';
import { findCatalogueEntry } from './catalogue';
import { formatIstDay } from './document-number';
import { REMINDERS, type RenewalSettings } from './renewal-terms';
import { addDays, addMonthsToMonth } from './ist';
import { documentIdSchema, paiseSchema } from './schemas';

/**
 * Yearly maintenance renewals: a plan with a yearly fee becomes a service of its buyer when the
 * order is paid, renews every year on the same day, and is billed with a proforma invoice before
 * that day. Every rule about when (the schedule) and what state a service is in (its status) is
 * here, pure, so the server, the console and the tests read one definition.
 *
 * Days are calendar days in India (YYYY-MM-DD, IST), as `istToday()` gives them: the day a payment
 * lands, the day a renewal is due, the day a reminder goes out.
 */

export const SERVICE_STATUS = {
  active: 'Active',
  due: 'Renewal due',
  overdue: 'Overdue',
  lapsed: 'Lapsed',
  cancelled: 'Cancelled',
} as const;

export type ServiceStatus = (typeof SERVICE_STATUS)[keyof typeof SERVICE_STATUS];
export const SERVICE_STATUSES: ServiceStatus[] = Object.values(SERVICE_STATUS);

/** Services the renewals job still looks after (a lapsed or cancelled one waits for a person or a payment). */
export const LIVE_SERVICE_STATUSES: ServiceStatus[] = [
  SERVICE_STATUS.active,
  SERVICE_STATUS.due,
  SERVICE_STATUS.overdue,
];

export { RENEWAL_DEFAULTS, REMINDERS, type ReminderId, type RenewalSettings } from './renewal-terms';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(day: string): [number, number, number] {
  const match = DAY.exec(day);
  if (!match) throw new Error(`Not a day (YYYY-MM-DD): ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (value: number) => String(value).padStart(2, '0');

/** The day of the month (1-31) of a day. */
export const dayOfMonth = (day: string) => parts(day)[2];

/**
 * The same date `years` later, on `anchorDay` of that month, or on the month's last day when the
 * month is shorter. So a service started on 29 Feb 2028 renews on 28 Feb 2029, 2030 and 2031, and
 * on 29 Feb 2032 again: it never drifts to 28 Feb for good, and never spills into March.
 */
export function anniversary(day: string, years: number, anchorDay = dayOfMonth(day)): string {
  const [year, month] = parts(day);
  const target = year + years;
  return `${target}-${pad(month)}-${pad(Math.min(anchorDay, daysInMonth(target, month)))}`;
}

/** The first renewal of a service started on `startedOn`: one year later (see anniversary). */
export const firstRenewsOn = (startedOn: string) => anniversary(startedOn, 1);

/**
 * The first renewal on or after `today` of a service started on `startedOn`: for services of orders
 * paid before renewals were billed (the backfill), which are not billed for years gone by.
 */
export function renewsOnFrom(startedOn: string, today: string): string {
  let years = 1;
  while (anniversary(startedOn, years) < today) years += 1;
  return anniversary(startedOn, years);
}

/** The renewal after `renewsOn`, once it is paid, on the service's anchor day. */
export const nextRenewsOn = (renewsOn: string, anchorDay: number) => anniversary(renewsOn, 1, anchorDay);

/** The day the renewal invoice is issued: `noticeDays` before the renewal. */
export const issueOn = (renewsOn: string, settings: RenewalSettings) => addDays(renewsOn, -settings.noticeDays);

/** The first day an unpaid renewal counts as lapsed: `graceDays` after the renewal. */
export const lapsesOn = (renewsOn: string, settings: RenewalSettings) => addDays(renewsOn, settings.graceDays);

/** The last day of the year a renewal pays for (the day before the next renewal). */
export const periodEndsOn = (nextRenewal: string) => addDays(nextRenewal, -1);

/**
 * A service's status on `today`, from its renewal date alone:
 * - Cancelled: the customer or staff stopped it (whatever the dates);
 * - Active: more than `noticeDays` before `renewsOn`;
 * - Renewal due: from `noticeDays` before `renewsOn` to `renewsOn` itself (paying on the day is on time);
 * - Overdue: from the day after `renewsOn` while still within `graceDays` of it;
 * - Lapsed: from `renewsOn + graceDays` on.
 * Paying the renewal moves `renewsOn` on by a year, so the service is Active again.
 */
export function serviceStatusOn(
  service: { renewsOn: string; isCancelled: boolean },
  today: string,
  settings: RenewalSettings,
): ServiceStatus {
  if (service.isCancelled) return SERVICE_STATUS.cancelled;
  if (today < issueOn(service.renewsOn, settings)) return SERVICE_STATUS.active;
  if (today <= service.renewsOn) return SERVICE_STATUS.due;
  if (today < lapsesOn(service.renewsOn, settings)) return SERVICE_STATUS.overdue;
  return SERVICE_STATUS.lapsed;
}

/** The day a reminder is due for a renewal on `renewsOn`. */
export const reminderDay = (renewsOn: string, reminder: { offsetDays: number }) =>
  addDays(renewsOn, reminder.offsetDays);

/**
 * The reminder to send on `today` for an open renewal, or null. Each goes once; a reminder is due
 * from its day on, but only if:
 * - its day is after the day the invoice was issued (the invoice's own mail is the first notice:
 *   with 30 days' notice, the 30-day reminder IS the invoice mail);
 * - it is the latest one whose day has come (after a gap, e.g. the job was off, only the latest
 *   one goes, never a burst of stale ones), and it was not sent already;
 * - the renewal has not lapsed (then the lapse mail says what happens next instead).
 */
export function reminderDue(
  renewal: { renewsOn: string; issuedOn: string; remindersSent: readonly string[] },
  today: string,
  settings: RenewalSettings,
): (typeof REMINDERS)[number] | null {
  if (today >= lapsesOn(renewal.renewsOn, settings)) return null;
  const come = REMINDERS.filter((reminder) => reminderDay(renewal.renewsOn, reminder) <= today);
  const latest = come[come.length - 1];
  if (!latest) return null;
  if (reminderDay(renewal.renewsOn, latest) <= renewal.issuedOn) return null;
  return renewal.remindersSent.includes(latest.id) ? null : latest;
}

/**
 * The identity of one renewal: the renewal date it bills, and the service's revision. The revision
 * moves on only when staff change the renewal date or an open renewal closes unpaid (cancelled,
 * replaced), so the same (service, key) is never billed twice, and a renewal staff replace gets a
 * new key.
 */
export const renewalKey = (renewsOn: string, revision: number) =>
  revision > 0 ? `${renewsOn}-r${revision}` : renewsOn;

/** `renewals/{id}`: one renewal of one service (uid and service id keep it unique across customers). */
export const renewalId = (uid: string, serviceId: string, key: string) => `${uid}_${serviceId}_${key}`;

/** A plan's item id as a document id part: 'manufacturing-Premium AI' -> 'manufacturing-premium-ai'. */
const slug = (itemId: string) =>
  itemId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `users/{uid}/services/{id}`: one per plan per order, so a payment reported twice makes it once. */
export const serviceIdFor = (orderDocId: string, planItemId: string) => `${orderDocId}_${slug(planItemId)}`;

export interface NewService {
  id: string;
  planId: string;
  planName: string;
  category: string;
  categoryId: string;
  yearlyFeePaise: number;
  startedOn: string;
  anchorDay: number;
  renewsOn: string;
}

/**
 * The services a paid order starts: one per plan in it that has a yearly fee (as the catalogue
 * prices it now), started on the payment's day and renewing a year later. Items that are not
 * catalogue plans, or plans without a yearly fee, start none; a plan listed twice starts one.
 */
export function servicesForOrder(orderDocId: string, items: readonly unknown[], paidOn: string): NewService[] {
  const services = new Map<string, NewService>();
  for (const item of items) {
    const itemId = (item as { id?: unknown } | null)?.id;
    if (typeof itemId !== 'string') continue;
    const entry = findCatalogueEntry(itemId);
    if (!entry || entry.plan.yearlyPaise === null) continue;
    const id = serviceIdFor(orderDocId, entry.id);
    services.set(id, {
      id,
      planId: entry.id,
      planName: entry.plan.name,
      category: entry.category.name,
      categoryId: entry.category.id,
      yearlyFeePaise: entry.plan.yearlyPaise,
      startedOn: paidOn,
      anchorDay: dayOfMonth(paidOn),
      renewsOn: firstRenewsOn(paidOn),
    });
  }
  return [...services.values()];
}

/**
 * The day a stopped service ends: its renewal date, the end of the year already paid for; or today,
 * when that date has passed unpaid (nothing more is owed, and nothing more is provided).
 */
export const endsOnWhenStopped = (renewsOn: string, today: string) => (today <= renewsOn ? renewsOn : today);

/** What the renewal invoice's line says: 'Yearly maintenance: Factory Management – Growth, 10 Nov 2027 to 09 Nov 2028'. */
export function renewalLineDescription(
  service: { category: string; planName: string },
  renewsOn: string,
  next: string,
): string {
  return `Yearly maintenance: ${service.category} – ${service.planName}, ${formatDay(renewsOn)} to ${formatDay(periodEndsOn(next))}`;
}

/** A day as the documents print it: '10 Nov 2027' (it is already India's day). */
export function formatDay(day: string): string {
  parts(day);
  return formatIstDay(day);
}

// ---- The forecast: what the yearly fees bring in, month by month --------------------------------

/** 'YYYY-MM' of the `count` months starting with `today`'s, in order. */
export function nextMonths(today: string, count: number): string[] {
  parts(today);
  return Array.from({ length: count }, (_, index) => addMonthsToMonth(today.slice(0, 7), index));
}

/**
 * The renewal dates counted in a forecast month: [from, to) as days. The first month also takes
 * every live renewal whose date has passed unpaid (Overdue): that money is expected now.
 */
export function forecastMonthRange(month: string, isFirst: boolean): { from: string | null; to: string } {
  return { from: isFirst ? null : `${month}-01`, to: `${addMonthsToMonth(month, 1)}-01` };
}

// ---- API bodies ---------------------------------------------------------------------------------

const isoDay = z
  .string()
  .regex(DAY, 'Dates are YYYY-MM-DD.')
  .refine((day) => {
    const [year, month, date] = parts(day);
    return month >= 1 && month <= 12 && date >= 1 && date <= daysInMonth(year, month);
  }, 'Not a calendar date.');

/** Staff change a service's renewal date or yearly fee (either or both). */
export const serviceUpdateSchema = z
  .object({
    renewsOn: isoDay.optional(),
    yearlyFeePaise: paiseSchema.optional(),
  })
  .strict()
  .refine((update) => update.renewsOn !== undefined || update.yearlyFeePaise !== undefined, {
    message: 'Give a new renewal date or yearly fee.',
  });
export type ServiceUpdate = z.infer<typeof serviceUpdateSchema>;

export const serviceRefSchema = z.object({ uid: documentIdSchema, serviceId: documentIdSchema });
