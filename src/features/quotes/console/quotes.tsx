import { formatInr } from '@/domain/money';
import { QUOTE_STATUSES, type QuoteStatus } from '@/domain/quotes';
import type { QuoteRecord } from '../data';
import { usePagedList } from '@/lib/paged-list';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import { quotesQuery, quoteTotals, type QuotesView } from './api';
import { QuoteRow } from './quote-row';
import { FilterSelect, ListPage } from '@/components/console/console-parts';
import { useViewParam } from '@/components/console/console-path';

const VIEWS: Array<[QuotesView, string]> = [
  ['', 'All'],
  ...QUOTE_STATUSES.map((status): [QuotesView, string] => [status, status]),
];

/** One row of a quotes list: number and version, customer, what it is for, total and where it stands. */
/** A view's count and totals, as the database adds them up. */
function Totals({ view }: { view: QuotesView }) {
  const totals = useSubscription(
    `quote-totals:${view}`,
    loadOnce(() => quoteTotals(view)),
  );
  if (totals.status !== 'ready') {
    return (
      <p className="text-sm text-slate-600">
        {totals.status === 'error' ? 'Could not add up the quotes.' : 'Adding up...'}
      </p>
    );
  }
  const { count, totalPaise, paidPaise } = totals.data;
  return (
    <p className="text-sm text-slate-800" data-testid="quote-totals">
      <strong>{count}</strong> {count === 1 ? 'quote' : 'quotes'} worth <strong>{formatInr(totalPaise)}</strong>
      {paidPaise > 0 && <> · {formatInr(paidPaise)} paid so far</>}
    </p>
  );
}

/**
 * The quotes, by status, with how many and how much each status holds: drafts, sent (open until
 * their date, the soonest to lapse first), accepted, declined, expired and withdrawn.
 */
export function QuotesPage() {
  const [view, setView] = useViewParam(VIEWS, 'status', '');
  const list = usePagedList(`quotes:${view}`, () => quotesQuery(view));
  return (
    <ListPage<QuoteRecord>
      title="Quotes"
      above={
        <>
          <div className="flex flex-wrap items-end gap-4">
            <FilterSelect label="Status" value={view} onChange={setView} options={VIEWS} className="w-64" />
            <Totals key={view} view={view} />
          </div>
          <p className="text-sm text-slate-700">
            A quote is made from an enquiry (its page: Make a quote) or from a customer&apos;s page.
          </p>
        </>
      }
      list={list}
      emptyText={view ? `No ${(view as QuoteStatus).toLowerCase()} quotes.` : 'No quotes yet.'}
      row={(quote) => <QuoteRow quote={quote} />}
    />
  );
}
