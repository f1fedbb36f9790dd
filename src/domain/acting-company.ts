import { isCompanyRole, type CompanyMembership } from './companies';

/**
 * Which company a person's pages act for. A person is a member of one or more companies (their
 * own, founded with their account, and any they were invited to); the pages show one company's
 * records at a time, the acting company, which they choose when they have more than one.
 */

/** One of the person's companies as the pages know it: its id, its name and their role in it. */
export interface MembershipSummary extends Pick<CompanyMembership, 'companyId' | 'role' | 'canApprove'> {
  /** The company's name ('' for a personal company not written yet). */
  name: string;
}

/**
 * The person's own company while `companies/{uid}` is not written (an account not backfilled, a
 * new sign-up): they own it, as the rules and the API say.
 */
export const implicitOwnCompany = (uid: string): MembershipSummary => ({
  companyId: uid,
  role: 'owner',
  canApprove: false,
  name: '',
});

/** The person's companies as the switcher lists them: their own first, then by name. */
export function orderMemberships(uid: string, memberships: readonly MembershipSummary[]): MembershipSummary[] {
  return [...memberships].sort(
    (a, b) =>
      Number(b.companyId === uid) - Number(a.companyId === uid) ||
      a.name.localeCompare(b.name) ||
      (a.companyId < b.companyId ? -1 : a.companyId > b.companyId ? 1 : 0),
  );
}

/** What a person is shown acting for, when they have not chosen (or their choice is gone): their own company, else the first. */
export function defaultActingCompany(uid: string, memberships: readonly MembershipSummary[]): MembershipSummary | null {
  return (
    memberships.find((membership) => membership.companyId === uid) ?? orderMemberships(uid, memberships)[0] ?? null
  );
}

/** The outcome of choosing: the company acted for, and the one that was chosen but is no longer the person's. */
export interface ActingChoice {
  acting: MembershipSummary | null;
  /** The chosen company, when the person is no longer its member (removed, or left). */
  lost: MembershipSummary | null;
}

/**
 * The company the pages act for, given the person's memberships as they are now and the one they
 * acted for last (`chosen`, with its name as it was then): that one while they are still its
 * member (with their role as it is now), else their default company, and the chosen one as lost.
 */
export function chooseActingCompany(
  uid: string,
  memberships: readonly MembershipSummary[],
  chosen: MembershipSummary | null,
): ActingChoice {
  if (chosen) {
    const current = memberships.find((membership) => membership.companyId === chosen.companyId);
    if (current) return { acting: current, lost: null };
    return { acting: defaultActingCompany(uid, memberships), lost: chosen };
  }
  return { acting: defaultActingCompany(uid, memberships), lost: null };
}

/** A company as people read it in "Acting for …" and the switcher. */
export const companyLabel = (membership: Pick<MembershipSummary, 'name'>) => membership.name.trim() || 'Your company';

/** What a page of a company the person was removed from (or left) says instead of the company's records. */
export const noLongerMemberText = (membership: Pick<MembershipSummary, 'name'>) =>
  `You are no longer a member of ${membership.name.trim() || 'that company'}.`;

/** A membership read from storage or a document; null unless it has every field right. */
export function membershipSummaryOf(value: unknown): MembershipSummary | null {
  if (!value || typeof value !== 'object') return null;
  const { companyId, role, canApprove, name } = value as Record<string, unknown>;
  if (typeof companyId !== 'string' || !companyId || !isCompanyRole(role)) return null;
  return {
    companyId,
    role,
    canApprove: canApprove === true,
    name: typeof name === 'string' ? name : '',
  };
}
