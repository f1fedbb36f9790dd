import type { Firestore } from 'firebase-admin/firestore';
import { customerSearchTokens } from '../../src/domain/search';
import { searchUpdate, textFields, updateEach } from '../backfill';
import { backfillEnquiries } from '../enquiries/backfill';
import { backfillPayments } from '../payments/backfill';

export interface BackfillReport {
  profiles: number;
  enquiries: number;
  payments: number;
  /** Company-issued invoices given the search words the console's Invoices search reads. */
  invoices: number;
}

/**
 * The one-off migration for data written before the console (`npm run backfill`; idempotent):
 * - profiles get the `searchTokens` the customer search reads (and lose the lower-cased
 *   `nameLower` / `emailLower` copies an earlier search read);
 * - the inbox's entries and search words (backfillEnquiries);
 * - payments' status and issued invoices' search words (backfillPayments).
 */
export async function backfillConsoleData(db: Firestore): Promise<BackfillReport> {
  const report: BackfillReport = { profiles: 0, enquiries: 0, payments: 0, invoices: 0 };

  report.profiles = await updateEach(db, db.collection('users'), (doc) =>
    searchUpdate(doc.data(), customerSearchTokens(textFields(doc.data()))),
  );

  report.enquiries = await backfillEnquiries(db);
  Object.assign(report, await backfillPayments(db));
  return report;
}
