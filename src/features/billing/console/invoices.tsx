import { useState } from 'react';
import { Link } from 'react-router';
import { InvoiceSummary } from '@/components/invoice-summary';
import { StatusBadge } from '@/components/status-badge';
import { formatIstDateTime } from '@/domain/dates';
import { PAYABLE_STATUSES } from '@/domain/console-status';
import { formatInrWithPaise } from '@/domain/money';
import type { Invoice } from '@/records/invoices';
import { usePagedList } from '@/lib/paged-list';
import { invoicesQuery, type InvoicesView } from './api';
import { AmountRow, FilterInput, FilterSelect, ListPage } from '@/components/console/console-parts';
import { searchKey, searchedRows } from '@/components/console/searched-rows';
import { useConsoleLink, useViewParam } from '@/components/console/console-path';

const VIEWS: Array<[InvoicesView, string]> = [
  ['', 'All'],
  ['overdue', 'Overdue (unpaid past their due date)'],
  ...PAYABLE_STATUSES.map((status): [InvoicesView, string] => [status, status]),
];

/**
 * Every customer's invoices, newest first; or one status; or the overdue ones, oldest due date
 * first; or those a search finds by number, the buyer's PO number or vendor code, or the buyer.
 */
export function InvoicesPage() {
  const [view, setView] = useViewParam(VIEWS, 'view', '');
  const [search, setSearch] = useState('');
  const to = useConsoleLink();
  const key = searchKey(search);
  const list = searchedRows(
    usePagedList(`invoices:${key ? `search:${key}` : view}`, () => invoicesQuery(view, search)),
    search,
  );
  return (
    <ListPage<Invoice>
      title="Invoices"
      above={
        <div className="flex flex-wrap gap-3">
          <FilterSelect label="Show" value={view} onChange={setView} options={VIEWS} className="max-w-sm" />
          <FilterInput
            label="Search invoices"
            value={search}
            onChange={setSearch}
            placeholder="Number, PO number, vendor code or buyer"
          />
        </div>
      }
      list={list}
      emptyText="No invoices match."
      row={(invoice) => (
        <AmountRow
          amount={formatInrWithPaise(invoice.amountPaise)}
          aside={<StatusBadge status={invoice.status} />}
          wide
        >
          <InvoiceSummary invoice={invoice} formatDate={formatIstDateTime} formatAmount={formatInrWithPaise} />
          {(invoice.poNumber || invoice.vendorCode) && (
            <p className="text-sm text-slate-700">
              {[invoice.poNumber && `PO ${invoice.poNumber}`, invoice.vendorCode && `Vendor code ${invoice.vendorCode}`]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
          <Link to={to('customers', invoice.ownerUid)} className="text-sm break-words text-brand-darker underline">
            {invoice.name || 'Customer'}
            {invoice.email ? ` · ${invoice.email}` : ''}
          </Link>
        </AmountRow>
      )}
    />
  );
}
