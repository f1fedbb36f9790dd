import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PagedList } from '@/lib/paged-list';
import { Button, Spinner } from './button';

export interface PagedRowsProps<T extends { id: string }> {
  list: PagedList<T>;
  /** Names the list for screen readers ('Enquiries'). */
  label: string;
  emptyText: string;
  row: (item: T) => ReactNode;
  /** What a failed read says; by default the error's own text (staff want the cause). */
  errorText?: string;
  /** 'cards' (the console: bordered rows) or 'plain' (rows inside a card of their own). */
  look?: 'cards' | 'plain';
}

const LOOKS = {
  cards: {
    list: 'divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white',
    row: 'flex flex-wrap items-start justify-between gap-x-4 gap-y-2 p-3 sm:p-4',
  },
  plain: {
    list: 'divide-y divide-slate-200',
    row: 'flex flex-wrap items-center justify-between gap-3 py-3 [content-visibility:auto] [contain-intrinsic-size:auto_4rem]',
  },
};

/**
 * The rows of a paged list (lib/paged-list.ts) with its states, and 'Show more' while the last
 * page read was full. Rows wrap, so the same markup works on a phone. After 'Show more', focus
 * moves to the first row it added (the button may be gone: the list ended), so keyboard and
 * screen-reader users carry on reading where the new rows start.
 */
export function PagedRows<T extends { id: string }>({
  list,
  label,
  emptyText,
  row,
  errorText,
  look = 'cards',
}: PagedRowsProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const count = list.items.length;

  useEffect(() => {
    if (focusFrom === null || list.isLoadingMore) return;
    const rows = listRef.current?.children;
    // The first new row; none came: the last row, unless the button is still there to keep focus.
    const target = count > focusFrom ? rows?.[focusFrom] : list.hasMore ? null : rows?.[count - 1];
    (target as HTMLElement | null | undefined)?.focus();
    setFocusFrom(null);
  }, [focusFrom, count, list.isLoadingMore, list.hasMore]);

  if (list.status === 'loading') return <p className="text-slate-600">Loading...</p>;
  if (list.status === 'error') {
    return (
      <p role="alert" className="text-red-700">
        {errorText ?? `Could not load this list: ${list.error?.message ?? 'unknown error'}`}
      </p>
    );
  }
  return (
    <div aria-live="polite">
      {list.items.length === 0 ? (
        <p className="text-slate-600">{emptyText}</p>
      ) : (
        <ul ref={listRef} aria-label={label} className={LOOKS[look].list}>
          {list.items.map((item) => (
            <li key={item.id} tabIndex={-1} className={`${LOOKS[look].row} focus:outline-2 focus:outline-brand-darker`}>
              {row(item)}
            </li>
          ))}
        </ul>
      )}
      {list.hasMore && list.items.length > 0 && (
        <div className="mt-3 flex justify-center">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setFocusFrom(count);
              list.loadMore();
            }}
            disabled={list.isLoadingMore}
          >
            {list.isLoadingMore && <Spinner />}
            {list.isLoadingMore ? 'Loading...' : 'Show more'}
          </Button>
        </div>
      )}
    </div>
  );
}
