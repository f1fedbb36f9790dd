import type { DocumentData, DocumentSnapshot, Firestore, Timestamp } from 'firebase-admin/firestore';
import { isCompanyRole, type CompanyMembership, type CompanyRole } from '../../src/domain/companies';

/**
 * Where companies live (all server-written; firestore.rules says who reads what):
 * - `companies/{companyId}`: the company's details, its members' e-mails (`memberEmails`, by uid)
 *   and the console's search words made of them: the owner's and staff's to read;
 * - `companies/{companyId}/members/{uid}`: one membership, the role and the approve right, the
 *   member's name and the company's (no e-mail): every member of the company reads these, and each
 *   person their own across companies (a collection-group query on `members` by `uid`).
 * The company's id is its founding customer's uid: every record keyed by that uid (`users/{uid}/…`,
 * and the `uid` of quotes, support requests, projects, renewals, payments, documents; files'
 * `ownerUid`) is the company's, so nothing moved when companies came.
 */
export const COMPANIES = 'companies';
export const MEMBERS = 'members';
/** `companies/{companyId}/invitations/{id}`: the owner's and staff's (server/companies/invitations.ts). */
export const INVITATIONS = 'invitations';

export const companyDoc = (db: Firestore, companyId: string) => db.collection(COMPANIES).doc(companyId);
export const membersOf = (db: Firestore, companyId: string) => companyDoc(db, companyId).collection(MEMBERS);
export const memberDoc = (db: Firestore, companyId: string, uid: string) => membersOf(db, companyId).doc(uid);
export const invitationsOf = (db: Firestore, companyId: string) => companyDoc(db, companyId).collection(INVITATIONS);

/** companies/{id} as stored. */
export interface StoredCompany {
  id: string;
  /** What people call it: the legal name when there is one, else the founder's name. */
  name: string;
  legalName: string;
  gstin: string;
  pinCode: string;
  address: string;
  city: string;
  state: string;
  country: string;
  memberCount: number;
  /**
   * Each member's address as the owner and staff see it (the founder's profile e-mail, an
   * invitee's login e-mail): for display and search only, never identity and never where mail goes
   * (mail asks Auth for the login's verified address when it is sent).
   */
  memberEmails: Record<string, string>;
  searchTokens: string[];
  createdAt: Timestamp | null;
  /**
   * Set when the company was deleted: the document stays as a tombstone (no details, no members),
   * so that its founder is not taken for the implicit owner of a company that is not written yet.
   */
  deletedAt: Timestamp | null;
}

/** companies/{id}/members/{uid} as stored. */
export interface StoredMember extends CompanyMembership {
  name: string;
  /** The company's name, so a member's list of companies needs no read of the company itself. */
  companyName: string;
  joinedAt: Timestamp | null;
  /** Who invited them (a uid), or null for the founder. */
  invitedBy: string | null;
  /** When they saw the privacy notice (what the company sees about them); null until then. */
  noticeSeenAt: Timestamp | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const timestamp = (value: unknown) =>
  value && typeof (value as Timestamp).toMillis === 'function' ? (value as Timestamp) : null;

export function readCompany(snapshot: DocumentSnapshot): StoredCompany {
  const data = snapshot.data() ?? {};
  const emails = data.memberEmails && typeof data.memberEmails === 'object' ? data.memberEmails : {};
  return {
    id: snapshot.id,
    name: text(data.name),
    legalName: text(data.legalName),
    gstin: text(data.gstin),
    pinCode: text(data.pinCode),
    address: text(data.address),
    city: text(data.city),
    state: text(data.state),
    country: text(data.country),
    memberCount: typeof data.memberCount === 'number' ? data.memberCount : 0,
    memberEmails: Object.fromEntries(
      Object.entries(emails as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ),
    searchTokens: Array.isArray(data.searchTokens) ? (data.searchTokens as string[]) : [],
    createdAt: timestamp(data.createdAt),
    deletedAt: timestamp(data.deletedAt),
  };
}

/** A membership document, or null when it is not one (no such document, or a role we do not know). */
export function readMember(snapshot: DocumentSnapshot): StoredMember | null {
  const data: DocumentData | undefined = snapshot.data();
  if (!data || !isCompanyRole(data.role)) return null;
  const companyId = snapshot.ref.parent.parent!.id;
  return {
    companyId,
    uid: text(data.uid) || snapshot.id,
    role: data.role as CompanyRole,
    canApprove: data.canApprove === true,
    name: text(data.name),
    companyName: text(data.companyName),
    joinedAt: timestamp(data.joinedAt),
    invitedBy: typeof data.invitedBy === 'string' ? data.invitedBy : null,
    noticeSeenAt: timestamp(data.noticeSeenAt),
  };
}
