import {
  chooseActingCompany,
  implicitOwnCompany,
  membershipSummaryOf,
  orderMemberships,
  type MembershipSummary,
} from '@/domain/acting-company';
import { COMPANY_HEADER } from '@/domain/companies';
import { setCompanyHeaders } from './api-client';
import { currentSession, subscribers as sessionSubscribers, type Session } from './session-store';

/**
 * The company side of the session: the signed-in person's memberships, live, and the company the
 * pages act for. It lives outside React (as the session does) so that every page and the API
 * client read one acting company, and apart from the landing page's code: customer pages start it
 * (lib/company-session.tsx), and its Firestore listener (lib/memberships.ts) loads with them.
 */
export interface CompanySessionState {
  /** 'loading' until the person's memberships are known, or remembered from their last visit on this device. */
  status: 'loading' | 'ready';
  uid: string | null;
  /** The company the pages act for (null only for someone who is a member of no company). */
  acting: MembershipSummary | null;
  /** Every company of the person's, their own first. */
  memberships: MembershipSummary[];
  /** The company they acted for until their membership went (removed, or left): its pages say so. */
  lost: MembershipSummary | null;
}

/** Where memberships come from: Firestore in the app, a fake in unit tests. */
export interface MembershipSources {
  /** The person's memberships, live; resolves with the unsubscribe. */
  listen(
    uid: string,
    onData: (memberships: MembershipSummary[]) => void,
    onError: (error: Error) => void,
  ): Promise<() => void>;
  /** Whether they own their own company although it is not written yet (see lib/memberships.ts). */
  ownsUnwrittenCompany(uid: string): Promise<boolean>;
}

const firestoreSources: MembershipSources = {
  listen: async (uid, onData, onError) => (await import('./memberships')).listenToMemberships(uid, onData, onError),
  ownsUnwrittenCompany: async (uid) => (await import('./memberships')).ownsUnwrittenCompany(uid),
};

/**
 * What this device remembers per person (localStorage `company-session:{uid}`): the company they
 * act for and their companies, so a returning member's pages show at once (the listener then
 * confirms or corrects it). Display only: the rules and the API check every read and call.
 */
interface Remembered {
  chosen: MembershipSummary;
  memberships: MembershipSummary[];
}

const storageKey = (uid: string) => `company-session:${uid}`;

function readRemembered(uid: string): Remembered | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(storageKey(uid)) ?? 'null') as Partial<Remembered> | null;
    const chosen = membershipSummaryOf(value?.chosen);
    const memberships = Array.isArray(value?.memberships) ? value.memberships.map(membershipSummaryOf) : [];
    if (!chosen || memberships.length === 0 || memberships.some((membership) => membership === null)) return null;
    return { chosen, memberships: memberships as MembershipSummary[] };
  } catch {
    return null;
  }
}

function remember(uid: string, value: Remembered | null): void {
  try {
    if (value) window.localStorage.setItem(storageKey(uid), JSON.stringify(value));
    else window.localStorage.removeItem(storageKey(uid));
  } catch {
    // Without storage, the next visit waits for the listener's first answer.
  }
}

export interface CompanySessionStore {
  /** Follows `uid`'s memberships (again only when the person changes); stops when they sign out. */
  start(uid: string): void;
  stop(): void;
  getState(): CompanySessionState;
  subscribe(listener: () => void): () => void;
  /** Acts for another of the person's companies (remembered on this device). */
  switchTo(companyId: string): void;
  /** The person has read that they are no longer a member of the company they acted for. */
  acknowledgeLost(): void;
}

const IDLE: CompanySessionState = { status: 'loading', uid: null, acting: null, memberships: [], lost: null };

