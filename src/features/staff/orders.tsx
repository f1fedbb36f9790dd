import { useState } from 'react';
import { PagedRows } from '@/components/paged-rows';
import { PAYABLE_STATUSES } from '@/domain/console-status';
import type { Order } from '@/lib/firestore';
import { usePagedList } from '@/lib/paged-list';
import { ordersQuery } from './api';
import { ConsolePage, FilterSelect } from './console-parts';
import { OrderRow } from './order-row';

/** Every customer's orders, newest first, filtered by status. */
export function OrdersPage() {
  const [status, setStatus] = useState('');
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
        row={(order) => <OrderRow order={order} showCustomer />}
      />
    </ConsolePage>
  );
}
