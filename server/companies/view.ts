import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import type { CompanyRole } from '../../src/domain/companies';
import { roleLabel, type CompanyView, type MemberRole } from '../../src/domain/company-members';
import type { Membership } from './companies';
import { companyDoc, invitationsOf, membersOf, readCompany, readMember, type StoredMember } from './store';

const iso = (value: Timestamp | null | undefined) => (value ? value.toDate().toISOString() : null);

/** The owner first, then by name. */
const byRoleThenName = (a: StoredMember, b: StoredMember) =>
  Number(b.role === 'owner') - Number(a.role === 'owner') || a.name.localeCompare(b.name);

/**
 * A company as `viewer` sees it: a member (their membership, checked by the caller) or staff.
 * Every member reads the members' names and roles; the owner and staff also their e-mails and the
 * invitations waiting. Three reads (company, members, waiting invitations), each bounded by
 * MAX_COMPANY_MEMBERS.
 */
export async function companyView(
  db: Firestore,
  companyId: string,
  viewer: { membership: Membership } | { staff: true },
  { now = Date.now() }: { now?: number } = {},
): Promise<CompanyView> {
  const membership = 'membership' in viewer ? viewer.membership : null;
  const canManage = !membership || membership.role === 'owner';
  const [companySnapshot, memberDocs, invitationDocs] = await Promise.all([
    companyDoc(db, companyId).get(),
    membersOf(db, companyId).get(),
    canManage ? invitationsOf(db, companyId).where('status', '==', 'pending').get() : null,
  ]);
  const company = companySnapshot.exists ? readCompany(companySnapshot) : null;
  const members = memberDocs.docs
    .map(readMember)
    .filter((member): member is StoredMember => member !== null)
    .sort(byRoleThenName);
  const mine = membership ? members.find((member) => member.uid === membership.uid) : undefined;
  return {
    companyId,
    name: company?.name ?? membership?.companyName ?? '',
    me: membership
      ? {
          uid: membership.uid,
          role: membership.role,
          roleLabel: roleLabel(membership.role, membership.canApprove),
          canApprove: membership.canApprove,
          needsNotice: Boolean(mine && mine.invitedBy !== null && !mine.noticeSeenAt),
        }
      : null,
    canManage: canManage && !company?.deletedAt,
    members: members.map((member) => ({
      uid: member.uid,
      name: member.name,
      role: member.role,
      roleLabel: roleLabel(member.role, member.canApprove),
      canApprove: member.canApprove,
      email: canManage ? (company?.memberEmails[member.uid] ?? null) : null,
      joinedAt: iso(member.joinedAt),
    })),
    invitations: (invitationDocs?.docs ?? [])
      .map((doc) => {
        const expiresAt = doc.get('expiresAt') as Timestamp;
        const role = doc.get('role') as MemberRole;
        const canApprove = doc.get('canApprove') === true;
        return {
          id: doc.id,
          email: String(doc.get('email') ?? ''),
          name: String(doc.get('name') ?? ''),
          role,
          roleLabel: roleLabel(role as CompanyRole, canApprove),
          canApprove,
          invitedByName: String(doc.get('invitedByName') ?? ''),
          expiresAt: expiresAt.toDate().toISOString(),
          isExpired: expiresAt.toMillis() <= now,
        };
      })
      .sort((a, b) => a.email.localeCompare(b.email)),
    isDeleted: Boolean(company?.deletedAt),
  };
}
