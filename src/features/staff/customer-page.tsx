import { useParams } from 'react-router-dom';
import { PagedRows } from '@/components/paged-rows';
import { Button } from '@/components/button';
import { InvoiceSummary } from '@/components/invoice-summary';
import { FormMessage } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import { formatDateTime } from '@/domain/dates';
import { formatInr } from '@/domain/money';
import { STATUS } from '@/domain/status';
import type { CustomerQuery, Invoice, Order, PaymentRecord, Profile } from '@/lib/firestore';
import { usePagedList } from '@/lib/paged-list';
import { useSubscription } from '@/lib/use-subscription';
import {
  cancelInvoice,
  customerInvoicesQuery,
  customerOrdersQuery,
  customerPaymentsQuery,
  customerQueriesQuery,
  issueProforma,
  subscribeToCustomer,
} from './api';
import { BillingDetailsPanel } from './billing-details';
import { ConsolePage, Facts, Panel } from './console-parts';
import { DeletedCustomer } from './deleted-customer';
import { IssueProformaForm } from './issue-proforma-form';
import { OfflinePaymentButton } from './offline-payment-form';
import { OrderRow } from './order-row';
import { useAction } from './use-action';

/**
 * One customer: profile, billing details (view, correct), orders, invoices (issue, cancel, record a
 * payment), queries and payments.
 */
export function CustomerPage() {
  const { uid = '' } = useParams();
  const profile = useSubscription<Profile | null>(`customer:${uid}`, (onData, onError) =>
    subscribeToCustomer(uid, onData, onError),
  );
  if (profile.status === 'loading') return <p className="text-slate-600">Loading...</p>;
  // No profile: a deleted account (what the law keeps of it), or no customer at all.
  if (!profile.data) return <DeletedCustomer uid={uid} />;
  return <CustomerDetails profile={profile.data} />;
}

function CustomerDetails({ profile }: { profile: Profile }) {
  const { uid } = profile;
  const invoices = usePagedList(`customer-invoices:${uid}`, () => customerInvoicesQuery(uid));
  const orders = usePagedList(`customer-orders:${uid}`, () => customerOrdersQuery(uid));
  const queries = usePagedList(`customer-queries:${uid}`, () => customerQueriesQuery(uid));
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
            ['Since', formatDateTime(profile.createdAt)],
          ]}
        />
      </Panel>
      <Panel id="customer-billing" title="Billing details">
        <BillingDetailsPanel profile={profile} />
      </Panel>
      <Panel id="customer-issue-invoice" title="Issue an invoice">
        <IssueProformaForm onIssue={(fields) => issueProforma({ ...fields, uid })} />
      </Panel>
      <Panel id="customer-invoices" title="Invoices">
        <PagedRows<Invoice>
          list={invoices}
          label="Invoices"
          emptyText="No invoices."
          row={(invoice) => <InvoiceRow invoice={invoice} uid={uid} />}
        />
      </Panel>
      <Panel id="customer-orders" title="Orders">
        <PagedRows<Order>
          list={orders}
          label="Orders"
          emptyText="No orders."
          row={(order) => <OrderRow order={order} />}
        />
      </Panel>
      <Panel id="customer-queries" title="Queries">
        <PagedRows<CustomerQuery>
          list={queries}
          label="Queries"
          emptyText="No queries."
          row={(query) => (
            <>
              <div className="min-w-0 flex-1 basis-60">
                <p className="font-semibold">{query.businessName || 'General Query'}</p>
                <p className="text-sm break-words text-slate-700">{query.message}</p>
              </div>
              <StatusBadge status={query.status} />
            </>
          )}
        />
      </Panel>
      <Panel id="customer-payments" title="Payments">
        <PagedRows<PaymentRecord>
          list={payments}
          label="Payments"
          emptyText="No payments."
          row={(payment) => (
            <>
              <div className="min-w-0 flex-1 basis-60">
                <p className="font-semibold break-all">{payment.id}</p>
                <p className="text-sm text-slate-600">
                  {formatDateTime(payment.createdAt)} · {payment.source}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <span className="font-semibold">{formatInr(payment.amountPaise)}</span>
                <StatusBadge status={payment.status} />
              </div>
            </>
          )}
        />
      </Panel>
    </ConsolePage>
  );
}

function InvoiceRow({ invoice, uid }: { invoice: Invoice; uid: string }) {
  const { run: cancel, isBusy: isCancelling, error } = useAction(() => cancelInvoice(uid, invoice.id));
  const label = `Invoice ${invoice.invoiceId}`;

  return (
    <>
      <div className="min-w-0 flex-1 basis-60">
        <InvoiceSummary invoice={invoice} />
        {invoice.paymentId && <p className="text-sm break-all text-slate-600">Payment {invoice.paymentId}</p>}
      </div>
      <div className="flex items-center gap-2">
        <span className="font-semibold">{formatInr(invoice.amountPaise)}</span>
        <StatusBadge status={invoice.status} />
      </div>
      {invoice.status === STATUS.pending && (
        <div className="flex w-full flex-wrap gap-2">
          <OfflinePaymentButton uid={uid} type="invoice" docId={invoice.id} label={label} />
          {invoice.issuedBy === 'company' && (
            <Button
              variant="dangerOutline"
              size="sm"
              onClick={() => void cancel()}
              disabled={isCancelling}
              aria-label={`Cancel ${label}`}
            >
              {isCancelling ? 'Cancelling...' : 'Cancel invoice'}
            </Button>
          )}
        </div>
      )}
      {error && (
        <div className="w-full">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}
    </>
  );
}
