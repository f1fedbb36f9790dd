import { Link } from 'react-router-dom';
import { StatusBadge } from '@/components/status-badge';
import { formatIstDateTime } from '@/domain/dates';
import { formatInr } from '@/domain/money';
import { STATUS } from '@/domain/status';
import type { Order } from '@/lib/firestore';
import { useConsoleLink } from './console-path';
import { OfflinePaymentButton } from './offline-payment-form';

/** An order in a console list: what, when, total, status, and 'Record offline payment' while Pending. */
export function OrderRow({ order, showCustomer = false }: { order: Order; showCustomer?: boolean }) {
  const to = useConsoleLink();
  return (
    <>
      <div className="min-w-0 flex-1 basis-60">
        <p className="font-semibold break-all">Order #{order.orderNumber}</p>
        <p className="text-sm text-slate-700">
          {order.items.map((item) => `${item.name} (${item.category})`).join(', ')}
        </p>
        <p className="text-sm text-slate-600">
          {formatIstDateTime(order.createdAt)}
          {showCustomer && (
            <>
              {' · '}
              <Link to={to('customers', order.ownerUid)} className="text-brand-darker underline">
                Customer
              </Link>
            </>
          )}
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
  );
}
