import type { ReactNode } from 'react';
import { Button, Spinner } from '@/components/button';
import type { PagedList } from '@/lib/paged-list';

/** A console page: its heading (the page's h1), an optional action row, then its content. */
export function ConsolePage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="console-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="console-title" className="text-2xl font-bold text-slate-900">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A labelled card of a page (a customer's orders, a payment's details). */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

interface PagedRowsProps<T extends { id: string }> {
  list: PagedList<T>;
  /** Names the list for screen readers ('Enquiries'). */
  label: string;
  emptyText: string;
  row: (item: T) => ReactNode;
}

/**
 * The rows of a paged list with its states, and 'Show more' while the last page read was full.
 * Rows are cards that wrap, so the same markup works on a phone.
 */
export function PagedRows<T extends { id: string }>({ list, label, emptyText, row }: PagedRowsProps<T>) {
  if (list.status === 'loading') return <p className="text-slate-600">Loading...</p>;
  if (list.status === 'error') {
    return (
      <p role="alert" className="text-red-700">
        Could not load this list: {list.error?.message ?? 'unknown error'}
      </p>
    );
  }
  return (
    <div aria-live="polite">
      {list.items.length === 0 ? (
        <p className="text-slate-600">{emptyText}</p>
      ) : (
        <ul aria-label={label} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {list.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 p-3 sm:p-4">
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

/** A compact select for a filter bar. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<[value: string, text: string]>;
}) {
  return (
    <label className="flex flex-col text-sm font-medium text-slate-800">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:outline-2 focus:outline-brand-darker"
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A compact text or date input for a filter bar. */
export function FilterInput({
  label,
  value,
  onChange,
  type = 'search',
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'search' | 'date';
  placeholder?: string;
}) {
  return (
    <label className="flex min-w-0 flex-col text-sm font-medium text-slate-800">
      {label}
      <input
        type={type}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 h-10 min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:outline-2 focus:outline-brand-darker"
      />
    </label>
  );
}

/** A row's small print: label-value pairs. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="min-w-0 break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
