import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import {
  currentSession,
  publish,
  readHint,
  subscribers,
  writeHint,
  type Session,
} from './session-store';
import { whenIdle } from './when-idle';

export type { Session, SessionUser } from './session-store';
export { publishAuthUser, whenSessionKnown } from './session-store';

/** The session as React context; SessionProvider fills it (component tests provide their own). */
export const SessionContext = createContext<Session>({ status: 'loading', user: null });

/** Loads Firebase Auth (once); the session then follows it. */
export function loadAuth(): Promise<typeof import('./firebase')> {
  return import('./firebase');
}

/**
 * Whether this browser may hold a signed-in Firebase session: only then is Auth loaded at start.
 * A first-time visitor gets a ready, signed-out session without downloading Auth; it loads when
 * they open the auth modal or send something that needs a token.
 */
async function mayHaveSavedSession(): Promise<boolean> {
  try {
    if (Object.keys(localStorage).some((key) => key.startsWith('firebase:authUser:'))) return true;
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === 'firebaseLocalStorageDb');
  } catch {
    return true;
  }
}

/** The signed-in session, the one piece of auth state every feature may read. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>(currentSession);

  useEffect(() => {
    // The first auth state re-renders the whole page while it is still loading its sections: as a
    // transition, React renders it in slices and the page stays responsive (a returning customer's
    // landing page is no slower to use than a visitor's). Later changes (sign-in, sign-out) apply at once.
    const follow = (next: Session) => {
      if (next.status === 'ready' && !hasFirstState) startTransition(() => setSession(next));
      else setSession(next);
      hasFirstState ||= next.status === 'ready';
    };
    let hasFirstState = false;
    subscribers.add(follow);
    follow(currentSession());
    let isActive = true;
    let cancelIdle = () => {};
    void mayHaveSavedSession().then((mayHave) => {
      if (!isActive) return;
      if (!mayHave) {
        writeHint(null);
        if (currentSession().status === 'loading') publish({ status: 'ready', user: null });
        return;
      }
      const hint = readHint();
      if (!hint) {
        void loadAuth();
        return;
      }
      if (currentSession().status === 'loading') publish({ status: 'ready', user: hint });
      cancelIdle = whenIdle(() => void loadAuth());
    });
    if (import.meta.env.VITE_E2E_HOOKS === 'true') {
      // The e2e hooks' Firestore loader lives here, not in lib/firebase.ts: Firestore imports
      // Firebase, so Firebase importing Firestore back would close a circle.
      Object.assign(window, {
        __loadFirebase: loadAuth,
        __loadFirestore: () => import('./firestore').then((m) => m.db),
      });
    }
    return () => {
      isActive = false;
      subscribers.delete(follow);
      cancelIdle();
    };
  }, []);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}

/** The current ID token, or null for a visitor. */
export async function currentIdToken(): Promise<string | null> {
  const { auth } = await loadAuth();
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

export async function signOutUser(): Promise<void> {
  const [{ auth }, { signOut }] = await Promise.all([loadAuth(), import('firebase/auth')]);
  await signOut(auth);
}
