import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { fieldsOf, FormMessage, SelectField, TextField } from '@/components/form-field';
import {
  APPROVE_RIGHT_LABEL,
  INVITATION_DAYS,
  invitationSchema,
  MEMBER_ROLES,
  ROLE_DESCRIPTIONS,
  type CompanyMemberView,
  type CompanyView,
  type Invitation,
  type InvitationForm,
  type MemberRole,
  type PendingInvitationView,
  type ProjectContactRef,
} from '@/domain/company-members';
import { COMPANY_ROLE_LABELS } from '@/domain/companies';
import { formatIstDateTime } from '@/domain/dates';
import { ApiError } from '@/lib/api-client';
import { useLoad } from '@/lib/use-load';
import {
  changeMemberRole,
  getProjectContacts,
  inviteMember,
  removeMember,
  resendInvitation,
  revokeInvitation,
  transferOwnership,
  type CompanyScope,
} from './api';

type Message = { tone: 'error' | 'success'; text: string } | null;

const FAILED = 'That did not work. Please check your connection and try again.';
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : FAILED);
const companyNameOf = (view: CompanyView) => view.name || 'the company';

export interface MembersManagerProps {
  /** The owner on their profile, or staff in the console. */
  scope: CompanyScope;
  view: CompanyView;
  /** After any change: the company is read again. */
  onChanged: () => void;
}

/**
 * A company's members with their roles, the invitations waiting and the invite form: the owner's
 * on their profile and staff's in the console (who manage it the same way, through the API). Only
 * those who manage the company see the buttons; a member sees the names and roles.
 */
