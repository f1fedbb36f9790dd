import { FieldValue, type DocumentData, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COMPANY_NOT_FOUND, type CompanyRole } from '../../src/domain/companies';
import { COMPANY_MEMBER_MESSAGES as MESSAGES, type MemberRole } from '../../src/domain/company-members';
import { companySearchTokens } from '../../src/domain/search';
import { addAudit, type Actor } from '../audit';
import { HttpError } from '../errors';
import {
  COMPANIES,
  companyDoc,
  memberDoc,
  membersOf,
  MEMBERS,
  readCompany,
  readMember,
  type StoredCompany,
  type StoredMember,
} from './store';

/**
 * A company's members: change a role, remove one, leave, hand ownership on, dismiss the privacy
 * notice. Each change is one transaction that reads the company and all its members (at most
 * MAX_COMPANY_MEMBERS), writes the membership, the company's members' e-mails, count and search
 * words made again from every member, and the audit entry (target `companies/{id}`, so the
 * company's whole trail is one query). The routes check the caller's role first
 * (requireCompanyRole: 'manageMembers'); the transaction checks it again on what it read, so a
 * former owner's call that raced a transfer still fails.
 */

/** Who changes a company: its owner (a member), or staff from the console. */
export interface CompanyActor extends Actor {
  isStaff: boolean;
  /** How mails name staff ('Nimbus team'); an owner is named by their membership. */
  name: string;
}

export interface MembersContext {
  db: Firestore;
}

/** What a change reads of its company, in its transaction. */
export interface CompanyState {
  company: StoredCompany;
  members: StoredMember[];
}

/** Reads a company and all its members in `tx`: a 404 for none, a deleted one or one not written yet. */
export async function readCompanyState(tx: Transaction, db: Firestore, companyId: string): Promise<CompanyState> {
  const [company, members] = await Promise.all([tx.get(companyDoc(db, companyId)), tx.get(membersOf(db, companyId))]);
  if (!company.exists) throw new HttpError(404, COMPANY_NOT_FOUND);
  const stored = readCompany(company);
  if (stored.deletedAt) throw new HttpError(404, COMPANY_NOT_FOUND);
  return {
    company: stored,
    members: members.docs.map(readMember).filter((member): member is StoredMember => member !== null),
  };
}

/**
 * The owner's change needs them to be the owner still (staff may always): answers the name the
 * change is made in (the owner's, or the actor's given name for staff).
 */
export function assertManager(state: CompanyState, actor: CompanyActor): string {
  if (actor.isStaff) return actor.name;
  const me = state.members.find((member) => member.uid === actor.uid);
  if (!me) throw new HttpError(404, COMPANY_NOT_FOUND);
  if (me.role !== 'owner') throw new HttpError(403, MESSAGES.ownerOnly(state.company.name));
  return me.name || actor.email || actor.name;
}

/**
 * The company fields that follow its members: their count, their e-mails (by uid) and the
 * console's search words (the company's names and GSTIN, every member's name and e-mail).
 */
export function membershipFields(
  company: StoredCompany,
  members: Array<{ uid: string; name: string }>,
  emails: Record<string, string>,
): DocumentData {
  const memberEmails = Object.fromEntries(
    members.flatMap((member) => (emails[member.uid] ? [[member.uid, emails[member.uid]!]] : [])),
  );
  return {
    memberCount: members.length,
    memberEmails,
    searchTokens: companySearchTokens(
      { name: company.name, legalName: company.legalName, gstin: company.gstin },
      members.map((member) => ({ name: member.name, email: memberEmails[member.uid] })),
    ),
  };
}

const target = (companyId: string) => `${COMPANIES}/${companyId}`;

function memberOf(state: CompanyState, uid: string): StoredMember {
  const member = state.members.find((candidate) => candidate.uid === uid);
  if (!member) throw new HttpError(404, MESSAGES.noSuchMember);
  return member;
}

/** A member's new role and approve right (never the owner's: that is a transfer). */
export async function changeMemberRole(
  { db }: MembersContext,
  companyId: string,
  uid: string,
  change: { role: MemberRole; canApprove: boolean },
  actor: CompanyActor,
): Promise<{ changed: boolean }> {
  return db.runTransaction(async (tx) => {
    const state = await readCompanyState(tx, db, companyId);
    assertManager(state, actor);
    const member = memberOf(state, uid);
    if (member.role === 'owner') throw new HttpError(409, MESSAGES.ownerRole);
    if (member.role === change.role && member.canApprove === change.canApprove) return { changed: false };
    tx.update(memberDoc(db, companyId, uid), { role: change.role, canApprove: change.canApprove });
    addAudit(tx, db, {
      actor,
      action: 'company.member.role',
      target: target(companyId),
      before: { uid, role: member.role, canApprove: member.canApprove },
      after: { uid, role: change.role, canApprove: change.canApprove },
    });
    return { changed: true };
  });
}

