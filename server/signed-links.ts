import { createHash, createHmac } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';

/**
 * Signed links: pay links, quote links, project contacts' links, company invitations and the
 * booking links. A link's token is an HMAC-SHA256 under a secret (PAY_LINK_SECRET, or one derived
 * from it) of the link's purpose and parts joined by '|', cut to 32 characters of base64url (192
 * bits): unguessable, the same whenever it is made again, so a mail makes it when it is sent and
 * no token is ever stored. The purpose keeps one kind of link from opening another. Where the
 * server keeps a record of a link (what it opens, its expiry, its revocation), the record is
 * `{collection}/{sha256(token)}`, server-only.
 */

/** A token's shape: 32 characters of base64url. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The token of one link: its purpose and parts, signed. */
export function linkToken(secret: string, purpose: string, ...parts: Array<string | number>): string {
  return createHmac('sha256', secret)
    .update([purpose, ...parts].join('|'))
    .digest('base64url')
    .slice(0, 32);
}

/** The server's record of a link: the document of `collection` named by the token's hash. */
export const linkRecordDoc = (db: Firestore, collection: string, token: string) =>
  db.collection(collection).doc(createHash('sha256').update(token).digest('hex'));

/** The page a link opens: `{site}/{page}/{token}` (the site's trailing slashes dropped). */
export const siteLinkUrl = (siteUrl: string, page: string, token: string): string =>
  `${siteUrl.replace(/\/+$/, '')}/${page}/${token}`;
