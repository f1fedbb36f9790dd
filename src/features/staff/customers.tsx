import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PagedRows } from '@/components/paged-rows';
import { formatIstDateTime } from '@/domain/dates';
import type { Customer } from '@/lib/firestore';
import { usePagedList } from '@/lib/paged-list';
import { customersQuery } from './api';
import { ConsolePage, FilterInput } from './console-parts';
import { useConsoleLink } from './console-path';

/** Every customer, newest first, or those whose name or email starts with what is typed. */
export function CustomersPage() {
  const [search, setSearch] = useState('');
  const to = useConsoleLink();
  const list = usePagedList(`customers:${search.trim().toLowerCase()}`, () => customersQuery(search));
  return (
    <ConsolePage title="Customers">
      <FilterInput
        label="Search by name or email"
        value={search}
        onChange={setSearch}
        placeholder="e.g. asha or asha@"
      />
      <PagedRows<Customer>
        list={list}
        label="Customers"
        emptyText="No customers match."
        row={(customer) => (
          <>
            <div className="min-w-0 flex-1 basis-60">
              <Link
                to={to('customers', customer.uid)}
                className="font-semibold text-brand-darker underline-offset-2 hover:underline"
              >
                {customer.name || 'No name'}
              </Link>
              <p className="text-sm break-all text-slate-700">
                {customer.email || (customer.isAnonymous ? 'Guest' : '—')}
              </p>
            </div>
            <div className="text-sm text-slate-600">
              <p>{[customer.city, customer.state, customer.country].filter(Boolean).join(', ')}</p>
              <p>Since {formatIstDateTime(customer.createdAt)}</p>
            </div>
          </>
        )}
      />
    </ConsolePage>
  );
}
