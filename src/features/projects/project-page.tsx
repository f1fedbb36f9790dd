import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/button';
import type { CompanyAction } from '@/domain/companies';
import { useCompany } from '@/lib/company-session';
import { FilePicker } from '@/components/file-picker';
import { FormMessage, SelectField, TextAreaField, TextField } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import { formatDueTime } from '@/domain/business-hours';
import { formatInr } from '@/domain/money';
import {
  deemedAcceptanceText,
  isBilledMilestone,
  MILESTONE_STATUS,
  shownMilestoneStatus,
  type MilestoneStatus,
  type ProjectMilestoneView,
  type ProjectView,
} from '@/domain/projects';
import {
  addContact,
  askForChanges,
  downloadProjectFile,
  getProject,
  mailNewLink,
  postComment,
  postProjectUpdate,
  renewLink,
  revokeContact,
  setContactPays,
  setMilestoneStatus,
  signOffMilestone,
  uploadDeliverables,
  type ProjectSource,
} from './api';
import { saveDownload } from '@/lib/save-file';
import { useLoad } from '@/lib/use-load';

/** The one link a staff form may send with its files: its two fields, and the list the API takes. */
function useLinkDraft() {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  return {
    /** The API's list; a name typed without its address would be dropped, so that is said before anything is sent. */
    links() {
      if (name.trim() && !url.trim()) throw new Error("Add the link's address, or clear its name.");
      return url ? [{ name, url }] : [];
    },
    clear() {
      setName('');
      setUrl('');
    },
    fields(labelSuffix = '') {
      return (
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField label={`Link name${labelSuffix}`} value={name} onChange={(event) => setName(event.target.value)} />
          <TextField
            label={`Link address${labelSuffix}`}
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
      );
    },
  };
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/** A form's sending state and its last message; `run` keeps the input when it fails. */
function useAction() {
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string | null }>({
    busy: false,
    error: null,
    done: null,
  });
  async function run(action: () => Promise<string | null>) {
    setState({ busy: true, error: null, done: null });
    try {
      const done = await action();
      setState({ busy: false, error: null, done });
      return true;
    } catch (error) {
      setState({ busy: false, error: messageOf(error), done: null });
      return false;
    }
  }
  return { ...state, run };
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

function FileButton({
  source,
  file,
}: {
  source: ProjectSource;
  file: { id: string; name: string; size: number | null };
}) {
  const [problem, setProblem] = useState<string | null>(null);
  async function open() {
    try {
      saveDownload(await downloadProjectFile(source, file.id), file.name);
    } catch (error) {
      setProblem(messageOf(error));
    }
  }
  return (
    <span>
      <Button variant="link" size="sm" className="justify-start text-left" onClick={() => void open()}>
        <span>
          <span className="break-all">Download {file.name}</span>
          {file.size ? (
            <span className="whitespace-nowrap"> ({Math.max(1, Math.round(file.size / 1024))} KB)</span>
          ) : null}
        </span>
      </Button>
      {problem && <span className="ml-2 text-sm text-red-700">{problem}</span>}
    </span>
  );
}

function Money({ view }: { view: ProjectView }) {
  const { totalPaise, invoicedPaise } = view.money;
  if (totalPaise === 0 && invoicedPaise === 0) {
    return (
      <p className="text-slate-700">
        Its milestones are not billed separately: nothing is invoiced through this project.
      </p>
    );
  }
  const rows: Array<[string, number, string]> = [
    [view.totalLabel, view.money.totalPaise, 'total'],
    ['Invoiced', view.money.invoicedPaise, 'invoiced'],
    ['Paid', view.money.paidPaise, 'paid'],
    ['Due', view.money.duePaise, 'due'],
    ['Still to bill', view.money.toBillPaise, 'to-bill'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="project-money">
      {rows.map(([label, paise, key]) => (
        <div key={key} className="rounded-lg bg-slate-50 p-3" data-testid={`money-${key}`}>
          <dt className="text-sm text-slate-700">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900">{formatInr(paise)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The customer's or a contact's answer to a milestone Ready for review: sign off by name, or ask for changes. */
function ReviewForms({
  source,
  milestone,
  onDone,
}: {
  source: ProjectSource;
  milestone: ProjectMilestoneView;
  onDone: (message: string) => void;
}) {
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const sign = useAction();
  const changes = useAction();
  async function submitSignOff(event: FormEvent) {
    event.preventDefault();
    await sign.run(async () => {
      const answer = await signOffMilestone(source, milestone.index, name);
      const message = answer.invoice
        ? `Signed off. Invoice ${answer.invoice.number} is issued and in your email.`
        : 'Signed off. Thank you.';
      onDone(message);
      return message;
    });
  }
  async function submitChanges(event: FormEvent) {
    event.preventDefault();
    await changes.run(async () => {
      await askForChanges(source, milestone.index, comment);
      const message = 'Thank you. We have your comments and will get back to work on them.';
      onDone(message);
      return message;
    });
  }
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <form
        aria-label={`Sign off ${milestone.label}`}
        className="space-y-2"
        onSubmit={(event) => void submitSignOff(event)}
      >
        <TextField label="Your full name" value={name} onChange={(event) => setName(event.target.value)} required />
        {sign.error && <FormMessage tone="error">{sign.error}</FormMessage>}
        <Button type="submit" disabled={sign.busy}>
          {sign.busy ? 'Signing off...' : 'Sign off'}
        </Button>
      </form>
      <form
        aria-label={`Ask for changes to ${milestone.label}`}
        className="space-y-2"
        onSubmit={(event) => void submitChanges(event)}
      >
        <TextAreaField
          label="What should change?"
          rows={3}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
        {changes.error && <FormMessage tone="error">{changes.error}</FormMessage>}
        <Button type="submit" variant="secondary" disabled={changes.busy}>
          {changes.busy ? 'Sending...' : 'Ask for changes'}
        </Button>
      </form>
    </div>
  );
}

/** Staff move a milestone: its status, and for Ready for review its files, a link and a note. */
function StaffMilestoneForm({
  id,
  milestone,
  onDone,
}: {
  id: string;
  milestone: ProjectMilestoneView;
  onDone: (message: string) => void;
}) {
  const [status, setStatus] = useState<MilestoneStatus>(
    milestone.status === MILESTONE_STATUS.changes ? MILESTONE_STATUS.inProgress : milestone.status,
  );
  const [note, setNote] = useState('');
  const link = useLinkDraft();
  const [files, setFiles] = useState<File[]>([]);
  const action = useAction();
  async function submit(event: FormEvent) {
    event.preventDefault();
    await action.run(async () => {
      if (status === MILESTONE_STATUS.ready) {
        const links = link.links();
        const fileIds = await uploadDeliverables(files);
        await setMilestoneStatus(id, milestone.index, {
          status,
          note,
          links,
          fileIds,
        });
      } else if (status === MILESTONE_STATUS.notStarted || status === MILESTONE_STATUS.inProgress) {
        await setMilestoneStatus(id, milestone.index, { status });
      }
      const message = `${milestone.label}: ${status}.`;
      onDone(message);
      return message;
    });
  }
  return (
    <form
      aria-label={`Update ${milestone.label}`}
      className="space-y-2 rounded-lg bg-slate-50 p-3"
      onSubmit={(event) => void submit(event)}
    >
      <SelectField label="Status" value={status} onChange={(event) => setStatus(event.target.value as MilestoneStatus)}>
        {[MILESTONE_STATUS.notStarted, MILESTONE_STATUS.inProgress, MILESTONE_STATUS.ready].map((option) => (
          <option key={option}>{option}</option>
        ))}
      </SelectField>
      {status === MILESTONE_STATUS.ready && (
        <>
          <FilePicker label="Files for review" files={files} onChange={setFiles} />
          {link.fields(' (optional)')}
          <TextAreaField
            label="Note for the customer"
            hint="Attach a file or a link, or say here what to review (a walkthrough, a meeting)."
            rows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </>
      )}
      {action.error && <FormMessage tone="error">{action.error}</FormMessage>}
      <Button type="submit" size="sm" disabled={action.busy}>
        {action.busy ? 'Saving...' : 'Save milestone'}
      </Button>
    </form>
  );
}

function MilestoneCard({
  view,
  source,
  milestone,
  onChanged,
  rights,
}: {
  view: ProjectView;
  source: ProjectSource;
  milestone: ProjectMilestoneView;
  onChanged: (message: string) => void;
  rights: Rights;
}) {
  // A member sees the invoice only when their role reads the company's billing.
  const invoice = rights.may('readBilling') ? milestone.invoice : null;
  const isReady = view.viewer !== 'staff' && milestone.status === MILESTONE_STATUS.ready;
  // Signing off a milestone that bills answers for money: the owner's, or an approver's.
  const review: CompanyAction = isBilledMilestone(milestone) ? 'signOffBilled' : 'signOff';
  const canReview = isReady && rights.may(review);
  return (
    <li
      className="rounded-lg border border-slate-200 p-3 sm:p-4"
      data-testid={`project-milestone-${milestone.index + 1}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {milestone.index + 1}. {milestone.label}
          {milestone.amountPaise > 0 && (
            <span className="ml-2 font-normal text-slate-700">{formatInr(milestone.amountPaise)}</span>
          )}
        </h3>
        <StatusBadge status={shownMilestoneStatus(milestone.status, invoice?.status)} />
      </div>
      {milestone.status === MILESTONE_STATUS.ready && milestone.dueAtMs && (
        <p className="mt-1 text-sm text-slate-700">
          Sign off or ask for changes by {formatDueTime(new Date(milestone.dueAtMs))}.
        </p>
      )}
      {milestone.note && milestone.status === MILESTONE_STATUS.ready && (
        <p className="mt-2 pasted-text text-slate-800">{milestone.note}</p>
      )}
      {milestone.deliverables.length > 0 && (
        <ul aria-label={`Deliverables of ${milestone.label}`} className="mt-2 space-y-1">
          {milestone.deliverables.map((deliverable) => (
            <li key={deliverable.id} className="text-sm">
              {deliverable.kind === 'link' && deliverable.url ? (
                <a
                  className="break-all text-brand-darker underline"
                  href={deliverable.url}
                  target="_blank"
                  rel="noreferrer noopener"
                >
                  {deliverable.name}
                </a>
              ) : (
                <FileButton
                  source={source}
                  file={{ id: deliverable.fileId ?? deliverable.id, name: deliverable.name, size: deliverable.size }}
                />
              )}
              <span className="ml-2 text-slate-600">version {deliverable.version}</span>
            </li>
          ))}
        </ul>
      )}
      {milestone.signOff && (
        <p className="mt-2 text-sm text-slate-800">
          {milestone.signOff.via === 'deemed'
            ? `Deemed accepted on ${formatDueTime(new Date(milestone.signOff.atMs))}.`
            : `Signed off by ${milestone.signOff.name} on ${formatDueTime(new Date(milestone.signOff.atMs))}.`}
        </p>
      )}
      {milestone.changes.length > 0 && milestone.status !== MILESTONE_STATUS.signedOff && (
        <p className="mt-2 pasted-text text-sm text-slate-800">
          Changes asked by {milestone.changes[milestone.changes.length - 1]!.name}:{' '}
          {milestone.changes[milestone.changes.length - 1]!.comment}
        </p>
      )}
      {invoice && (
        <p
          className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-800"
          data-testid={`project-invoice-${milestone.index + 1}`}
        >
          <span>
            Proforma {invoice.number} · {formatInr(invoice.amountPaise)}
          </span>
          <StatusBadge status={invoice.status} />
          {invoice.taxInvoiceNumber && <span>Tax invoice {invoice.taxInvoiceNumber}</span>}
          {invoice.payUrl && rights.may('pay') && (
            <a className="text-brand-darker underline" href={invoice.payUrl}>
              {invoice.status === 'Pending' ? `Pay ${formatInr(invoice.amountPaise)}` : 'Invoice and receipt'}
            </a>
          )}
        </p>
      )}
      {canReview && (
        <div className="mt-3">
          <ReviewForms source={source} milestone={milestone} onDone={onChanged} />
        </div>
      )}
      {isReady && !canReview && <p className="mt-3 text-sm text-slate-700">{rights.refusal(review)}</p>}
      {view.viewer === 'staff' && source.kind === 'staff' && milestone.status !== MILESTONE_STATUS.signedOff && (
        <div className="mt-3">
          <StaffMilestoneForm
            key={`${milestone.status}-${milestone.round}`}
            id={source.id}
            milestone={milestone}
            onDone={onChanged}
          />
        </div>
      )}
    </li>
  );
}

function Timeline({
  view,
  source,
  onChanged,
  rights,
}: {
  view: ProjectView;
  source: ProjectSource;
  onChanged: (message: string) => void;
  rights: Rights;
}) {
  const [body, setBody] = useState('');
  const link = useLinkDraft();
  const [files, setFiles] = useState<File[]>([]);
  const action = useAction();
  const isStaff = view.viewer === 'staff' && source.kind === 'staff';
  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = await action.run(async () => {
      if (isStaff) {
        const links = link.links();
        const fileIds = await uploadDeliverables(files);
        await postProjectUpdate(source.id, {
          body,
          links,
          fileIds,
        });
      } else {
        await postComment(source, body);
      }
      const message = isStaff ? 'Update posted and mailed.' : 'Comment sent.';
      onChanged(message);
      return message;
    });
    if (ok) {
      setBody('');
      link.clear();
      setFiles([]);
    }
  }
  return (
    <Section id="project-updates" title="Updates and comments">
      {!isStaff && !rights.may('commentProject') ? (
        <p className="text-sm text-slate-700">{rights.refusal('commentProject')}</p>
      ) : (
        <form
          aria-label={isStaff ? 'Post an update' : 'Comment'}
          className="space-y-2"
          onSubmit={(event) => void submit(event)}
        >
          <TextAreaField
            label={isStaff ? 'Progress update' : 'Your comment'}
            rows={3}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
          {isStaff && (
            <>
              {link.fields(' (optional)')}
              <FilePicker label="Files" files={files} onChange={setFiles} />
            </>
          )}
          {action.error && <FormMessage tone="error">{action.error}</FormMessage>}
          <Button type="submit" disabled={action.busy}>
            {action.busy ? 'Sending...' : isStaff ? 'Post update' : 'Send comment'}
          </Button>
        </form>
      )}
      {view.updates.length === 0 ? (
        <p className="text-slate-700">No updates yet.</p>
      ) : (
        <ol className="space-y-3">
          {view.updates.map((update) => (
            <li key={update.id} className="rounded-lg bg-slate-50 p-3" data-testid="project-update">
              <p className="text-sm text-slate-700">
                {update.authorName}
                {update.authorRole === 'staff'
                  ? update.authorName === 'Nimbus team'
                    ? ''
                    : ' (Nimbus team)'
                  : update.authorRole === 'contact'
                    ? ' (contact)'
                    : ''}{' '}
                · {formatDueTime(new Date(update.atMs))}
                {update.milestone !== null && view.milestones[update.milestone]
                  ? ` · on ${view.milestones[update.milestone]!.label}`
                  : ''}
              </p>
              <p className="mt-1 pasted-text text-slate-900">{update.body}</p>
              {update.links.map((link) => (
                <a
                  key={link.url}
                  className="mt-1 block break-all text-sm text-brand-darker underline"
                  href={link.url}
                  target="_blank"
                  rel="noreferrer noopener"
                >
                  {link.name}
                </a>
              ))}
              {update.files.length > 0 && (
                <div className="mt-1 flex flex-col items-start gap-1">
                  {update.files.map((file) => (
                    <FileButton key={file.id} source={source} file={file} />
                  ))}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function Contacts({
  view,
  source,
  onChanged,
  rights,
}: {
  view: ProjectView;
  source: ProjectSource;
  onChanged: (message: string) => void;
  rights: Rights;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [pays, setPays] = useState(false);
  const paysId = useId();
  const action = useAction();
  if (!view.contacts) return null;
  const canManage = rights.may(CONTACTS_ACTION);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = await action.run(async () => {
      await addContact(source, { email, name, pays });
      const message = pays
        ? `We mailed ${email} a link to this project. The project's invoices will be mailed to them too.`
        : `We mailed ${email} a link to this project.`;
      onChanged(message);
      return message;
    });
    if (ok) {
      setEmail('');
      setName('');
      setPays(false);
    }
  }
  return (
    <Section id="project-contacts" title="People following this project">
      <p className="text-sm text-slate-700">
        Add a colleague by email (someone who reviews, or who pays): they get a link that opens only this project for 30
        days, without an account, and can comment and sign off. The one who pays also gets each invoice the project
        issues, in the same email as you.
      </p>
      {view.contacts.length > 0 && (
        <ul className="space-y-2">
          {view.contacts.map((contact) => (
            <li key={contact.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0 break-words">
                {contact.name ? `${contact.name} · ` : ''}
                {/* An address is one long word: only it may break anywhere, not the words around it. */}
                <span className="break-all">{contact.email}</span>
                {contact.pays ? ' · gets the invoices' : ''}
                {contact.revoked
                  ? ' · link revoked'
                  : contact.linkExpiresAtMs
                    ? ` · link valid until ${formatDueTime(new Date(contact.linkExpiresAtMs))}`
                    : ''}
              </span>
              {!contact.revoked && canManage && (
                <span className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${contact.pays ? 'Stop mailing invoices' : 'Mail them the invoices'} (${contact.email})`}
                    onClick={() =>
                      void action.run(async () => {
                        await setContactPays(source, contact.id, !contact.pays);
                        onChanged(
                          contact.pays
                            ? `Invoices are no longer mailed to ${contact.email}.`
                            : `The project's invoices will be mailed to ${contact.email} too.`,
                        );
                        return null;
                      })
                    }
                  >
                    {contact.pays ? 'Stop mailing invoices' : 'Mail them the invoices'}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      void action.run(async () => {
                        await mailNewLink(source, contact.id);
                        onChanged(`A new link is on its way to ${contact.email}.`);
                        return null;
                      })
                    }
                  >
                    Mail a new link
                  </Button>
                  <Button
                    size="sm"
                    variant="dangerOutline"
                    onClick={() =>
                      void action.run(async () => {
                        await revokeContact(source, contact.id);
                        onChanged(`${contact.email} can no longer open this project.`);
                        return null;
                      })
                    }
                  >
                    Revoke
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {!canManage ? (
        <p className="text-sm text-slate-700">{rights.refusal(CONTACTS_ACTION)}</p>
      ) : (
        <form
          aria-label="Add a contact"
          className="grid gap-2 sm:grid-cols-2 sm:items-end"
          onSubmit={(event) => void submit(event)}
        >
          <TextField
            label="Their email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
          <TextField label="Their name (optional)" value={name} onChange={(event) => setName(event.target.value)} />
          <label htmlFor={paysId} className="flex items-start gap-2 text-sm text-slate-800 sm:col-span-2">
            <input
              id={paysId}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0"
              checked={pays}
              onChange={(event) => setPays(event.target.checked)}
            />
            <span>They pay our invoices: mail them each invoice this project issues.</span>
          </label>
          <div>
            <Button type="submit" disabled={action.busy}>
              Add contact
            </Button>
          </div>
        </form>
      )}
      {action.error && <FormMessage tone="error">{action.error}</FormMessage>}
    </Section>
  );
}

/** An expired link: the contact asks for a new one, mailed to the address on record. */
function ExpiredLink({ token, message }: { token: string; message: string }) {
  const action = useAction();
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold text-slate-900">Project link</h1>
      <FormMessage tone="error">{message}</FormMessage>
      {action.done ? (
        <FormMessage tone="success">{action.done}</FormMessage>
      ) : (
        <Button
          disabled={action.busy}
          onClick={() =>
            void action.run(async () => {
              await renewLink(token);
              return 'If this link was yours, a new one is on its way to your email.';
            })
          }
        >
          Mail me a new link
        </Button>
      )}
      {action.error && <FormMessage tone="error">{action.error}</FormMessage>}
    </div>
  );
}

/** Adding, revoking and re-mailing a project's contacts (people outside the company, who may pay). */
const CONTACTS_ACTION: CompanyAction = 'manageProjectContacts';

/** What the viewer of the page may do: a member of the company by their role; a contact's link and staff as the page offers. */
interface Rights {
  /** The acting company (the account's page is read again when it changes). */
  companyId: string;
  may: (action: CompanyAction) => boolean;
  refusal: (action: CompanyAction) => string;
}

function useRights(source: ProjectSource): Rights {
  const company = useCompany();
  if (source.kind !== 'account') return { companyId: '', may: () => true, refusal: () => '' };
  return { companyId: company.acting?.companyId ?? '', may: company.can, refusal: company.refusal };
}

/**
 * A project's page: for its customer (/projects/{id}), a contact by their link
 * (/project-links/{token}), or staff (the console): milestones with deliverables, sign-off or
 * changes, the money, the timeline, and the contacts.
 */
export function ProjectPage({ source, heading }: { source: ProjectSource; heading?: ReactNode }) {
  const rights = useRights(source);
  // Read again when the person acts for another company (the API answers for the acting one).
  const key = `${rights.companyId}:${JSON.stringify(source)}`;
  const [state, reload] = useLoad(() => getProject(source), key);
  // Each confirmation is new (the same words twice are two events), so it is brought into view again.
  const [notice, setNotice] = useState<{ message: string; count: number } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const element = noticeRef.current;
    if (!notice || !element) return;
    // The form that was used may be far below (a phone): the confirmation is shown and read out where it is.
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'center' });
  }, [notice]);
  const onChanged = (message: string) => {
    setNotice((previous) => ({ message, count: (previous?.count ?? 0) + 1 }));
    reload();
  };
  if (state.status === 'loading') return <p className="py-10 text-center text-lg text-slate-700">Loading project...</p>;
  if (state.status === 'error') {
    return source.kind === 'link' ? (
      <ExpiredLink token={source.token} message={state.error} />
    ) : (
      <FormMessage tone="error">{state.error}</FormMessage>
    );
  }
  const view = state.data;
  return (
    <div className="space-y-5">
      {heading}
      <header className="space-y-1">
        <p className="text-sm text-slate-700">
          {view.source.label} · {view.customerName}
        </p>
        <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{view.title}</h1>
        <StatusBadge status={view.status} />
      </header>
      {notice && (
        <p
          ref={noticeRef}
          key={notice.count}
          tabIndex={-1}
          role="status"
          data-testid="project-notice"
          className="scroll-mt-24 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800 focus:outline-2 focus:outline-green-700"
        >
          {notice.message}
        </p>
      )}
      {rights.may('readBilling') && (
        <Section id="project-money" title="Money">
          <Money view={view} />
        </Section>
      )}
      <Section id="project-milestones" title="Milestones">
        <ol className="space-y-3">
          {view.milestones.map((milestone) => (
            <MilestoneCard
              key={milestone.index}
              view={view}
              source={source}
              milestone={milestone}
              onChanged={onChanged}
              rights={rights}
            />
          ))}
        </ol>
        <p className="text-sm text-slate-700">{deemedAcceptanceText(view.signOffDays)}</p>
      </Section>
      <Timeline view={view} source={source} onChanged={onChanged} rights={rights} />
      <Contacts view={view} source={source} onChanged={onChanged} rights={rights} />
    </div>
  );
}