export function MembersManager({ scope, view, onChanged }: MembersManagerProps) {
  const [message, setMessage] = useState<Message>(null);
  const [isBusy, setIsBusy] = useState(false);
  const headingId = useId();

  /** Runs one change; says what happened (or why not) above the lists, then reads the company again. */
  async function run(change: () => Promise<unknown>, success: string): Promise<boolean> {
    setIsBusy(true);
    setMessage(null);
    try {
      await change();
      setMessage({ tone: 'success', text: success });
      onChanged();
      return true;
    } catch (error) {
      setMessage({ tone: 'error', text: messageOf(error) });
      return false;
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <div className="mt-4 space-y-6">
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <section aria-labelledby={`${headingId}-members`}>
        <h3 id={`${headingId}-members`} className="text-base font-semibold text-slate-900">
          Members ({view.members.length})
        </h3>
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {view.members.map((member) => (
            <MemberRow key={member.uid} scope={scope} view={view} member={member} isBusy={isBusy} run={run} />
          ))}
        </ul>
      </section>
      {view.canManage && view.invitations.length > 0 && (
        <section aria-labelledby={`${headingId}-invitations`}>
          <h3 id={`${headingId}-invitations`} className="text-base font-semibold text-slate-900">
            Invitations waiting
          </h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {view.invitations.map((invitation) => (
              <InvitationRow
                key={invitation.id}
                invitation={invitation}
                isBusy={isBusy}
                onResend={() =>
                  void run(
                    () => resendInvitation(scope, view.companyId, invitation.id),
                    `We mailed ${invitation.email} a new link. It works for ${INVITATION_DAYS} days.`,
                  )
                }
                onRevoke={() =>
                  void run(
                    () => revokeInvitation(scope, view.companyId, invitation.id),
                    `The invitation to ${invitation.email} is withdrawn: its link no longer works.`,
                  )
                }
              />
            ))}
          </ul>
        </section>
      )}
      {view.canManage && <InviteForm scope={scope} view={view} isBusy={isBusy} run={run} />}
    </div>
  );
}

type Run = (change: () => Promise<unknown>, success: string) => Promise<boolean>;

function MemberRow({
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
        <SelectField
          id={`${id}-former`}
          label={scope === 'staff' ? 'The owner now becomes' : 'You become'}
          fieldClassName="mt-4"
          value={formerOwnerRole}
          onChange={(event) => setFormerOwnerRole(event.target.value as MemberRole)}
        >
          {MEMBER_ROLES.map((option) => (
            <option key={option} value={option}>
              {COMPANY_ROLE_LABELS[option]}
            </option>
          ))}
        </SelectField>
      </ConfirmDialog>
    </li>
  );
}

/** A role and, for a technical member, the approve right. */
function RoleFields({
  idPrefix,
  role,
  canApprove,
  onRole,
  onApprove,
  error,
}: {
  idPrefix: string;
  role: MemberRole;
  canApprove: boolean;
  onRole: (role: MemberRole) => void;
  onApprove: (canApprove: boolean) => void;
  error?: string;
}) {
  return (
    <>
      <SelectField
        id={`${idPrefix}-role`}
        label="Role"
        value={role}
        error={error}
        hint={ROLE_DESCRIPTIONS[role]}
        onChange={(event) => onRole(event.target.value as MemberRole)}
      >
        {MEMBER_ROLES.map((option) => (
          <option key={option} value={option}>
            {COMPANY_ROLE_LABELS[option]}
          </option>
        ))}
      </SelectField>
      {role === 'technical' && (
        <label className="flex items-start gap-3 text-sm text-slate-900">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-darker"
            checked={canApprove}
            onChange={(event) => onApprove(event.target.checked)}
          />
          <span>{APPROVE_RIGHT_LABEL}</span>
        </label>
      )}
    </>
  );
}

function InvitationRow({
  invitation,
  isBusy,
  onResend,
  onRevoke,
}: {
  invitation: PendingInvitationView;
  isBusy: boolean;
  onResend: () => void;
  onRevoke: () => void;
}) {
  const who = invitation.name ? `${invitation.name} (${invitation.email})` : invitation.email;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3" data-testid="company-invitation">
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-semibold break-words text-slate-900">{who}</p>
        <p className="text-sm text-slate-700">{invitation.roleLabel}</p>
        <p className="text-sm text-slate-600">
          {invitation.isExpired
            ? 'The link has expired: send it again.'
            : `The link works until ${formatIstDateTime(new Date(invitation.expiresAt))}.`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={onResend}
          disabled={isBusy}
          aria-label={`Send the invitation to ${invitation.email} again`}
        >
          Send again
        </Button>
        <Button
          variant="dangerOutline"
          size="sm"
          onClick={onRevoke}
          disabled={isBusy}
          aria-label={`Withdraw the invitation to ${invitation.email}`}
        >
          Withdraw
        </Button>
      </div>
    </li>
  );
}

const EMPTY: InvitationForm = { email: '', name: '', role: 'technical', canApprove: false };

/** Invite by e-mail (or from a project contact of the company): the mail carries a 7-day link. */
function InviteForm({
  scope,
  view,
  isBusy,
  run,
}: {
  scope: CompanyScope;
  view: CompanyView;
  isBusy: boolean;
  run: Run;
}) {
  const form = useForm<InvitationForm, unknown, Invitation>({
    resolver: zodResolver(invitationSchema),
    defaultValues: EMPTY,
  });
  const field = fieldsOf(form);
  const [fromContact, setFromContact] = useState<ProjectContactRef | null>(null);
  const id = useId();
  const role = form.watch('role') as MemberRole;
  const canApprove = form.watch('canApprove') === true;
  const [contacts, reloadContacts] = useLoad(
    () => getProjectContacts(scope, view.companyId),
    `${scope}:${view.companyId}`,
  );
  const company = companyNameOf(view);

  const submit = form.handleSubmit(async (invitation) => {
    const sent = await run(
      () => inviteMember(scope, view.companyId, { ...invitation, fromContact }),
      `We mailed ${invitation.email} an invitation to join ${company} as ${
        invitation.role === 'technical' && invitation.canApprove
          ? 'Technical (may approve)'
          : COMPANY_ROLE_LABELS[invitation.role]
      }. Its link works for ${INVITATION_DAYS} days.`,
    );
    if (sent) {
      form.reset(EMPTY);
      setFromContact(null);
      reloadContacts();
    }
  });

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Invite a colleague
      </h3>
      {contacts.status === 'ready' && contacts.data.length > 0 && (
        <div className="rounded-md bg-slate-50 p-3">
          <p className="text-sm text-slate-700">People on {company}&apos;s projects, to invite as members:</p>
          <ul className="mt-2 space-y-2">
            {contacts.data.map((contact) => (
              <li
                key={`${contact.projectId}:${contact.contactId}`}
                className="flex flex-wrap items-center gap-2 text-sm"
              >
                <span className="min-w-0 flex-1 basis-48 break-words text-slate-800">
                  {contact.name ? `${contact.name} (${contact.email})` : contact.email}, {contact.projectTitle}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Invite ${contact.name || contact.email}`}
                  onClick={() => {
                    form.setValue('email', contact.email);
                    form.setValue('name', contact.name);
                    setFromContact({ projectId: contact.projectId, contactId: contact.contactId });
                    document.getElementById(`${id}-role`)?.focus();
                  }}
                >
                  Invite
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form noValidate className="space-y-3" aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={`${id}-email`}
            label="Their email"
            type="email"
            autoComplete="off"
            readOnly={fromContact !== null}
            {...field('email')}
          />
          <TextField id={`${id}-name`} label="Their name" isOptional autoComplete="off" {...field('name')} />
        </div>
        <RoleFields
          idPrefix={id}
          role={role}
          canApprove={canApprove}
          error={form.formState.errors.role?.message}
          onRole={(next) => form.setValue('role', next)}
          onApprove={(next) => form.setValue('canApprove', next)}
        />
        <div className="flex flex-wrap gap-2">
          <Button size="sm" type="submit" disabled={isBusy}>
            {isBusy ? 'Sending...' : 'Send invitation'}
          </Button>
          {fromContact && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                form.reset(EMPTY);
                setFromContact(null);
              }}
            >
              Clear
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
