import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { ConsolePage } from '@/components/console/console-parts';
import { ErrorMessage, FormMessage, SelectField, TextAreaField, TextField } from '@/components/form-field';
import { formatDueTime } from '@/domain/business-hours';
import { NO_SERVICE, type ReviewCustomer } from '@/domain/support';
import { useLoad } from '@/lib/use-load';
import {
  attachReviewMail,
  dismissReviewMail,
  getReviewMails,
  openFromReviewMail,
  replyToReviewMail,
  searchCustomers,
  type ReviewMail,
} from '../api';
import { FileLink } from '../conversation';

type Action = 'attach' | 'open' | 'reply';

/** What happened to a mail that left the queue: said above the queue (the mail's row is gone). */
interface Done {
  text: string;
  link?: { to: string; label: string };
}

/**
 * Mail waiting for review (`/admin/support/review`): inbound mails that matched no request, or did
 * not come from its requester. Nothing is lost, a person decides: attach one to a request, open a
 * request with it for a customer, answer its sender once, or dismiss it as spam.
 */
export function ReviewQueue({ base, nav }: { base: string; nav: ReactNode }) {
  const [mails, reload] = useLoad(getReviewMails, 'review');
  const [done, setDone] = useState<Done | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const finish = (result: Done) => {
    setDone(result);
    reload();
    // The mail's row goes: focus moves to what became of it, not to the top of the page.
    requestAnimationFrame(() => doneRef.current?.focus());
  };
  return (
    <ConsolePage title="Mail waiting for review" actions={nav}>
      <p className="text-slate-700">
        Mail that matched no request, or did not come from the request's customer. Attach it to a request, open a
        request with it for a customer, answer its sender, or dismiss it as spam.
      </p>
      <div ref={doneRef} tabIndex={-1} className="focus:outline-none">
        {done && (
          <FormMessage tone="success">
            {done.text}{' '}
            {done.link && (
              <Link className="underline" to={done.link.to}>
                {done.link.label}
              </Link>
            )}
          </FormMessage>
        )}
      </div>
      {mails.status === 'loading' && <p className="text-slate-600">Loading the mail...</p>}
      {mails.status === 'error' && <FormMessage tone="error">{mails.error}</FormMessage>}
      {mails.status === 'ready' && mails.data.mails.length === 0 && (
        <p className="text-slate-700">No mail is waiting for review.</p>
      )}
      {mails.status === 'ready' && mails.data.mails.length > 0 && (
        <ul aria-label="Mail waiting for review" className="space-y-3">
          {mails.data.mails.map((mail) => (
            <ReviewItem key={mail.id} mail={mail} base={base} onDone={finish} />
          ))}
        </ul>
      )}
    </ConsolePage>
  );
}

function ReviewItem({ mail, base, onDone }: { mail: ReviewMail; base: string; onDone: (done: Done) => void }) {
  const [action, setAction] = useState<Action | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const titleId = useId();
  const subject = mail.subject || '(no subject)';

  async function run(work: () => Promise<Done>) {
    setIsBusy(true);
    setProblem(null);
    try {
      onDone(await work());
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'That did not work. Please try again.');
    } finally {
      setIsBusy(false);
    }
  }

  const choose = (next: Action) => {
    setProblem(null);
    setAction(action === next ? null : next);
  };
  return (
    <li
      aria-labelledby={titleId}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm"
      data-testid="review-mail"
    >
      <h2 id={titleId} className="text-base font-semibold wraps-anywhere text-slate-900">
        {subject}
      </h2>
      <p className="wraps-anywhere text-slate-800">
        From {mail.from}
        {mail.sender ? ` (customer${mail.sender.name ? `: ${mail.sender.name}` : ''})` : ''} ·{' '}
        {formatDueTime(new Date(mail.receivedAt))}
      </p>
      <p className="wraps-anywhere text-slate-700">Waiting because: {mail.reason}</p>
      <p className="mt-2 line-clamp-6 pasted-text text-slate-900">{mail.text}</p>
      {mail.attachments.length > 0 && (
        <ul aria-label="Attachments" className="mt-1 flex flex-wrap gap-x-3">
          {mail.attachments.map((file, index) =>
            file.fileId ? (
              <li key={file.fileId} className="min-w-0">
                <FileLink file={{ id: file.fileId, name: file.name, size: file.size }} />
              </li>
            ) : (
              <li key={`${file.name}-${index}`} className="wraps-anywhere text-slate-700">
                Not kept: {file.refused}
              </li>
            ),
          )}
        </ul>
      )}
      <div role="group" aria-label={`What to do with “${subject}”`} className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" aria-expanded={action === 'attach'} onClick={() => choose('attach')}>
          Attach to a request
        </Button>
        <Button variant="secondary" size="sm" aria-expanded={action === 'open'} onClick={() => choose('open')}>
          Open a request
        </Button>
        <Button variant="secondary" size="sm" aria-expanded={action === 'reply'} onClick={() => choose('reply')}>
          Reply
        </Button>
        <Button
          variant="dangerOutline"
          size="sm"
          disabled={isBusy}
          onClick={() =>
            void run(async () => (await dismissReviewMail(mail.id), { text: `Dismissed “${subject}” as spam.` }))
          }
        >
          Dismiss as spam
        </Button>
      </div>
      {action === 'attach' && (
        <AttachForm
          isBusy={isBusy}
          onAttach={(reference) =>
            void run(async () => {
              const attached = await attachReviewMail(mail.id, reference);
              return {
                text:
                  attached.as === 'customer'
                    ? `Added to ${attached.reference} as the customer's message.`
                    : `Added to ${attached.reference} as an internal note (the sender is not its customer).`,
                link: { to: `${base}/${attached.requestId}`, label: `Open ${attached.reference}` },
              };
            })
          }
        />
      )}
      {action === 'open' && (
        <OpenForm
          mail={mail}
          isBusy={isBusy}
          onOpen={(input) =>
            void run(async () => {
              const opened = await openFromReviewMail(mail.id, input);
              return {
                text: `Opened ${opened.reference} for the customer; they were sent the acknowledgement.`,
                link: { to: `${base}/${opened.requestId}`, label: `Open ${opened.reference}` },
              };
            })
          }
        />
      )}
      {action === 'reply' && (
        <ReplyForm
          to={mail.from}
          isBusy={isBusy}
          onSend={(body) =>
            void run(async () => (await replyToReviewMail(mail.id, body), { text: `Answered ${mail.from}.` }))
          }
        />
      )}
      <ErrorMessage error={problem} className="mt-2" />
    </li>
  );
}

