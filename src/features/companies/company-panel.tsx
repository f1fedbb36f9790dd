import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorMessage } from '@/components/form-field';
import { LoadFailed } from '@/components/load-failed';
import { Panel } from '@/components/panel';
import { membershipNotice, ROLE_DESCRIPTIONS, type CompanyView } from '@/domain/company-members';
import { ApiError } from '@/lib/api-client';
import { useCompany } from '@/lib/company-session';
import { useAction } from '@/lib/use-action';
import { useLoad } from '@/lib/use-load';
import { deleteCompany, getCompany, getMyCompanies, leaveCompany, markNoticeSeen, type MyCompany } from './api';
import { MembersManager } from './members-manager';

const FAILED = 'That did not work. Please check your connection and try again.';
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : FAILED);

export interface CompanyPanelProps {
  /** The signed-in person. */
  uid: string;
  /** After they left a company (the page may read what it shows again). */
  onLeft?: (companyName: string) => void;
}

/**
 * The profile's company accounts: the company the person owns, with its members, invitations and
 * the invite form (a company nobody was invited to yet shows only a small "Invite a colleague"
 * entry, so a one-member company looks as an account always did); and each company they are a
 * member of, read-only, with their role, what the company sees about them (once) and "Leave".
 */
export function CompanyPanel({ uid, onLeft }: CompanyPanelProps) {
  // Read again when the person's memberships change (the session follows them live): joined,
  // removed, or given another role in another tab or by the owner. What is shown stays meanwhile.
  const memberships = useCompany()
    .memberships.map((membership) => `${membership.companyId}/${membership.role}/${membership.canApprove}`)
    .join(',');
  const [companies, reload] = useLoad(getMyCompanies, uid);
  const readFor = useRef(memberships);
  useEffect(() => {
    if (readFor.current === memberships) return;
    readFor.current = memberships;
    reload();
  }, [memberships, reload]);
  if (companies.status !== 'ready') return null;
  return (
    <>
      {companies.data.map((company) =>
        company.role === 'owner' ? (
          <OwnedCompany
            key={company.companyId}
            company={company}
            isOwn={company.companyId === uid}
            onDeleted={reload}
          />
        ) : (
          <MemberOfCompany
            key={company.companyId}
            company={company}
            onLeft={() => {
              reload();
              onLeft?.(company.name);
            }}
          />
        ),
      )}
    </>
  );
}

/** Reads a company as its member sees it; `reload` reads it again (what is shown stays meanwhile). */
function useCompanyView(companyId: string) {
  return useLoad(() => getCompany('member', companyId), companyId);
}

function OwnedCompany({ company, isOwn, onDeleted }: { company: MyCompany; isOwn: boolean; onDeleted: () => void }) {
  const [view, reload] = useCompanyView(company.companyId);
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  if (view.status === 'loading') return null;
  if (view.status === 'error') {
    return (
      <Panel titleId={titleId} title="Company">
        <LoadFailed error={view.error} onRetry={reload} className="mt-3" />
      </Panel>
    );
  }
  const name = view.data.name || company.name || 'Your company';
  const isAlone = view.data.members.length <= 1 && view.data.invitations.length === 0;
  // Their own company, nobody invited yet: as an account always looked, with one small entry.
  if (isOwn && isAlone && !isOpen) {
    return (
      <section
        aria-label="Invite a colleague"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-4"
      >
        <p className="text-sm text-slate-700">
          Working with colleagues? Give each their own login to {name}&apos;s account, with what their role allows.
        </p>
        <Button variant="secondary" size="sm" onClick={() => setIsOpen(true)}>
          Invite a colleague
        </Button>
      </section>
    );
  }
  return (
    <Panel titleId={titleId} title={`Company: ${name}`}>
      <p className="mt-1 text-sm text-slate-700">
        You own {name}&apos;s account: you may do everything and you manage its members. Each member signs in with their
        own login and sees what their role allows.
      </p>
      <MembersManager scope="member" view={view.data} onChanged={reload} />
      {/* Their own company goes with their account (the danger zone below); another one on its own. */}
      {!isOwn && isAlone && <DeleteCompany company={company} onDeleted={onDeleted} />}
    </Panel>
  );
}

