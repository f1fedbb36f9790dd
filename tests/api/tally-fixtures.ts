import { Timestamp } from 'firebase-admin/firestore';
import { admin } from '../helpers/emulators';
import { goldenMonth } from '../unit/documents/tally-fixtures';

/**
 * The golden month of the Tally files (tests/unit/documents/tally-fixtures.ts) stored as the API
 * stores it: the issued documents of November 2026 and the payments that made them.
 */
export async function storeGoldenMonth(): Promise<void> {
  const { stored } = goldenMonth();
  const { db } = admin();
  const batch = db.batch();
  for (const { id, data, issuedAtMs } of stored.documents) {
    batch.set(db.doc(`documents/${id}`), {
      ...data,
      issuedAt: Timestamp.fromMillis(issuedAtMs),
      createdAt: Timestamp.fromMillis(issuedAtMs),
    });
  }
  for (const { id, data, createdAtMs } of stored.payments) {
    batch.set(db.doc(`payments/${id}`), { ...data, createdAt: Timestamp.fromMillis(createdAtMs) });
  }
  await batch.commit();
}
