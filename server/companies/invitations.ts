import { randomBytes } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { COMPANY_ROLE_LABELS, isCompanyRole, type CompanyRole } from '../../src/domain/companies';
import {
  COMPANY_MEMBER_MESSAGES as MESSAGES,
  INVITATION_DAYS,
  MAX_COMPANY_MEMBERS,
  ROLE_DESCRIPTIONS,
  roleLabel,
  type InvitationView,
  type MemberRole,
  type ProjectContactRef,
} from '../../src/domain/company-members';
import { addAudit } from '../audit';
import { HttpError } from '../errors';
import { addMail, mailQueued } from '../mail/outbox';
import { LINK_TOKEN_PATTERN, linkRecordDoc, linkToken, siteLinkUrl } from '../signed-links';
import { assertManager, membershipFields, readCompanyState, type CompanyActor } from './members';
import { COMPANIES, invitationsOf, memberDoc } from './store';
import { nowOf } from '../clock';

/**
 * Invitations: the owner (or staff) invites someone by e-mail with a role; the invitee opens
 * `/invite/{token}` and accepts with a login whose e-mail is the invited one (or creates one).
 * The link follows the project contacts' links (server/projects/links.ts) and pay links: the token
 * is an HMAC under PAY_LINK_SECRET of the company, the invitation and the link's number (resending
 * makes the next number and revokes the old one), made when the mail is sent and never stored.
 * The server keeps only its hash, in `companyInviteLinks/{sha256(token)}` (server-only), with when
 * it expires (INVITATION_DAYS), whether it was revoked and whether it was used: any of those, a
 * malformed or a guessed token are the same plain 404. Looking one up is rate-limited per IP.
 */
export const INVITE_LINKS = 'companyInviteLinks';
const DAY_MS = 86_400_000;

export interface InvitationsContext {
  db: Firestore;
  auth: Auth;
  /** PAY_LINK_SECRET: the links' HMAC key. */
  linkSecret: string;
  now?: () => number;
}

export interface InvitationLinkRef {
  companyId: string;
  invitationId: string;
  linkNo: number;
}

export function invitationToken(secret: string, ref: InvitationLinkRef): string {
  return linkToken(secret, 'company-invite', ref.companyId, ref.invitationId, ref.linkNo);
}

export const invitationLinkDoc = (db: Firestore, token: string) => linkRecordDoc(db, INVITE_LINKS, token);

/** The page an invitation mail links to: `{site}/invite/{token}`. */
export function invitationUrl(siteUrl: string, secret: string, ref: InvitationLinkRef): string {
  return siteLinkUrl(siteUrl, 'invite', invitationToken(secret, ref));
}

/** The outbox id of an invitation's mail: one per link (a resend is a new link, so a new mail). */
export const invitationMailId = (ref: InvitationLinkRef) =>
  `company-invite:${ref.companyId}:${ref.invitationId}:${ref.linkNo}`;

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

/** companies/{id}/invitations/{id} as stored. */
export interface StoredInvitation {
  id: string;
  companyId: string;
  email: string;
  name: string;
  role: MemberRole;
  canApprove: boolean;
  status: InvitationStatus;
  linkNo: number;
  expiresAt: Timestamp;
  invitedBy: string;
  invitedByName: string;
  fromContact: ProjectContactRef | null;
}

function readInvitation(snapshot: DocumentSnapshot): StoredInvitation | null {
  const data = snapshot.data();
  if (!data || !isCompanyRole(data.role) || data.role === 'owner') return null;
  return {
    id: snapshot.id,
    companyId: snapshot.ref.parent.parent!.id,
    email: String(data.email ?? ''),
    name: String(data.name ?? ''),
    role: data.role as MemberRole,
    canApprove: data.canApprove === true,
    status: data.status as InvitationStatus,
    linkNo: Number(data.linkNo) || 1,
    expiresAt: data.expiresAt as Timestamp,
    invitedBy: String(data.invitedBy ?? ''),
    invitedByName: String(data.invitedByName ?? ''),
    fromContact: (data.fromContact as ProjectContactRef | null | undefined) ?? null,
  };
}

function linkFields(ref: InvitationLinkRef, expiresAt: Timestamp) {
  return {
    companyId: ref.companyId,
    invitationId: ref.invitationId,
    linkNo: ref.linkNo,
    expiresAt,
    revokedAt: null,
    usedAt: null,
    createdAt: FieldValue.serverTimestamp(),
  };
}

