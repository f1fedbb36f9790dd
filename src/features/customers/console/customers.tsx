import { useState } from 'react';
import { formatIstDateTime } from '@/domain/dates';
import { usePagedList } from '@/lib/paged-list';
import { customersQuery, type Customer } from '@/records/users';
import { companiesQuery, type CompanyRow } from '@/records/companies';
import { searchKey, searchedRows } from '@/components/console/searched-rows';
import { FilterInput, ListPage, TitleLink } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';

/**
 * Every customer, newest first, or those holding every word typed (a word of any field, or its
 * beginning); with a search, also the companies it finds by any member's name or email (a
 * colleague of the customer is found through their company).
 */
export function CustomersPage() {
  const [search, setSearch] = useState('');
  const to = useConsoleLink();
  const list = searchedRows(
    usePagedList(`customers:${searchKey(search)}`, () => customersQuery(search)),
    search,
  );
  const key = searchKey(search);
  const companies = searchedRows(
    usePagedList(key ? `companies:${key}` : null, () => companiesQuery(search)),
    search,
  );
  // A company whose customer the list shows already (its founder matched too) is not repeated.
  const moreCompanies = companies.items.filter(
    (company) => !list.items.some((customer) => customer.uid === company.id),
  );
  return (
    <ListPage<Customer>
      title="Customers"
      above={
        <>
          <FilterInput
            label="Search customers"
            value={search}
            onChange={setSearch}
            placeholder="Any word of a name, business, email, phone or GSTIN"
          />
          {key && moreCompanies.length > 0 && <CompanyMatches companies={moreCompanies} to={to} />}
        </>
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

/** Companies the search found by a member's name or email: each opens its customer's page. */
function CompanyMatches({ companies, to }: { companies: CompanyRow[]; to: ReturnType<typeof useConsoleLink> }) {
  return (
    <section aria-labelledby="company-matches" className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <h2 id="company-matches" className="text-base font-semibold text-slate-900">
        Companies with a member of that name or email
      </h2>
      <ul className="mt-2 divide-y divide-slate-200">
        {companies.map((company) => (
          <li key={company.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <TitleLink to={to('customers', company.id)}>{company.name || 'No name'}</TitleLink>
            <span className="text-sm text-slate-700">
              {company.memberCount} {company.memberCount === 1 ? 'member' : 'members'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