/**
 * A form of one required text and its button: sent blank, it says `missing` on the field and
 * focuses it; otherwise `onSend` gets the text as typed. `field` draws the field with the props
 * it is given.
 */
function OneTextForm<Field extends HTMLInputElement | HTMLTextAreaElement>({
  className,
  missing,
  submitLabel,
  isBusy,
  onSend,
  field,
}: {
  className: string;
  missing: string;
  submitLabel: string;
  isBusy: boolean;
  onSend: (text: string) => void;
  field: (props: {
    ref: RefObject<Field | null>;
    value: string;
    error: string | undefined;
    onChange: (event: ChangeEvent<Field>) => void;
  }) => ReactNode;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<Field>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError(missing);
      ref.current?.focus();
      return;
    }
    setError(undefined);
    onSend(text);
  }
  return (
    <form className={className} onSubmit={submit} noValidate>
      {field({ ref, value: text, error, onChange: (event) => setText(event.target.value) })}
      <Button type="submit" size="sm" disabled={isBusy}>
        {submitLabel}
      </Button>
    </form>
  );
}

function AttachForm({ isBusy, onAttach }: { isBusy: boolean; onAttach: (reference: string) => void }) {
  return (
    <OneTextForm<HTMLInputElement>
      isBusy={isBusy}
      onSend={(reference) => onAttach(reference.trim())}
      className="mt-3 flex flex-wrap items-end gap-3"
      missing="Give the request’s number, e.g. SR-000123."
      submitLabel="Attach"
      field={(props) => (
        <TextField {...props} label="Request number" placeholder="SR-000123" autoFocus fieldClassName="w-48" />
      )}
    />
  );
}

function OpenForm({
  mail,
  isBusy,
  onOpen,
}: {
  mail: ReviewMail;
  isBusy: boolean;
  onOpen: (input: { uid: string; serviceId: string }) => void;
}) {
  const [search, setSearch] = useState(mail.sender?.email ?? '');
  const [found, setFound] = useState<ReviewCustomer[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string>('');
  const [serviceId, setServiceId] = useState(NO_SERVICE);
  const customer = found?.find((candidate) => candidate.uid === chosen) ?? null;

  async function find(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    try {
      const result = await searchCustomers(search);
      setFound(result.customers);
      setChosen(result.customers.length === 1 ? result.customers[0]!.uid : '');
      setServiceId(NO_SERVICE);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Could not search the customers.');
    }
  }
  return (
    <div className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void find(event)} noValidate>
        <TextField
          label="Find the customer (name, business, email or phone)"
          value={search}
          autoFocus
          onChange={(event) => setSearch(event.target.value)}
          fieldClassName="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary" size="sm">
          Search
        </Button>
      </form>
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      {found && found.length === 0 && <p role="status">No customer found. Try another word.</p>}
      {found && found.length > 0 && (
        <fieldset className="space-y-1">
          <legend className="font-semibold text-slate-800">Customer</legend>
          {found.map((candidate) => (
            <label key={candidate.uid} className="flex min-w-0 items-start gap-2">
              <input
                type="radio"
                name={`customer-${mail.id}`}
                className="mt-1"
                checked={chosen === candidate.uid}
                onChange={() => {
                  setChosen(candidate.uid);
                  setServiceId(NO_SERVICE);
                }}
              />
              <span className="wraps-anywhere">
                {candidate.name ?? 'No name'} · {candidate.email ?? 'no email'}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {customer && (
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="About"
            value={serviceId}
            onChange={(event) => setServiceId(event.target.value)}
            fieldClassName="min-w-0 flex-1"
          >
            <option value={NO_SERVICE}>Something else</option>
            {customer.services.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name} ({service.status})
              </option>
            ))}
          </SelectField>
          <Button size="sm" disabled={isBusy} onClick={() => onOpen({ uid: customer.uid, serviceId })}>
            Open the request
          </Button>
        </div>
      )}
    </div>
  );
}

function ReplyForm({ to, isBusy, onSend }: { to: string; isBusy: boolean; onSend: (body: string) => void }) {
  return (
    <OneTextForm<HTMLTextAreaElement>
      isBusy={isBusy}
      onSend={onSend}
      className="mt-3 space-y-2"
      missing="Please write your answer."
      submitLabel="Send the answer"
      field={(props) => (
        <TextAreaField
          {...props}
          label={`Answer to ${to} (sent once, by mail)`}
          rows={4}
          autoFocus
          fieldClassName="wraps-anywhere"
        />
      )}
    />
  );
}
