import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { forEachPage } from '../paging';
import { KEPT_COLLECTIONS } from './delete-account';

/**
 * The end of what the law made us keep of a deleted account: every record deletion marked with
 * `retainUntil` (tax documents, payments and refunds, then the tombstone) is deleted once that
 * time has passed. Only records of deleted accounts carry `retainUntil`, and only those marked
 * `deletedAccount: true` (or a tombstone) are ever deleted here.
 */

export interface RetentionReport {
  /** Records deleted, per collection. */
  deleted: Record<string, number>;
}

const COLLECTIONS = [...KEPT_COLLECTIONS, 'deletedAccounts'] as const;

/**
 * One pass: deletes, collection by collection (tombstones last), the records whose `retainUntil`
 * is past, a page at a time (at most `maxPages` pages per collection; the next pass goes on).
 */
export async function deleteExpiredRecords(
  db: Firestore,
  { now = Date.now(), pageSize = 200, maxPages = 20 }: { now?: number; pageSize?: number; maxPages?: number } = {},
): Promise<RetentionReport> {
  const deleted: Record<string, number> = {};
  for (const collection of COLLECTIONS) {
    let count = 0;
    await forEachPage(
      db.collection(collection).where('retainUntil', '<=', Timestamp.fromMillis(now)).orderBy('retainUntil'),
      async (docs) => {
        const expired = docs.filter((doc) => collection === 'deletedAccounts' || doc.get('deletedAccount') === true);
        if (expired.length === 0) return;
        const batch = db.batch();
        for (const doc of expired) batch.delete(doc.ref);
        await batch.commit();
        count += expired.length;
      },
      { pageSize, maxPages },
    );
    deleted[collection] = count;
  }
  return { deleted };
}
