import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { implicitOwnCompany, type MembershipSummary } from '@/domain/acting-company';
import { can, roleRefusal, type CompanyAction } from '@/domain/companies';
import { companySession, type CompanySessionStore } from './company-session-store';
import { useSession } from './session';

export type { MembershipSummary } from '@/domain/acting-company';

/** The company the signed-in person's pages act for, and what their role there lets them do. */
export interface CompanySession {
  /** 'loading' until their memberships are known (or remembered from their last visit). */
  status: 'loading' | 'ready';
  /** The company the pages act for: its records are the ones listed (null for someone in no company). */
  acting: MembershipSummary | null;
  /** Every company of theirs, their own first. */
  memberships: MembershipSummary[];
  /** Whether they are in more than one company: only then the switcher and "Acting for" show. */
  isShared: boolean;
  /** The company they acted for until their membership went: its pages say so instead of its records. */
  lost: MembershipSummary | null;
  /** Whether their role in the acting company may do `action` (src/domain/companies.ts, the one table). */
  can: (action: CompanyAction) => boolean;
  /** Why not: "Your role in Verma Textiles (Billing) cannot open support requests." */
  refusal: (action: CompanyAction) => string;
  switchTo: (companyId: string) => void;
  acknowledgeLost: () => void;
}

const NOTHING = () => {};
const LOADING: Pick<CompanySession, 'status' | 'acting' | 'memberships' | 'lost'> = {
  status: 'loading',
  acting: null,
  memberships: [],
  lost: null,
};

function sessionOf(
  state: Pick<CompanySession, 'status' | 'acting' | 'memberships' | 'lost'>,
  store: Pick<CompanySessionStore, 'switchTo' | 'acknowledgeLost'> | null,
): CompanySession {
  const { acting } = state;
  return {
    ...state,
    isShared: state.memberships.length > 1,
    // Outside a provider (no store), every right: the page is as it was before companies.
    can: store ? (action) => can(acting, action) : () => true,
    refusal: (action) =>
      acting ? roleRefusal(acting.name, acting, action) : 'You are not a member of any company on this account.',
    switchTo: store ? (companyId) => store.switchTo(companyId) : NOTHING,
    acknowledgeLost: store ? () => store.acknowledgeLost() : NOTHING,
  };
}

/** The acting company as React context; CompanyProvider fills it. */
export const CompanyContext = createContext<CompanySession | null>(null);

export interface CompanyProviderProps {
  /** The signed-in person. */
  uid: string;
  /** The app's one company session; component tests give one with fake memberships. */
  store?: CompanySessionStore;
  children: ReactNode;
}

/**
 * The company session for a customer page (app/layouts): follows the signed-in person's
 * memberships live and gives the page the acting company.
 */
export function CompanyProvider({ uid, store = companySession, children }: CompanyProviderProps) {
  useEffect(() => store.start(uid), [store, uid]);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  // Until the store follows this person (its first render), it is loading.
  const current = state.uid === uid ? state : LOADING;
  const value = useMemo(() => sessionOf(current, store), [current, store]);
  return <CompanyContext.Provider value={value}>{children}</CompanyContext.Provider>;
}

/**
 * The acting company. Outside a CompanyProvider (a component rendered on its own, as in component
 * tests) it is the signed-in person's own company, with every right (the API and the rules still
 * decide): as an account was before companies.
 */
export function useCompany(): CompanySession {
  const provided = useContext(CompanyContext);
  const { user } = useSession();
  const uid = user?.uid ?? null;
  return useMemo(() => {
    if (provided) return provided;
    const own = uid ? implicitOwnCompany(uid) : null;
    return sessionOf({ status: 'ready', acting: own, memberships: own ? [own] : [], lost: null }, null);
  }, [provided, uid]);
}

/** The id of the company the pages act for: the person's own uid outside a provider. */
export function useActingCompanyId(): string | null {
  return useCompany().acting?.companyId ?? null;
}
