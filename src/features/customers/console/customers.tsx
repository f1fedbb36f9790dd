import { useState } from 'react';
import { formatIstDateTime } from '@/domain/dates';
import type { Customer } from '../data';
import { usePagedList } from '@/lib/paged-list';
import { customersQuery } from './api';
import { searchKey, searchedRows } from '@/components/console/searched-rows';
import { FilterInput, ListPage, TitleLink } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';

/** Every customer, newest first, or those holding every word typed (a word of any field, or its beginning). */
export function CustomersPage() {
  const [search, setSearch] = useState('');
  const to = useConsoleLink();
  const list = searchedRows(
    usePagedList(`customers:${searchKey(search)}`, () => customersQuery(search)),
    search,
  );
  return (
    <ListPage<Customer>
      title="Customers"
      above={
        <FilterInput
          label="Search customers"
          value={search}
          onChange={setSearch}
          placeholder="Any word of a name, business, email, phone or GSTIN"
        />
      }
      list={list}
      emptyText="No customers match."
      row={(customer) => (
        <>
          <div className="min-w-0 flex-1 basis-60">
            <TitleLink to={to('customers', customer.uid)}>{customer.name || 'No name'}</TitleLink>
            {customer.legalName && customer.legalName !== customer.name ? (
              <p className="text-sm text-slate-800">{customer.legalName}</p>
            ) : null}
            <p className="text-sm break-words text-slate-700">
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
  );
}
