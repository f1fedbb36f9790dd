import { Link, useSearchParams } from 'react-router-dom';
import { InvoiceSummary } from '@/components/invoice-summary';
import { PagedRows } from '@/components/paged-rows';
import { StatusBadge } from '@/components/status-badge';
import { formatIstDateTime } from '@/domain/dates';
import { PAYABLE_STATUSES } from '@/domain/console-status';
import { formatInrWithPaise } from '@/domain/money';
import type { Invoice } from '@/lib/firestore';
import { usePagedList } from '@/lib/paged-list';
import { invoicesQuery, type InvoicesView } from './api';
import { AmountRow, ConsolePage, FilterSelect } from './console-parts';
import { useConsoleLink } from './console-path';

const VIEWS: Array<[InvoicesView, string]> = [
  ['', 'All'],
  ['overdue', 'Overdue (unpaid past their due date)'],
  ...PAYABLE_STATUSES.map((status): [InvoicesView, string] => [status, status]),
];

/** Every customer's invoices, newest first; or one status; or the overdue ones, oldest due date first. */
export function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const view = (VIEWS.find(([value]) => value === params.get('view'))?.[0] ?? '') as InvoicesView;
  const to = useConsoleLink();
  const list = usePagedList(`invoices:${view}`, () => invoicesQuery(view));
  return (
    <ConsolePage title="Invoices">
      <div className="max-w-sm">
        <FilterSelect
          label="Show"
          value={view}
          onChange={(value) => setParams(value ? { view: value } : {}, { replace: true })}
          options={VIEWS}
        />
      </div>
      <PagedRows<Invoice>
        list={list}
        label="Invoices"
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
    </ConsolePage>
  );
}
