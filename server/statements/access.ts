import type { RequestUser } from '../auth';
import { toCompanyMembers, type OutboxMail } from '../mail/outbox';
import { HttpError } from '../errors';

/**
 * Who may see a company's statement of account, and to whom it is mailed: the one place each is
 * decided. Today a company is one login, and its id is that login's uid; when companies get
 * members with roles, these two functions change (the owner and billing members may see it and
 * get it, a technical member or a viewer may not), and nothing that calls them does.
 */

export const STATEMENT_NOT_FOUND = 'Statement not found.';

/** Why someone may see the statement: they are the company (today its owner), or staff. */
export type StatementReader = { as: 'company' | 'staff'; user: RequestUser };

/**
 * The statement's reader, or a 404 for anyone else (a company that is not theirs does not exist
 * for them, as documents do not). The same check guards what the statement page changes (the
 * company's purchase-order rules).
 */
export function statementReader(user: RequestUser | undefined, companyId: string): StatementReader {
  if (user?.isStaff) return { as: 'staff', user };
  if (user && user.uid === companyId) return { as: 'company', user };
  throw new HttpError(404, STATEMENT_NOT_FOUND);
}

/**
 * Who a company's statement mail goes to: its owner and billing members as they are when it is sent
 * (the `statement` line of MAIL_AUDIENCES).
 */
export function statementRecipient(companyId: string): Pick<OutboxMail, 'to' | 'companyId' | 'requesterUid'> {
  return toCompanyMembers(companyId);
}
