import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { StatusBadge } from '@/components/status-badge';
import { formatIstDateTime } from '@/domain/dates';
import { ENQUIRY_STATUSES } from '@/domain/console-status';
import type { Enquiry } from '@/records/enquiries';
import { usePagedList } from '@/lib/paged-list';
import { inboxQuery } from './api';
import { searchKey, searchedRows } from '@/components/console/searched-rows';
import { useConsoleLink } from '@/components/console/console-path';
import { allOr, FilterInput, FilterSelect, ListPage, TitleLink } from '@/components/console/console-parts';

/** Visitors' enquiries and customers' queries in one list, newest first; filter by status, search by any word. */
export function InboxPage() {
  // The console's home links here with ?status=New.
  const [params] = useSearchParams();
  const [status, setStatus] = useState(() => params.get('status') ?? '');
  const [search, setSearch] = useState('');
  const to = useConsoleLink();
  const list = searchedRows(
    usePagedList(`inbox:${status}:${searchKey(search)}`, () => inboxQuery({ status, search })),
    search,
  );
  return (
    <ListPage<Enquiry>
      title="Inbox"
      above={
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[12rem_1fr]">
          <FilterSelect label="Status" value={status} onChange={setStatus} options={allOr(ENQUIRY_STATUSES)} />
          <FilterInput
            label="Search enquiries"
            value={search}
            onChange={setSearch}
            placeholder="Any word of a name, business, email, phone or message"
          />
        </div>
      }
      list={list}
      label="Enquiries"
      emptyText="No enquiries match."
      row={(enquiry) => (
        <>
          <div className="min-w-0 flex-1 basis-60">
            <TitleLink to={to('enquiries', enquiry.id)}>
              {enquiry.name || 'No name'}
              {enquiry.businessName ? ` · ${enquiry.businessName}` : ''}
            </TitleLink>
            <p className="text-sm wrap-anywhere text-slate-700">{enquiry.email}</p>
            <p className="line-clamp-2 text-sm wrap-anywhere text-slate-700">{enquiry.message}</p>
          </div>
          <div className="flex flex-col items-end gap-1 text-sm text-slate-600">
            <StatusBadge status={enquiry.status} />
            {enquiry.quoteRequest && <span className="font-semibold text-slate-800">Quote request</span>}
            {enquiry.consultation && <span className="font-semibold text-slate-800">Consultation</span>}
            <span>{enquiry.source === 'customer' ? 'Customer' : 'Visitor'}</span>
            <span>{formatIstDateTime(enquiry.submittedAt)}</span>
          </div>
        </>
      )}
    />
  );
}
