import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { StatusBadge } from '@/components/status-badge';
import { formatInr } from '@/domain/money';
import { STATUS } from '@/domain/status';
import type { CustomerQuery, Invoice, Order } from '@/lib/firestore';
import { useSubscription, type SubscriptionState } from '@/lib/use-subscription';
import { subscribeToInvoices, subscribeToOrders, subscribeToQueries } from './api';
import { formatDateTime } from './format';

interface ListSectionProps<T> {
  id: string;
  title: string;
  emptyText: string;
  list: SubscriptionState<T[]>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
}

function ListSection<T>({ id, title, emptyText, list, renderItem, itemKey }: ListSectionProps<T>) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-4" aria-live="polite">
        {list.status === 'loading' && <p className="text-slate-600">Loading...</p>}
        {list.status === 'error' && <p className="text-red-700">Could not load this list. Please reload the page.</p>}
        {list.status === 'ready' && list.data.length === 0 && <p className="text-slate-600">{emptyText}</p>}
        {list.status === 'ready' && list.data.length > 0 && (
          <ul className="divide-y divide-slate-200">
            {list.data.map((item) => (
              <li key={itemKey(item)} className="flex flex-wrap items-center justify-between gap-3 py-3">
                {renderItem(item)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

interface PayProps {
  onPay: (docId: string) => void;
  payingId: string | null;
}

function PayNow({
  docId,
  status,
  label,
  onPay,
  payingId,
}: PayProps & { docId: string; status: string; label: string }) {
  // Spec: only items whose status is exactly 'Pending' can be paid.
  if (status !== STATUS.pending) return null;
  const isPaying = payingId === docId;
  return (
    <Button
      size="sm"
      className="whitespace-nowrap"
      onClick={() => onPay(docId)}
      disabled={isPaying}
      aria-label={`Pay Now: ${label}`}
    >
      {isPaying ? 'Processing...' : 'Pay Now'}
    </Button>
  );
}

export function InvoicesList({
  uid,
  onPay,
  payingId,
}: {
  uid: string;
  onPay: (invoice: Invoice) => void;
  payingId: string | null;
}) {
  const list = useSubscription<Invoice[]>(uid, (onData, onError) => subscribeToInvoices(uid, onData, onError));
  return (
    <ListSection
      id="my-invoices"
      title="My Invoices"
      emptyText="No invoices found."
      list={list}
      itemKey={(invoice) => invoice.id}
      renderItem={(invoice) => (
        <>
          <div className="min-w-0 flex-1 basis-full sm:basis-0">
            <p className="font-semibold">Inv #{invoice.invoiceId}</p>
            <p className="text-sm text-slate-600">{formatDateTime(invoice.createdAt)}</p>
          </div>
          <div className="flex items-center gap-3">
            <span className="font-semibold">{formatInr(invoice.amountPaise)}</span>
            <StatusBadge status={invoice.status} />
            <PayNow
              docId={invoice.id}
              status={invoice.status}
              label={`Inv #${invoice.invoiceId}`}
              payingId={payingId}
              onPay={() => onPay(invoice)}
            />
          </div>
        </>
      )}
    />
  );
}

export function QueriesList({ uid }: { uid: string }) {
  const list = useSubscription<CustomerQuery[]>(uid, (onData, onError) => subscribeToQueries(uid, onData, onError));
  return (
    <ListSection
      id="my-queries"
      title="My Queries"
      emptyText="You haven't submitted any queries."
      list={list}
      itemKey={(item: CustomerQuery) => item.id}
      renderItem={(item) => (
        <>
          <div className="min-w-0 flex-1 basis-full sm:basis-0">
            <p className="font-semibold">{item.businessName || 'General Query'}</p>
            <p className="text-sm break-words text-slate-700">{item.message}</p>
            <p className="text-sm text-slate-600">{formatDateTime(item.submittedAt)}</p>
          </div>
          <StatusBadge status={item.status} />
        </>
      )}
    />
  );
}

export function OrdersList({
  uid,
  onPay,
  payingId,
}: {
  uid: string;
  onPay: (order: Order) => void;
  payingId: string | null;
}) {
  const list = useSubscription<Order[]>(uid, (onData, onError) => subscribeToOrders(uid, onData, onError));
  return (
    <ListSection
      id="my-orders"
      title="My Orders"
      emptyText="You have not placed any orders yet."
      list={list}
      itemKey={(order) => order.id}
      renderItem={(order) => (
        <>
          <div className="min-w-0 flex-1 basis-full sm:basis-0">
            <p className="font-semibold break-all">Order #{order.orderNumber}</p>
            <p className="text-sm text-slate-700">
              {order.items.map((item) => `${item.name} (${item.category})`).join(', ')}
            </p>
            <p className="text-sm text-slate-600">{formatDateTime(order.createdAt)}</p>
          </div>
          <div className="flex items-center gap-3">
            <span className="font-semibold">{formatInr(order.totalPaise)}</span>
            <StatusBadge status={order.status} />
            <PayNow
              docId={order.id}
              status={order.status}
              label={`Order #${order.orderNumber}`}
              payingId={payingId}
              onPay={() => onPay(order)}
            />
          </div>
        </>
      )}
    />
  );
}
