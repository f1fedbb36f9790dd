import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PagedRows } from '@/components/paged-rows';
import { formatIstDateTime } from '@/domain/dates';
import type { Customer } from '@/lib/firestore';
import { usePagedList } from '@/lib/paged-list';
import { customersQuery } from './api';
import { searchKey, searchedRows } from './searched-rows';
import { ConsolePage, FilterInput } from './console-parts';
import { useConsoleLink } from './console-path';

/** Every customer, newest first, or those holding every word typed (a word of any field, or its beginning). */
export function CustomersPage() {
  const [search, setSearch] = useState('');
  const to = useConsoleLink();
  const list = searchedRows(
    usePagedList(`customers:${searchKey(search)}`, () => customersQuery(search)),
    search,
  );
  return (
    <ConsolePage title="Customers">
      <FilterInput
        label="Search customers"
        value={search}
        onChange={setSearch}
        placeholder="Any word of a name, business, email, phone or GSTIN"
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
              {customer.legalName && customer.legalName !== customer.name ? (
                <p className="text-sm text-slate-800">{customer.legalName}</p>
              ) : null}
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
