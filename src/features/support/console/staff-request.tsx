import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { FilePicker } from '@/components/file-picker';
import { FormMessage, TextAreaField, TextField } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import { formatDueTime, formatMinutes } from '@/domain/business-hours';
import { OUT_OF_PLAN_MESSAGES, SUPPORT_TIERS } from '@/domain/support';
import { getStaffRequest, staffReply, updateRequest, uploadFile, type StaffRequestPage } from '../api';
import { useSession } from '@/lib/session';
import { ConsolePage } from '@/components/console/console-parts';
import { useLoad } from '@/lib/use-load';
import { Conversation, DueTimes } from '../conversation';

import { useSupportBase } from './support-nav';

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

/** One request as staff see it: its facts, the conversation with internal notes, and a reply or note form. */
export function StaffRequest() {
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
