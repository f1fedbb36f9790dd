import type { Firestore } from 'firebase-admin/firestore';
import { can, COMPANY_NOT_FOUND, roleRefusal, type CompanyAction } from '../../src/domain/companies';
import { documentIdSchema } from '../../src/domain/staff';
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

/**
 * The person's membership of `companyId` when their role may do `action`. The membership is read
 * from Firestore on every call (never a token claim), so a member removed or given another role is
 * held to it at their next request. 404 when they are not a member at all (the same answer as for
 * a company that does not exist, so ids cannot be probed), 403 with the reason when the role may not.
 * The first time a new customer's own company is asked for, it is founded (see ensureCompany).
 */
export async function requireCompanyRole(
  ctx: CompaniesContext,
  user: { uid: string; email?: string | null },
  companyId: string,
  action: CompanyAction,
): Promise<Membership> {
  let membership = await membershipOf(ctx.db, companyId, user.uid);
  if (membership?.implicit && (await ensureCompany(ctx.db, user.uid, actorOf(user))) === 'created') {
    membership = await membershipOf(ctx.db, companyId, user.uid);
  }
  if (!membership) throw new HttpError(404, COMPANY_NOT_FOUND);
  if (!can(membership, action)) throw new HttpError(403, roleRefusal(membership.companyName, membership, action));
  return membership;
}

const actorOf = (user: { uid: string; email?: string | null }) => ({ uid: user.uid, email: user.email ?? null });
