import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { useCompany } from '@/lib/company-session';
import { FormMessage } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import { formatInr } from '@/domain/money';
import { deemedAcceptanceText, type ProjectView } from '@/domain/projects';
import { getProject, renewLink, type ProjectSource } from './api';
import { useAction } from '@/lib/use-action';
import { useLoad } from '@/lib/use-load';
import { MilestoneCard } from './milestone-card';
import { Contacts } from './project-contacts';
import { Section, type Rights, type StaffForms } from './project-parts';
import { Timeline } from './project-timeline';

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

/** An expired link: the contact asks for a new one, mailed to the address on record. */
function ExpiredLink({ token, message }: { token: string; message: string }) {
  const [isSent, setIsSent] = useState(false);
  const action = useAction(async () => {
    await renewLink(token);
    setIsSent(true);
  });
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold text-slate-900">Project link</h1>
      <FormMessage tone="error">{message}</FormMessage>
      {isSent ? (
        <FormMessage tone="success">If this link was yours, a new one is on its way to your email.</FormMessage>
      ) : (
        <Button disabled={action.isBusy} onClick={() => void action.run()}>
          Mail me a new link
        </Button>
      )}
      {action.error && <FormMessage tone="error">{action.error}</FormMessage>}
    </div>
  );
}

function useRights(source: ProjectSource): Rights {
  const company = useCompany();
  if (source.kind !== 'account') return { companyId: '', may: () => true, refusal: () => '' };
  return { companyId: company.acting?.companyId ?? '', may: company.can, refusal: company.refusal };
}

/**
 * A project's page: for its customer (/projects/{id}), a contact by their link
 * (/project-links/{token}), or staff (the console): milestones with deliverables, sign-off or
 * changes, the money, the timeline, and the contacts. Staff's forms come in as `staff`, from the
 * console only, so that this module (the customer's route) carries none of them.
 */
export function ProjectPage({
  source,
  heading,
  staff,
}: {
  source: ProjectSource;
  heading?: ReactNode;
  staff?: StaffForms;
}) {
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
              staff={staff}
            />
          ))}
        </ol>
        <p className="text-sm text-slate-700">{deemedAcceptanceText(view.signOffDays)}</p>
      </Section>
      <Timeline view={view} source={source} onChanged={onChanged} rights={rights} staff={staff} />
      <Contacts view={view} source={source} onChanged={onChanged} rights={rights} />
    </div>
  );
}
