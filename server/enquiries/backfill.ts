import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { emailKey, enquirySearchTokens } from '../../src/domain/search';
import { STATUS } from '../../src/domain/status';
import { PAGE, searchUpdate, text, textFields, updateEach } from '../backfill';
import { forEachPage } from '../paging';
import { enquiryDoc } from './enquiries';

/**
 * Enquiries from before the console (`npm run backfill`; idempotent): every customer's query gets
 * its `enquiries/{queryId}` inbox entry (status copied, no notes), and enquiries get their
 * `searchTokens`, `source` and `emailLower` (and lose `nameLower`). Resolves with how many entries
 * it made or updated.
 */
export async function backfillEnquiries(db: Firestore): Promise<number> {
  const report = { enquiries: 0 };
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

  return report.enquiries;
}
