import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { FilePicker } from '@/components/file-picker';
import { FormMessage, TextAreaField } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import { SUPPORT_MESSAGES, SUPPORT_TIERS, supportReplySchema } from '@/domain/support';
import { useCompany } from '@/lib/company-session';
import { useLoad } from '@/lib/use-load';
import { getMyRequest, replyToRequest } from './api';
import { Conversation, DueTimes } from './conversation';
import { OutOfPlan } from './out-of-plan';
import { BackToSupport, PAGE, uploadAll, type SupportLinks } from './support-parts';

/** /support/:id: the conversation, status, both due times (IST), files and a reply box (for a role that may reply). */
export function RequestPage({ id, links, heading }: { id: string; links: SupportLinks; heading?: ReactNode }) {
  const company = useCompany();
  const [state, reload] = useLoad(() => getMyRequest(id), `${company.acting?.companyId ?? ''}/${id}`);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [isSending, setIsSending] = useState(false);
  const replyField = useRef<HTMLTextAreaElement>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    const parsed = supportReplySchema.safeParse({ body, fileIds: [] });
    if (!parsed.success) {
      setMessage({ tone: 'error', text: parsed.error.issues[0]!.message });
      replyField.current?.focus();
      return;
    }
    setIsSending(true);
    setMessage(null);
    try {
      const fileIds = await uploadAll(files);
      await replyToRequest(id, { body: parsed.data.body, fileIds });
      setBody('');
      setFiles([]);
      setMessage({ tone: 'success', text: 'Your reply was sent.' });
      reload();
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : 'Could not send your reply.' });
    } finally {
      setIsSending(false);
    }
  }

  if (state.status === 'loading') return <div className={PAGE}>Loading request...</div>;
  if (state.status === 'error')
    return (
      <div className={PAGE}>
        <FormMessage tone="error">{state.error}</FormMessage>
      </div>
    );
  const request = state.data;
  const isClosed = request.status === 'Closed';
  return (
    <div className={PAGE}>
      {heading}
      <BackToSupport to={links.home} />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold wraps-anywhere text-slate-900">
          {request.reference}: {request.subject}
        </h1>
        <StatusBadge status={request.status} />
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {request.serviceName ?? 'Something else'}
        {request.tier ? ` · ${SUPPORT_TIERS[request.tier].name} support` : ' · Out of plan'}
      </p>
      <div className="mt-3">
        <DueTimes request={request} />
      </div>
      {request.outOfPlan && (
        <OutOfPlan
          reason={request.outOfPlan}
          payUrl={request.payUrl ?? null}
          about={{
            serviceName: request.serviceName,
            brief: [
              `Support request ${request.reference}: ${request.subject}`,
              request.messages?.find((message) => message.author === 'customer')?.body ?? '',
            ]
              .filter(Boolean)
              .join('\n\n'),
          }}
        />
      )}
      <Conversation request={request} />
      {isClosed ? (
        <p className="mt-6 text-slate-700">
          {SUPPORT_MESSAGES.closed}
          {company.can('raiseSupport') && (
            <>
              {' '}
              <Link className="text-brand-darker underline" to={links.newRequest(request.serviceId ?? undefined)}>
                New request
              </Link>
            </>
          )}
        </p>
      ) : !company.can('replySupport') ? (
        <p className="mt-6 text-slate-700">{company.refusal('replySupport')}</p>
      ) : (
        <form className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-5" onSubmit={send} noValidate>
          <TextAreaField
            ref={replyField}
            label="Your reply"
            rows={4}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
          <FilePicker files={files} onChange={setFiles} />
          {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
          <Button type="submit" disabled={isSending}>
            {isSending ? 'Sending...' : 'Send reply'}
          </Button>
          <p className="text-sm text-slate-600">You can also reply to any of our mails about this request.</p>
        </form>
      )}
    </div>
  );
}
