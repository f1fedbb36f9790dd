import type { Firestore } from 'firebase-admin/firestore';
import { can, COMPANY_NOT_FOUND, roleRefusal, type CompanyAction } from '../../src/domain/companies';
import { documentIdSchema } from '../../src/domain/schemas';
import { HttpError } from '../errors';
import { ensureCompany, membershipOf, type Membership } from './companies';

/** What the access check works with. */
export interface CompaniesContext {
  db: Firestore;
}

/** A malformed company id in a request (header, body or query). */
export const NOT_A_COMPANY_ID = 'Not a company id.';

/**
 * The company a request acts for: the one it names (the `X-Company-Id` header, or a body or query
 * field the route passes on), else the person's own company (their uid). Naming one grants
 * nothing: requireCompanyRole decides.
 */
export function actingCompanyId(user: { uid: string }, named: unknown): string {
  if (named === undefined || named === null || named === '') return user.uid;
  const parsed = documentIdSchema.safeParse(named);
  if (!parsed.success) throw new HttpError(400, NOT_A_COMPANY_ID);
  return parsed.data;
}

/** How requireCompanyRole answers for a record, and whether it may found a new customer's company. */
export interface RoleCheckOptions {
  /** The 404's message: the record's own ("Support request not found."), by default the company's. */
  notFound?: string;
  /**
   * Whether the check founds the person's own company when it is not written yet (default true).
   * The routes that act on a company's records pass false: an implicit owner is the owner either
   * way, so a one-member company's calls write nothing new (no company, no audit entry) and behave
   * exactly as before companies; GET /api/companies/mine (the profile page) and the backfill found it.
   */
  founding?: boolean;
}

/**
 * The person's membership of `companyId` when their role may do `action`. The membership is read
 * from Firestore on every call (never a token claim), so a member removed or given another role is
 * held to it at their next request. 404 when they are not a member at all (the same answer as for
 * a company that does not exist, so ids cannot be probed), 403 with the reason when the role may not.
 * The first time a new customer's own company is asked for, it is founded (see ensureCompany),
 * unless `founding` is false.
 *
 * For a record of a company (a support request, a project, a quote, a tax document), pass the
 * record's company (its stored `uid`; null when there is no such record) and the record's own
 * not-found message: someone outside the company is told the record does not exist, exactly as
 * for an id that was never issued.
 */
export async function requireCompanyRole(
  ctx: CompaniesContext,
  user: { uid: string; email?: string | null },
  companyId: string | null,
  action: CompanyAction,
  { notFound = COMPANY_NOT_FOUND, founding = true }: RoleCheckOptions = {},
): Promise<Membership> {
  if (companyId === null) throw new HttpError(404, notFound);
  let membership = await membershipOf(ctx.db, companyId, user.uid);
  if (founding && membership?.implicit && (await ensureCompany(ctx.db, user.uid, actorOf(user))) === 'created') {
    membership = await membershipOf(ctx.db, companyId, user.uid);
  }
  if (!membership) throw new HttpError(404, notFound);
  if (!can(membership, action)) throw new HttpError(403, roleRefusal(membership.companyName, membership, action));
  return membership;
}

/**
 * The check of a route acting on a company's records on a customer's behalf: requireCompanyRole,
 * founding nothing (see RoleCheckOptions), answering 404 in the record's words (`notFound`).
 */
export const requireMemberRole = (
  ctx: CompaniesContext,
  user: { uid: string; email?: string | null },
  companyId: string | null,
  action: CompanyAction,
  notFound: string = COMPANY_NOT_FOUND,
) => requireCompanyRole(ctx, user, companyId, action, { notFound, founding: false });

const actorOf = (user: { uid: string; email?: string | null }) => ({ uid: user.uid, email: user.email ?? null });
