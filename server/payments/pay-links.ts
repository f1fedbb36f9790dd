import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { STATUS } from '../../src/domain/status';
import { HttpError } from '../errors';
import { LINK_TOKEN_PATTERN, linkRecordDoc, linkToken, siteLinkUrl } from '../signed-links';
import { payableDoc, type OwnedPayableRef } from './store';

/**
 * Pay links: `/pay/{token}` opens one invoice the company issued, for anyone who has the link (an
 * accounts clerk with no account on the site). The token is an HMAC of the invoice's path under
 * PAY_LINK_SECRET: 192 bits, unguessable, and the same whenever it is needed again (the mail is
 * rendered when it is sent, so no token is ever stored). The server keeps only the token's hash,
 * in `payLinks/{sha256(token)}` (server-only), naming the one invoice it opens; a link to a
 * cancelled invoice opens nothing.
 */
export const PAY_LINKS = 'payLinks';

export const PAY_LINK_NOT_FOUND = 'This payment link is not valid. Please check the link in your email.';
export const PAY_LINK_CANCELLED =
  'This invoice has been cancelled, so it can no longer be paid. Please contact us if you think this is a mistake.';

/** The token of one payable's pay link. */
export function payLinkToken(secret: string, ref: OwnedPayableRef): string {
  return linkToken(secret, 'pay-link', ref.uid, ref.type, ref.docId);
}

export const payLinkDoc = (db: Firestore, token: string) => linkRecordDoc(db, PAY_LINKS, token);

/** The page a pay link opens: `{site}/pay/{token}`. */
export function payLinkUrl(siteUrl: string, secret: string, ref: OwnedPayableRef): string {
  return siteLinkUrl(siteUrl, 'pay', payLinkToken(secret, ref));
}

/** Adds the link of a new invoice to its issuing transaction or batch. */
export function addPayLink(
  writer: { create(ref: FirebaseFirestore.DocumentReference, data: FirebaseFirestore.DocumentData): unknown },
  db: Firestore,
  secret: string,
  ref: OwnedPayableRef,
): void {
  writer.create(payLinkDoc(db, payLinkToken(secret, ref)), {
    uid: ref.uid,
    type: ref.type,
    docId: ref.docId,
    createdAt: FieldValue.serverTimestamp(),
  });
}

export interface OpenPayLink {
  ref: OwnedPayableRef;
  payable: DocumentSnapshot;
}

/**
 * The invoice a token opens, or a 404 that says nothing about any other: a token of the wrong
 * shape, an unknown one, one whose invoice is gone, or (with its own message) a cancelled one.
 */
export async function openPayLink(db: Firestore, token: string): Promise<OpenPayLink> {
  if (!LINK_TOKEN_PATTERN.test(token)) throw new HttpError(404, PAY_LINK_NOT_FOUND);
  const link = await payLinkDoc(db, token).get();
  if (!link.exists) throw new HttpError(404, PAY_LINK_NOT_FOUND);
  const ref: OwnedPayableRef = {
    uid: String(link.get('uid')),
    type: link.get('type') === 'product_order' ? 'product_order' : 'invoice',
    docId: String(link.get('docId')),
  };
  const payable = await payableDoc(db, ref).get();
  if (!payable.exists) throw new HttpError(404, PAY_LINK_NOT_FOUND);
  if (payable.get('status') === STATUS.cancelled || link.get('revokedAt')) {
    throw new HttpError(404, PAY_LINK_CANCELLED);
  }
  return { ref, payable };
}
