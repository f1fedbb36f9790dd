/**
 * The renewal terms the policies state, on their own (no imports): the policy pages are public and
 * prerendered, so they must not pull in the renewals module's schemas. src/domain/renewals.ts
 * builds the schedule on these; RENEWAL_NOTICE_DAYS and RENEWAL_GRACE_DAYS override the days on
 * the server, which warns at start when they differ from what the policies say.
 */

export interface RenewalSettings {
  /** Days before `renewsOn` the renewal invoice is issued (RENEWAL_NOTICE_DAYS). */
  noticeDays: number;
  /** Days after `renewsOn` an unpaid renewal lapses (RENEWAL_GRACE_DAYS). */
  graceDays: number;
}

/** The defaults, which the Terms and the Refund and Cancellation policies quote. */
export const RENEWAL_DEFAULTS: RenewalSettings = { noticeDays: 30, graceDays: 30 };

/** The reminder mails, by their day relative to `renewsOn`, in order. */
export const REMINDERS = [
  { id: 'before-30', offsetDays: -30 },
  { id: 'before-7', offsetDays: -7 },
  { id: 'on-the-day', offsetDays: 0 },
  { id: 'after-7', offsetDays: 7 },
] as const;

export type ReminderId = (typeof REMINDERS)[number]['id'];
