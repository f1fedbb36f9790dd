import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { InvoiceSummary } from '@/components/invoice-summary';
import { PagedRows } from '@/components/paged-rows';
import { StatusBadge } from '@/components/status-badge';
import { isOrderPayable } from '@/domain/cart';
import { formatDateTime } from '@/domain/dates';
import { formatInr } from '@/domain/money';
import { isOpenStatus, STATUS } from '@/domain/status';
import type { Invoice } from '@/records/invoices';
import type { Order } from '@/records/orders';
import { usePagedList, type PagedList } from '@/lib/paged-list';
import { invoicesQuery, ordersQuery, queriesQuery } from './api';
import { Panel } from '@/components/panel';

interface ListSectionProps<T extends { id: string }> {
  id: string;
  title: string;
  emptyText: string;
  list: PagedList<T>;
  /** What the item is, on the left. */
  details: (item: T) => ReactNode;
  /** Its status (and amount and Pay Now), on the right. */
  aside: (item: T) => ReactNode;
  /** A line under the title (why there is no Pay Now, for a role that cannot pay). */
  note?: ReactNode;
}

/** One of the profile's lists: the newest page, live, and 'Show more' for older ones. */
function ListSection<T extends { id: string }>({
  id,
  title,
  emptyText,
  list,
  details,
  aside,
  note,
}: ListSectionProps<T>) {
  return (
    <Panel titleId={id} title={title}>
      {note && <p className="mt-1 text-sm text-slate-700">{note}</p>}
      <div className="mt-4">
        <PagedRows
          list={list}
          label={title}
          look="plain"
          emptyText={emptyText}
          errorText="Could not load this list. Please reload the page."
          row={(item) => (
            <>
              <div className="min-w-0 flex-1 basis-full sm:basis-0">{details(item)}</div>
              {aside(item)}
            </>
          )}
        />
      </div>
    </Panel>
  );
}

interface PayableProps {
  amountPaise: number;
  status: string;
  /** 'Inv #…' or 'Order #…', for the buttons' accessible names. */
  label: string;
  /** Whether it can still be paid: Pay Now shows only then. */
  isPayable: boolean;
  isPaying: boolean;
  /** Pay Now; none for a role that cannot pay (the list says why). */
  onPay?: () => void;
  /** Where its receipt is, once it is Paid. */
  receiptHref: string;
  /** Delete, for the customer's own Pending invoice. */
  onDelete?: () => void;
  /** Its tax document's download, once it is Paid (composed by the page). */
  documentDownload?: ReactNode;
}

/**
 * An invoice's or order's amount and status; Pay Now while it can still be paid, the receipt once
 * it is Paid, and Delete for an invoice the customer entered and has not paid.
 */
function Payable({
  amountPaise,
  status,
  label,
  isPayable,
  isPaying,
  onPay,
  receiptHref,
  onDelete,
  documentDownload,
}: PayableProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="font-semibold">{formatInr(amountPaise)}</span>
      <StatusBadge status={status} />
      {status === STATUS.paid && (
        <Link
          to={receiptHref}
          className={buttonClasses('secondary', 'sm', 'whitespace-nowrap')}
          aria-label={`View receipt: ${label}`}
        >
          View receipt
        </Link>
      )}
      {status === STATUS.paid && documentDownload}
      {onDelete && (
        <Button variant="dangerOutline" size="sm" onClick={onDelete} disabled={isPaying} aria-label={`Delete ${label}`}>
          Delete
        </Button>
      )}
      {isPayable && onPay && (
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
  /** The company whose list it is (its id: its founding customer's uid). */
  uid: string;
  /** Pay Now; left out for a role that cannot pay, with `payRefusal` saying why. */
  onPay?: (item: T) => void;
  payRefusal?: string;
  payingId: string | null;
  /** The receipt page of a paid item. */
  receiptHref: (item: T) => string;
  /**
   * The download of a paid item's tax document, given its payment id and what the item is
   * ('Order #…'): the page composes it from the receipts feature.
   */
  documentAction?: (paymentId: string, itemLabel: string) => ReactNode;
}

export interface InvoicesListProps extends PayableListProps<Invoice> {
  /** Whether an invoice offers Delete, and what Delete does (the page composes the deletion). */
  canDelete?: (invoice: Invoice) => boolean;
  onDelete?: (invoice: Invoice) => void;
  /** Invoices deleted on this page: gone from the list even where it is not live. */
  hiddenIds?: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

export function InvoicesList({
  uid,
  onPay,
  payRefusal,
  payingId,
  receiptHref,
  documentAction,
  canDelete,
  onDelete,
  hiddenIds = NONE,
}: InvoicesListProps) {
  const all = usePagedList(`invoices:${uid}`, () => invoicesQuery(uid));
  // An invoice deleted from an older page (read once, not live) leaves at once.
  const list =
    hiddenIds.size === 0 ? all : { ...all, items: all.items.filter((invoice) => !hiddenIds.has(invoice.id)) };
  return (
    <ListSection
      id="my-invoices"
      title="My Invoices"
      emptyText="No invoices found."
      list={list}
      note={payRefusal}
      details={(invoice) => <InvoiceSummary invoice={invoice} />}
      aside={(invoice) => (
        <Payable
          amountPaise={invoice.amountPaise}
          status={invoice.status}
          label={`Inv #${invoice.invoiceId}`}
          isPayable={isOpenStatus(invoice.status)}
          isPaying={payingId === invoice.id}
          onPay={onPay && (() => onPay(invoice))}
          receiptHref={receiptHref(invoice)}
          onDelete={onDelete && canDelete?.(invoice) ? () => onDelete(invoice) : undefined}
          documentDownload={invoice.paymentId && documentAction?.(invoice.paymentId, `Inv #${invoice.invoiceId}`)}
        />
      )}
    />
  );
}

export function QueriesList({ uid }: { uid: string }) {
  const list = usePagedList(`queries:${uid}`, () => queriesQuery(uid));
  return (
    <ListSection
      id="my-queries"
      title="My Queries"
      emptyText="You haven't submitted any queries."
      list={list}
      details={(query) => (
        <>
          <p className="font-semibold">{query.businessName || 'General Query'}</p>
          <p className="pasted-text text-sm text-slate-700">{query.message}</p>
          <p className="text-sm text-slate-600">{formatDateTime(query.submittedAt)}</p>
        </>
      )}
      aside={(query) => <StatusBadge status={query.status} />}
    />
  );
}

export function OrdersList({ uid, onPay, payRefusal, payingId, receiptHref, documentAction }: PayableListProps<Order>) {
  const list = usePagedList(`orders:${uid}`, () => ordersQuery(uid));
  return (
    <ListSection
      id="my-orders"
      title="My Orders"
      emptyText="You have not placed any orders yet."
      list={list}
      note={payRefusal}
      details={(order) => (
        <>
          <p className="font-semibold break-words">Order #{order.orderNumber}</p>
          <p className="text-sm text-slate-700">
            {order.items.map((item) => `${item.name} (${item.category})`).join(', ')}
          </p>
          <p className="text-sm text-slate-600">{formatDateTime(order.createdAt)}</p>
        </>
      )}
      aside={(order) => (
        <Payable
          amountPaise={order.chargedPaise ?? order.totalPaise}
          status={order.status}
          label={`Order #${order.orderNumber}`}
          isPayable={isOrderPayable(order)}
          isPaying={payingId === order.id}
          onPay={onPay && (() => onPay(order))}
          receiptHref={receiptHref(order)}
          documentDownload={order.paymentId && documentAction?.(order.paymentId, `Order #${order.orderNumber}`)}
        />
      )}
    />
  );
}