/** Writes a member's removal (or leaving) into `tx`: their membership goes, the company's fields follow. */
function dropMember(tx: Transaction, db: Firestore, state: CompanyState, member: StoredMember): void {
  const remaining = state.members.filter((candidate) => candidate.uid !== member.uid);
  tx.delete(memberDoc(db, state.company.id, member.uid));
  tx.update(companyDoc(db, state.company.id), membershipFields(state.company, remaining, state.company.memberEmails));
}

/**
 * Removes a member (not the owner). Their membership document goes, so the rules refuse their next
 * read (open listeners included) and the API their next call.
 */
export async function removeMember(
  { db }: MembersContext,
  companyId: string,
  uid: string,
  actor: CompanyActor,
): Promise<{ removed: true }> {
  await db.runTransaction(async (tx) => {
    const state = await readCompanyState(tx, db, companyId);
    assertManager(state, actor);
    const member = memberOf(state, uid);
    if (member.role === 'owner') throw new HttpError(409, MESSAGES.removeOwner);
    dropMember(tx, db, state, member);
    addAudit(tx, db, {
      actor,
      action: 'company.member.remove',
      target: target(companyId),
      before: { uid, name: member.name, role: member.role },
      after: null,
    });
  });
  return { removed: true };
}

/** A member (not the owner) leaves a company. */
export async function leaveCompany(
  { db }: MembersContext,
  companyId: string,
  actor: Actor,
): Promise<{ left: true; companyName: string }> {
  const companyName = await db.runTransaction(async (tx) => {
    const state = await readCompanyState(tx, db, companyId);
    const member = state.members.find((candidate) => candidate.uid === actor.uid);
    if (!member) throw new HttpError(404, COMPANY_NOT_FOUND);
    if (member.role === 'owner') throw new HttpError(409, MESSAGES.ownerLeaves);
    dropMember(tx, db, state, member);
    addAudit(tx, db, {
      actor,
      action: 'company.member.leave',
      target: target(companyId),
      before: { uid: member.uid, name: member.name, role: member.role },
      after: null,
    });
    return state.company.name;
  });
  return { left: true, companyName };
}

/**
 * Hands the company to another member: they become the owner (without the approve right, which the
 * owner needs not), and the owner becomes `formerOwnerRole` (viewer unless the new owner's
 * predecessor chose otherwise). From the commit on, the former owner's owner-only calls fail.
 */
export async function transferOwnership(
  { db }: MembersContext,
  companyId: string,
  { uid, formerOwnerRole }: { uid: string; formerOwnerRole: MemberRole },
  actor: CompanyActor,
): Promise<{ owner: string; formerOwner: string }> {
  return db.runTransaction(async (tx) => {
    const state = await readCompanyState(tx, db, companyId);
    assertManager(state, actor);
    const heir = memberOf(state, uid);
    if (heir.role === 'owner') throw new HttpError(409, MESSAGES.transferToSelf);
    const owner = state.members.find((member) => member.role === 'owner');
    tx.update(memberDoc(db, companyId, heir.uid), { role: 'owner' satisfies CompanyRole, canApprove: false });
    if (owner) tx.update(memberDoc(db, companyId, owner.uid), { role: formerOwnerRole, canApprove: false });
    addAudit(tx, db, {
      actor,
      action: 'company.transfer',
      target: target(companyId),
      before: { owner: owner?.uid ?? null, newOwnerRole: heir.role },
      after: { owner: heir.uid, formerOwner: owner?.uid ?? null, formerOwnerRole },
    });
    return { owner: heir.uid, formerOwner: owner?.uid ?? '' };
  });
}

/** The member saw the notice of what the company sees about them (once; later calls change nothing). */
export async function markNoticeSeen({ db }: MembersContext, companyId: string, uid: string): Promise<void> {
  await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(memberDoc(db, companyId, uid));
    if (!readMember(snapshot)) throw new HttpError(404, COMPANY_NOT_FOUND);
    if (snapshot.get('noticeSeenAt')) return;
    tx.update(snapshot.ref, { noticeSeenAt: FieldValue.serverTimestamp() });
  });
}

/** A person's memberships, for their account's deletion and data export (their own first). */
export async function membershipDocsOf(db: Firestore, uid: string): Promise<StoredMember[]> {
  const snapshot = await db.collectionGroup(MEMBERS).where('uid', '==', uid).get();
  return snapshot.docs.map(readMember).filter((member): member is StoredMember => member !== null);
}

/**
 * Removes a person from one company as part of deleting their account: like leaving, and audited
 * as such, for any role (the caller has made sure an owner is the last member, or no owner).
 */
export async function removeDeletedPerson(db: Firestore, companyId: string, uid: string): Promise<void> {
  await db.runTransaction(async (tx) => {
    let state: CompanyState;
    try {
      state = await readCompanyState(tx, db, companyId);
    } catch (error) {
      if (error instanceof HttpError) return; // deleted meanwhile
      throw error;
    }
    const member = state.members.find((candidate) => candidate.uid === uid);
    if (!member) return;
    dropMember(tx, db, state, member);
    addAudit(tx, db, {
      // The audit log outlives the account: it names the uid only.
      actor: { uid, email: null },
      action: 'company.member.leave',
      target: target(companyId),
      before: { uid, role: member.role },
      after: { reason: 'account deleted' },
    });
  });
}
