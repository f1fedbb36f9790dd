import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { type CompanyMemberView, type CompanyView, type MemberRole } from '@/domain/company-members';
import { COMPANY_ROLE_LABELS } from '@/domain/companies';
import { changeMemberRole, removeMember, transferOwnership, type CompanyScope } from './api';
import { companyNameOf, RoleFields, RoleSelect, type Run } from './members-parts';

/** A member, their role, and for those who manage the company: change the role, make owner, remove. */
export function MemberRow({
  scope,
  view,
  member,
  isBusy,
  run,
}: {
  scope: CompanyScope;
  view: CompanyView;
  member: CompanyMemberView;
  isBusy: boolean;
  run: Run;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const [confirming, setConfirming] = useState<'remove' | 'transfer' | null>(null);
  const [role, setRole] = useState<MemberRole>(member.role === 'owner' ? 'viewer' : member.role);
  const [canApprove, setCanApprove] = useState(member.canApprove);
  const [formerOwnerRole, setFormerOwnerRole] = useState<MemberRole>('viewer');
  const id = useId();
  const isMe = view.me?.uid === member.uid;
  const name = member.name || member.email || 'A member';
  const company = companyNameOf(view);
  const canChange = view.canManage && member.role !== 'owner';

  async function confirm() {
    const done =
      confirming === 'remove'
        ? await run(
            () => removeMember(scope, view.companyId, member.uid),
            `${name} is no longer a member of ${company}.`,
          )
        : await run(
            () => transferOwnership(scope, view.companyId, { uid: member.uid, formerOwnerRole }),
            `${name} owns ${company} now.`,
          );
    if (done) setConfirming(null);
  }

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3" data-testid="company-member">
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-semibold text-slate-900">
          {name}
          {isMe && <span className="font-normal text-slate-600"> (you)</span>}
        </p>
        {member.email && <p className="text-sm break-words text-slate-700">{member.email}</p>}
        <p className="text-sm text-slate-700">{member.roleLabel}</p>
      </div>
      {canChange && !isEditing && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setIsEditing(true)}
            aria-label={`Change the role of ${name}`}
          >
            Change role
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setConfirming('transfer')}
            aria-label={`Make ${name} the owner`}
          >
            Make owner
          </Button>
          <Button
            variant="dangerOutline"
            size="sm"
            onClick={() => setConfirming('remove')}
            aria-label={`Remove ${name}`}
          >
            Remove
          </Button>
        </div>
      )}
      {canChange && isEditing && (
        <form
          className="w-full space-y-3 rounded-md bg-slate-50 p-3"
          aria-label={`Role of ${name}`}
          onSubmit={(event) => {
            event.preventDefault();
            void run(
              () => changeMemberRole(scope, view.companyId, member.uid, { role, canApprove }),
              `${name} is ${role === 'technical' && canApprove ? 'Technical (may approve)' : COMPANY_ROLE_LABELS[role]} now.`,
            ).then((done) => done && setIsEditing(false));
          }}
        >
          <RoleFields idPrefix={id} role={role} canApprove={canApprove} onRole={setRole} onApprove={setCanApprove} />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" type="submit" disabled={isBusy}>
              Save role
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setIsEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        isOpen={confirming === 'remove'}
        title={`Remove ${name}?`}
        confirmLabel={isBusy ? 'Removing...' : 'Remove'}
        isBusy={isBusy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      >
        <p className="text-slate-800">
          {name} will no longer see anything of {company}, from this moment (open pages included). What they wrote in
          its records stays. You can invite them again.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={confirming === 'transfer'}
        title={`Make ${name} the owner?`}
        confirmLabel={isBusy ? 'Transferring...' : `Make ${name} the owner`}
        isBusy={isBusy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      >
        <p className="text-slate-800">
          {name} will own {company}: they may do everything and manage the members.{' '}
          {scope === 'staff' ? 'The owner now' : 'You'} will no longer manage it.
        </p>
        <RoleSelect
          id={`${id}-former`}
          label={scope === 'staff' ? 'The owner now becomes' : 'You become'}
          fieldClassName="mt-4"
          value={formerOwnerRole}
          onRole={setFormerOwnerRole}
        />
      </ConfirmDialog>
    </li>
  );
}
