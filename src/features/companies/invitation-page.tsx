import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { ErrorMessage } from '@/components/form-field';
import { membershipNotice, ROLE_DESCRIPTIONS, type InvitationView } from '@/domain/company-members';
import { formatIstDateTime } from '@/domain/dates';
import { ApiError } from '@/lib/api-client';
import { useAuthModal } from '@/lib/auth-modal';
import { signOutUser, useSession } from '@/lib/session';
import { useLoad } from '@/lib/use-load';
import { acceptInvitation, getInvitation } from './api';

const FAILED = 'That did not work. Please check your connection and try again.';

export interface InvitationPageProps {
  token: string;
  /** Where a new member goes next (their profile shows the company and their role). */
  profileHref: string;
  homeHref: string;
}

/**
 * /invite/{token}: what the invitation is (the company, the role, who invited which address, what
 * the company will see about the member) and Accept. Signed out, the visitor logs in or creates an
 * account with the invited address, prefilled and locked; signed in with another address, they
 * are told to switch. A link that opens no waiting invitation says so, nothing more.
 */
export function InvitationPage({ token, profileHref, homeHref }: InvitationPageProps) {
  const [invitation] = useLoad(() => getInvitation(token), token);
  if (invitation.status === 'loading') return <Frame>Loading the invitation...</Frame>;
  if (invitation.status === 'error') {
    return (
      <Frame title="Invitation not found">
        <p className="mt-3 text-slate-700">{invitation.error}</p>
        <Link to={homeHref} className={buttonClasses('secondary', 'md', 'mt-6')}>
          Go to the homepage
        </Link>
      </Frame>
    );
  }
  return <Invitation token={token} invitation={invitation.data} profileHref={profileHref} />;
}

function Frame({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={title ? 'invitation-title' : undefined} className="mx-auto max-w-2xl px-4 py-12">
      {title ? (
        <h1 id="invitation-title" className="text-2xl font-bold text-slate-900">
          {title}
        </h1>
      ) : (
        <p className="text-center text-lg text-slate-700">{children}</p>
      )}
      {title && children}
    </section>
  );
}

type Accepted = Awaited<ReturnType<typeof acceptInvitation>>;

function Invitation({
  token,
  invitation,
  profileHref,
}: {
  token: string;
  invitation: InvitationView;
  profileHref: string;
}) {
  const { status, user } = useSession();
  const { open } = useAuthModal();
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  const company = invitation.companyName || 'a company';
  const signedInEmail = user && !user.isAnonymous ? user.email : null;
  const isInvitedLogin = signedInEmail?.toLowerCase() === invitation.email.toLowerCase();

  async function accept() {
    setIsBusy(true);
    setError(null);
    try {
      setAccepted(await acceptInvitation(token));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : FAILED);
    } finally {
      setIsBusy(false);
    }
  }

  if (accepted) {
    return (
      <Frame title={`Welcome to ${accepted.companyName || company}`}>
        <p role="status" className="mt-3 text-slate-800">
          You are a member of {accepted.companyName || company} as {invitation.roleLabel}.
        </p>
        <Link to={profileHref} className={buttonClasses('primary', 'md', 'mt-6')}>
          Go to your profile
        </Link>
      </Frame>
    );
  }

  const reason = `The invitation to ${company} is for ${invitation.email}.`;
  return (
    <Frame title={`Join ${company}`}>
      <p className="mt-3 text-slate-800">
        {invitation.invitedByName || 'Its owner'} invited <strong className="break-words">{invitation.email}</strong> to
        join {company}&apos;s account as <strong>{invitation.roleLabel}</strong>: {ROLE_DESCRIPTIONS[invitation.role]}
      </p>
      <section aria-label={`What ${company} will see about you`} className="mt-4 rounded-md bg-slate-100 p-4">
        {membershipNotice(company).map((line) => (
          <p key={line} className="text-sm text-slate-800 not-first:mt-2">
            {line}
          </p>
        ))}
      </section>
      <p className="mt-3 text-sm text-slate-600">
        The link works until {formatIstDateTime(new Date(invitation.expiresAt))}, once.
      </p>
      <ErrorMessage error={error} className="mt-4" />
      <div className="mt-6 flex flex-wrap gap-3">
        {status === 'ready' && isInvitedLogin && (
          <Button onClick={() => void accept()} disabled={isBusy}>
            {isBusy ? 'Accepting...' : 'Accept the invitation'}
          </Button>
        )}
        {status === 'ready' && !signedInEmail && (
          <>
            <Button onClick={() => open('login', reason, { lockedEmail: invitation.email })}>Log in to accept</Button>
            <Button variant="secondary" onClick={() => open('signup', reason, { lockedEmail: invitation.email })}>
              Create an account
            </Button>
          </>
        )}
      </div>
      {status === 'ready' && signedInEmail && !isInvitedLogin && (
        <div className="mt-4 space-y-3">
          <p className="text-slate-800">
            You are logged in as <strong className="break-words">{signedInEmail}</strong>. Log out, then log in or
            create an account with {invitation.email} to accept.
          </p>
          <Button variant="secondary" onClick={() => void signOutUser()}>
            Log out
          </Button>
        </div>
      )}
    </Frame>
  );
}
