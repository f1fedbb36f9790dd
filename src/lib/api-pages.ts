import { useCallback, useEffect, useState } from 'react';
import type { PagedList } from './paged-list';

/** One page an API answers: its rows and the cursor of the next page (null: none). */
export interface ApiPage<T> {
  items: T[];
  next: string | null;
}

interface State<T> {
  key: string | null;
  status: 'loading' | 'ready' | 'error';
  items: T[];
  next: string | null;
  error: Error | undefined;
  isLoadingMore: boolean;
}

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * A list the API serves page by page with a cursor (`?after=`), never whole: the first page when
 * `key` (the list and its filters) changes, 'Show more' the page after the last cursor. The same
 * shape as usePagedList's, for PagedRows; `replace` swaps in a row an action changed, and `reload`
 * reads the first page again. A late answer for an older key is dropped.
 */
export function useApiPages<T extends { id: string }>(
  key: string | null,
  load: (after: string | null) => Promise<ApiPage<T>>,
): PagedList<T> & { replace: (item: T) => void; reload: () => void } {
  const [state, setState] = useState<State<T>>({
    key: null,
    status: 'loading',
    items: [],
    next: null,
    error: undefined,
    isLoadingMore: false,
  });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (key === null) return;
    let isCurrent = true;
    setState({ key, status: 'loading', items: [], next: null, error: undefined, isLoadingMore: false });
    load(null).then(
      (page) => isCurrent && setState((previous) => ({ ...previous, status: 'ready', ...page })),
      (error: unknown) =>
        isCurrent && setState((previous) => ({ ...previous, status: 'error', error: toError(error) })),
    );
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);

  const loadMore = useCallback(() => {
    if (!state.next || state.isLoadingMore) return;
    const pageKey = state.key;
    setState((previous) => ({ ...previous, isLoadingMore: true }));
    load(state.next).then(
      (page) =>
        setState((previous) => {
          if (previous.key !== pageKey) return previous;
          const seen = new Set(previous.items.map((item) => item.id));
          return {
            ...previous,
            items: [...previous.items, ...page.items.filter((item) => !seen.has(item.id))],
            next: page.next,
            isLoadingMore: false,
          };
        }),
      (error: unknown) =>
        setState((previous) =>
          previous.key === pageKey ? { ...previous, isLoadingMore: false, error: toError(error) } : previous,
        ),
    );
  }, [load, state.isLoadingMore, state.key, state.next]);

  const current = state.key === key;
  return {
    status: current ? state.status : 'loading',
    items: current ? state.items : [],
    error: current ? state.error : undefined,
    hasMore: current && state.next !== null,
    isLoadingMore: current && state.isLoadingMore,
    loadMore,
    replace: (item: T) =>
      setState((previous) => ({
        ...previous,
        items: previous.items.map((existing) => (existing.id === item.id ? item : existing)),
      })),
    reload: () => setRound((value) => value + 1),
  };
}
