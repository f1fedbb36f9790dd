import type { User } from 'firebase/auth';

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

// The session lives outside React (and apart from session.tsx, which loads Firebase) so that
// lib/firebase.ts, whenever something loads it, can publish every auth change here.
let current: Session = { status: 'loading', user: null };
export const subscribers = new Set<(session: Session) => void>();

/** The session as Auth (or the device's hint) last said. */
export const currentSession = (): Session => current;

export function publish(next: Session): void {
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

export function readHint(): SessionUser | null {
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

export function writeHint(user: SessionUser | null): void {
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
