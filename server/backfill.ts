import {
  FieldPath,
  FieldValue,
  type DocumentData,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
  type UpdateData,
} from 'firebase-admin/firestore';
import { forEachPage } from './paging';

// What the one-off migrations (`npm run backfill`, each area's `backfill.ts`) share: a scan that
// updates a collection page by page, and the search tokens' write.

/** Documents per page: one batch each. */
export const PAGE = { pageSize: 300 };

export const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored document's string fields (what search tokens are made of). */
export const textFields = (data: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [key, text(value)]));

/** The write that gives a document its search tokens and drops the old copies; null when it has both already. */
export function searchUpdate(data: Record<string, unknown>, tokens: string[], { keepEmailLower = false } = {}) {
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
export async function updateEach(
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
