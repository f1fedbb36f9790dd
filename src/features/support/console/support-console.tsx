import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useBlocker, useLocation, useParams, useRoutes, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FilePicker } from '@/components/file-picker';
import { FormMessage, SelectField, TextAreaField, TextField } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import { formatAge, formatDueIn, formatDueTime, formatMinutes, type Holiday } from '@/domain/business-hours';
import { formatDay } from '@/domain/dates';
import {
  OUT_OF_PLAN_MESSAGES,
  SUPPORT_STATUSES,
  SUPPORT_TIER_IDS,
  SUPPORT_TIERS,
  type SupportStatus,
  type SupportTierId,
} from '@/domain/support';
import {
  getHolidays,
  getQueue,
  getReport,
  getStaffRequest,
  saveHolidays,
  staffReply,
  updateRequest,
  uploadFile,
  type QueueRow,
  type StaffRequestPage,
  type SupportReport,
} from '../api';
import { useSession } from '@/lib/session';
import { ConsolePage } from '@/components/console/console-parts';
import { useLoad } from '@/lib/use-load';
import { Conversation, DueTimes } from '../support-pages';
import { ReviewQueue } from './review-queue';
import { SupportTodayCounts } from './today-counts';

/** '/admin/support' wherever the console is mounted: the support screens' own base. */
function useSupportBase(): string {
  const { pathname } = useLocation();
  const at = pathname.indexOf('/support');
  return at >= 0 ? pathname.slice(0, at + '/support'.length) : '/admin/support';
}

function SubNav() {
  const base = useSupportBase();
  return (
    <p className="flex flex-wrap gap-2">
      <Link className={buttonClasses('secondary', 'sm')} to={base}>
        Queue
      </Link>
      <Link className={buttonClasses('secondary', 'sm')} to={`${base}/review`}>
        Mail to review
      </Link>
      <Link className={buttonClasses('secondary', 'sm')} to={`${base}/report`}>
        SLA report
      </Link>
      <Link className={buttonClasses('secondary', 'sm')} to={`${base}/holidays`}>
        Holidays
      </Link>
    </p>
  );
}

/** A row's clock: its next due time; with none, why (out of plan, waiting on the customer) and how old it is. */
function dueText(row: QueueRow, now: number): string {
  if (row.nextDueAt) return formatDueIn(row.nextDueAt, now);
  const age = `opened ${formatAge(row.createdAt, now)} ago`;
  return row.isPaused ? `waiting on customer · ${age}` : `no due time · ${age}`;
}