/** Adds an invitation's mail (one outbox entry per link) to its transaction. */
function addInvitationMail(
  tx: FirebaseFirestore.Transaction,
  db: Firestore,
  invitation: Pick<StoredInvitation, 'email' | 'name' | 'role' | 'canApprove' | 'invitedByName'>,
  companyName: string,
  ref: InvitationLinkRef,
  expiresAt: Timestamp,
) {
  addMail(tx, db, invitationMailId(ref), {
    template: 'company-invitation',
    to: { address: invitation.email, ...(invitation.name ? { name: invitation.name } : {}) },
    replyTo: null,
    attachmentDocumentId: null,
    data: {
      companyName,
      recipientName: invitation.name || null,
      inviterName: invitation.invitedByName,
      roleLabel: roleLabel(invitation.role, invitation.canApprove),
      roleDescription: ROLE_DESCRIPTIONS[invitation.role],
      email: invitation.email,
      expiresAt: expiresAt.toDate().toISOString(),
      inviteLink: ref,
    },
  });
}

const target = (companyId: string) => `${COMPANIES}/${companyId}`;

/** Invitations still waiting, read in `tx`. */
async function pendingInvitations(tx: FirebaseFirestore.Transaction, db: Firestore, companyId: string) {
  const snapshot = await tx.get(invitationsOf(db, companyId).where('status', '==', 'pending'));
  return snapshot.docs.map(readInvitation).filter((invitation): invitation is StoredInvitation => invitation !== null);
}

/**
 * Invites `email` into the company as `role`, and mails them the link. Refused when the address is
 * a member already or has an invitation waiting (resend that one), or when the company would have
 * more than MAX_COMPANY_MEMBERS members and waiting invitations. Audited.
 */
export async function inviteMember(
  ctx: InvitationsContext,
  companyId: string,
  input: { email: string; name: string; role: MemberRole; canApprove: boolean; fromContact?: ProjectContactRef | null },
  actor: CompanyActor,
): Promise<{ id: string; expiresAt: string }> {
  const { db } = ctx;
  const email = input.email.trim().toLowerCase();
  const invitationId = randomBytes(9).toString('base64url');
  const expiresAt = Timestamp.fromMillis(nowOf(ctx) + INVITATION_DAYS * DAY_MS);
  await db.runTransaction(async (tx) => {
    const [state, pending] = await Promise.all([
      readCompanyState(tx, db, companyId),
      pendingInvitations(tx, db, companyId),
    ]);
    const inviterName = assertManager(state, actor);
    const { company, members } = state;
    const memberUid = Object.entries(company.memberEmails).find(
      ([uid, address]) => address.toLowerCase() === email && members.some((member) => member.uid === uid),
    );
    if (memberUid) throw new HttpError(409, MESSAGES.alreadyMember(email, company.name || 'the company'));
    if (pending.some((invitation) => invitation.email === email))
      throw new HttpError(409, MESSAGES.alreadyInvited(email));
    if (members.length + pending.length >= MAX_COMPANY_MEMBERS) throw new HttpError(409, MESSAGES.full);
    const ref: InvitationLinkRef = { companyId, invitationId, linkNo: 1 };
    const invitation = {
      email,
      name: input.name,
      role: input.role,
      canApprove: input.canApprove,
      status: 'pending' satisfies InvitationStatus,
      linkNo: 1,
      expiresAt,
      invitedBy: actor.uid,
      invitedByName: inviterName,
      invitedByStaff: actor.isStaff,
      fromContact: input.fromContact ?? null,
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    };
    tx.create(invitationsOf(db, companyId).doc(invitationId), invitation);
    tx.create(invitationLinkDoc(db, invitationToken(ctx.linkSecret, ref)), linkFields(ref, expiresAt));
    addInvitationMail(tx, db, invitation, company.name, ref, expiresAt);
    addAudit(tx, db, {
      actor,
      action: 'company.invite',
      target: target(companyId),
      before: null,
      after: {
        invitationId,
        email,
        role: input.role,
        canApprove: input.canApprove,
        ...(input.fromContact ? { fromContact: input.fromContact } : {}),
      },
    });
  });
  mailQueued();
  return { id: invitationId, expiresAt: expiresAt.toDate().toISOString() };
}

/** Reads one invitation of the company in `tx` (404 when there is none). */
async function invitationIn(tx: FirebaseFirestore.Transaction, db: Firestore, companyId: string, invitationId: string) {
  const invitation = readInvitation(await tx.get(invitationsOf(db, companyId).doc(invitationId)));
  if (!invitation) throw new HttpError(404, MESSAGES.noSuchInvitation);
  return invitation;
}

const linkOf = (ctx: InvitationsContext, invitation: StoredInvitation, linkNo = invitation.linkNo) =>
  invitationLinkDoc(
    ctx.db,
    invitationToken(ctx.linkSecret, { companyId: invitation.companyId, invitationId: invitation.id, linkNo }),
  );

