import { z } from 'zod';
import { COMPANY_ROLE_LABELS, type CompanyRole } from './companies';
import { emailSchema, trimmed } from './schemas';

/**
 * A company's members and invitations (server/companies/members.ts, invitations.ts): who may be
 * invited as what, the limits, the forms' schemas, and the words people read about it (the pages
 * and the API say the same).
 */

/** Members a company may have, invitations still waiting counted (README: Companies). */
export const MAX_COMPANY_MEMBERS = 25;

/** Days an invitation's link works; resending it starts 7 more. */
export const INVITATION_DAYS = 7;

/** Invitation mails (new and resent) one person may send per hour, whatever the company. */
export const INVITATIONS_PER_HOUR = 20;

/** What one may be invited as: ownership is transferred, never given by an invitation. */
export const MEMBER_ROLES = ['billing', 'technical', 'viewer'] as const satisfies readonly CompanyRole[];
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** What each role may do, as the forms explain it (src/domain/companies.ts holds the rules). */
export const ROLE_DESCRIPTIONS: Record<CompanyRole, string> = {
  owner: 'Everything, and manages the members.',
  billing: 'Invoices, payments, receipts, tax documents and renewals.',
  technical: 'Support requests and projects of the whole company, and its services.',
  viewer: 'Reads everything, changes nothing.',
};

/** The approve right, as the forms name it. */
export const APPROVE_RIGHT_LABEL = 'May accept quotes and sign off billed milestones';

/** How a member's role reads: "Technical (may approve)". */
export function roleLabel(role: CompanyRole, canApprove: boolean): string {
  return role === 'technical' && canApprove ? 'Technical (may approve)' : COMPANY_ROLE_LABELS[role];
}

const roleSchema = z.enum(MEMBER_ROLES, { message: 'Choose billing, technical or viewer.' });

/** The approve right means something only for a technical member; any other role never has it. */
const withApprove = <T extends { role: MemberRole; canApprove: boolean }>(value: T): T => ({
  ...value,
  canApprove: value.role === 'technical' && value.canApprove,
});

/** A project contact an invitation is made from (its email and name come from the project). */
export const projectContactRefSchema = z.object({
  projectId: z.string().regex(/^[A-Za-z0-9_-]{1,160}$/, 'No such project contact.'),
  contactId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'No such project contact.'),
});
export type ProjectContactRef = z.infer<typeof projectContactRefSchema>;

/** POST …/invitations: whom, as what. */
export const invitationSchema = z
  .object({
    email: emailSchema.transform((email) => email.toLowerCase()),
    name: trimmed(100).default(''),
    role: roleSchema,
    canApprove: z.boolean().default(false),
    /** Made from a project contact: recorded with the invitation. */
    fromContact: projectContactRefSchema.nullish(),
  })
  .transform(withApprove);
export type InvitationForm = z.input<typeof invitationSchema>;
export type Invitation = z.output<typeof invitationSchema>;

/** POST …/members/{uid}: a member's new role. */
export const memberRoleSchema = z
  .object({ role: roleSchema, canApprove: z.boolean().default(false) })
  .transform(withApprove);
export type MemberRoleForm = z.input<typeof memberRoleSchema>;

/** POST …/transfer: the member who becomes the owner, and what the owner becomes. */
export const transferSchema = z.object({
  uid: z
    .string()
    .trim()
    .min(1, 'Choose the new owner.')
    .max(128)
    .regex(/^[^/]+$/, 'No such member.'),
  formerOwnerRole: roleSchema.default('viewer'),
});
export type TransferForm = z.input<typeof transferSchema>;

export const COMPANY_MEMBER_MESSAGES = {
  /** Any link that does not open a waiting invitation: guessed, tampered, used, expired or revoked. */
  invitationNotFound:
    'This invitation is not valid any more: it was used, withdrawn or has expired. Ask for a new one.',
  noSuchInvitation: 'No such invitation.',
  noSuchMember: 'No such member.',
  noSuchContact: 'No such project contact.',
  signInFirst: 'Please log in to accept the invitation.',
  ownerOnly: (company: string) => `Only the owner of ${company || 'the company'} manages its members.`,
  guest: 'A guest account cannot join a company. Sign in or create an account with the invited address.',
  wrongEmail: (email: string) =>
    `This invitation is for ${email}. Sign in with that address (or create an account with it) to accept it.`,
  alreadyMember: (email: string, company: string) => `${email} is already a member of ${company}.`,
  youAreMember: (company: string) => `You are already a member of ${company}.`,
  alreadyInvited: (email: string) => `${email} has an invitation waiting. Resend it instead.`,
  full: `A company has at most ${MAX_COMPANY_MEMBERS} members, invitations still waiting included. Remove someone or withdraw an invitation first.`,
  notPending: 'This invitation was accepted or withdrawn already.',
  ownerRole: "The owner's role changes only by transferring ownership to another member.",
  removeOwner: 'The owner cannot be removed. Transfer ownership to another member first.',
  ownerLeaves: 'The owner cannot leave the company. Transfer ownership to another member first.',
  transferToSelf: 'You already own this company.',
  deleted: 'This company has been deleted.',
  noCompanyYet: 'This customer has no company yet: it is made when they first sign in with their details.',
  lead: 'A customer without an account has no members yet: it becomes theirs when they sign up with its email.',
  deleteWithMembers: 'Remove the other members (or transfer ownership and leave) before deleting the company.',
  deleteOwnCompany: 'Your own company goes with your account: delete your account to delete it.',
  ownsWithMembers: (company: string) =>
    `You own ${company}, which has other members. Transfer ownership to one of them before deleting your account.`,
  tooManyInvitations: `You have sent ${INVITATIONS_PER_HOUR} invitations this hour. Please try again in an hour.`,
} as const;

