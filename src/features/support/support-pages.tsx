import { lazy, Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { FilePicker } from '@/components/file-picker';
import { FormMessage, SelectField, TextAreaField, TextField } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import { formatDueTime, formatMinutes } from '@/domain/business-hours';
import { OTHER_PROJECT_TYPE, PROJECT_TYPES } from '@/domain/quote-request';
import { useCompany } from '@/lib/company-session';
import { useSession } from '@/lib/session';
import {
  NO_SERVICE,
  OUT_OF_PLAN_MESSAGES,
  OUT_OF_PLAN_WAY_BACK,
  somethingElsePlan,
  SUPPORT_MESSAGES,
  SUPPORT_SUBJECT_LIMIT_MESSAGE,
  SUPPORT_SUBJECT_MAX,
  SUPPORT_TIERS,
  staffNameShown,
  supportReplySchema,
  supportRequestSchema,
  type SupportRequestView,
  type SupportTierId,
} from '@/domain/support';
import {
  createRequest,
  downloadFile,
  getMyRequest,
  getMyRequests,
  getSupportServices,
  replyToRequest,
  uploadFile,
} from './api';
import { saveDownload } from '@/lib/save-file';
import { useLoad } from '@/lib/use-load';

/** Where support's pages link to; the app's route table builds them (features hold no route strings). */
export interface SupportLinks {
  home: string;
  newRequest: (serviceId?: string) => string;
  request: (id: string) => string;
}

// The quote request form (the contact section's) loads only when an out-of-plan customer asks for a quote.
const QuoteRequestForm = lazy(() => import('@/features/contact').then((m) => ({ default: m.QuoteRequestForm })));

/** What a quote request made from support starts with: the kind of project the service is, and why. */
interface QuoteAbout {
  serviceName: string | null;
  brief: string;
}

// The quote request schema's limit for the brief.
const BRIEF_MAX = 2000;

/** A plan's name starts with its category ('Factory Management Growth'); anything else is 'Other'. */
function projectTypeOf(serviceName: string | null): string {
  return PROJECT_TYPES.find((type) => serviceName?.startsWith(type)) ?? OTHER_PROJECT_TYPE;
}

const PAGE = 'mx-auto w-full max-w-4xl px-4 py-10 sm:px-6';

function tierText(service: { tier: SupportTierId | null }): string {
  const tier = service.tier ? SUPPORT_TIERS[service.tier] : null;
  return tier
    ? `${tier.name} support: first reply within ${tier.firstReplyHours} business ${tier.firstReplyHours === 1 ? 'hour' : 'hours'}, resolution within ${tier.resolutionDays} business ${tier.resolutionDays === 1 ? 'day' : 'days'}`
    : 'No support plan';
}

/** The way back into plan: the open renewal's pay link, or a quote request prefilled from the service or request. */
function OutOfPlan({ reason, payUrl: renewUrl, about }: { reason: string; payUrl: string | null; about: QuoteAbout }) {
  const session = useSession();
  const company = useCompany();
  // Renewing is paying: a member whose role cannot pay is told so instead.
  const payUrl = renewUrl && company.can('pay') ? renewUrl : null;
  const payRefusal = renewUrl && !payUrl ? company.refusal('pay') : null;
  const [isAsking, setAsking] = useState(false);
  const [status, setStatus] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  return (
    <div role="note" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>
        {OUT_OF_PLAN_MESSAGES[reason as keyof typeof OUT_OF_PLAN_MESSAGES] ?? reason}{' '}
        {renewUrl ? (payUrl ? OUT_OF_PLAN_WAY_BACK.renew : '') : OUT_OF_PLAN_WAY_BACK.quote}
      </p>
      <p className="mt-2">
        {payRefusal}
        {payUrl ? (
          <a className={buttonClasses('primary', 'sm')} href={payUrl}>
            Renew now
          </a>
        ) : (
          !payRefusal &&
          !isAsking && (
            <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
              Ask for a quote
            </Button>
          )
        )}
      </p>
      {isAsking && (
        <div className="mt-3 rounded-lg border border-slate-200 bg-white p-4 text-slate-900">
          <h3 className="mb-3 text-base font-semibold">Ask for a quote</h3>
          {status && <FormMessage tone={status.type}>{status.text}</FormMessage>}
          <Suspense fallback={<p className="text-slate-700">Loading the form...</p>}>
            <QuoteRequestForm
              userId={session.user?.uid ?? null}
              defaultName={session.user?.displayName ?? ''}
              defaultEmail={session.user?.email ?? ''}
              projectType={projectTypeOf(about.serviceName)}
              defaultBrief={about.brief.slice(0, BRIEF_MAX)}
              onStatus={setStatus}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/** A role that cannot open requests (a viewer) sees why, where "New request" and "Get help" would be. */
function RaiseRefusal({ text }: { text: string }) {
  return <p className="text-sm text-slate-700">{text}</p>;
}

/**
 * /support: the acting company's services with their support tier and time used, and its
 * requests (every member's, for the roles that read support); its own heading slot `heading`
 * (the page's "Acting for", composed by the app).
 */
export function SupportHome({ links, heading }: { links: SupportLinks; heading?: ReactNode }) {
  const company = useCompany();
  // Read again when the person acts for another company (the API answers for the acting one).
  const companyId = company.acting?.companyId ?? '';
  const [services] = useLoad(getSupportServices, `services:${companyId}`);
  const [requests] = useLoad(getMyRequests, `requests:${companyId}`);
  const canRaise = company.can('raiseSupport');
  return (
    <div className={PAGE}>
      {heading}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Support</h1>
        {canRaise ? (
          <Link className={buttonClasses('primary')} to={links.newRequest()}>
            New request
          </Link>
        ) : (
          <RaiseRefusal text={company.refusal('raiseSupport')} />
        )}
      </div>
      <p className="mt-2 text-slate-700">
        Business hours: Monday to Friday, 9:30 am to 6:30 pm IST, except holidays. Times below are IST.
      </p>
      <section aria-labelledby="support-services" className="mt-8">
        <h2 id="support-services" className="text-xl font-semibold text-slate-900">
          Your services
        </h2>
        {services.status === 'loading' && <p className="mt-2 text-slate-700">Loading your services...</p>}
        {services.status === 'error' && <FormMessage tone="error">{services.error}</FormMessage>}
        {services.status === 'ready' && services.data.services.length === 0 && (
          <p className="mt-2 text-slate-700">
            You have no plans with yearly maintenance yet, so requests are out of plan.
          </p>
        )}
        {services.status === 'ready' && (
          <ul className="mt-3 space-y-3">
            {services.data.services.map((service) => (
              <li key={service.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p className="font-semibold">{service.name}</p>
                    <p className="text-sm text-slate-700">{tierText(service)}</p>
                    <p className="text-sm text-slate-700">
                      Support used this year: {formatMinutes(service.minutesThisYear)}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <StatusBadge status={service.status} />
                    {/* Named for its service: a list of "Get help" links would read alike. */}
                    {canRaise && (
                      <Link
                        className={buttonClasses('secondary', 'sm')}
                        to={links.newRequest(service.id)}
                        aria-label={`Get help with ${service.name}`}
                      >
                        Get help
                      </Link>
                    )}
                  </div>
                </div>
                {service.outOfPlan && (
                  <OutOfPlan
                    reason={service.outOfPlan}
                    payUrl={service.payUrl}
                    about={{ serviceName: service.name, brief: `Support and maintenance for ${service.name}.` }}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="support-requests" className="mt-10">
        <h2 id="support-requests" className="text-xl font-semibold text-slate-900">
          Your requests
        </h2>
        {requests.status === 'loading' && <p className="mt-2 text-slate-700">Loading your requests...</p>}
        {requests.status === 'error' && <FormMessage tone="error">{requests.error}</FormMessage>}
        {requests.status === 'ready' && requests.data.requests.length === 0 && (
          <p className="mt-2 text-slate-700">No requests yet.</p>
        )}
        {requests.status === 'ready' && requests.data.requests.length > 0 && (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {requests.data.requests.map((request) => (
              <li key={request.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <Link
                    className="font-semibold wraps-anywhere text-brand-darker hover:underline"
                    to={links.request(request.id)}
                  >
                    {request.reference}: {request.subject}
                  </Link>
                  <p className="text-sm text-slate-700">{request.serviceName ?? 'Something else'}</p>
                </div>
                <StatusBadge status={request.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Uploads the picked files one by one; the first refusal stops with the API's message. */
async function uploadAll(files: File[], staff = false): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) ids.push((await uploadFile(file, { staff })).id);
  return ids;
}

/** The form's fields in the order it shows them: an empty submit focuses the first one that is wrong. */
const REQUEST_FIELDS = ['serviceId', 'subject', 'description'] as const;

/** /support/new: the service (or "Something else"), a subject, a description and files. */
export function NewRequestPage({
  links,
  serviceId,
  onCreated,
  heading,
}: {
  links: SupportLinks;
  serviceId: string | null;
  onCreated: (id: string) => void;
  /** Above the page: whose company the request is for (composed by the app). */
  heading?: ReactNode;
}) {
  const companyId = useCompany().acting?.companyId ?? '';
  const [services] = useLoad(getSupportServices, `services:${companyId}`);
  const [form, setForm] = useState({ serviceId: serviceId ?? '', subject: '', description: '' });
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const fields = {
    serviceId: useRef<HTMLSelectElement>(null),
    subject: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
  };
  const list = services.status === 'ready' ? services.data.services : [];
  const chosen = list.find((service) => service.id === form.serviceId);
  // "Something else" is covered by the best plan in force, or by none: said before sending, as for a service.
  const other = form.serviceId === NO_SERVICE && services.status === 'ready' ? somethingElsePlan(list) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const parsed = supportRequestSchema.safeParse({ ...form, fileIds: [] });
    if (!parsed.success) {
      const found = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      setErrors(found);
      const first = REQUEST_FIELDS.find((name) => found[name]);
      if (first) fields[first].current?.focus();
      return;
    }
    setErrors({});
    setIsSending(true);
    try {
      const fileIds = await uploadAll(files);
      const created = await createRequest({ ...parsed.data, fileIds });
      onCreated(created.id);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'Could not send your request. Please try again.');
    } finally {
      setIsSending(false);
    }
  }

  const subjectLength = form.subject.length;
  return (
    <div className={PAGE}>
      {heading}
      <p>
        <Link className="text-sm text-brand-darker hover:underline" to={links.home}>
          ← Support
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">New support request</h1>
      <form className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5" onSubmit={submit} noValidate>
        <SelectField
          ref={fields.serviceId}
          label="Service"
          required
          value={form.serviceId}
          error={errors.serviceId}
          onChange={(event) => setForm({ ...form, serviceId: event.target.value })}
        >
          <option value="">Choose…</option>
          {list.map((service) => (
            <option key={service.id} value={service.id}>
              {service.name}
            </option>
          ))}
          <option value={NO_SERVICE}>Something else</option>
        </SelectField>
        {(chosen || other) && <p className="text-sm text-slate-700">{tierText(chosen ?? other!)}</p>}
        {chosen?.outOfPlan && (
          <OutOfPlan
            reason={chosen.outOfPlan}
            payUrl={chosen.payUrl}
            about={{
              serviceName: chosen.name,
              brief: [`Support for ${chosen.name}.`, form.subject, form.description].filter(Boolean).join('\n\n'),
            }}
          />
        )}
        {other?.outOfPlan && (
          <OutOfPlan
            reason={other.outOfPlan}
            payUrl={other.payUrl}
            about={{
              serviceName: null,
              brief: ['Support.', form.subject, form.description].filter(Boolean).join('\n\n'),
            }}
          />
        )}
        <TextField
          ref={fields.subject}
          label="Subject"
          required
          value={form.subject}
          error={errors.subject}
          maxLength={SUPPORT_SUBJECT_MAX}
          // Typing stops at the limit: the count says so, and at the limit the message says why.
          hint={
            <>
              <span>
                {subjectLength} of {SUPPORT_SUBJECT_MAX} characters
              </span>
              <span role="status" className="block font-semibold text-red-800">
                {subjectLength >= SUPPORT_SUBJECT_MAX ? SUPPORT_SUBJECT_LIMIT_MESSAGE : ''}
              </span>
            </>
          }
          onChange={(event) => setForm({ ...form, subject: event.target.value })}
        />
        <TextAreaField
          ref={fields.description}
          label="Description"
          required
          rows={6}
          value={form.description}
          error={errors.description}
          onChange={(event) => setForm({ ...form, description: event.target.value })}
        />
        <FilePicker files={files} onChange={setFiles} />
        {message && <FormMessage tone="error">{message}</FormMessage>}
        <Button type="submit" disabled={isSending}>
          {isSending ? 'Sending...' : 'Send request'}
        </Button>
      </form>
    </div>
  );
}

export function FileLink({ file }: { file: { id: string; name: string; size: number } }) {
  const [problem, setProblem] = useState<string | null>(null);
  async function open() {
    try {
      saveDownload(await downloadFile(file.id), file.name);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Could not download the file.');
    }
  }
  return (
    <span className="min-w-0">
      <Button variant="link" size="sm" className="text-left wraps-anywhere" onClick={() => void open()}>
        {file.name} ({Math.max(1, Math.round(file.size / 1024))} KB)
      </Button>
      {problem && <span className="ml-2 text-sm text-red-700">{problem}</span>}
    </span>
  );
}

/** Past this many characters a message opens shortened (a mail may bring 10,000). */
const LONG_BODY_CHARS = 3000;

/** A message's text: wrapped even where a line has no spaces (logs, links), long ones opened on request. */
function MessageBody({ body }: { body: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const isLong = body.length > LONG_BODY_CHARS;
  return (
    <>
      <p className="mt-2 pasted-text text-slate-900">
        {isLong && !isOpen ? `${body.slice(0, LONG_BODY_CHARS).trimEnd()}…` : body}
      </p>
      {isLong && (
        <Button variant="link" size="sm" aria-expanded={isOpen} onClick={() => setIsOpen(!isOpen)}>
          {isOpen ? 'Show less' : 'Show the whole message'}
        </Button>
      )}
    </>
  );
}

export function Conversation({ request, staffView = false }: { request: SupportRequestView; staffView?: boolean }) {
  return (
    <ol className="mt-4 space-y-3" aria-label="Conversation">
      {(request.messages ?? []).map((message) => (
        <li
          key={message.id}
          className={`rounded-xl border p-4 ${message.internal ? 'border-amber-300 bg-amber-50' : message.author === 'staff' ? 'border-brand-light bg-sky-50' : 'border-slate-200 bg-white'}`}
        >
          <p className="text-sm font-semibold wraps-anywhere text-slate-800">
            {message.internal
              ? 'Internal note'
              : message.author === 'staff'
                ? staffNameShown(message.authorName)
                : (message.authorName ?? 'You')}
            <span className="font-normal text-slate-600">
              {' '}
              · {formatDueTime(new Date(message.createdAt))}
              {message.via === 'mail' ? ' · by mail' : ''}
              {staffView && message.minutes ? ` · ${formatMinutes(message.minutes)} logged` : ''}
            </span>
          </p>
          <MessageBody body={message.body} />
          {message.files.length > 0 && (
            <p className="mt-2 flex flex-wrap gap-3">
              {message.files.map((file) => (
                <FileLink key={file.id} file={file} />
              ))}
            </p>
          )}
          {message.refusedFiles && message.refusedFiles.length > 0 && (
            <div className="mt-2 text-sm text-slate-700">
              <p className="font-semibold">Not attached:</p>
              <ul className="list-disc pl-5">
                {message.refusedFiles.map((file, index) => (
                  <li key={`${file.name}-${index}`} className="wraps-anywhere">
                    {file.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

export function DueTimes({ request }: { request: SupportRequestView }): ReactNode {
  if (!request.tier) return <p className="text-sm text-slate-700">Out of plan: no response times apply.</p>;
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-semibold text-slate-700">First reply {request.firstRepliedAt ? 'was' : 'due'}</dt>
        <dd>{formatDueTime(new Date(request.firstRepliedAt ?? request.firstReplyDueAt ?? 0))}</dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-700">Resolution due</dt>
        <dd>
          {request.resolvedAt
            ? `Resolved ${formatDueTime(new Date(request.resolvedAt))}`
            : request.isPaused
              ? 'Paused while we wait for your answer'
              : formatDueTime(request.resolutionDueAt ? new Date(request.resolutionDueAt) : null)}
        </dd>
      </div>
    </dl>
  );
}

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
      <p>
        <Link className="text-sm text-brand-darker hover:underline" to={links.home}>
          ← Support
        </Link>
      </p>
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