/** In `tx`: a waiting invitation of a company the actor manages, and the company (404, 403, 409 otherwise). */
async function pendingInvitation(
  tx: FirebaseFirestore.Transaction,
  db: Firestore,
  { companyId, invitationId }: { companyId: string; invitationId: string },
  actor: CompanyActor,
) {
  const [state, invitation] = await Promise.all([
    readCompanyState(tx, db, companyId),
    invitationIn(tx, db, companyId, invitationId),
  ]);
  assertManager(state, actor);
  if (invitation.status !== 'pending') throw new HttpError(409, MESSAGES.notPending);
  return { state, invitation };
}

/** In `tx`: the invitation's current link stops working (when it was ever made). */
async function revokeLink(tx: FirebaseFirestore.Transaction, ctx: InvitationsContext, invitation: StoredInvitation) {
  const link = linkOf(ctx, invitation);
  if ((await tx.get(link)).exists) tx.update(link, { revokedAt: FieldValue.serverTimestamp() });
}

/** A new link for a waiting invitation (expired or not), mailed again; the old link stops working. */
export async function resendInvitation(
  ctx: InvitationsContext,
  companyId: string,
  invitationId: string,
  actor: CompanyActor,
): Promise<{ expiresAt: string }> {
  const { db } = ctx;
  const expiresAt = Timestamp.fromMillis(nowOf(ctx) + INVITATION_DAYS * DAY_MS);
  await db.runTransaction(async (tx) => {
    const { state, invitation } = await pendingInvitation(tx, db, { companyId, invitationId }, actor);
    const ref: InvitationLinkRef = { companyId, invitationId, linkNo: invitation.linkNo + 1 };
    await revokeLink(tx, ctx, invitation);
    tx.create(invitationLinkDoc(db, invitationToken(ctx.linkSecret, ref)), linkFields(ref, expiresAt));
    tx.update(invitationsOf(db, companyId).doc(invitationId), {
      linkNo: ref.linkNo,
      expiresAt,
      updatedAt: FieldValue.serverTimestamp(),
    });
    addInvitationMail(tx, db, invitation, state.company.name, ref, expiresAt);
    addAudit(tx, db, {
      actor,
      action: 'company.invitation.resend',
      target: target(companyId),
      before: { invitationId, linkNo: invitation.linkNo },
      after: { invitationId, email: invitation.email, linkNo: ref.linkNo },
    });
  });
  mailQueued();
  return { expiresAt: expiresAt.toDate().toISOString() };
}

