import { FieldPath, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { istToday } from '../../src/domain/ist';
import { forEachPage } from '../paging';
import { addTdsCertificate, tdsCertificateDoc } from '../payments/tds';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * TDS recorded before certificates were tracked (`npm run backfill`; idempotent): every payment
 * with TDS and no certificate record gets one, awaited, in the quarter of the day received (the
 * day staff recorded, else the day the payment was made, India). They are listed for staff but
 * left out of the quarterly reminders (a reminder for a quarter long past would come out of the
 * blue). Returns how many it created.
 */
export async function backfillTdsCertificates(db: Firestore): Promise<number> {
  let created = 0;
  await forEachPage(
    db.collection('payments').where('tdsPaise', '>', 0).orderBy('tdsPaise').orderBy(FieldPath.documentId()),
    async (docs) => {
      const existing = await db.getAll(...docs.map((doc) => tdsCertificateDoc(db, doc.id)));
      const batch = db.batch();
      let writes = 0;
      docs.forEach((doc, index) => {
        if (existing[index]!.exists) return;
        const payment = doc.data();
        const made = (payment.createdAt as Timestamp | undefined)?.toMillis() ?? Date.now();
        addTdsCertificate(batch, db, {
          companyId: String(payment.uid),
          paymentId: doc.id,
          payable: {
            type: payment.type === 'product_order' ? 'product_order' : 'invoice',
            docId: String(payment.docId),
          },
          customerName: text(payment.customerName),
          paidFor: text(payment.paidFor),
          receivedOn: text(payment.receivedOn) ?? istToday(made),
          tdsPaise: Number(payment.tdsPaise),
          tdsSection: text(payment.tdsSection),
          actor: { uid: 'backfill', email: null },
          remind: false,
        });
        writes += 1;
      });
      if (writes > 0) await batch.commit();
      created += writes;
    },
    { pageSize: 200 },
  );
  return created;
}
