import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { payablePath, type PayableRef } from '../../src/domain/payable';
import type { OrderTds } from './tds';

/**
 * Where payment state lives. `gatewayOrders/{gatewayOrderId}` maps a gateway order back to the
 * payable it pays, so verify, webhooks and reconciliation find it with one read (and only ever
 * the payable WE attached the order to). `payments`, `gatewayOrders` and `webhookEvents` are
 * server-only.
 */
export interface GatewayOrderLink extends PayableRef {
  uid: string;
  /** Integer paise: what the gateway charges (the amount due less any TDS). */
  amountPaise: number;
  currency: 'INR';
  /** The TDS the payer declared: the payment settles amountPaise + tds.paise (see payments/tds.ts). */
  tds?: OrderTds;
}

/**
 * Who may complete a gateway order: the signed-in customer it was created for (any of their
 * payables), or a pay link's holder (that one invoice only).
 */
export type GatewayOrderOwner = { uid: string; docId?: string };

export const isOwnedBy = (link: GatewayOrderLink, owner: GatewayOrderOwner) =>
  link.uid === owner.uid && (owner.docId === undefined || link.docId === owner.docId);

/** A payable of one customer: `users/{uid}/orders/{docId}` or `users/{uid}/invoices/{docId}`. */
export type OwnedPayableRef = PayableRef & { uid: string };

export const payableDoc = (db: Firestore, ref: OwnedPayableRef): DocumentReference => db.doc(payablePath(ref));

export const gatewayOrderDoc = (db: Firestore, gatewayOrderId: string) => db.doc(`gatewayOrders/${gatewayOrderId}`);
export const paymentDoc = (db: Firestore, paymentId: string) => db.doc(`payments/${paymentId}`);
export const webhookEventDoc = (db: Firestore, eventId: string) => db.doc(`webhookEvents/${eventId}`);