/** Withdraws a waiting invitation: its link answers 404 from now on. */
export async function revokeInvitation(
  ctx: InvitationsContext,
  companyId: string,
  invitationId: string,
  actor: CompanyActor,
): Promise<{ revoked: true }> {
  const { db } = ctx;
  await db.runTransaction(async (tx) => {
    const { invitation } = await pendingInvitation(tx, db, { companyId, invitationId }, actor);
    await revokeLink(tx, ctx, invitation);
    tx.update(invitationsOf(db, companyId).doc(invitationId), {
      status: 'revoked' satisfies InvitationStatus,
      revokedAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    addAudit(tx, db, {
      actor,
      action: 'company.invitation.revoke',
      target: target(companyId),
      before: { invitationId, email: invitation.email, status: 'pending' },
      after: { invitationId, status: 'revoked' },
    });
  });
  return { revoked: true };
}

const notFound = () => new HttpError(404, MESSAGES.invitationNotFound);

/** Whether a link document opens its invitation now: not revoked, not used, not expired. */
function isLive(link: DocumentSnapshot, nowMs: number): boolean {
  if (!link.exists || link.get('revokedAt') || link.get('usedAt')) return false;
  const expiresAt = link.get('expiresAt') as Timestamp | undefined;
  return Boolean(expiresAt && expiresAt.toMillis() > nowMs);
}

/** The waiting invitation a live link opens, or the plain 404 (which says nothing of any company). */
async function openInvitation(
  ctx: InvitationsContext,
  token: string,
): Promise<{ link: DocumentSnapshot; invitation: StoredInvitation }> {
  if (!LINK_TOKEN_PATTERN.test(token)) throw notFound();
  const link = await invitationLinkDoc(ctx.db, token).get();
  if (!isLive(link, nowOf(ctx))) throw notFound();
  const invitation = readInvitation(
    await invitationsOf(ctx.db, String(link.get('companyId')))
      .doc(String(link.get('invitationId')))
      .get(),
  );
  if (!invitation || invitation.status !== 'pending' || invitation.linkNo !== Number(link.get('linkNo'))) {
    throw notFound();
  }
  return { link, invitation };
}

/** What the accept page shows of an invitation: the company's name, the role, who invited, the address. */
export async function viewInvitation(ctx: InvitationsContext, token: string): Promise<InvitationView> {
  const { link, invitation } = await openInvitation(ctx, token);
  const company = await ctx.db.collection(COMPANIES).doc(invitation.companyId).get();
  if (!company.exists || company.get('deletedAt')) throw notFound();
  return {
    companyName: String(company.get('name') ?? ''),
    role: invitation.role,
    roleLabel: roleLabel(invitation.role, invitation.canApprove),
    canApprove: invitation.canApprove,
    email: invitation.email,
    invitedByName: invitation.invitedByName,
    expiresAt: (link.get('expiresAt') as Timestamp).toDate().toISOString(),
  };
}

/**
 * Accepts an invitation with the signed-in login: its e-mail must be the invited address (the link
 * was mailed there, so holding it proves the address: a login that has not verified it yet is
 * marked verified). The membership is written with the role invited, the company's members'
 * e-mails, count and search words follow, the link is used up (single use) and the invitation
 * marked accepted, all in one transaction with its audit entry.
 */
export async function acceptInvitation(
  ctx: InvitationsContext,
  token: string,
  user: { uid: string },
): Promise<{ companyId: string; companyName: string; role: CompanyRole; roleLabel: string }> {
  const { db, auth } = ctx;
  const { link, invitation } = await openInvitation(ctx, token);
  const record = await auth.getUser(user.uid);
  if (!record.email) throw new HttpError(403, MESSAGES.guest);
  if (record.email.trim().toLowerCase() !== invitation.email)
    throw new HttpError(403, MESSAGES.wrongEmail(invitation.email));
  const { companyId } = invitation;
  const result = await db.runTransaction(async (tx) => {
    const [linkNow, invitationNow, state, profile] = await Promise.all([
      tx.get(link.ref),
      tx.get(invitationsOf(db, companyId).doc(invitation.id)),
      readCompanyState(tx, db, companyId).catch((error: unknown) => {
        if (error instanceof HttpError) throw notFound();
        throw error;
      }),
      tx.get(db.doc(`users/${user.uid}`)),
    ]);
    const current = readInvitation(invitationNow);
    if (!isLive(linkNow, nowOf(ctx)) || current?.status !== 'pending' || current.linkNo !== invitation.linkNo) {
      throw notFound();
    }
    const { company, members } = state;
    if (members.some((member) => member.uid === user.uid)) {
      throw new HttpError(409, MESSAGES.youAreMember(company.name || 'this company'));
    }
    if (members.length >= MAX_COMPANY_MEMBERS) throw new HttpError(409, MESSAGES.full);
    const profileName = profile.get('name') as unknown;
    const name =
      (typeof profileName === 'string' && profileName.trim()) ||
      record.displayName?.trim() ||
      current.name ||
      invitation.email.split('@')[0]!;
    tx.create(memberDoc(db, companyId, user.uid), {
      uid: user.uid,
      role: current.role,
      canApprove: current.canApprove,
      name,
      companyName: company.name,
      joinedAt: FieldValue.serverTimestamp(),
      invitedBy: current.invitedBy || 'staff',
      noticeSeenAt: null,
    });
    tx.update(
      db.collection(COMPANIES).doc(companyId),
      membershipFields(company, [...members, { uid: user.uid, name }], {
        ...company.memberEmails,
        [user.uid]: record.email!,
      }),
    );
    tx.update(link.ref, { usedAt: FieldValue.serverTimestamp() });
    tx.update(invitationNow.ref, {
      status: 'accepted' satisfies InvitationStatus,
      acceptedBy: user.uid,
      acceptedAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    addAudit(tx, db, {
      actor: { uid: user.uid, email: record.email ?? null },
      action: 'company.member.join',
      target: target(companyId),
      before: { invitationId: current.id },
      after: { uid: user.uid, name, role: current.role, canApprove: current.canApprove },
    });
    return { companyId, companyName: company.name, role: current.role as CompanyRole };
  });
  // The link was mailed to this address: following it proves the address is theirs.
  if (!record.emailVerified) await auth.updateUser(user.uid, { emailVerified: true });
  return { ...result, roleLabel: COMPANY_ROLE_LABELS[result.role] };
}

/**
 * The addresses that need no invitation: the company's members' and those with one waiting (for
 * the owner's list of project contacts to invite).
 */
export async function invitedOrMemberEmails(db: Firestore, companyId: string): Promise<Set<string>> {
  const [company, pending] = await Promise.all([
    db.collection(COMPANIES).doc(companyId).get(),
    invitationsOf(db, companyId).where('status', '==', 'pending').get(),
  ]);
  const emails = Object.values((company.get('memberEmails') as Record<string, string> | undefined) ?? {});
  return new Set(
    [...emails, ...pending.docs.map((doc) => String(doc.get('email') ?? ''))].map((email) => email.toLowerCase()),
  );
}
