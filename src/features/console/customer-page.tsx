import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { InvoiceSummary } from '@/components/invoice-summary';
import { StatusBadge } from '@/components/status-badge';
import { formatIstDateTime } from '@/domain/dates';
import { formatInrWithPaise } from '@/domain/money';
import { isOpenStatus, STATUS } from '@/domain/status';
import { PAYMENT_STATUS_LABELS } from '@/domain/console-status';
import { usePagedList } from '@/lib/paged-list';
import { invoicesNewestFirst, type Invoice } from '@/records/invoices';
import { ordersNewestFirst, type Order } from '@/records/orders';
import { queriesNewestFirst, type CustomerQuery } from '@/records/queries';
import { subscribeToCustomer, type Profile } from '@/records/users';
import {
  cancelInvoice,
  customerPaymentsQuery,
  issueProforma,
  previewProforma,
  IssueProformaForm,
  OfflinePayment,
  OrderRow,
  PaymentSummary,
  type PaymentRecord,
} from '@/features/billing';
import { BillingDetailsPanel } from '@/features/customers';
import {
  AmountRow,
  ConsolePage,
  Facts,
  ListPanel,
  LiveRecord,
  MessageLine,
  Panel,
} from '@/components/console/console-parts';
import { customerLabel } from '@/domain/customers';
import { DeletedCustomer } from './deleted-customer';
import { QuotesPanel } from '@/features/quotes';
import { StatementPanel } from '@/features/statements';
import { CompanySection } from '@/features/companies';
import { useAction } from '@/lib/use-action';
import { useConsoleLink } from '@/components/console/console-path';

/**
 * One customer: profile, billing details (view, correct), their company (members, invitations,
 * audit trail), orders, invoices (issue, cancel, record a payment), queries and payments. It shows
 * six areas (customers, companies, billing, quotes, statements, documents), so the console shell composes it.
 */
export function CustomerPage() {
  const { uid = '' } = useParams();
  return (
    <LiveRecord<Profile>
      name={`customer:${uid}`}
      subscribe={(onData, onError) => subscribeToCustomer(uid, onData, onError)}
      // No profile: a deleted account (what the law keeps of it), or no customer at all.
      missing={<DeletedCustomer uid={uid} />}
    >
      {(profile) => <CustomerDetails profile={profile} />}
    </LiveRecord>
  );
}

function CustomerDetails({ profile }: { profile: Profile }) {
  const { uid } = profile;
  const to = useConsoleLink();
  const invoices = usePagedList(`customer-invoices:${uid}`, () => invoicesNewestFirst(uid));
  const orders = usePagedList(`customer-orders:${uid}`, () => ordersNewestFirst(uid));
  const queries = usePagedList(`customer-queries:${uid}`, () => queriesNewestFirst(uid));
  const payments = usePagedList(`customer-payments:${uid}`, () => customerPaymentsQuery(uid));
  return (
    <ConsolePage title={profile.name || 'Customer'}>
      <Panel id="customer-profile" title="Profile">
        <Facts
          items={[
            ['Email', profile.email || '—'],
            ['Phone', profile.phone || '—'],
            [
              'Account',
              profile.isLead
                ? 'No account yet (billed from an enquiry; it becomes theirs when they sign up with this email)'
                : profile.isAnonymous
                  ? 'Guest'
                  : 'Registered',
            ],
            ['Since', formatIstDateTime(profile.createdAt)],
          ]}
        />
      </Panel>
      <Panel id="customer-billing" title="Billing details">
        <BillingDetailsPanel profile={profile} />
      </Panel>
      <StatementPanel companyId={uid} />
      <CompanySection companyId={uid} isLead={profile.isLead === true} />
      <QuotesPanel customerUid={uid} />
      <Panel id="customer-projects" title="Projects">
        <p className="text-sm text-slate-700">
          Projects open by themselves when a quote is accepted or a plan is paid for; open one by hand for other work.
        </p>
        <Link
          to={`${to('projects')}?customer=${encodeURIComponent(uid)}`}
          className={buttonClasses('secondary', 'sm', 'mt-2')}
        >
          Open a project
        </Link>
      </Panel>
      <Panel id="customer-issue-invoice" title="Issue an invoice">
        <IssueProformaForm
          onPreview={(fields) => previewProforma({ ...fields, uid })}
          onIssue={(fields) => issueProforma({ ...fields, uid })}
        />
      </Panel>
      <ListPanel<Invoice>
        id="customer-invoices"
        title="Invoices"
        list={invoices}
        row={(invoice) => <InvoiceRow invoice={invoice} uid={uid} customerName={customerLabel(profile)} />}
      />
      <ListPanel<Order> id="customer-orders" title="Orders" list={orders} row={(order) => <OrderRow order={order} />} />
      <ListPanel<CustomerQuery> id="customer-queries" title="Queries" list={queries} row={queryRow} />
      <ListPanel<PaymentRecord> id="customer-payments" title="Payments" list={payments} row={paymentRow} />
    </ConsolePage>
  );
}

function queryRow(query: CustomerQuery) {
  return (
    <>
      <div className="min-w-0 flex-1 basis-60">
        <p className="font-semibold">{query.businessName || 'General Query'}</p>
        <p className="pasted-text text-sm text-slate-700">{query.message}</p>
      </div>
      <StatusBadge status={query.status} />
    </>
  );
}

function paymentRow(payment: PaymentRecord) {
  return (
    <AmountRow
      amount={formatInrWithPaise(payment.amountPaise)}
      aside={<StatusBadge status={PAYMENT_STATUS_LABELS[payment.status]} />}
    >
      <PaymentSummary payment={payment} showCustomer={false} />
    </AmountRow>
  );
}

function InvoiceRow({ invoice, uid, customerName }: { invoice: Invoice; uid: string; customerName: string }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const { run: cancel, isBusy: isCancelling, error } = useAction(() => cancelInvoice(uid, invoice.id));
  const label = `${invoice.kind === 'proforma' ? 'Proforma' : 'Invoice'} ${invoice.invoiceId}`;
  const amount = formatInrWithPaise(invoice.amountPaise);

  async function confirmCancel() {
    await cancel();
    setIsConfirming(false);
  }

  return (
    <>
      <AmountRow amount={amount} aside={<StatusBadge status={invoice.status} />}>
        <InvoiceSummary invoice={invoice} formatDate={formatIstDateTime} formatAmount={formatInrWithPaise} />
      </AmountRow>
      <OfflinePayment
        uid={uid}
        type="invoice"
        docId={invoice.id}
        label={label}
        isOpen={isOpenStatus(invoice.status)}
        duePaise={invoice.amountPaise - (invoice.settledPaise ?? 0)}
      />
      {invoice.status === STATUS.pending && invoice.issuedBy === 'company' && (
        <Button
          variant="dangerOutline"
          size="sm"
          onClick={() => setIsConfirming(true)}
          aria-label={`Cancel invoice: ${label}`}
        >
          Cancel invoice
        </Button>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        title="Cancel this invoice?"
        confirmLabel={isCancelling ? 'Cancelling...' : 'Cancel invoice'}
        cancelLabel="Keep invoice"
        closeLabel="Keep invoice"
        isBusy={isCancelling}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => void confirmCancel()}
      >
        <p className="text-slate-800">
          {label} to {customerName} for {amount} will be cancelled. We mail {customerName} that it is cancelled, and its
          pay link stops working. This cannot be undone.
        </p>
      </ConfirmDialog>
      <MessageLine text={error} className="w-full" />
    </>
  );
}
