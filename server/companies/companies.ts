import { FieldValue, type DocumentData, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import type { CompanyMembership } from '../../src/domain/companies';
import { companySearchTokens } from '../../src/domain/search';
import { addAudit, type Actor, type AuditWriter } from '../audit';
import { isAlreadyExists } from '../errors';
import { companyDoc, memberDoc, readCompany, readMember, COMPANIES, MEMBERS, type StoredMember } from './store';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Whether users/{uid} is a customer's own profile, one that founds a company: not a lead (a
 * customer record with no login, keyed by an email, which is a company with no members until
 * someone joins it) nor a lead already joined to an account (`mergedInto`).
 */
export function isCustomerProfile(profile: DocumentSnapshot): boolean {
  return profile.exists && profile.get('isLead') !== true && !profile.get('mergedInto');
}

/** The company a customer's profile founds and its owner's membership, as first written. */
export function foundingFields(uid: string, profile: DocumentData): { company: DocumentData; owner: DocumentData } {
  const person = { name: text(profile.name), email: text(profile.email) };
  const details = {
    legalName: text(profile.legalName),
    gstin: text(profile.gstin),
    pinCode: text(profile.pinCode),
    address: text(profile.address),
    city: text(profile.city),
    state: text(profile.state),
    country: text(profile.country),
  };
  const name = details.legalName || person.name;
  return {
    company: {
      name,
      ...details,
      memberCount: 1,
      memberEmails: person.email ? { [uid]: person.email } : {},
      searchTokens: companySearchTokens({ name, legalName: details.legalName, gstin: details.gstin }, [person]),
      createdAt: FieldValue.serverTimestamp(),
    },
    owner: {
      uid,
      role: 'owner',
      canApprove: false,
      name: person.name,
      companyName: name,
      joinedAt: FieldValue.serverTimestamp(),
      invitedBy: null,
      // The founder is the company: the notice of what a company sees about its members is for
      // those who join one.
      noticeSeenAt: null,
    },
  };
}

/** A Transaction or WriteBatch: the company, its owner and the audit entry commit together. */
type FoundingWriter = AuditWriter & { create(ref: FirebaseFirestore.DocumentReference, data: DocumentData): unknown };

/**
 * Adds the writes that found company {uid} from its customer's profile; `extra` fields go on the
 * company document as it is created (what the first write to a company not founded yet sets).
 */
export function addFounding(
  writer: FoundingWriter,
  db: Firestore,
  uid: string,
  profile: DocumentData,
  actor: Actor,
  extra: DocumentData = {},
) {
  const { company, owner } = foundingFields(uid, profile);
  writer.create(companyDoc(db, uid), { ...company, ...extra });
  writer.create(memberDoc(db, uid, uid), owner);
  addAudit(writer, db, {
    actor,
    action: 'company.create',
    target: `${COMPANIES}/${uid}`,
    before: null,
    after: { name: company.name, owner: uid },
  });
}

export type EnsureOutcome = 'created' | 'exists' | 'no-profile';

/**
 * Makes sure a customer's own company is written: `companies/{uid}` and its owner `members/{uid}`,
 * from their profile (legal name, GSTIN, PIN code, billing address), in one transaction with the
 * profile's read. Idempotent and safe to race: a company already there (founded earlier, or since
 * changed by its owner) is left as it is. Writes nothing for a uid with no customer profile (a
 * login that never gave its details, a staff-only login, a lead): until it has one it is the
 * implicit owner of company {uid}.
 */
export async function ensureCompany(db: Firestore, uid: string, actor: Actor): Promise<EnsureOutcome> {
  if ((await companyDoc(db, uid).get()).exists) return 'exists';
  try {
    return await db.runTransaction(async (tx) => {
      const profile = await tx.get(db.doc(`users/${uid}`));
      if (!isCustomerProfile(profile)) return 'no-profile';
      // Created, never read here: a race's loser fails on the company's existence (below) at once,
      // where reading it too would have both wait on each other's lock.
      addFounding(tx, db, uid, profile.data()!, actor);
      return 'created';
    });
  } catch (error) {
    if (isAlreadyExists(error)) return 'exists';
    throw error;
  }
}

