import {
  FieldPath,
  FieldValue,
  type DocumentData,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
  type UpdateData,
} from 'firebase-admin/firestore';
import { customerSearchTokens, emailKey, enquirySearchTokens } from '../../src/domain/search';
import { paymentStatusOf } from '../../src/domain/console-status';
import { readPurchaseOrder } from '../../src/domain/purchase-order';
import { STATUS } from '../../src/domain/status';
import { enquiryDoc } from '../enquiries/enquiries';
import { invoiceTokens } from '../payments/purchase-orders';
import { forEachPage } from '../paging';

export interface BackfillReport {
  profiles: number;
  enquiries: number;
  payments: number;
  /** Company-issued invoices given the search words the console's Invoices search reads. */
  invoices: number;
}

const PAGE = { pageSize: 300 };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored document's string fields (what search tokens are made of). */
const textFields = (data: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [key, text(value)]));

/** The write that gives a document its search tokens and drops the old copies; null when it has both already. */
function searchUpdate(data: Record<string, unknown>, tokens: string[], { keepEmailLower = false } = {}) {
  const current = Array.isArray(data.searchTokens) ? data.searchTokens : null;
  const same = current?.length === tokens.length && tokens.every((token, index) => current[index] === token);
  if (same && !('nameLower' in data) && (keepEmailLower || !('emailLower' in data))) return null;
  return {
    searchTokens: tokens,
    nameLower: FieldValue.delete(),
    ...(keepEmailLower ? {} : { emailLower: FieldValue.delete() }),
  };
}

/**
 * Reads a collection page by page, in id order, and writes each document's update (null: none
 * needed), a batch a page. Returns how many it updated.
 */
async function updateEach(
  db: Firestore,
  collection: Query,
  updateOf: (doc: QueryDocumentSnapshot) => UpdateData<DocumentData> | null,
): Promise<number> {
  let updated = 0;
  await forEachPage(
    collection.orderBy(FieldPath.documentId()),
    async (docs) => {
      const batch = db.batch();
      for (const doc of docs) {
        const update = updateOf(doc);
        if (!update) continue;
        batch.update(doc.ref, update);
        updated += 1;
      }
      await batch.commit();
    },
    PAGE,
  );
  return updated;
}

/**
 * The one-off migration for data written before the console (`npm run backfill`; idempotent):
 * - profiles get the `searchTokens` the customer search reads (and lose the lower-cased
 *   `nameLower` / `emailLower` copies an earlier search read);
 * - every customer's query gets its `enquiries/{queryId}` inbox entry (status copied, no notes);
 * - enquiries get their `searchTokens`, `source` and `emailLower` (and lose `nameLower`);
 * - payment records get the single `status` field the console filters on;
 * - invoices the company issued (proformas) get the `searchTokens` the Invoices search reads (their
 *   number, the buyer's PO number and vendor code, the buyer's name and email).
 */
export async function backfillConsoleData(db: Firestore): Promise<BackfillReport> {
  const report: BackfillReport = { profiles: 0, enquiries: 0, payments: 0, invoices: 0 };

  report.profiles = await updateEach(db, db.collection('users'), (doc) =>
    searchUpdate(doc.data(), customerSearchTokens(textFields(doc.data()))),
  );

  await forEachPage(
    db.collectionGroup('queries').orderBy(FieldPath.documentId()),
    async (docs) => {
      const entries = docs.map((doc) => enquiryDoc(db, doc.id));
      const existing = await db.getAll(...entries);
      const batch = db.batch();
      docs.forEach((doc, index) => {
        if (existing[index]!.exists) return;
        const uid = doc.ref.parent.parent!.id;
        const query = doc.data();
        batch.create(entries[index]!, {
          name: text(query.name),
          businessName: text(query.businessName),
          contactNumber: text(query.contactNumber),
          email: text(query.email),
          message: text(query.message),
          status: text(query.status) || STATUS.new,
          submittedAt: query.submittedAt ?? FieldValue.serverTimestamp(),
          searchTokens: enquirySearchTokens(textFields(query)),
          emailLower: emailKey(text(query.email)),
          source: 'customer',
          uid,
          queryId: doc.id,
        });
        report.enquiries += 1;
      });
      await batch.commit();
    },
    PAGE,
  );

  report.enquiries += await updateEach(db, db.collection('enquiries'), (doc) => {
    const source = doc.get('uid') ? 'customer' : 'visitor';
    const update = searchUpdate(doc.data(), enquirySearchTokens(textFields(doc.data())), { keepEmailLower: true });
    // An enquiry keeps `emailLower`: not a search copy but how a person's enquiries are found.
    const emailLower = emailKey(text(doc.get('email')));
    if (!update && doc.get('source') === source && doc.get('emailLower') === emailLower) return null;
    return { ...update, source, emailLower };
  });

  report.payments = await updateEach(db, db.collection('payments'), (doc) => {
    const status = paymentStatusOf(doc.data());
    if (doc.get('status') === status && typeof doc.get('refundedPaise') === 'number') return null;
    return { status, refundedPaise: typeof doc.get('refundedPaise') === 'number' ? doc.get('refundedPaise') : 0 };
  });

  // Every invoice, in path order (a filter would need a collection-group index of its own); the
  // customer's own invoices are left as they are.
  report.invoices = await updateEach(db, db.collectionGroup('invoices'), (doc) => {
    if (doc.get('issuedBy') !== 'company') return null;
    const tokens = invoiceTokens(doc.data(), undefined, readPurchaseOrder(doc.get('purchaseOrder')));
    const current = doc.get('searchTokens') as unknown;
    const same =
      Array.isArray(current) && current.length === tokens.length && tokens.every((token, i) => current[i] === token);
    return same ? null : { searchTokens: tokens };
  });

  return report;
}
