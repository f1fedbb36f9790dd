import { StatusBadge } from '@/components/status-badge';
import { formatDateTime } from '@/domain/dates';
import { formatInr } from '@/domain/money';
import { lastDayKept } from '@/domain/retention';
import { DOCUMENT_TITLES, type DocumentKind } from '@/domain/tax-document';
import { usePagedList } from '@/lib/paged-list';
import type { TaxDocumentItem } from '@/records/tax-documents';
import { customerPaymentsQuery, type PaymentRecord } from '@/features/billing';
import { subscribeToDeletedAccount, type DeletedAccount } from '@/features/customers';
import { customerDocumentsQuery, DownloadButton } from '@/features/documents';
import {
  AmountRow,
  ConsolePage,
  Facts,
  ListPanel,
  LiveRecord,
  MissingPage,
  Panel,
} from '@/components/console/console-parts';

/**
 * A customer with no profile: one who deleted their account (what the law keeps of it: their tax
 * documents and payments, as issued), or a uid that never had one. It shows customers, billing and
 * documents, so the console shell composes it (for the customer page).
 */
export function DeletedCustomer({ uid }: { uid: string }) {
  return (
    <LiveRecord<DeletedAccount>
      name={`deleted-account:${uid}`}
      subscribe={(onData, onError) => subscribeToDeletedAccount(uid, onData, onError)}
      missing={<MissingPage title="Customer" text="This customer has no profile." />}
    >
      {(account) => <DeletedAccountDetails account={account} />}
    </LiveRecord>
  );
}

function DeletedAccountDetails({ account }: { account: DeletedAccount }) {
  const { uid, kept } = account;
  const documents = usePagedList(`customer-documents:${uid}`, () => customerDocumentsQuery(uid));
  const payments = usePagedList(`customer-payments:${uid}`, () => customerPaymentsQuery(uid));
  return (
    <ConsolePage title="Deleted account">
      <Panel id="deleted-account" title="Account">
        <p className="mb-3 text-sm text-slate-700">
          This customer deleted their account: their profile, cart, orders, invoices, queries, enquiries and login are
          gone. The law keeps their tax documents and payment records (below, as issued) until the period ends; then
          they are deleted too.
        </p>
        <Facts
          items={[
            ['Customer id', uid],
            ['Deleted', formatDateTime(account.deletedAt)],
            ['Kept', `${kept.documents} documents, ${kept.payments} payments, ${kept.refunds} refunds`],
            ['Kept until', account.retainUntil ? lastDayKept(account.retainUntil) : '—'],
          ]}
        />
      </Panel>
      <ListPanel<TaxDocumentItem>
        id="deleted-account-documents"
        title="Tax documents"
        list={documents}
        emptyText="No documents."
        row={documentRow}
      />
      <ListPanel<PaymentRecord> id="deleted-account-payments" title="Payments" list={payments} row={paymentRow} />
    </ConsolePage>
  );
}

/** A kept tax document, as issued: downloadable while it stands. */
function documentRow(item: TaxDocumentItem) {
  return (
    <AmountRow amount={formatInr(item.amountPaise)} aside={item.status === 'issued' && <DownloadButton item={item} />}>
      <p className="font-semibold">
        {DOCUMENT_TITLES[item.kind as DocumentKind] ?? 'Document'} {item.number || '(being numbered)'}
      </p>
      <p className="text-sm break-words text-slate-600">
        {item.customerName ? `${item.customerName} · ` : ''}
        {formatDateTime(item.createdAt)} · payment {item.paymentId}
      </p>
    </AmountRow>
  );
}

/** A kept payment record. */
function paymentRow(payment: PaymentRecord) {
  return (
    <AmountRow amount={formatInr(payment.amountPaise)} aside={<StatusBadge status={payment.status} />}>
      <p className="font-semibold break-words">{payment.id}</p>
      <p className="text-sm text-slate-600">
        {formatDateTime(payment.createdAt)} · {payment.source}
      </p>
    </AmountRow>
  );
}
