import { financialYearStart } from './document-number';
import { istWallClock, istYearStartMs } from './ist';

/**
 * What the law makes us keep after a customer deletes their account, and for how long: one rule,
 * read by the deletion (which stamps each kept record with its end), the retention job (which
 * deletes it then), the deletion dialog, the confirmation mail and the Privacy Policy.
 *
 * Section 36 of the CGST Act, 2017: every registered person keeps the accounts and records of a
 * financial year (tax invoices, credit notes, payment records) "until the expiry of seventy-two
 * months from the due date of furnishing of annual return for the year pertaining to such accounts
 * and records". The annual return (GSTR-9) of a financial year (1 April - 31 March) is due on the
 * 31 December after it ends (section 44 of the Act and rule 80 of the CGST Rules; we do not count
 * extensions the Government may notify). So a payment of 15 November 2026 (financial year 2026-27,
 * annual return due 31 December 2027) is kept until 31 December 2033.
 */
export const TAX_RECORD_RETENTION_MONTHS = 72;

/** In plain words, as the dialog, the mail and the policy say it. */
export const TAX_RECORD_RETENTION_PLAIN = 'about 6 years';

/** The exact rule, as the dialog, the mail and the policy say it. */
export const TAX_RECORD_RETENTION_RULE =
  '72 months from the due date of the annual GST return for the financial year they belong to (section 36 of the CGST Act, 2017)';

/**
 * What deleting an account deletes at once, in the words the dialog and the mail use. "Yours" follows
 * one rule (server/account/person.ts, stated in PERSON_RECORDS_RULE): the same records the data
 * export returns.
 */
export const DELETED_WITH_ACCOUNT = [
  'your profile and contact details',
  'your cart',
  'your orders, invoices and services as listed in your account',
  'your queries, and the enquiries sent from your verified email address',
  'the quotes we made for you and the record of your renewals',
  'your support requests and the files you sent with them',
  'your projects: their milestones, updates, comments, files and sign-off records, the colleagues you added and their links',
  'your email preferences',
  'your login',
] as const;

/**
 * Which records are a person's, for the data export and for deletion alike, as the Privacy Policy
 * and the README say it (server/account/person.ts applies it).
 */
export const PERSON_RECORDS_RULE =
  "the records stored under your account, and those sent from or to an email address proved to be yours: the email you sign in with, once it is verified (signing in with Google verifies it). An address typed into a profile or an unverified sign-up can be anyone's, so it never finds, shows, exports or deletes a record";

/** What the law makes us keep, in the same words. */
export const KEPT_AFTER_DELETION = [
  'tax invoices and payment receipts, with the buyer details printed on them',
  'credit notes for refunds',
  'payment and refund records',
] as const;

/**
 * The instant a tax record of `instantMs` (its payment, issue or refund) may be deleted: the start
 * of 1 January (IST) after the last day it must be kept, 72 months after its year's annual return
 * was due. For 15 November 2026: 1 January 2034, 00:00 IST.
 */
export function taxRecordRetainedUntil(instantMs: number): Date {
  // The financial year starting in April of `start` ends in March of start + 1; its annual return
  // is due on 31 December of start + 1, and 72 months later is 31 December of start + 7.
  const lastYearKept = financialYearStart(instantMs) + 1 + TAX_RECORD_RETENTION_MONTHS / 12;
  return new Date(istYearStartMs(lastYearKept + 1));
}

/** The last day a record is kept, as people read it: '31 December 2033'. */
export function lastDayKept(until: Date): string {
  const lastDay = istWallClock(until.getTime() - 1);
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    lastDay,
  );
}
