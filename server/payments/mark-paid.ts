import {
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { STATUS } from '../../src/domain/status';
import { mailQueued } from '../mail/outbox';
import { notifyPaymentApplied, recordPaymentEffects } from './after-paid';
import { gatewayOrderDoc, payableDoc, paymentDoc, webhookEventDoc, type GatewayOrderLink } from './store';

export type PaymentSource = 'verify' | 'webhook' | 'reconcile';

export interface MarkPaidInput {
  gatewayOrderId: string;
  paymentId: string;
  /** Integer paise, as the gateway reported them. */
  amountPaise: number;
  method?: string;
  source: PaymentSource;
  /** A webhook's event id: the whole effect happens at most once per event. */
  eventId?: string;
  eventType?: string;
}

export type MarkPaidOutcome =
  /** This call marked the document Paid and wrote payments/{paymentId}. */
  | 'paid'
  /** The payment was already recorded (verify twice, webhook after verify, ...). */
  | 'already-recorded'
  /** The document was already Paid by another payment (or deleted); this one is recorded for a refund. */
  | 'already-paid'
  /**
   * The document no longer carries this gateway order or amount (deleted and re-created, re-priced),
   * or it can no longer be paid (Cancelled, Refunded): the payment is recorded with status
   * 'mismatch' for review and refund, and nothing is marked Paid.
   */
  | 'mismatch'
  /** The webhook event was handled before. */
  | 'duplicate-event'
  /** No gateway order of ours has this id. */
  | 'unknown-order';

export interface MarkPaidResult {
  outcome: MarkPaidOutcome;
  link?: GatewayOrderLink;
}

/** payments/{id}.status of a payment that did not match its document (kept for review and refund). */
export const MISMATCH = 'mismatch';

function mismatchReason(target: DocumentData, link: GatewayOrderLink, input: MarkPaidInput): string | undefined {
  // A Cancelled order was replaced or expired: charging it would charge the customer twice.
  if (target.status === STATUS.cancelled) return 'cancelled';
  if (target.status !== STATUS.pending) return 'not-pending';
  if (target.gatewayOrderId !== input.gatewayOrderId) return 'gateway-order-replaced';
  if (input.amountPaise !== link.amountPaise || target.gatewayOrderAmount !== link.amountPaise) return 'amount';
  return undefined;
}

/** Reads the event (if any) and the gateway order link; every write of a transaction comes after its reads. */
async function readEventAndLink(
  tx: Transaction,
  db: Firestore,
  gatewayOrderId: string,
  eventId: string | undefined,
): Promise<{ eventSeen: boolean; link: GatewayOrderLink | undefined; eventRef?: DocumentReference }> {
  const eventRef = eventId ? webhookEventDoc(db, eventId) : undefined;
  const linkRef = gatewayOrderDoc(db, gatewayOrderId);
  const [eventSnap, linkSnap] = eventRef ? await tx.getAll(eventRef, linkRef) : [undefined, await tx.get(linkRef)];
  return {
    eventSeen: Boolean(eventSnap?.exists),
    link: linkSnap!.exists ? (linkSnap!.data() as GatewayOrderLink) : undefined,
    eventRef,
  };
}

function recordEvent(
  tx: Transaction,
  eventRef: DocumentReference | undefined,
  input: { eventType?: string; gatewayOrderId: string; paymentId: string },
  outcome: string,
) {
  if (!eventRef) return;
  tx.create(eventRef, {
    event: input.eventType ?? null,
    gatewayOrderId: input.gatewayOrderId,
    paymentId: input.paymentId,
    outcome,
    receivedAt: FieldValue.serverTimestamp(),
  });
}

/**
 * The one place a payment becomes 'Paid'. Verify, webhooks and reconciliation all call it, and
 * it is idempotent: in one transaction it checks payments/{paymentId} (and the webhook event id)
 * and only the first caller flips the order or invoice to 'Paid' with paymentId and paidAt, and
 * writes what follows a payment (recordPaymentEffects: the pending tax document).
 * `knownLink` is the caller's already-read gatewayOrders/{id} document (it is immutable).
 */
export async function markPaid(
  db: Firestore,
  input: MarkPaidInput,
  knownLink?: GatewayOrderLink,
): Promise<MarkPaidResult> {
  const result = await db.runTransaction(async (tx) => {
    // The link never changes once written, so a caller that has read it spares the transaction a round trip.
    const { eventSeen, link, eventRef } =
      knownLink && !input.eventId
        ? { eventSeen: false, link: knownLink, eventRef: undefined }
        : await readEventAndLink(tx, db, input.gatewayOrderId, input.eventId);
    if (eventSeen) return { outcome: 'duplicate-event' as const, link };
    if (!link) {
      recordEvent(tx, eventRef, input, 'unknown-order');
      return { outcome: 'unknown-order' as const };
    }
    const targetRef = payableDoc(db, link);
    const [paymentSnap, targetSnap] = await tx.getAll(paymentDoc(db, input.paymentId), targetRef);
    if (paymentSnap!.exists) {
      // A repeat reports what the first call decided: a mismatched payment stays a mismatch.
      const recorded = paymentSnap!.data()!;
      const outcome =
        recorded.status === MISMATCH
          ? ('mismatch' as const)
          : 'duplicateOf' in recorded || recorded.documentMissing
            ? ('already-paid' as const)
            : ('already-recorded' as const);
      recordEvent(tx, eventRef, input, outcome);
      return { outcome, link };
    }
    const alreadyPaid = targetSnap!.exists && targetSnap!.get('status') === STATUS.paid;
    // The link names a document by path only, and its owner may delete it and create another under
    // the same id (with a dearer order). Only a payment of the gateway order the document carries
    // NOW, for the amount we priced, may mark it Paid.
    const mismatch = targetSnap!.exists && !alreadyPaid ? mismatchReason(targetSnap!.data()!, link, input) : undefined;
    tx.create(paymentDoc(db, input.paymentId), {
      paymentId: input.paymentId,
      gatewayOrderId: input.gatewayOrderId,
      uid: link.uid,
      type: link.type,
      docId: link.docId,
      amountPaise: input.amountPaise,
      currency: link.currency,
      method: input.method ?? null,
      source: input.source,
      // A second capture on a paid document (or one deleted since) is kept for a refund, never lost.
      ...(alreadyPaid ? { duplicateOf: targetSnap!.get('paymentId') ?? null } : {}),
      ...(targetSnap!.exists ? {} : { documentMissing: true }),
      ...(mismatch ? { status: MISMATCH, mismatchReason: mismatch } : {}),
      createdAt: FieldValue.serverTimestamp(),
    });
    if (mismatch) {
      recordEvent(tx, eventRef, input, 'mismatch');
      return { outcome: 'mismatch' as const, link };
    }
    if (alreadyPaid || !targetSnap!.exists) {
      recordEvent(tx, eventRef, input, 'already-paid');
      return { outcome: 'already-paid' as const, link };
    }
    tx.update(targetRef, {
      status: STATUS.paid,
      paymentId: input.paymentId,
      paidAt: FieldValue.serverTimestamp(),
    });
    recordPaymentEffects(tx, db, {
      paymentId: input.paymentId,
      gatewayOrderId: input.gatewayOrderId,
      link,
      target: targetSnap!.data()!,
      amountPaise: input.amountPaise,
      method: input.method ?? null,
      source: input.source,
    });
    recordEvent(tx, eventRef, input, 'paid');
    return { outcome: 'paid' as const, link };
  });
  if (result.outcome === 'paid') {
    mailQueued();
    notifyPaymentApplied(db);
  }
  return result;
}

export interface PaymentFailureInput {
  gatewayOrderId: string;
  paymentId: string;
  code?: string;
  description?: string;
  eventId?: string;
  eventType?: string;
}

/**
 * Records a failed attempt on a still-pending document. A failure that arrives after the capture
 * (webhooks come out of order) changes nothing.
 */
export async function recordPaymentFailure(
  db: Firestore,
  input: PaymentFailureInput,
): Promise<'recorded' | 'ignored' | 'duplicate-event'> {
  return db.runTransaction(async (tx) => {
    const { eventSeen, link, eventRef } = await readEventAndLink(tx, db, input.gatewayOrderId, input.eventId);
    if (eventSeen) return 'duplicate-event' as const;
    if (!link) {
      recordEvent(tx, eventRef, input, 'unknown-order');
      return 'ignored' as const;
    }
    const targetRef = payableDoc(db, link);
    const targetSnap = await tx.get(targetRef);
    if (!targetSnap.exists || targetSnap.get('status') !== STATUS.pending) {
      recordEvent(tx, eventRef, input, 'ignored');
      return 'ignored' as const;
    }
    tx.update(targetRef, {
      lastPaymentFailure: {
        paymentId: input.paymentId,
        code: input.code ?? null,
        description: input.description ?? null,
        at: FieldValue.serverTimestamp(),
      },
    });
    recordEvent(tx, eventRef, input, 'failure-recorded');
    return 'recorded' as const;
  });
}
