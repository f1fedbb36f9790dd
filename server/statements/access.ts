import type { RequestUser } from '../auth';
import { requireMemberRole, type CompaniesContext } from '../companies/access';
import { toCompanyMembers, type OutboxMail } from '../mail/outbox';
import { HttpError } from '../errors';

/**
 * Who may see a company's statement of account and change its purchase-order rules, and to whom
 * the statement is mailed: the one place each is decided, by the role table of
 * src/domain/companies.ts (those who see its billing read it; owner and billing set its PO rules).
 */

export const STATEMENT_NOT_FOUND = 'Statement not found.';

/** Why someone may see the statement: they are the company (today its owner), or staff. */
export type StatementReader = { as: 'company' | 'staff'; user: RequestUser };

/**
 * The statement's reader: staff, or a member of the company whose role may `action` (see its
 * billing; for what the statement page changes, the company's purchase-order rules, change them),
 * read now. A 404 for anyone else (a company that is not theirs does not exist for them, as
 * documents do not), a 403 naming the role for a member whose role may not.
 */
export async function statementReader(
  ctx: CompaniesContext,
  user: RequestUser | undefined,
  companyId: string,
  action: 'readBilling' | 'managePurchaseOrders' = 'readBilling',
): Promise<StatementReader> {
  if (user?.isStaff) return { as: 'staff', user };
  if (!user) throw new HttpError(404, STATEMENT_NOT_FOUND);
  await requireMemberRole(ctx, user, companyId, action, STATEMENT_NOT_FOUND);
  return { as: 'company', user };
}

/**
 * Who a company's statement mail goes to: its owner and billing members as they are when it is sent
 * (the `statement` line of MAIL_AUDIENCES).
 */
export function statementRecipient(companyId: string): Pick<OutboxMail, 'to' | 'companyId' | 'requesterUid'> {
  return toCompanyMembers(companyId);
}
