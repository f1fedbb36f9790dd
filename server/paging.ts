import type { Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';

export interface PageOptions {
  /** Documents per read. */
  pageSize: number;
  /** Pages at most (bounds one pass of a job; the next pass goes on); unbounded by default. */
  maxPages?: number;
}

/**
 * Visits every document a query matches, one page at a time with a cursor (startAfter the last
 * document read), so no read ever takes a whole collection and a job's pass is bounded. The query
 * must have an orderBy; documents that leave it while it is read (issued, claimed) do not shift
 * the cursor. Resolves with the number of documents visited.
 */
export async function forEachPage<T>(
  query: Query<T>,
  visit: (docs: Array<QueryDocumentSnapshot<T>>) => Promise<void>,
  { pageSize, maxPages = Number.POSITIVE_INFINITY }: PageOptions,
): Promise<number> {
  let visited = 0;
  let last: QueryDocumentSnapshot<T> | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const read = await (last ? query.startAfter(last) : query).limit(pageSize).get();
    if (read.empty) break;
    await visit(read.docs);
    visited += read.size;
    if (read.size < pageSize) break;
    last = read.docs[read.size - 1];
  }
  return visited;
}

/**
 * A job's pass over a query, one document at a time (see forEachPage): counts each document in
 * `report.checked`, and each whose `visit` throws in `report.failed` after `onError` (one bad
 * document must not stop the pass; the next pass tries it again).
 */
export async function forEachDoc<T>(
  query: Query<T>,
  page: PageOptions,
  {
    report,
    visit,
    onError,
  }: {
    report: { checked: number; failed: number };
    visit: (doc: QueryDocumentSnapshot<T>) => Promise<void>;
    onError: (error: unknown, doc: QueryDocumentSnapshot<T>) => void;
  },
): Promise<void> {
  await forEachPage(
    query,
    async (docs) => {
      for (const doc of docs) {
        report.checked += 1;
        try {
          await visit(doc);
        } catch (error) {
          report.failed += 1;
          onError(error, doc);
        }
      }
    },
    page,
  );
}
