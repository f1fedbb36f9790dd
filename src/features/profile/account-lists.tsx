import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { StatusBadge } from '@/components/status-badge';
import { formatInr } from '@/domain/money';
import { STATUS } from '@/domain/status';
import type { CustomerQuery, Invoice, Order } from '@/lib/firestore';
import { useSubscription, type SubscriptionState } from '@/lib/use-subscription';
import { subscribeToInvoices, subscribeToOrders, subscribeToQueries } from './api';
import { formatDateTime } from '@/domain/dates';

interface ListSectionProps<T extends { id: string }> {
  id: string;
  title: string;
  emptyText: string;
  list: SubscriptionState<T[]>;
  /** What the item is, on the left. */
  details: (item: T) => ReactNode;
  /** Its status (and amount and Pay Now), on the right. */
  aside: (item: T) => ReactNode;
}

function ListSection<T extends { id: string }>({ id, title, emptyText, list, details, aside }: ListSectionProps<T>) {
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
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 flex-1 basis-full sm:basis-0">{details(item)}</div>
                {aside(item)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

interface PayableProps {
  amountPaise: number;
  status: string;
  /** 'Inv #…' or 'Order #…', for the button's accessible name. */
  label: string;
  isPaying: boolean;
  onPay: () => void;
}

/** An invoice's or order's amount and status, and Pay Now while it is exactly 'Pending' (spec). */
function Payable({ amountPaise, status, label, isPaying, onPay }: PayableProps) {
  return (
    <div className="flex items-center gap-3">
      <span className="font-semibold">{formatInr(amountPaise)}</span>
      <StatusBadge status={status} />
      {status === STATUS.pending && (
        <Button
          size="sm"
          className="whitespace-nowrap"
          onClick={onPay}
          disabled={isPaying}
          aria-label={`Pay Now: ${label}`}
        >
          {isPaying ? 'Processing...' : 'Pay Now'}
        </Button>
      )}
    </div>
  );
}

interface PayableListProps<T> {
  uid: string;
  onPay: (item: T) => void;
  payingId: string | null;
}

export function InvoicesList({ uid, onPay, payingId }: PayableListProps<Invoice>) {
  const list = useSubscription<Invoice[]>(uid, (onData, onError) => subscribeToInvoices(uid, onData, onError));
  return (
    <ListSection
      id="my-invoices"
      title="My Invoices"
      emptyText="No invoices found."
      list={list}
      details={(invoice) => (
        <>
          <p className="font-semibold">Inv #{invoice.invoiceId}</p>
          <p className="text-sm text-slate-600">{formatDateTime(invoice.createdAt)}</p>
        </>
      )}
      aside={(invoice) => (
        <Payable
          amountPaise={invoice.amountPaise}
          status={invoice.status}
          label={`Inv #${invoice.invoiceId}`}
          isPaying={payingId === invoice.id}
          onPay={() => onPay(invoice)}
        />
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
      details={(query) => (
        <>
          <p className="font-semibold">{query.businessName || 'General Query'}</p>
          <p className="text-sm break-words text-slate-700">{query.message}</p>
          <p className="text-sm text-slate-600">{formatDateTime(query.submittedAt)}</p>
        </>
      )}
      aside={(query) => <StatusBadge status={query.status} />}
    />
  );
}

export function OrdersList({ uid, onPay, payingId }: PayableListProps<Order>) {
  const list = useSubscription<Order[]>(uid, (onData, onError) => subscribeToOrders(uid, onData, onError));
  return (
    <ListSection
      id="my-orders"
      title="My Orders"
      emptyText="You have not placed any orders yet."
      list={list}
      details={(order) => (
        <>
          <p className="font-semibold break-all">Order #{order.orderNumber}</p>
          <p className="text-sm text-slate-700">
            {order.items.map((item) => `${item.name} (${item.category})`).join(', ')}
          </p>
          <p className="text-sm text-slate-600">{formatDateTime(order.createdAt)}</p>
        </>
      )}
      aside={(order) => (
        <Payable
          amountPaise={order.totalPaise}
          status={order.status}
          label={`Order #${order.orderNumber}`}
          isPaying={payingId === order.id}
          onPay={() => onPay(order)}
        />
      )}
    />
  );
}
