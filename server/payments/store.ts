import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import type { PayableRef, PayableType } from '../../src/domain/payable';

/**
 * Where payment state lives. `gatewayOrders/{gatewayOrderId}` maps a gateway order back to the
 * payable it pays, so verify, webhooks and reconciliation find it with one read (and only ever
 * the payable WE attached the order to). `payments`, `gatewayOrders` and `webhookEvents` are
 * server-only.
 */
export interface GatewayOrderLink extends PayableRef {
  uid: string;
  /** Integer paise. */
  amountPaise: number;
  currency: 'INR';
}

/** A payable of one customer: `users/{uid}/orders/{docId}` or `users/{uid}/invoices/{docId}`. */
export type OwnedPayableRef = PayableRef & { uid: string };

export const collectionOf = (type: PayableType) => (type === 'invoice' ? 'invoices' : 'orders');

export const payableDoc = (db: Firestore, ref: OwnedPayableRef): DocumentReference =>
  db.doc(`users/${ref.uid}/${collectionOf(ref.type)}/${ref.docId}`);

export const gatewayOrderDoc = (db: Firestore, gatewayOrderId: string) => db.doc(`gatewayOrders/${gatewayOrderId}`);
export const paymentDoc = (db: Firestore, paymentId: string) => db.doc(`payments/${paymentId}`);
export const webhookEventDoc = (db: Firestore, eventId: string) => db.doc(`webhookEvents/${eventId}`);
