import { Link } from 'react-router';
import { StatusBadge } from '@/components/status-badge';
import { formatIstDateTime } from '@/domain/dates';
import { formatInrWithPaise } from '@/domain/money';
import type { TaxDocumentItem } from '@/records/tax-documents';
import { usePagedList } from '@/lib/paged-list';
import { AccountantPackPanel } from './accountant-pack';
import { documentsQuery } from './api';
import { DownloadButton, titleOf } from './download-button';
import { AmountRow, ListPage } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';


/** Tax invoices, receipts, credit notes and proformas, newest first (numbered by the API's worker). */
export function DocumentsPage() {
  const to = useConsoleLink();
  const list = usePagedList('documents', documentsQuery);
  return (
    <ListPage<TaxDocumentItem>
      title="Documents"
      above={<AccountantPackPanel />}
      list={list}
      emptyText="No documents yet."
      row={(item) => (
        <AmountRow
          amount={formatInrWithPaise(item.amountPaise)}
          aside={
            <>
              <StatusBadge status={item.status === 'issued' ? 'Issued' : 'Pending'} />
              {item.status === 'issued' && <DownloadButton item={item} />}
            </>
          }
        >
          <p className="font-semibold">
            {titleOf(item)} {item.number || '(being numbered)'}
          </p>
          <p className="text-sm break-words text-slate-800">
            <Link to={to('customers', item.uid)} className="text-brand-darker underline">
              {item.customerName || 'Customer'}
            </Link>
            {item.forLabel ? ` · ${item.forLabel}` : ''}
          </p>
          <p className="text-sm text-slate-600">
            {item.issueDate ? `Dated ${item.issueDate} · ` : ''}
            {formatIstDateTime(item.createdAt)}
          </p>
        </AmountRow>
      )}
    />
  );
}
