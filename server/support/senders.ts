import { can, roleRefusal, type CompanyAction } from '../../src/domain/companies';
import { companiesOf, membershipOf, type Membership } from '../companies/companies';
import type { StoredRequest, SupportContext } from './store';

/**
 * Who a mail to support is from, by company role: the one place the inbound webhook and staff's
 * review queue decide whose a mail is. A mail's From proves nothing by itself: it counts only as a
 * PROVEN address (a login's email once Auth has verified it; a profile's email never), and only
 * for someone who is a member now (read at the time, so a member removed is refused at once).
 * SPF/DKIM of the sender's domain is checked by the caller on top.
 */

export type MailSender = { uid: string } | { reason: string };

/** The login whose email `address` is, or null (no such login, or disabled). */
async function loginOf(ctx: SupportContext, address: string) {
  const user = await ctx.auth.getUserByEmail(address).catch(() => null);
  return user && !user.disabled && user.email ? user : null;
}

/**
 * The member who may answer `request` by mail from `address`: a member of the request's company
 * who may reply to its requests (owner, technical), or who raised it, whatever their role now.
 * Their address must be proven, except the company's own founding account's login email, which
 * its requests' mail has always gone to and come from (as before companies). Else why not, in the
 * words the review queue shows.
 */
export async function mailReplier(
  ctx: SupportContext,
  request: Pick<StoredRequest, 'uid' | 'requesterUid' | 'reference'>,
  address: string,
): Promise<MailSender> {
  const login = await loginOf(ctx, address);
  const user = login && (login.emailVerified || login.uid === request.uid) ? login : null;
  const membership = user ? await membershipOf(ctx.db, request.uid, user.uid) : null;
  if (!user || !membership) {
    return { reason: `sender is not a member of the company of ${request.reference} with a verified address` };
  }
  if (user.uid !== request.requesterUid && !can(membership, 'replySupport')) {
    return { reason: `sender did not raise ${request.reference}, and ${refusal(membership, 'replySupport')}` };
  }
  return { uid: user.uid };
}

/**
 * The company a mail that answers no request opens one in: the sender's one company where they
 * may open requests (their own company counts: companiesOf). None, or more than one (a consultant:
 * which one is for staff to say), waits for review.
 */
export async function mailRequester(
  ctx: SupportContext,
  address: string,
): Promise<{ uid: string; companyId: string } | { reason: string }> {
  const login = await loginOf(ctx, address);
  const user = login?.emailVerified ? login : null;
  if (!user || user.customClaims?.staff === true) {
    return { reason: 'no request matched and the sender is not a known customer' };
  }
  const memberships = await companiesOf(ctx.db, user.uid);
  const raising = memberships.filter((membership) => can(membership, 'raiseSupport'));
  if (raising.length === 1) return { uid: user.uid, companyId: raising[0]!.companyId };
  if (raising.length === 0) {
    const refusals = memberships.map((membership) => refusal(membership, 'raiseSupport'));
    return { reason: `no request matched, and ${refusals.join('; ') || 'the sender belongs to no company'}` };
  }
  return {
    reason: `no request matched, and the sender may open requests for ${raising.length} companies (${raising
      .map((membership) => membership.companyName || membership.companyId)
      .join(', ')}): open it for the right one`,
  };
}

/** "their role in Verma Textiles (Billing) cannot reply to support requests", as staff read it. */
const refusal = (membership: Membership, action: CompanyAction) =>
  roleRefusal(membership.companyName, membership, action)
    .replace(/^Your role/, 'their role')
    .replace(/\.$/, '');
