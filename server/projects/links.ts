import type { Firestore } from 'firebase-admin/firestore';
import { PROJECT_MESSAGES } from '../../src/domain/projects';
import { HttpError } from '../errors';
import { LINK_TOKEN_PATTERN, linkRecordDoc, linkToken, siteLinkUrl } from '../signed-links';

/**
 * Contacts' links: `/project-links/{token}` opens one project for one contact (a colleague the
 * customer added by email), without an account. The token is an HMAC under PAY_LINK_SECRET of the
 * project, the contact and the link's number (a new link for the same contact has the next number,
 * and the old one is revoked): made when the mail is sent, never stored. The server keeps only its
 * hash in `projectLinks/{sha256(token)}` (server-only), with when it expires (30 days) and whether
 * it was revoked; either answers 404.
 */
export const PROJECT_LINKS = 'projectLinks';

export interface ProjectLinkRef {
  projectId: string;
  contactId: string;
  linkNo: number;
}

export function projectLinkToken(secret: string, ref: ProjectLinkRef): string {
  return linkToken(secret, 'project-link', ref.projectId, ref.contactId, ref.linkNo);
}

export const projectLinkDoc = (db: Firestore, token: string) => linkRecordDoc(db, PROJECT_LINKS, token);

export function projectLinkUrl(siteUrl: string, secret: string, ref: ProjectLinkRef): string {
  return siteLinkUrl(siteUrl, 'project-links', projectLinkToken(secret, ref));
}

export interface OpenProjectLink extends ProjectLinkRef {
  expired: boolean;
  revoked: boolean;
}

/** What a token names, or a 404 that says nothing of any project. */
export async function readProjectLink(db: Firestore, token: string): Promise<OpenProjectLink> {
  if (!LINK_TOKEN_PATTERN.test(token)) throw new HttpError(404, PROJECT_MESSAGES.linkNotFound);
  const link = await projectLinkDoc(db, token).get();
  if (!link.exists) throw new HttpError(404, PROJECT_MESSAGES.linkNotFound);
  const expiresAt = link.get('expiresAt') as FirebaseFirestore.Timestamp | undefined;
  return {
    projectId: String(link.get('projectId')),
    contactId: String(link.get('contactId')),
    linkNo: Number(link.get('linkNo')),
    expired: !expiresAt || expiresAt.toMillis() <= Date.now(),
    revoked: Boolean(link.get('revokedAt')),
  };
}

/** The project and contact a live link opens: an expired or revoked one is a 404. */
export async function openProjectLink(db: Firestore, token: string): Promise<ProjectLinkRef> {
  const link = await readProjectLink(db, token);
  if (link.expired || link.revoked) throw new HttpError(404, PROJECT_MESSAGES.linkNotFound);
  return link;
}
