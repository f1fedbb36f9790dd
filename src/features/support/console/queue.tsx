import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { FormMessage, SelectField } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import { formatAge, formatDueIn } from '@/domain/business-hours';
import {
  SUPPORT_STATUSES,
  SUPPORT_TIER_IDS,
  SUPPORT_TIERS,
  type SupportStatus,
  type SupportTierId,
} from '@/domain/support';
import { getQueue, type QueueRow } from '../api';
import { useSession } from '@/lib/session';
import { ConsolePage } from '@/components/console/console-parts';
import { useLoad } from '@/lib/use-load';
import { SupportTodayCounts } from './today-counts';

import { SubNav, useSupportBase } from './support-nav';

/** A row's clock: its next due time; with none, why (out of plan, waiting on the customer) and how old it is. */
function dueText(row: QueueRow, now: number): string {
  if (row.nextDueAt) return formatDueIn(row.nextDueAt, now);
  const age = `opened ${formatAge(row.createdAt, now)} ago`;
  return row.isPaused ? `waiting on customer · ${age}` : `no due time · ${age}`;
}

interface Filters {
  status: SupportStatus | '';
  tier: SupportTierId | '';
  assignee: string;
}

/** The support queue: open requests by their next due time. */
export function Queue() {
  const base = useSupportBase();
  const myUid = useSession().user?.uid ?? null;
  const [params] = useSearchParams();
  // The Today page links to a status ('?status=New').
  const linked = SUPPORT_STATUSES.find((status) => status === params.get('status')) ?? '';
  const [filters, setFilters] = useState<Filters>({ status: linked, tier: '', assignee: '' });
  const [pages, setPages] = useState<string[]>([]);
  /** Another filter starts again at the first page. */
  const filterBy = (change: Partial<Filters>) => {
    setPages([]);
    setFilters({ ...filters, ...change });
  };
  const key = JSON.stringify([filters, pages]);
  const [queue] = useLoad(() => getQueue({ ...filters, after: pages[pages.length - 1] }), key, { keepPrevious: true });
  const now = Date.now();
  return (
    <ConsolePage title="Support queue" actions={<SubNav />}>
      <SupportTodayCounts />
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(event) => filterBy({ status: event.target.value as Filters['status'] })}
        >
          <option value="">All open</option>
          {SUPPORT_STATUSES.map((status) => (
            <option key={status}>{status}</option>
          ))}
        </SelectField>
        <SelectField
          label="Tier"
          value={filters.tier}
          onChange={(event) => filterBy({ tier: event.target.value as Filters['tier'] })}
        >
          <option value="">All tiers</option>
          {SUPPORT_TIER_IDS.map((tier) => (
            <option key={tier} value={tier}>
              {SUPPORT_TIERS[tier].name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Assignee"
          value={filters.assignee}
          onChange={(event) => filterBy({ assignee: event.target.value })}
        >
          <option value="">Anyone</option>
          {myUid && <option value={myUid}>Me</option>}
          <option value="none">Unassigned</option>
        </SelectField>
      </div>
      {queue.status === 'loading' && <p className="text-slate-600">Loading the queue...</p>}
      {queue.status === 'error' && <FormMessage tone="error">{queue.error}</FormMessage>}
      {queue.status === 'ready' && queue.data.rows.length === 0 && <p className="text-slate-700">No requests here.</p>}
      {queue.status === 'ready' && queue.data.rows.length > 0 && (
        <ul
          aria-label="Support requests"
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        >
          {queue.data.rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="queue-row">
              <div className="min-w-0">
                <Link
                  className="font-semibold wraps-anywhere text-brand-darker hover:underline"
                  to={`${base}/${row.id}`}
                >
                  {row.reference}: {row.subject}
                </Link>
                <p className="text-sm wraps-anywhere text-slate-700">
                  {row.customerName ?? 'Customer'} · {row.serviceName ?? 'Something else'} ·{' '}
                  {row.tier ? SUPPORT_TIERS[row.tier].name : 'Out of plan'}
                  {row.assigneeName ? ` · ${row.assigneeName}` : ''}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <span
                  className={`text-sm font-semibold ${row.nextDueAt && row.nextDueAt < now ? 'text-red-700' : 'text-slate-800'}`}
                >
                  {dueText(row, now)}
                </span>
                <StatusBadge status={row.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {queue.status === 'ready' && queue.data.next && (
        <Button variant="secondary" size="sm" onClick={() => setPages([...pages, queue.data.next!])}>
          Next page
        </Button>
      )}
    </ConsolePage>
  );
}
