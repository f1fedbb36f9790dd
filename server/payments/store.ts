import type { Firestore } from 'firebase-admin/firestore';
import type { PaymentType } from '../../src/domain/schemas';

/**
 * Where payment state lives. `gatewayOrders/{gatewayOrderId}` maps a gateway order back to the
 * document it pays, so verify, webhooks and reconciliation find it with one read (and only ever
 * the document WE attached the order to). All three collections below are server-only.
 */
export interface GatewayOrderLink {
  uid: string;
  type: PaymentType;
  docId: string;
  /** Integer paise. */
  amountPaise: number;
  currency: 'INR';
}

export const collectionOf = (type: PaymentType) => (type === 'invoice' ? 'invoices' : 'orders');

export const payableDoc = (db: Firestore, link: Pick<GatewayOrderLink, 'uid' | 'type' | 'docId'>) =>
  db.doc(`users/${link.uid}/${collectionOf(link.type)}/${link.docId}`);

export const gatewayOrderDoc = (db: Firestore, gatewayOrderId: string) => db.doc(`gatewayOrders/${gatewayOrderId}`);
export const paymentDoc = (db: Firestore, paymentId: string) => db.doc(`payments/${paymentId}`);
export const webhookEventDoc = (db: Firestore, eventId: string) => db.doc(`webhookEvents/${eventId}`);
