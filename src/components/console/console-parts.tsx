import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FormMessage } from '@/components/form-field';
import { PagedRows, type PagedRowsProps } from '@/components/paged-rows';
import { useSubscription, type Subscribe, type SubscriptionState } from '@/lib/use-subscription';

/** A console page: its heading (the page's h1), an optional action row, then its content. */
export function ConsolePage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="console-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* A title may be what someone typed (a support request's subject): it wraps, whatever it holds. */}
        <h1 id="console-title" className="min-w-0 text-2xl font-bold wraps-anywhere text-slate-900">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

/**
 * A page about one live record (an enquiry, a quote, a customer): 'Loading...' first, then
 * `children` given the record, or `missing` when there is none (or it could not be read).
 */
export function LiveRecord<T>({
  name,
  subscribe,
  missing,
  children,
}: {
  /** Names the subscription: 'enquiry:{id}'. */
  name: string;
  subscribe: Subscribe<T | null>;
  missing: ReactNode;
  children: (record: T) => ReactNode;
}) {
  const record = useSubscription<T | null>(name, subscribe);
  if (record.status === 'loading') return <p className="text-slate-600">Loading...</p>;
  return record.data ? children(record.data) : missing;
}

/** A page's one line when there is nothing to show: its heading and why. */
export function MissingPage({ title, text }: { title: string; text: string }) {
  return (
    <ConsolePage title={title}>
      <p role="alert">{text}</p>
    </ConsolePage>
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

/**
 * A panel of figures loaded once: `loading` while they load, `failed` as an alert if they could
 * not be, then what `children` makes of them.
 */
export function LoadedPanel<T>({
  id,
  title,
  state,
  loading,
  failed,
  children,
}: {
  id: string;
  title: string;
  state: SubscriptionState<T>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Panel id={id} title={title}>
      <div className="space-y-3">
        {state.status === 'ready' ? (
          children(state.data)
        ) : state.status === 'error' ? (
          <p role="alert">{failed}</p>
        ) : (
          <p className="text-slate-600">{loading}</p>
        )}
      </div>
    </Panel>
  );
}

/** A form's or a row's message on a line of its own (`className` places it: 'w-full', 'mt-3'). */
export function MessageLine({
  text,
  tone = 'error',
  className,
}: {
  text: string | null | undefined;
  tone?: 'error' | 'success';
  className: string;
}) {
  if (!text) return null;
  return (
    <div className={className}>
      <FormMessage tone={tone}>{text}</FormMessage>
    </div>
  );
}

/**
 * A console list page: its heading, what stands above the list (filters, a note), then the list's
 * rows, which the title names unless `label` does.
 */
export function ListPage<T extends { id: string }>({
  title,
  above,
  label = title,
  ...rows
}: { title: string; above?: ReactNode; label?: string } & Omit<PagedRowsProps<T>, 'label'>) {
  return (
    <ConsolePage title={title}>
      {above}
      <PagedRows<T> label={label} {...rows} />
    </ConsolePage>
  );
}

/** A panel that is one paged list: its title names the list too. */
export function ListPanel<T extends { id: string }>({
  id,
  title,
  emptyText = `No ${title.toLowerCase()}.`,
  ...list
}: { id: string; title: string; emptyText?: string } & Omit<PagedRowsProps<T>, 'label' | 'emptyText'>) {
  return (
    <Panel id={id} title={title}>
      <PagedRows<T> label={title} emptyText={emptyText} {...list} />
    </Panel>
  );
}

/**
 * A list row's two sides: what it is (left), then its amount and its status or actions (right),
 * the same in every list of the console. `wide` gives the left side a little more room.
 */
export function AmountRow({
  amount,
  aside,
  wide = false,
  children,
}: {
  amount: string;
  aside: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <div className={wide ? 'min-w-0 flex-1 basis-64' : 'min-w-0 flex-1 basis-60'}>{children}</div>
      <div className="flex items-center gap-2">
        <span className="font-semibold">{amount}</span>
        {aside}
      </div>
    </>
  );
}

/** A filter's options: 'All' (the empty value), then each value as its own text. */
export const allOr = (values: readonly string[]): Array<[value: string, text: string]> => [
  ['', 'All'],
  ...values.map((value): [string, string] => [value, value]),
];

/** A list row's title, linking to its page. */
export function TitleLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brand-darker underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}

/** A compact select for a filter bar; `className` sizes it ('max-w-xs'). */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  className = '',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<[value: string, text: string]>;
  className?: string;
}) {
  return (
    <label className={`flex flex-col text-sm font-medium text-slate-800 ${className}`.trimEnd()}>
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:outline-2 focus:outline-brand-darker"
      >
        <Options options={options} />
      </select>
    </label>
  );
}

/** A select's options, each a value and its text. */
export function Options({ options }: { options: Array<[value: string, text: string]> }) {
  return options.map(([value, text]) => (
    <option key={value} value={value}>
      {text}
    </option>
  ));
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
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Copies an id to the clipboard, and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={state === 'copied' ? `${label}: copied` : label}
      className="rounded border border-slate-300 px-1.5 py-0.5 text-xs text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-darker"
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
    </button>
  );
}

/**
 * A Today page card: a feature's counts (loaded once) as one line, linking to its view; '…' while
 * they load and '—' if they could not be read.
 */
export function TodayCard<T>({
  to,
  title,
  testId,
  counts,
  text,
  linkText,
}: {
  to: string;
  title: string;
  testId: string;
  counts: { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; data: T };
  text: (data: T) => string;
  linkText: string;
}) {
  return (
    <Link to={to} className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <span className="block text-sm font-semibold text-slate-700">{title}</span>
      <span className="mt-1 block text-slate-900" data-testid={testId}>
        {counts.status === 'ready' ? text(counts.data) : counts.status === 'error' ? '—' : '…'}
      </span>
      <span className="mt-1 block text-sm text-brand-darker underline">{linkText}</span>
    </Link>
  );
}