/** A membership as the API works with it: the stored one, or the implicit owner of a company not written yet. */
export type Membership = CompanyMembership & {
  /** The company's name ('' when it is not written yet). */
  companyName: string;
  /** The member's name as the company knows it ('' for the implicit owner, whose name is their profile's). */
  name: string;
  /** True for the owner of a personal company that is not written yet (see membershipOf). */
  implicit: boolean;
};

const fromStored = (member: StoredMember): Membership => ({
  companyId: member.companyId,
  uid: member.uid,
  role: member.role,
  canApprove: member.canApprove,
  companyName: member.companyName,
  name: member.name,
  implicit: false,
});

/**
 * Who `uid` is in company `companyId`, read now (never from a token claim, so a removed member is
 * refused at once): their membership document; or, when `companies/{uid}` does not exist, the
 * owner of their own company `uid` (an account not backfilled yet, or a new sign-up, behaves as it
 * did before companies, as the rules do); else null (not a member). One read of two documents.
 */
export async function membershipOf(db: Firestore, companyId: string, uid: string): Promise<Membership | null> {
  const [member, company] = await db.getAll(memberDoc(db, companyId, uid), companyDoc(db, companyId));
  const stored = readMember(member!);
  if (stored) return fromStored(stored);
  if (companyId === uid && !company!.exists) {
    return { companyId, uid, role: 'owner', canApprove: false, companyName: '', name: '', implicit: true };
  }
  return null;
}

/** Every membership of a person, their own company first, then by name. */
export async function membershipsOf(db: Firestore, uid: string): Promise<Membership[]> {
  const snapshot = await db.collectionGroup(MEMBERS).where('uid', '==', uid).get();
  return snapshot.docs
    .map(readMember)
    .filter((member): member is StoredMember => member !== null)
    .map(fromStored)
    .sort(
      (a, b) => Number(b.companyId === uid) - Number(a.companyId === uid) || a.companyName.localeCompare(b.companyName),
    );
}

/**
 * The person's companies for the pages (GET /api/companies/mine), their own company first, written
 * now when they have a customer profile. A person with no profile and no membership (a new sign-up
 * before the details step) is the implicit owner of their own company (no name yet); one with no
 * profile who joined another company is listed in that one only.
 */
export async function myCompanies(db: Firestore, actor: Actor): Promise<Membership[]> {
  let memberships = await membershipsOf(db, actor.uid);
  // Once their own company is written, one query is all this costs.
  if (memberships.some((membership) => membership.companyId === actor.uid)) return memberships;
  if ((await ensureCompany(db, actor.uid, actor)) === 'created') memberships = await membershipsOf(db, actor.uid);
  if (memberships.length > 0) return memberships;
  const own = await membershipOf(db, actor.uid, actor.uid);
  return own ? [own] : [];
}

/**
 * The person's companies as myCompanies lists them, founding nothing: every membership, and their
 * own company while it is not written when they are its customer (a profile) or belong to no other
 * (it is theirs either way; see membershipOf). For checks that must not write (an inbound mail).
 */
export async function companiesOf(db: Firestore, uid: string): Promise<Membership[]> {
  const memberships = await membershipsOf(db, uid);
  if (memberships.some((membership) => membership.companyId === uid)) return memberships;
  const own = await membershipOf(db, uid, uid);
  if (!own) return memberships;
  const isCustomer = isCustomerProfile(await db.doc(`users/${uid}`).get());
  return isCustomer || memberships.length === 0 ? [own, ...memberships] : memberships;
}

/** The company's details (null: not written). */
export async function getCompany(db: Firestore, companyId: string) {
  const snapshot = await companyDoc(db, companyId).get();
  return snapshot.exists ? readCompany(snapshot) : null;
}