function DeleteCompany({ company, onDeleted }: { company: MyCompany; onDeleted: () => void }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const removal = useAction(deleteCompany, messageOf);
  const name = company.name || 'the company';

  async function remove() {
    if (!(await removal.run(company.companyId))) return;
    setIsConfirming(false);
    onDeleted();
  }

  return (
    <ConfirmedButton
      label={`Delete ${name}`}
      title={`Delete ${name}?`}
      confirmLabel={removal.isBusy ? 'Deleting...' : 'Delete company'}
      isBusy={removal.isBusy}
      error={removal.error}
      isConfirming={isConfirming}
      onConfirming={setIsConfirming}
      onConfirm={() => void remove()}
    >
      Its invoices, orders, services, quotes, support requests and projects will be deleted. The law makes us keep its
      tax documents and payment records for the statutory period, marked as a deleted company&apos;s. This cannot be
      undone.
    </ConfirmedButton>
  );
}

/** A danger button that asks first: the dialog says what will happen and, while it is open, what failed. */
function ConfirmedButton({
  label,
  title,
  confirmLabel,
  isBusy,
  error,
  isConfirming,
  onConfirming,
  onConfirm,
  children,
}: {
  label: string;
  title: string;
  confirmLabel: string;
  isBusy: boolean;
  error: string | null;
  isConfirming: boolean;
  onConfirming: (isConfirming: boolean) => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <Button variant="dangerOutline" size="sm" className="mt-4" onClick={() => onConfirming(true)}>
        {label}
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title={title}
        confirmLabel={confirmLabel}
        isBusy={isBusy}
        onCancel={() => onConfirming(false)}
        onConfirm={onConfirm}
      >
        <p className="text-slate-800">{children}</p>
        <ErrorMessage error={error} className="mt-3" />
      </ConfirmDialog>
    </>
  );
}

function MemberOfCompany({ company, onLeft }: { company: MyCompany; onLeft: () => void }) {
  const [view, reload] = useCompanyView(company.companyId);
  const [isConfirming, setIsConfirming] = useState(false);
  const { run, isBusy, error } = useAction((action: () => Promise<unknown>) => action(), messageOf);
  const titleId = useId();
  const name = company.name || 'the company';

  async function act(action: () => Promise<unknown>, after: () => void) {
    if (await run(action)) after();
  }

  const data: CompanyView | null = view.status === 'ready' ? view.data : null;
  return (
    <Panel titleId={titleId} title={`Company: ${name}`}>
      {data?.me?.needsNotice && (
        <section
          aria-label={`What ${name} sees about you`}
          className="mt-3 rounded-md border border-sky-200 bg-sky-50 p-4"
        >
          {membershipNotice(name).map((line) => (
            <p key={line} className="text-sm text-slate-800 not-first:mt-2">
              {line}
            </p>
          ))}
          <Button
            size="sm"
            className="mt-3"
            disabled={isBusy}
            onClick={() => void act(() => markNoticeSeen(company.companyId), reload)}
          >
            Got it
          </Button>
        </section>
      )}
      <p className="mt-3 text-slate-800">
        Your role: <strong>{data?.me?.roleLabel ?? company.roleLabel}</strong>. {ROLE_DESCRIPTIONS[company.role]}
      </p>
      {data && <MembersManager scope="member" view={data} onChanged={reload} />}
      <ErrorMessage error={isConfirming ? null : error} className="mt-3" />
      <ConfirmedButton
        label={`Leave ${name}`}
        title={`Leave ${name}?`}
        confirmLabel={isBusy ? 'Leaving...' : 'Leave'}
        isBusy={isBusy}
        error={error}
        isConfirming={isConfirming}
        onConfirming={setIsConfirming}
        onConfirm={() =>
          void act(
            () => leaveCompany(company.companyId),
            () => {
              setIsConfirming(false);
              onLeft();
            },
          )
        }
      >
        You will no longer see anything of {name}. What you wrote in its records stays with it. Its owner can invite you
        again.
      </ConfirmedButton>
    </Panel>
  );
}