export function createCompanySessionStore(sources: MembershipSources = firestoreSources): CompanySessionStore {
  let state = IDLE;
  let uid: string | null = null;
  /** The listener's last answer (null before the first). */
  let stored: MembershipSummary[] | null = null;
  /** Asked only when the person has no membership of their own company (null: not known yet). */
  let ownsUnwritten: boolean | null = null;
  let isCheckingOwn = false;
  let chosen: MembershipSummary | null = null;
  let remembered: Remembered | null = null;
  let lost: MembershipSummary | null = null;
  /** Each start's number: an answer for an earlier person is dropped. */
  let generation = 0;
  let stopListening: () => void = () => {};
  let stopFollowingSession: () => void = () => {};
  const listeners = new Set<() => void>();

  function publish(next: CompanySessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  /** The person's companies, once known: the stored memberships and their own company not written yet. */
  function knownMemberships(person: string): MembershipSummary[] | null {
    if (stored === null) return null;
    if (stored.some((membership) => membership.companyId === person)) return orderMemberships(person, stored);
    if (ownsUnwritten === null) {
      checkOwn(person);
      return null;
    }
    return orderMemberships(person, ownsUnwritten ? [implicitOwnCompany(person), ...stored] : stored);
  }

  function checkOwn(person: string) {
    if (isCheckingOwn) return;
    isCheckingOwn = true;
    const asked = generation;
    void sources.ownsUnwrittenCompany(person).then((owns) => {
      if (asked !== generation) return;
      isCheckingOwn = false;
      ownsUnwritten = owns;
      update();
    });
  }

  function update() {
    if (uid === null) return publish(IDLE);
    const memberships = knownMemberships(uid);
    if (memberships === null) {
      // Not known yet: what this device remembers, else loading.
      return publish(
        remembered
          ? { status: 'ready', uid, acting: remembered.chosen, memberships: remembered.memberships, lost }
          : { status: 'loading', uid, acting: null, memberships: [], lost },
      );
    }
    const choice = chooseActingCompany(uid, memberships, chosen ?? remembered?.chosen ?? null);
    if (choice.lost) lost = choice.lost;
    chosen = choice.acting;
    remembered = chosen ? { chosen, memberships } : null;
    remember(uid, remembered);
    publish({ status: 'ready', uid, acting: chosen, memberships, lost });
  }

  function stop() {
    generation += 1;
    stopListening();
    stopListening = () => {};
    stopFollowingSession();
    stopFollowingSession = () => {};
    uid = null;
    stored = null;
    ownsUnwritten = null;
    isCheckingOwn = false;
    chosen = null;
    remembered = null;
    lost = null;
    update();
  }

  function start(person: string) {
    if (uid === person) return;
    stop();
    uid = person;
    remembered = readRemembered(person);
    const started = generation;
    // Signing out (or in as someone else) ends this person's session.
    const follow = (session: Session) => {
      if (session.status === 'ready' && session.user?.uid !== person) stop();
    };
    sessionSubscribers.add(follow);
    stopFollowingSession = () => sessionSubscribers.delete(follow);
    update();
    sources
      .listen(
        person,
        (memberships) => {
          if (started !== generation) return;
          stored = memberships;
          update();
        },
        (error) => {
          if (started !== generation) return;
          console.warn('Listening to your companies failed:', error);
          // As before companies: the person acts for their own company (the rules and the API decide).
          if (stored === null && !remembered) {
            stored = [];
            ownsUnwritten = true;
            update();
          }
        },
      )
      .then(
        (unsubscribe) => (started === generation ? (stopListening = unsubscribe) : unsubscribe()),
        (error: unknown) => console.warn('Loading your companies failed:', error),
      );
  }

  return {
    start,
    stop,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    switchTo(companyId) {
      const next = state.memberships.find((membership) => membership.companyId === companyId);
      if (!next || uid === null) return;
      chosen = next;
      lost = null;
      if (remembered) remembered = { ...remembered, chosen: next };
      update();
    },
    acknowledgeLost() {
      lost = null;
      update();
    },
  };
}

/** The app's one company session. */
export const companySession = createCompanySessionStore();

// Every signed-in API call names the acting company (lib/api-client.ts), or the one the call names:
// the signed-in person's own session's, never a previous person's.
setCompanyHeaders((named): Record<string, string> => {
  const { uid, acting } = companySession.getState();
  const companyId =
    named !== undefined
      ? named
      : uid !== null && uid === currentSession().user?.uid
        ? (acting?.companyId ?? null)
        : null;
  return companyId ? { [COMPANY_HEADER]: companyId } : {};
});
