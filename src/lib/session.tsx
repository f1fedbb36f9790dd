import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import type { User } from 'firebase/auth';
import { whenIdle } from './when-idle';

export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  isAnonymous: boolean;
  /** Auth has verified the email (Google, or a clicked verification link). */
  emailVerified?: boolean;
  providerIds: string[];
}

export interface Session {
  /** 'loading' until Firebase Auth reports the first state; public content never waits for it. */
  status: 'loading' | 'ready';
  user: SessionUser | null;
}

/** The session as React context; SessionProvider fills it (component tests provide their own). */
export const SessionContext = createContext<Session>({ status: 'loading', user: null });

function toSessionUser(user: User): SessionUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    isAnonymous: user.isAnonymous,
    emailVerified: user.emailVerified,
    providerIds: user.providerData.map((info) => info.providerId),
  };
}

// The session lives outside React so that lib/firebase.ts, whenever something loads it, can
// publish every auth change here.
let current: Session = { status: 'loading', user: null };
const subscribers = new Set<(session: Session) => void>();

function publish(next: Session): void {
  current = next;
  for (const subscriber of subscribers) subscriber(next);
}

/**
 * Who was signed in on this device when Auth last said so: a returning customer's page shows them
 * signed in at once, and Firebase Auth (about 40 KB brotli) loads only once the page is idle (or
 * when something needs a token) and then confirms or corrects it. Only what the page shows is kept
 * (Firebase itself keeps the session and its tokens); rules and the API never trust it.
 */
const HINT_KEY = 'session-user';

function readHint(): SessionUser | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(HINT_KEY) ?? 'null') as Partial<SessionUser> | null;
    const isText = (field: unknown) => field === null || typeof field === 'string';
    if (
      !value ||
      typeof value.uid !== 'string' ||
      !value.uid ||
      typeof value.isAnonymous !== 'boolean' ||
      !isText(value.email) ||
      !isText(value.displayName) ||
      !Array.isArray(value.providerIds) ||
      !value.providerIds.every((id) => typeof id === 'string')
    ) {
      return null;
    }
    const { uid, email, displayName, isAnonymous, providerIds } = value as SessionUser;
    return { uid, email, displayName, isAnonymous, providerIds };
  } catch {
    return null;
  }
}

function writeHint(user: SessionUser | null): void {
  try {
    if (user) window.localStorage.setItem(HINT_KEY, JSON.stringify(user));
    else window.localStorage.removeItem(HINT_KEY);
  } catch {
    // Without storage, the next visit simply waits for Auth.
  }
}

const sameUser = (a: SessionUser | null, b: SessionUser | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The session once the first auth state is known, straight from the store: a tap made before then
 * acts on it as soon as it is (React's copy, updated in a transition, may follow later).
 */
export function whenSessionKnown(): Promise<Session> {
  if (current.status === 'ready') return Promise.resolve(current);
  return new Promise((resolve) => {
    const once = (next: Session) => {
      if (next.status !== 'ready') return;
      subscribers.delete(once);
      resolve(next);
    };
    subscribers.add(once);
  });
}

/** Called by lib/firebase.ts on every ID token change (sign-in, sign-out, refresh, linking). */
export function publishAuthUser(user: User | null): void {
  const next = user ? toSessionUser(user) : null;
  writeHint(next);
  // A token refresh, or Auth confirming the device's hint, changes nothing on the page.
  if (current.status === 'ready' && sameUser(current.user, next)) return;
  publish({ status: 'ready', user: next });
}

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
  const [session, setSession] = useState<Session>(current);

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
    follow(current);
    let isActive = true;
    let cancelIdle = () => {};
    void mayHaveSavedSession().then((mayHave) => {
      if (!isActive) return;
      if (!mayHave) {
        writeHint(null);
        if (current.status === 'loading') publish({ status: 'ready', user: null });
        return;
      }
      const hint = readHint();
      if (!hint) {
        void loadAuth();
        return;
      }
      if (current.status === 'loading') publish({ status: 'ready', user: hint });
      cancelIdle = whenIdle(() => void loadAuth());
    });
    if (import.meta.env.VITE_E2E_HOOKS === 'true') Object.assign(window, { __loadFirebase: loadAuth });
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
