import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useParams, useRoutes } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { FormMessage, SelectField, TextAreaField, TextField } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import { formatDueIn, formatDueTime, formatMinutes, type Holiday } from '@/domain/business-hours';
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
  getReviewMails,
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
import { Conversation, DueTimes, FileLink } from '../support-pages';
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
      <Link className={buttonClasses('secondary', 'sm')} to={`${base}/report`}>
        SLA report
      </Link>
      <Link className={buttonClasses('secondary', 'sm')} to={`${base}/holidays`}>
        Holidays
      </Link>
    </p>
  );
}

/** Counts for the console's Today page: requests due today and overdue, linking to the queue. */

function Queue() {
  const base = useSupportBase();
  const myUid = useSession().user?.uid ?? null;
  const [filters, setFilters] = useState<{ status: SupportStatus | ''; tier: SupportTierId | ''; assignee: string }>({
    status: '',
    tier: '',
    assignee: '',
  });
  const [pages, setPages] = useState<string[]>([]);
  const key = JSON.stringify([filters, pages]);
  const [queue] = useLoad(() => getQueue({ ...filters, after: pages[pages.length - 1] }), key);
  const now = Date.now();
  const dueText = (row: QueueRow) =>
    row.nextDueAt ? formatDueIn(row.nextDueAt, now) : row.isPaused ? 'waiting on customer' : 'nothing due';
  return (
    <ConsolePage title="Support queue" actions={<SubNav />}>
      <SupportTodayCounts queueHref={base} />
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
                <Link className="font-semibold text-brand-darker hover:underline" to={`${base}/${row.id}`}>
                  {row.reference}: {row.subject}
                </Link>
                <p className="text-sm text-slate-700">
                  {row.customerName ?? 'Customer'} · {row.serviceName ?? 'Something else'} ·{' '}
                  {row.tier ? SUPPORT_TIERS[row.tier].name : 'Out of plan'}
                  {row.assigneeName ? ` · ${row.assigneeName}` : ''}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <span
                  className={`text-sm font-semibold ${row.nextDueAt && row.nextDueAt < now ? 'text-red-700' : 'text-slate-800'}`}
                >
                  {dueText(row)}
                </span>
                <StatusBadge status={row.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <ReviewMails />
      {queue.status === 'ready' && queue.data.next && (
        <Button variant="secondary" size="sm" onClick={() => setPages([...pages, queue.data.next!])}>
          Next page
        </Button>
      )}
    </ConsolePage>
  );
}

/** Inbound mails that matched no request, or not from its requester: nothing is lost, a person decides. */
function ReviewMails() {
  const [mails] = useLoad(getReviewMails, 'review');
  if (mails.status !== 'ready' || mails.data.mails.length === 0) return null;
  return (
    <section aria-labelledby="review-mails" className="space-y-2">
      <h2 id="review-mails" className="text-lg font-semibold">
        Mail waiting for review ({mails.data.mails.length})
      </h2>
      <ul className="divide-y rounded-xl border border-amber-300 bg-amber-50 text-sm">
        {mails.data.mails.map((mail) => (
          <li key={mail.id} className="p-3">
            <p className="font-semibold">
              {mail.subject || '(no subject)'} · {mail.from}
            </p>
            <p className="text-slate-700">
              {formatDueTime(new Date(mail.receivedAt))} · {mail.reason}
            </p>
            <p className="mt-1 line-clamp-3 whitespace-pre-wrap text-slate-900">{mail.text}</p>
            {mail.attachments.length > 0 && (
              <ul className="mt-1 flex flex-wrap gap-x-3">
                {mail.attachments.map((file, index) =>
                  file.fileId ? (
                    <li key={file.fileId}>
                      <FileLink file={{ id: file.fileId, name: file.name, size: file.size }} />
                    </li>
                  ) : (
                    <li key={`${file.name}-${index}`} className="text-slate-700">
                      Not kept: {file.refused}
                    </li>
                  ),
                )}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
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
        <span className="text-sm text-slate-700">
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
              ? request.unpaidInvoices.map((invoice) => `${invoice.number} ${invoice.amount}`).join(', ')
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
        <input
          type="file"
          multiple
          aria-label="Attachments"
          accept=".png,.jpg,.jpeg,.pdf,.txt,.log,.zip"
          onChange={(event) => setFiles([...(event.target.files ?? [])].slice(0, 5))}
        />
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <Button type="submit" disabled={isBusy}>
          {reply.internal ? 'Save note' : 'Send reply'}
        </Button>
      </form>
    </ConsolePage>
  );
}

const lastMonth = () => {
  const now = new Date(Date.now() + 330 * 60_000);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return month.toISOString().slice(0, 7);
};

function Report() {
  const [month, setMonth] = useState(lastMonth());
  const [report] = useLoad(() => getReport(month), month);
  const percent = (value: number | null) => (value === null ? '—' : `${value} %`);
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
      {report.status === 'ready' && <ReportTables report={report.data} percent={percent} />}
    </ConsolePage>
  );
}

function ReportTables({ report, percent }: { report: SupportReport; percent: (value: number | null) => string }) {
  return (
    <>
      <div className="overflow-x-auto">
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
                <td className="p-2">{percent(row.firstReplyWithinTarget)}</td>
                <td className="p-2">{percent(row.resolutionWithinTarget)}</td>
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

function Holidays() {
  const [state, reload] = useLoad(getHolidays, 'holidays');
  const [draft, setDraft] = useState<Holiday[] | null>(null);
  const [adding, setAdding] = useState({ date: '', name: '' });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const holidays = draft ?? (state.status === 'ready' ? state.data.holidays : []);
  async function save() {
    try {
      await saveHolidays(holidays);
      setMessage({ tone: 'success', text: 'Holidays saved. Due times follow at the next support job pass.' });
      setDraft(null);
      reload();
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : 'Could not save the holidays.' });
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
            <span>
              {holiday.date} · {holiday.name}
            </span>
            <Button
              variant="link"
              size="sm"
              aria-label={`Remove ${holiday.name} on ${holiday.date}`}
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
          }}
        >
          Add
        </Button>
      </div>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <Button onClick={() => void save()} disabled={draft === null}>
        Save holidays
      </Button>
    </ConsolePage>
  );
}

/** The console's Support area (/admin/support/*): queue, a request, the SLA report, holidays. */
export function SupportConsole() {
  return useRoutes([
    { index: true, element: <Queue /> },
    { path: 'report', element: <Report /> },
    { path: 'holidays', element: <Holidays /> },
    { path: ':id', element: <StaffRequest /> },
  ]);
}
