import { Link } from 'react-router';
import { StatusBadge } from '@/components/status-badge';
import { formatIstDateTime } from '@/domain/dates';
import { formatInrWithPaise } from '@/domain/money';
import { pricePayable, readPayable } from '@/domain/payable';
import { customerLabel } from '@/domain/customers';
import { STATUS } from '@/domain/status';
import type { Order } from '@/records/orders';
import { AmountRow } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { OfflinePayment } from './offline-payment-form';
import { useCustomer } from '@/records/use-customer';
import { taxSettings } from '@/lib/tax-settings';

/** What the order charges, as the API prices it (GST added when prices exclude it); its stored total if it cannot be priced. */
function orderChargePaise(order: Order): number {
  const stored = { items: order.items, total: order.totalPaise / 100 };
  const pricing = pricePayable(readPayable({ type: 'product_order', docId: order.id }, stored), taxSettings);
  return pricing.ok ? pricing.chargedPaise : order.totalPaise;
}

/** An order in a console list: what, when, total, status, and 'Record payment received' while Pending. */
export function OrderRow({ order, showCustomer = false }: { order: Order; showCustomer?: boolean }) {
  const to = useConsoleLink();
  const customer = useCustomer(order.ownerUid, !showCustomer);
  return (
    <>
      <AmountRow amount={formatInrWithPaise(order.totalPaise)} aside={<StatusBadge status={order.status} />}>
        <p className="font-semibold break-words">Order #{order.orderNumber}</p>
        <p className="text-sm text-slate-700">
          {order.items.map((item) => `${item.name} (${item.category})`).join(', ')}
        </p>
        <p className="text-sm text-slate-600">
          {formatIstDateTime(order.createdAt)}
          {showCustomer && (
            <>
              {' · '}
              <Link to={to('customers', order.ownerUid)} className="text-brand-darker underline">
                {customer ? customerLabel(customer) : 'Customer'}
              </Link>
            </>
          )}
        </p>
      </AmountRow>
      <OfflinePayment
        uid={order.ownerUid}
        type="product_order"
        docId={order.id}
        label={`Order ${order.orderNumber}`}
        isOpen={order.status === STATUS.pending}
        duePaise={orderChargePaise(order)}
      />
    </>
  );
}