/**
 * What a company sees about a member who joins it (the notice at their first visit, the accept page):
 * the same words everywhere.
 */
export function membershipNotice(companyName: string): string[] {
  const company = companyName.trim() || 'The company';
  return [
    `${company} sees your name, your email address and your role, and everything you write in its records: support requests and replies, project comments and sign-offs.`,
    `What you write there stays with ${company} when you leave it. "Download my data" on your profile includes it; your own profile, cart and email preferences stay yours alone.`,
  ];
}

/**
 * What a member writes in a company's records (a support message, a project comment, a sign-off)
 * names them in this field, the writer's uid (the record's `uid` is the company's): their data
 * export finds what they wrote by it (server/account/export-data.ts).
 */
export const AUTHOR_UID_FIELD = 'authorUid';

/** Where the accept page's API lives, per token. */
export const invitationApiPath = (token: string) => `/api/company-invitations/${encodeURIComponent(token)}`;

/** What the accept page shows of the invitation its link opens (nothing else of the company). */
export interface InvitationView {
  companyName: string;
  role: CompanyRole;
  roleLabel: string;
  canApprove: boolean;
  /** The address invited: the account that accepts must have it. */
  email: string;
  invitedByName: string;
  /** ISO time the link stops working. */
  expiresAt: string;
}

/** A member as the company's pages show them (the e-mail only to the owner and staff). */
export interface CompanyMemberView {
  uid: string;
  name: string;
  role: CompanyRole;
  roleLabel: string;
  canApprove: boolean;
  email: string | null;
  /** ISO; null when not known. */
  joinedAt: string | null;
}

/** An invitation still waiting, as the owner and staff see it. */
export interface PendingInvitationView {
  id: string;
  email: string;
  name: string;
  role: MemberRole;
  roleLabel: string;
  canApprove: boolean;
  invitedByName: string;
  /** ISO time its link stops working (resending gives it 7 more days). */
  expiresAt: string;
  isExpired: boolean;
}

/**
 * A company as one of its members (or staff) sees it (`GET /api/companies/{id}`,
 * `GET /api/staff/companies/{id}`): its members with their roles, and for the owner and staff the
 * members' e-mails and the invitations waiting.
 */
export interface CompanyView {
  companyId: string;
  name: string;
  /** The caller's own membership; null for staff. */
  me: {
    uid: string;
    role: CompanyRole;
    roleLabel: string;
    canApprove: boolean;
    /** Joined by invitation and not yet shown what the company sees about them. */
    needsNotice: boolean;
  } | null;
  /** Whether the caller manages the members (the owner, staff). */
  canManage: boolean;
  members: CompanyMemberView[];
  invitations: PendingInvitationView[];
  /** Deleted (a tombstone): nobody is a member any more. */
  isDeleted: boolean;
}

/** A company's audit trail entry as the console reads it (auditLog, target `companies/{id}`). */
export interface CompanyAuditEntry {
  id: string;
  action: string;
  actorUid: string;
  actorEmail: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date | null;
}

const COMPANY_ACTION_WORDS: Record<string, string> = {
  'company.create': 'Company opened',
  'company.invite': 'Invited',
  'company.invitation.resend': 'Invitation sent again',
  'company.invitation.revoke': 'Invitation withdrawn',
  'company.member.join': 'Joined',
  'company.member.role': 'Role changed',
  'company.member.remove': 'Removed',
  'company.member.leave': 'Left',
  'company.transfer': 'Ownership passed on',
  'company.delete': 'Company deleted',
};

const roleWords = (value: Record<string, unknown> | null) =>
  value && typeof value.role === 'string' && value.role in COMPANY_ROLE_LABELS
    ? roleLabel(value.role as CompanyRole, value.canApprove === true)
    : '';

/**
 * One line of a company's audit trail in words: "Invited ravi@vermatextiles.in as Technical",
 * "Role changed: Meera Iyer, Viewer → Billing". `nameOf` names a uid (a member's name, else the uid).
 */
export function describeCompanyChange(entry: CompanyAuditEntry, nameOf: (uid: string) => string): string {
  const { action, before, after } = entry;
  const words = COMPANY_ACTION_WORDS[action] ?? action;
  const uid = (value: Record<string, unknown> | null, key = 'uid') =>
    value && typeof value[key] === 'string' ? nameOf(value[key] as string) : '';
  const email = (value: Record<string, unknown> | null) =>
    value && typeof value.email === 'string' ? value.email : '';
  switch (action) {
    case 'company.invite':
      return `${words} ${email(after)} as ${roleWords(after)}`;
    case 'company.invitation.resend':
    case 'company.invitation.revoke':
      return `${words}: ${email(after) || email(before)}`.replace(/: $/, '');
    case 'company.member.join':
      return `${uid(after)} ${words.toLowerCase()} as ${roleWords(after)}`;
    case 'company.member.role':
      return `${words}: ${uid(after)}, ${roleWords(before)} → ${roleWords(after)}`;
    case 'company.member.remove':
    case 'company.member.leave':
      return `${uid(before)} ${words.toLowerCase()}${after?.reason ? ` (${String(after.reason)})` : ''}`;
    case 'company.transfer':
      return `${words}: ${uid(after, 'owner')} is the owner${after?.formerOwner ? `; ${uid(after, 'formerOwner')} is ${COMPANY_ROLE_LABELS[after.formerOwnerRole as CompanyRole] ?? 'a member'} now` : ''}`;
    default:
      return words;
  }
}
