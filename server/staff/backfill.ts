import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { lowerCopy } from '../../src/domain/staff';
import { paymentStatusOf } from '../../src/domain/console-status';
import { STATUS } from '../../src/domain/status';
import { enquiryDoc } from '../enquiries/enquiries';
import { forEachPage } from '../paging';

export interface BackfillReport {
  profiles: number;
  enquiries: number;
  payments: number;
}

const PAGE = { pageSize: 300 };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The one-off migration for data written before the console (`npm run backfill`; idempotent):
 * - profiles get the lower-cased `nameLower` / `emailLower` the customer search reads;
 * - every customer's query gets its `enquiries/{queryId}` inbox entry (status copied, no notes);
 * - visitor enquiries get their search copies;
 * - payment records get the single `status` field the console filters on.
 */
export async function backfillConsoleData(db: Firestore): Promise<BackfillReport> {
  const report: BackfillReport = { profiles: 0, enquiries: 0, payments: 0 };

  await forEachPage(
    db.collection('users').orderBy(FieldPath.documentId()),
    async (docs) => {
      const batch = db.batch();
      for (const doc of docs) {
        const name = text(doc.get('name'));
        const email = text(doc.get('email'));
        if (doc.get('nameLower') === lowerCopy(name) && doc.get('emailLower') === lowerCopy(email)) continue;
        batch.update(doc.ref, { nameLower: lowerCopy(name), emailLower: lowerCopy(email) });
        report.profiles += 1;
      }
      await batch.commit();
    },
    PAGE,
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
          nameLower: lowerCopy(text(query.name)),
          emailLower: lowerCopy(text(query.email)),
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

  await forEachPage(
    db.collection('enquiries').orderBy(FieldPath.documentId()),
    async (docs) => {
      const batch = db.batch();
      for (const doc of docs) {
        if (typeof doc.get('nameLower') === 'string') continue;
        batch.update(doc.ref, {
          nameLower: lowerCopy(text(doc.get('name'))),
          emailLower: lowerCopy(text(doc.get('email'))),
          source: doc.get('uid') ? 'customer' : 'visitor',
        });
        report.enquiries += 1;
      }
      await batch.commit();
    },
    PAGE,
  );

  await forEachPage(
    db.collection('payments').orderBy(FieldPath.documentId()),
    async (docs) => {
      const batch = db.batch();
      for (const doc of docs) {
        const status = paymentStatusOf(doc.data());
        if (doc.get('status') === status && typeof doc.get('refundedPaise') === 'number') continue;
        batch.update(doc.ref, {
          status,
          refundedPaise: typeof doc.get('refundedPaise') === 'number' ? doc.get('refundedPaise') : 0,
        });
        report.payments += 1;
      }
      await batch.commit();
    },
    PAGE,
  );

  return report;
}
