import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { useAuthModal } from '@/lib/auth-modal';
import { useSession, type SessionUser } from '@/lib/session';
import { paths } from '../paths';

export interface SignInGateProps {
  /** Shown while the first auth state is not known yet (the page's own loading line). */
  loading: ReactNode;
  /** The signed-out panel's heading and its one line under it. */
  title: string;
  text: ReactNode;
  /** Whether a guest (anonymous) session counts as signed in; the staff console's does not. */
  acceptsGuest?: boolean;
  /** The page, for the signed-in user. */
  children: (user: SessionUser) => ReactNode;
  /** What the loading line and the signed-out panel sit in, where the page has no layout of its own (a <main>). */
  frame?: (content: ReactNode) => ReactNode;
}

/**
 * A signed-in-only page (/profile, /receipts/…, /admin…). Opened signed out, it stays on its own
 * URL (query string included), opens the login modal once by itself and shows a panel that can
 * open it again: after any way of signing in, the page the link pointed to is simply there. Links
 * in mails rely on this: a redirect would lose where they pointed.
 */
export function SignInGate({
  loading,
  title,
  text,
  acceptsGuest = true,
  children,
  frame = (content) => content,
}: SignInGateProps) {
  const { status, user } = useSession();
  const { isOpen: isModalOpen, open: openModal } = useAuthModal();
  const headingId = useId();
  const signedInUser = user && (acceptsGuest || !user.isAnonymous) ? user : null;

  // Once signed out here, the page waits until the modal is closed: a new Google user or a guest is
  // signed in before the modal's details step has saved their profile, which the page reads.
  const [isAwaitingSignIn, setIsAwaitingSignIn] = useState(false);
  if (status === 'ready' && !signedInUser && !isAwaitingSignIn) setIsAwaitingSignIn(true);
  if (signedInUser && !isModalOpen && isAwaitingSignIn) setIsAwaitingSignIn(false);

  // Only a page opened signed out asks by itself; signing out here (Logout, account deletion)
  // must not pop the modal up on the way to the home page.
  const hasSettled = useRef(false);
  const isSignedOut = status === 'ready' && !signedInUser;
  useEffect(() => {
    if (status !== 'ready' || hasSettled.current) return;
    hasSettled.current = true;
    if (isSignedOut) openModal('login');
  }, [status, isSignedOut, openModal]);

  if (status === 'loading') return frame(loading);
  if (signedInUser && !isAwaitingSignIn) return children(signedInUser);
  return frame(
    <section aria-labelledby={headingId} className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 id={headingId} className="text-2xl font-bold text-slate-900">
        {title}
      </h1>
      <p className="mt-3 text-slate-700">{text}</p>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        <Button onClick={() => openModal('login')}>Login</Button>
        <Link to={paths.home} className={buttonClasses('secondary')}>
          Go Back to Homepage
        </Link>
      </div>
    </section>,
  );
}
