import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { CompanyMailMember } from '../mail/drain';
import { companyDoc, membersOf, readMember, type StoredMember } from './store';

/**
 * The company's members as they are now, for its mail (read when each mail is sent, so a member
 * removed since gets nothing); null when the company is not written (an implicit personal company,
 * a lead): its mail goes to its account's address as before companies.
 */
export async function companyMailMembers(db: Firestore, companyId: string): Promise<CompanyMailMember[] | null> {
  const [company, members] = await Promise.all([companyDoc(db, companyId).get(), membersOf(db, companyId).get()]);
  if (!company.exists) return null;
  return members.docs
    .map(readMember)
    .filter((member): member is StoredMember => member !== null)
    .map(({ uid, role, canApprove, name }) => ({ uid, role, canApprove, name }));
}

/** Auth's getUsers takes at most this many identifiers a call. */
const USERS_PER_CALL = 100;

/**
 * Where the company's mail may reach each of `uids` (a uid without an address is left out):
 * - a member's login email once Auth says it is verified, read now (an invitation proves it, and
 *   a changed login email is unverified until proved again); never an address anyone typed, nor a
 *   login that is gone;
 * - the founding account (uid = the company's id) where its mail went before companies
 *   (`accountEmail`, server/mail/recipients.ts: its login email, or a guest's own), so a customer
 *   who never verified their email is mailed as before and no one else gets their address.
 */
export async function memberMailAddresses(
  { auth, accountEmail }: { auth: Auth; accountEmail: (uid: string) => Promise<string | null> },
  companyId: string,
  uids: string[],
): Promise<Map<string, string>> {
  const others = [...new Set(uids.filter((uid) => uid !== companyId))];
  const batches: string[][] = [];
  for (let start = 0; start < others.length; start += USERS_PER_CALL) {
    batches.push(others.slice(start, start + USERS_PER_CALL));
  }
  const [founder, ...found] = await Promise.all([
    uids.includes(companyId) ? accountEmail(companyId) : null,
    ...batches.map((batch) => auth.getUsers(batch.map((uid) => ({ uid })))),
  ]);
  const addresses = new Map<string, string>();
  if (founder) addresses.set(companyId, founder);
  for (const { users } of found) {
    for (const user of users) {
      if (user.email && user.emailVerified && !user.disabled) addresses.set(user.uid, user.email);
    }
  }
  return addresses;
}
