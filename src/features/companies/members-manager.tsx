import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { FormMessage } from '@/components/form-field';
import { INVITATION_DAYS, type CompanyView, type PendingInvitationView } from '@/domain/company-members';
import { formatIstDateTime } from '@/domain/dates';
import { ApiError } from '@/lib/api-client';
import { resendInvitation, revokeInvitation, type CompanyScope } from './api';
import { InviteForm } from './invite-form';
import { MemberRow } from './member-row';

type Message = { tone: 'error' | 'success'; text: string } | null;

const FAILED = 'That did not work. Please check your connection and try again.';
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : FAILED);

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
