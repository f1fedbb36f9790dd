import type { ReactNode } from 'react';
import type { PagedList } from '@/lib/paged-list';
import { Button, Spinner } from './button';

interface PagedRowsProps<T extends { id: string }> {
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
 * page read was full. Rows wrap, so the same markup works on a phone.
 */
export function PagedRows<T extends { id: string }>({
  list,
  label,
  emptyText,
  row,
  errorText,
  look = 'cards',
}: PagedRowsProps<T>) {
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
        <ul aria-label={label} className={LOOKS[look].list}>
          {list.items.map((item) => (
            <li key={item.id} className={LOOKS[look].row}>
              {row(item)}
            </li>
          ))}
        </ul>
      )}
      {list.hasMore && list.items.length > 0 && (
        <div className="mt-3 flex justify-center">
          <Button variant="secondary" size="sm" onClick={list.loadMore} disabled={list.isLoadingMore}>
            {list.isLoadingMore && <Spinner />}
            {list.isLoadingMore ? 'Loading...' : 'Show more'}
          </Button>
        </div>
      )}
    </div>
  );
}
