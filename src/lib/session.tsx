import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from 'firebase/auth';

export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  isAnonymous: boolean;
  providerIds: string[];
}

export interface Session {
  /** 'loading' until Firebase Auth reports the first state; public content never waits for it. */
  status: 'loading' | 'ready';
  user: SessionUser | null;
}

const SessionContext = createContext<Session>({ status: 'loading', user: null });

function toSessionUser(user: User): SessionUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    isAnonymous: user.isAnonymous,
    providerIds: user.providerData.map((info) => info.providerId),
  };
}

/** The signed-in session, the one piece of auth state every feature may read. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>({ status: 'loading', user: null });

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    // Auth is loaded after the first paint so it never delays the landing page.
    void Promise.all([import('./firebase'), import('firebase/auth')]).then(([{ auth }, { onIdTokenChanged }]) => {
      if (cancelled) return;
      unsubscribe = onIdTokenChanged(auth, (user) => {
        setSession({ status: 'ready', user: user ? toSessionUser(user) : null });
      });
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}

/** A stand-in session for component tests. */
export function TestSessionProvider({ value, children }: { value: Session; children: ReactNode }) {
  const memo = useMemo(() => value, [value]);
  return <SessionContext.Provider value={memo}>{children}</SessionContext.Provider>;
}

/** The current ID token, or null for a visitor. */
export async function currentIdToken(): Promise<string | null> {
  const { auth } = await import('./firebase');
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

export async function signOutUser(): Promise<void> {
  const [{ auth }, { signOut }] = await Promise.all([import('./firebase'), import('firebase/auth')]);
  await signOut(auth);
}
