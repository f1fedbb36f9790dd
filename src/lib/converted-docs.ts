import type { QuerySnapshot } from 'firebase/firestore';

/**
 * A query result's documents, converted. One the converter refuses (a malformed document) is left
 * out and logged, so one bad document never takes the whole list down with it.
 */
export function convertedDocs<T>(snapshot: Pick<QuerySnapshot<T>, 'docs'>): T[] {
  const items: T[] = [];
  for (const item of snapshot.docs) {
    try {
      items.push(item.data());
    } catch (error) {
      console.warn(`Skipped a malformed document (${item.ref.path}):`, error);
    }
  }
  return items;
}
