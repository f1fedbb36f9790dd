import { useState } from 'react';
import { PAYABLE_STATUSES } from '@/domain/console-status';
import type { Order } from '@/records/orders';
import { usePagedList } from '@/lib/paged-list';
import { ordersQuery } from './api';
import { allOr, FilterSelect, ListPage } from '@/components/console/console-parts';
import { OrderRow } from './order-row';

/** Every customer's orders, newest first, filtered by status. */
export function OrdersPage() {
  const [status, setStatus] = useState('');
  const list = usePagedList(`orders:${status}`, () => ordersQuery(status));
  return (
    <ListPage<Order>
      title="Orders"
      above={
        <FilterSelect
          label="Status"
          value={status}
          onChange={setStatus}
          options={allOr(PAYABLE_STATUSES)}
          className="max-w-xs"
        />
      }
      list={list}
      emptyText="No orders match."
      row={(order) => <OrderRow order={order} showCustomer />}
    />
  );
}
