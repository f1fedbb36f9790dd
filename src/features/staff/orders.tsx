import { useState } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '@/components/status-badge';
import { formatDateTime } from '@/domain/format-date';
import { formatInr } from '@/domain/money';
import { PAYABLE_STATUSES } from '@/domain/console-status';
import { STATUS } from '@/domain/status';
import type { Order } from '@/lib/firestore';
import { usePagedList } from '@/lib/paged-list';
import { ordersQuery } from './api';
import { ConsolePage, FilterSelect, PagedRows } from './console-parts';
import { useConsoleLink } from './console-path';
import { OfflinePaymentButton } from './offline-payment-form';

/** Every customer's orders, newest first, filtered by status. */
export function OrdersPage() {
  const [status, setStatus] = useState('');
  const to = useConsoleLink();
  const list = usePagedList(`orders:${status}`, () => ordersQuery(status));
  return (
    <ConsolePage title="Orders">
      <div className="max-w-xs">
        <FilterSelect
          label="Status"
          value={status}
          onChange={setStatus}
          options={[['', 'All'], ...PAYABLE_STATUSES.map((value): [string, string] => [value, value])]}
        />
      </div>
      <PagedRows<Order>
        list={list}
        label="Orders"
        emptyText="No orders match."
        row={(order) => (
          <>
            <div className="min-w-0 flex-1 basis-60">
              <p className="font-semibold break-all">Order #{order.orderNumber}</p>
              <p className="text-sm text-slate-700">
                {order.items.map((item) => `${item.name} (${item.category})`).join(', ')}
              </p>
              <p className="text-sm text-slate-600">
                {formatDateTime(order.createdAt)} ·{' '}
                <Link to={to('customers', order.ownerUid)} className="text-brand-darker underline">
                  Customer
                </Link>
              </p>
            </div>
            <div className="flex items-center gap-2">
              <span className="font-semibold">{formatInr(order.totalPaise)}</span>
              <StatusBadge status={order.status} />
            </div>
            {order.status === STATUS.pending && (
              <OfflinePaymentButton
                uid={order.ownerUid}
                type="product_order"
                docId={order.id}
                label={`Order ${order.orderNumber}`}
              />
            )}
          </>
        )}
      />
    </ConsolePage>
  );
}