function Queue() {
  const base = useSupportBase();
  const myUid = useSession().user?.uid ?? null;
  const [params] = useSearchParams();
  // The Today page links to a status ('?status=New').
  const linked = SUPPORT_STATUSES.find((status) => status === params.get('status')) ?? '';
  const [filters, setFilters] = useState<{ status: SupportStatus | ''; tier: SupportTierId | ''; assignee: string }>({
    status: linked,
    tier: '',
    assignee: '',
  });
  const [pages, setPages] = useState<string[]>([]);
  const key = JSON.stringify([filters, pages]);
  const [queue] = useLoad(() => getQueue({ ...filters, after: pages[pages.length - 1] }), key);
  const now = Date.now();
  return (
    <ConsolePage title="Support queue" actions={<SubNav />}>
      <SupportTodayCounts />
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(event) => {
            setPages([]);
            setFilters({ ...filters, status: event.target.value as SupportStatus | '' });
          }}
        >
          <option value="">All open</option>
          {SUPPORT_STATUSES.map((status) => (
            <option key={status}>{status}</option>
          ))}
        </SelectField>
        <SelectField
          label="Tier"
          value={filters.tier}
          onChange={(event) => {
            setPages([]);
            setFilters({ ...filters, tier: event.target.value as SupportTierId | '' });
          }}
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
          onChange={(event) => {
            setPages([]);
            setFilters({ ...filters, assignee: event.target.value });
          }}
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

/** The review queue with the support area's navigation. */
function ReviewPage() {
  const base = useSupportBase();
  return <ReviewQueue base={base} nav={<SubNav />} />;
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StaffRequest() {
  const { id = '' } = useParams();
  const myUid = useSession().user?.uid ?? null;
  const base = useSupportBase();
  const [state, reload] = useLoad(() => getStaffRequest(id), id);
  const [reply, setReply] = useState({ body: '', minutes: '0', internal: false, waitOnCustomer: false });
  const [files, setFiles] = useState<File[]>([]);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const replyField = useRef<HTMLTextAreaElement>(null);

  async function act(run: () => Promise<unknown>, done: string) {
    setIsBusy(true);
    setMessage(null);
    try {
      await run();
      setMessage({ tone: 'success', text: done });
      reload();
      return true;
    } catch (error) {
      setMessage({
        tone: 'error',
        text: error instanceof Error ? error.message : 'That did not work. Please try again.',
      });
      return false;
    } finally {
      setIsBusy(false);
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!reply.body.trim()) {
      setMessage({ tone: 'error', text: 'Please write your reply.' });
      replyField.current?.focus();
      return;
    }
    const ok = await act(
      async () => {
        const fileIds: string[] = [];
        for (const file of files) fileIds.push((await uploadFile(file, { staff: true })).id);
        await staffReply(id, {
          body: reply.body,
          internal: reply.internal,
          minutes: Number(reply.minutes || 0),
          waitOnCustomer: reply.waitOnCustomer,
          fileIds,
        });
      },
      reply.internal ? 'Note saved.' : 'Reply sent.',
    );
    if (ok) {
      setReply({ body: '', minutes: '0', internal: false, waitOnCustomer: false });
      setFiles([]);
    }
  }

  if (state.status === 'loading') return <p className="text-slate-600">Loading request...</p>;
  if (state.status === 'error') return <FormMessage tone="error">{state.error}</FormMessage>;
  const request: StaffRequestPage = state.data;
  // The quote starts from the request: its reference and subject say what it is for (the form's limit is 300).
  const about = `${request.reference}: ${request.subject}`.slice(0, 300);
  const quoteHref = `${base.replace(/\/support$/, '')}/quotes/new?customer=${encodeURIComponent(request.uid)}&about=${encodeURIComponent(about)}`;
  return (
    <ConsolePage
      title={`${request.reference}: ${request.subject}`}
      actions={
        <Link className={buttonClasses('secondary', 'sm')} to={base}>
          ← Queue
        </Link>
      }
    >
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={request.status} />
        <span className="min-w-0 text-sm text-slate-700">
          {request.tier ? `${SUPPORT_TIERS[request.tier].name} support` : 'Out of plan'}
          {request.outOfPlan ? `: ${OUT_OF_PLAN_MESSAGES[request.outOfPlan]}` : ''}
        </span>
      </div>
      <Facts
        rows={[
          ['Customer', `${request.customerName ?? '—'}${request.customerEmail ? ` <${request.customerEmail}>` : ''}`],
          [
            'Plan',
            request.service
              ? `${request.service.name} (${request.service.yearlyFee} a year)`
              : (request.serviceName ?? 'Something else'),
          ],
          ['Service status', request.service?.status ?? '—'],
          ['Renewal date', request.service?.renewsOn ?? '—'],
          [
            'Unpaid invoices',
            request.unpaidInvoices.length
              ? request.unpaidInvoices
                  .map(
                    (invoice) =>
                      `${invoice.number}: ${invoice.amount}${invoice.dueDate ? `, due ${invoice.dueDate}` : ''}`,
                  )
                  .join('; ')
              : 'None',
          ],
          ['Time spent', formatMinutes(request.minutesLogged)],
          ['Assignee', request.assigneeName ?? 'Unassigned'],
          ['Opened', formatDueTime(new Date(request.createdAt))],
        ]}
      />
      <DueTimes request={request} />
      <div className="flex flex-wrap gap-2">
        {(['Open', 'Waiting on customer', 'Resolved', 'Closed'] as const)
          .filter((status) => status !== request.status)
          .map((status) => (
            <Button
              key={status}
              variant="secondary"
              size="sm"
              disabled={isBusy}
              onClick={() => void act(() => updateRequest(id, { status }), `Marked ${status}.`)}
            >
              Mark {status}
            </Button>
          ))}
        {myUid && request.assigneeUid !== myUid && (
          <Button
            variant="secondary"
            size="sm"
            disabled={isBusy}
            onClick={() => void act(() => updateRequest(id, { assigneeUid: myUid }), 'Assigned to you.')}
          >
            Assign to me
          </Button>
        )}
        {request.assigneeUid && (
          <Button
            variant="secondary"
            size="sm"
            disabled={isBusy}
            onClick={() => void act(() => updateRequest(id, { assigneeUid: null }), 'Unassigned.')}
          >
            Unassign
          </Button>
        )}
        <Link className={buttonClasses('secondary', 'sm')} to={quoteHref}>
          Turn into a quote
        </Link>
      </div>
      <h2 className="text-lg font-semibold">Conversation</h2>
      <Conversation request={request} staffView />
      <form className="space-y-3 rounded-xl border border-slate-200 bg-white p-4" onSubmit={send} noValidate>
        <TextAreaField
          ref={replyField}
          label={reply.internal ? 'Internal note (never mailed)' : 'Reply to the customer'}
          rows={5}
          value={reply.body}
          onChange={(event) => setReply({ ...reply, body: event.target.value })}
        />
        <div className="flex flex-wrap items-end gap-4">
          <TextField
            label="Minutes spent"
            type="number"
            min={0}
            inputMode="numeric"
            value={reply.minutes}
            onChange={(event) => setReply({ ...reply, minutes: event.target.value })}
            fieldClassName="w-36"
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={reply.internal}
              onChange={(event) => setReply({ ...reply, internal: event.target.checked })}
            />
            Internal note
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={reply.waitOnCustomer}
              disabled={reply.internal}
              onChange={(event) => setReply({ ...reply, waitOnCustomer: event.target.checked })}
            />
            Wait on the customer
          </label>
        </div>
        <FilePicker files={files} onChange={setFiles} />
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <Button type="submit" disabled={isBusy}>
          {reply.internal ? 'Save note' : 'Send reply'}
        </Button>
      </form>
    </ConsolePage>
  );
}

/** This month in India ('2026-11'): the report opens on the month staff are working in. */
const thisMonth = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);

/** A share with the counts it rests on: '75 % (3 of 4)'; '—' when there is nothing to count. */
const share = (value: number | null, counts: { withinTarget: number; of: number }) =>
  value === null ? '—' : `${value} % (${counts.withinTarget} of ${counts.of})`;

function Report() {
  const [month, setMonth] = useState(thisMonth());
  const [report] = useLoad(() => getReport(month), month);
  return (
    <ConsolePage title="Support SLA report" actions={<SubNav />}>
      <TextField
        label="Month"
        type="month"
        value={month}
        onChange={(event) => setMonth(event.target.value)}
        fieldClassName="w-48"
      />
      {report.status === 'loading' && <p className="text-slate-600">Adding up the month...</p>}
      {report.status === 'error' && <FormMessage tone="error">{report.error}</FormMessage>}
      {report.status === 'ready' && <ReportTables report={report.data} />}
    </ConsolePage>
  );
}

function ReportTables({ report }: { report: SupportReport }) {
  return (
    <>
      {/* Wider than a phone: it scrolls sideways, so it takes the focus (keyboard users scroll it too). */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Requests by tier">
        <table className="w-full min-w-[520px] border-collapse rounded-xl bg-white text-sm">
          <caption className="text-left font-semibold">Requests opened in {report.month}, by tier</caption>
          <thead>
            <tr className="border-b text-left">
              <th className="p-2">Tier</th>
              <th className="p-2">Requests</th>
              <th className="p-2">First replies within target</th>
              <th className="p-2">Resolutions within target</th>
              <th className="p-2">Median first reply</th>
            </tr>
          </thead>
          <tbody>
            {report.tiers.map((row) => (
              <tr key={row.tier} className="border-b">
                <th scope="row" className="p-2 text-left">
                  {row.tier}
                </th>
                <td className="p-2">{row.requests}</td>
                <td className="p-2">{share(row.firstReplyWithinTarget, row.firstReplies)}</td>
                <td className="p-2">{share(row.resolutionWithinTarget, row.resolutions)}</td>
                <td className="p-2">
                  {row.medianFirstReplyMinutes === null
                    ? '—'
                    : `${formatMinutes(row.medianFirstReplyMinutes)} (business time)`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-700">Out of plan: {report.outOfPlan}</p>
      <h2 className="text-lg font-semibold">Support used this year, per service</h2>
      {report.usageThisYear.length === 0 ? (
        <p className="text-slate-700">No time logged yet this year.</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-white text-sm">
          {report.usageThisYear.map((row) => (
            <li key={`${row.uid}/${row.serviceName}`} className="flex justify-between gap-3 p-3">
              <span>
                {row.customerName ?? row.uid}: {row.serviceName}
              </span>
              <span className="font-semibold">{formatMinutes(row.minutes)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * Unsaved changes are not lost without a word: leaving the page inside the console asks first (our
 * own dialog), and closing or reloading the tab gets the browser's own question.
 */
function useLeaveWarning(isDirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  return blocker;
}

export function Holidays() {
  const [state, reload] = useLoad(getHolidays, 'holidays');
  const [draft, setDraft] = useState<Holiday[] | null>(null);
  const [adding, setAdding] = useState({ date: '', name: '' });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const holidays = draft ?? (state.status === 'ready' ? state.data.holidays : []);
  const blocker = useLeaveWarning(draft !== null);
  async function save() {
    setIsSaving(true);
    try {
      await saveHolidays(holidays);
      setMessage({ tone: 'success', text: 'Holidays saved. Due times follow at the next support job pass.' });
      setDraft(null);
      reload();
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : 'Could not save the holidays.' });
    } finally {
      setIsSaving(false);
    }
  }
  return (
    <ConsolePage title="Business holidays" actions={<SubNav />}>
      <p className="text-slate-700">
        Business hours are Monday to Friday, 9:30 am to 6:30 pm IST. Support due times skip these days.
        {state.status === 'ready' &&
          state.data.isDefault &&
          ' (The default list of India’s national holidays; saving makes it yours.)'}
      </p>
      {state.status === 'error' && <FormMessage tone="error">{state.error}</FormMessage>}
      <ul className="divide-y rounded-xl border bg-white text-sm">
        {holidays.map((holiday) => (
          <li key={holiday.date} className="flex items-center justify-between gap-3 p-2">
            <span className="min-w-0 wraps-anywhere">
              {formatDay(holiday.date)} · {holiday.name}
            </span>
            <Button
              variant="link"
              size="sm"
              aria-label={`Remove ${holiday.name} on ${formatDay(holiday.date)}`}
              onClick={() => setDraft(holidays.filter((entry) => entry.date !== holiday.date))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Date"
          type="date"
          value={adding.date}
          onChange={(event) => setAdding({ ...adding, date: event.target.value })}
        />
        <TextField
          label="Name"
          value={adding.name}
          onChange={(event) => setAdding({ ...adding, name: event.target.value })}
        />
        <Button
          variant="secondary"
          onClick={() => {
            if (!adding.date || !adding.name.trim()) {
              setMessage({ tone: 'error', text: 'Give the holiday a date and a name.' });
              return;
            }
            setDraft(
              [
                ...holidays.filter((entry) => entry.date !== adding.date),
                { date: adding.date, name: adding.name.trim() },
              ].sort((a, b) => a.date.localeCompare(b.date)),
            );
            setAdding({ date: '', name: '' });
            setMessage(null);
          }}
        >
          Add
        </Button>
      </div>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      {draft !== null && (
        <p className="text-sm font-semibold text-amber-900">Not saved yet: save the holidays to keep your changes.</p>
      )}
      <Button onClick={() => void save()} disabled={draft === null || isSaving}>
        {isSaving ? 'Saving...' : 'Save holidays'}
      </Button>
      <ConfirmDialog
        isOpen={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave without saving"
        cancelLabel="Stay on this page"
        closeLabel="Close"
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      >
        <p>Your changes to the holidays are not saved. If you leave now, they are lost.</p>
      </ConfirmDialog>
    </ConsolePage>
  );
}

/** The console's Support area (/admin/support/*): queue, a request, the SLA report, holidays. */
export function SupportConsole() {
  return useRoutes([
    { index: true, element: <Queue /> },
    { path: 'review', element: <ReviewPage /> },
    { path: 'report', element: <Report /> },
    { path: 'holidays', element: <Holidays /> },
    { path: ':id', element: <StaffRequest /> },
  ]);
}
