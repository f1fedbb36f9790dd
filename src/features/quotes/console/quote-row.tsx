import { Link } from 'react-router';
import { StatusBadge } from '@/components/status-badge';
import { AmountRow } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { formatDay, formatIstDateTime } from '@/domain/dates';
import { formatInr } from '@/domain/money';
import { quoteStatusOf } from '@/domain/quotes';
import type { QuoteRecord } from '../data';

/** One quote in a list: the quotes page's and a customer's or enquiry's panel (its own file, so the panel does not pull in the page). */
export function QuoteRow({ quote }: { quote: QuoteRecord }) {
  const to = useConsoleLink();
  return (
    <AmountRow
      amount={formatInr(quote.totalPaise)}
      aside={<StatusBadge status={quoteStatusOf(quote.status, quote.validUntil)} />}
      wide
    >
      <Link to={to('quotes', quote.id)} className="font-semibold text-brand-darker underline">
        {quote.number} · version {quote.version}
      </Link>
      <p className="text-sm break-words text-slate-800">{quote.description}</p>
      <p className="text-sm text-slate-600">
        {quote.customerName || quote.customerEmail || 'Customer'} · valid until {formatDay(quote.validUntil)} · made{' '}
        {formatIstDateTime(quote.createdAt)}
      </p>
    </AmountRow>
  );
}
