import { Link } from 'react-router';
import { InvoiceSummary } from '@/components/invoice-summary';
import { StatusBadge } from '@/components/status-badge';
import { formatIstDateTime } from '@/domain/dates';
import { PAYABLE_STATUSES } from '@/domain/console-status';
import { formatInrWithPaise } from '@/domain/money';
import type { Invoice } from '../data';
import { usePagedList } from '@/lib/paged-list';
import { invoicesQuery, type InvoicesView } from './api';
import { AmountRow, FilterSelect, ListPage } from '@/components/console/console-parts';
import { useConsoleLink, useViewParam } from '@/components/console/console-path';

const VIEWS: Array<[InvoicesView, string]> = [
  ['', 'All'],
  ['overdue', 'Overdue (unpaid past their due date)'],
  ...PAYABLE_STATUSES.map((status): [InvoicesView, string] => [status, status]),
];

/** Every customer's invoices, newest first; or one status; or the overdue ones, oldest due date first. */
export function InvoicesPage() {
  const [view, setView] = useViewParam(VIEWS, 'view', '');
  const to = useConsoleLink();
  const list = usePagedList(`invoices:${view}`, () => invoicesQuery(view));
  return (
    <ListPage<Invoice>
      title="Invoices"
      above={<FilterSelect label="Show" value={view} onChange={setView} options={VIEWS} className="max-w-sm" />}
      list={list}
      emptyText="No invoices match."
      row={(invoice) => (
        <AmountRow
          amount={formatInrWithPaise(invoice.amountPaise)}
          aside={<StatusBadge status={invoice.status} />}
          wide
        >
          <InvoiceSummary invoice={invoice} formatDate={formatIstDateTime} formatAmount={formatInrWithPaise} />
          <Link to={to('customers', invoice.ownerUid)} className="text-sm break-words text-brand-darker underline">
            {invoice.name || 'Customer'}
            {invoice.email ? ` · ${invoice.email}` : ''}
          </Link>
        </AmountRow>
      )}
    />
  );
}
