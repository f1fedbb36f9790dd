import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import {
  getDocs,
  limit,
  onSnapshot,
  query,
  startAfter,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { convertedDocs } from './converted-docs';
import { useSubscription } from './use-subscription';

/** Rows per page of every paged list (console, profile). */
export const PAGE_SIZE = 20;

export interface PagedList<T> {
  status: 'loading' | 'ready' | 'error';
  /** The first page (live) followed by every page loaded with 'Show more'. */
  items: T[];
  error: Error | undefined;
  /** Whether 'Show more' may find more rows (the last page read was full). */
  hasMore: boolean;
  isLoadingMore: boolean;
  /** Loads the next page after the last row shown, by cursor. */
  loadMore: () => void;
}

/** One page of rows, the cursor after it, and whether it was full (so more may follow). */
export interface Page<T> {
  items: T[];
  last: QueryDocumentSnapshot<T> | undefined;
  isFull: boolean;
}

// A malformed document is left out of the rows (convertedDocs) but still moves the cursor.
const pageOf = <T>(docs: Array<QueryDocumentSnapshot<T>>, pageSize: number): Page<T> => ({
  items: convertedDocs({ docs }),
  last: docs[docs.length - 1],
  isFull: docs.length >= pageSize,
});

/** The first page of an ordered query, live: `onData` gets it again on every change. Returns the unsubscribe. */
export function listenToFirstPage<T>(
  source: Query<T>,
  pageSize: number,
  onData: (page: Page<T>) => void,
  onError: (error: Error) => void,
) {
  return onSnapshot(query(source, limit(pageSize)), (snapshot) => onData(pageOf(snapshot.docs, pageSize)), onError);
}

/** The page after `cursor` (the last row shown), read once with `startAfter`: never an offset. */
export async function loadPageAfter<T>(
  source: Query<T>,
  cursor: QueryDocumentSnapshot<T>,
  pageSize: number,
): Promise<Page<T>> {
  return pageOf((await getDocs(query(source, startAfter(cursor), limit(pageSize)))).docs, pageSize);
}

interface MorePages<T> {
  key: string | null;
  items: T[];
  last: QueryDocumentSnapshot<T> | undefined;
  isFull: boolean;
  error?: Error;
}

/**
 * A list read page by page, never whole: the first page is live (a listener on `source` limited
 * to `pageSize`, so a status the server changes shows at once), and 'Show more' reads the next
 * page with `startAfter` the last row shown (one-shot reads; never an offset). `source` must be
 * ordered (orderBy) so the cursor is stable. `key` names the list and its filters: a new key
 * starts again from the first page. Rows are de-duplicated by id (a row that moves from the live
 * first page into a loaded page shows once).
 */
export function usePagedList<T extends { id: string }>(
  key: string | null,
  source: () => Query<T>,
  pageSize = PAGE_SIZE,
): PagedList<T> {
  const latest = useRef(source);
  useLayoutEffect(() => {
    latest.current = source;
  });
  const first = useSubscription<Page<T>>(key, (onData, onError) =>
    listenToFirstPage(latest.current(), pageSize, onData, onError),
  );
  const [more, setMore] = useState<MorePages<T>>({ key: null, items: [], last: undefined, isFull: true });
  const [loadingKey, setLoadingKey] = useState<string | null>(null);
  const current = more.key === key ? more : { key, items: [], last: undefined, isFull: true };

  const cursor = current.last ?? first.data?.last;
  const loadMore = useCallback(() => {
    if (!cursor || loadingKey === key) return;
    setLoadingKey(key);
    loadPageAfter(latest.current(), cursor, pageSize)
      .then((page) =>
        setMore((previous) => {
          const base = previous.key === key ? previous : { key, items: [], last: undefined, isFull: true };
          return {
            key,
            items: [...base.items, ...page.items],
            last: page.last ?? base.last ?? cursor,
            isFull: page.isFull,
          };
        }),
      )
      .catch((error: unknown) =>
        setMore((previous) => ({ ...previous, key, error: error instanceof Error ? error : new Error(String(error)) })),
      )
      .finally(() => setLoadingKey(null));
  }, [cursor, key, loadingKey, pageSize]);

  const seen = new Set<string>();
  const items = [...(first.data?.items ?? []), ...current.items].filter((item) =>
    seen.has(item.id) ? false : (seen.add(item.id), true),
  );
  const error = first.error ?? current.error;
  return {
    status: error ? 'error' : first.status,
    items: first.status === 'error' ? [] : items,
    error,
    hasMore: Boolean(first.data?.isFull) && current.isFull,
    isLoadingMore: loadingKey === key,
    loadMore,
  };
}
