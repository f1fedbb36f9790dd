import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormMessage, TextAreaField, TextField } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import type { CompanyAction } from '@/domain/companies';
import { formatDueTime } from '@/domain/business-hours';
import { formatInr } from '@/domain/money';
import {
  isBilledMilestone,
  MILESTONE_STATUS,
  shownMilestoneStatus,
  type ProjectMilestoneView,
  type ProjectView,
} from '@/domain/projects';
import { askForChanges, signOffMilestone, type ProjectSource } from './api';
import { useAction } from '@/lib/use-action';
import { FileButton, SharedLink, type Rights, type StaffForms } from './project-parts';

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
  const sign = useAction(async () => {
    const answer = await signOffMilestone(source, milestone.index, name);
    onDone(
      answer.invoice
        ? `Signed off. Invoice ${answer.invoice.number} is issued and in your email.`
        : 'Signed off. Thank you.',
    );
  });
  const changes = useAction(async () => {
    await askForChanges(source, milestone.index, comment);
    onDone('Thank you. We have your comments and will get back to work on them.');
  });
  async function submitSignOff(event: FormEvent) {
    event.preventDefault();
    await sign.run();
  }
  async function submitChanges(event: FormEvent) {
    event.preventDefault();
    await changes.run();
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
        <Button type="submit" disabled={sign.isBusy}>
          {sign.isBusy ? 'Signing off...' : 'Sign off'}
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
        <Button type="submit" variant="secondary" disabled={changes.isBusy}>
          {changes.isBusy ? 'Sending...' : 'Ask for changes'}
        </Button>
      </form>
    </div>
  );
}

export function MilestoneCard({
  view,
  source,
  milestone,
  onChanged,
  rights,
  staff,
}: {
  view: ProjectView;
  source: ProjectSource;
  milestone: ProjectMilestoneView;
  onChanged: (message: string) => void;
  rights: Rights;
  staff?: StaffForms;
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
                <SharedLink url={deliverable.url} name={deliverable.name} />
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
      {staff &&
        view.viewer === 'staff' &&
        source.kind === 'staff' &&
        milestone.status !== MILESTONE_STATUS.signedOff && (
          <div className="mt-3">{staff.milestone(milestone, onChanged)}</div>
        )}
    </li>
  );
}
