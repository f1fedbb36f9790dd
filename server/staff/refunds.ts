import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { formatInr } from '../../src/domain/money';
import { STATUS } from '../../src/domain/status';
import { documentDoc } from '../documents/store';
import { HttpError } from '../errors';
import { refundMail } from '../mail/mails';
import { addMail, mailQueued } from '../mail/outbox';
import { GatewayError, type GatewayRefund, type PaymentGateway } from '../payments/gateway';
import { payableDoc, paymentDoc, type GatewayOrderLink } from '../payments/store';
import type { Actor } from './access';
import { addAudit } from './audit';

/**
 * `refunds/{id}`: one document per refund request, id = the console's request id (made once per
 * refund dialog). The request is recorded, and the amount reserved against the payment's cap, in
 * a transaction BEFORE the gateway is called with the same id as its idempotency key. So:
 * pressing twice repeats one request (same id, same gateway refund); two tabs make two requests
 * but the second is refused once the cap is reserved; a crash after the gateway call leaves a
 * 'pending' request that resolvePendingRefunds settles by asking the gateway.
 */
export const refundDoc = (db: Firestore, id: string) => db.doc(`refunds/${id}`);

export type RefundState = 'pending' | 'processed' | 'failed';

export interface RefundResult {
  refundId: string;
  status: RefundState;
  amountPaise: number;
  message: string;
}

export const PAYMENT_NOT_FOUND = 'Payment not found.';
export const FULLY_REFUNDED = 'This payment has already been fully refunded.';
export const OFFLINE_NOT_REFUNDABLE = 'An offline payment is refunded outside the gateway; record it with your bank.';
export const REQUEST_REUSED = 'This refund request belongs to another payment.';
export const REFUND_DONE = 'Refund processed.';
export const REFUND_PENDING = 'The refund was sent to the gateway and will be confirmed shortly.';

const paise = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

const resultOf = (id: string, data: DocumentData): RefundResult => ({
  refundId: id,
  status: data.status as RefundState,
  amountPaise: paise(data.amountPaise),
  message:
    data.status === 'processed'
      ? REFUND_DONE
      : data.status === 'failed'
        ? `The gateway refused the refund: ${String(data.failure ?? 'no reason given')}`
        : REFUND_PENDING,
});

export interface RefundInput {
  paymentId: string;
  requestId: string;
  amountPaise?: number;
  reason: string;
}

/** Records (or finds) the request and reserves its amount; the gateway is not called here. */
async function reserveRefund(db: Firestore, input: RefundInput, actor: Actor): Promise<DocumentData & { id: string }> {
  const ref = refundDoc(db, input.requestId);
  const paymentRef = paymentDoc(db, input.paymentId);
  return db.runTransaction(async (tx) => {
    const [existing, payment] = await tx.getAll(ref, paymentRef);
    if (existing!.exists) {
      if (existing!.get('paymentId') !== input.paymentId) throw new HttpError(409, REQUEST_REUSED);
      return { id: ref.id, ...existing!.data()! };
    }
    if (!payment!.exists) throw new HttpError(404, PAYMENT_NOT_FOUND);
    const data = payment!.data()!;
    if (data.source === 'offline') throw new HttpError(409, OFFLINE_NOT_REFUNDABLE);
    const captured = paise(data.amountPaise);
    const refundable = captured - paise(data.refundedPaise) - paise(data.refundPendingPaise);
    if (refundable <= 0) throw new HttpError(409, FULLY_REFUNDED);
    const amountPaise = input.amountPaise ?? refundable;
    if (amountPaise > refundable) {
      throw new HttpError(400, `The refund cannot be more than ${formatInr(refundable)}, the amount not yet refunded.`);
    }
    const refund = {
      paymentId: input.paymentId,
      gatewayOrderId: data.gatewayOrderId ?? null,
      uid: data.uid ?? null,
      type: data.type ?? null,
      docId: data.docId ?? null,
      amountPaise,
      reason: input.reason,
      status: 'pending' satisfies RefundState,
      requestedBy: actor.uid,
      requestedByEmail: actor.email,
      createdAt: FieldValue.serverTimestamp(),
    };
    tx.create(ref, refund);
    tx.update(paymentRef, { refundPendingPaise: FieldValue.increment(amountPaise) });
    addAudit(tx, db, {
      actor,
      action: 'payment.refund',
      target: paymentRef.path,
      before: { refundedPaise: paise(data.refundedPaise) },
      after: { refundId: ref.id, amountPaise, reason: input.reason },
    });
    return { id: ref.id, ...refund };
  });
}

/**
 * Applies a refund the gateway made: the request is 'processed', the payment's refunded amount
 * grows (status 'refunded' once all of it is), the paid order or invoice becomes 'Refunded' on a
 * full refund (a partial one stays 'Paid' with `refundedPaise`), and the credit note (when the
 * payment had a tax document) and the customer's mail are written, keyed by the refund id.
 * Exactly once: a request that is no longer pending is left as it is.
 */
export async function settleRefund(db: Firestore, refundId: string, gatewayRefund: GatewayRefund): Promise<void> {
  const ref = refundDoc(db, refundId);
  const queued = await db.runTransaction(async (tx) => {
    const refundSnap = await tx.get(ref);
    if (!refundSnap.exists || refundSnap.get('status') !== 'pending') return false;
    const refund = refundSnap.data()!;
    const paymentRef = paymentDoc(db, refund.paymentId);
    const originalRef = documentDoc(db, refund.paymentId);
    const [paymentSnap, originalSnap] = await tx.getAll(paymentRef, originalRef);
    const payment = paymentSnap!.data() ?? {};
    const link = { uid: payment.uid, type: payment.type, docId: payment.docId } as GatewayOrderLink;
    const targetRef = link.uid && link.type && link.docId ? payableDoc(db, link) : null;
    const targetSnap = targetRef ? await tx.get(targetRef) : null;

    const amountPaise = paise(refund.amountPaise);
    const refundedPaise = paise(payment.refundedPaise) + amountPaise;
    const isFull = refundedPaise >= paise(payment.amountPaise);
    tx.update(ref, {
      status: 'processed' satisfies RefundState,
      gatewayRefundId: gatewayRefund.id,
      gatewayStatus: gatewayRefund.status,
      processedAt: FieldValue.serverTimestamp(),
    });
    tx.update(paymentRef, {
      refundedPaise,
      refundPendingPaise: FieldValue.increment(-amountPaise),
      ...(isFull ? { status: 'refunded', statusBeforeRefund: payment.status ?? 'paid' } : {}),
      lastRefundAt: FieldValue.serverTimestamp(),
    });
    // Only the payment that paid the document changes it; a duplicate's refund leaves it Paid.
    const paidThisDocument = targetSnap?.exists && targetSnap.get('paymentId') === refund.paymentId;
    if (paidThisDocument) {
      tx.update(targetRef!, {
        refundedPaise,
        ...(isFull ? { status: STATUS.refunded, refundedAt: FieldValue.serverTimestamp() } : {}),
      });
    }
    // A credit note adjusts an issued tax document; a duplicate or mismatched capture never had one.
    const creditNoteId = originalSnap!.exists ? refundId : null;
    if (creditNoteId) {
      const original = originalSnap!.data()!;
      tx.create(documentDoc(db, creditNoteId), {
        status: 'pending',
        series: 'credit-note',
        uid: original.uid,
        paymentId: refund.paymentId,
        refundId,
        originalDocumentId: originalRef.id,
        gatewayOrderId: original.gatewayOrderId ?? null,
        payable: original.payable,
        amountPaise,
        method: original.method ?? null,
        source: 'refund',
        subject: original.subject ?? {},
        paidAt: FieldValue.serverTimestamp(),
        createdAt: FieldValue.serverTimestamp(),
      });
    }
    if (typeof payment.uid === 'string') {
      const target = targetSnap?.exists ? targetSnap.data()! : {};
      const reference =
        link.type === 'invoice'
          ? `Invoice ${String(target.invoiceId ?? link.docId)}`
          : `Order ${String(target.orderNumber ?? link.docId)}`;
      const [mailId, mail] = refundMail(
        payment.uid,
        {
          customerName: typeof target.name === 'string' && target.name.trim() ? target.name : null,
          amountPaise,
          paymentId: refund.paymentId,
          refundId,
          paidFor: reference,
          refundedAt: new Date().toISOString(),
        },
        creditNoteId,
      );
      addMail(tx, db, mailId, mail);
    }
    return true;
  });
  if (queued) mailQueued();
}

/** The gateway refused: the request is 'failed' and its reserved amount is released. */
async function failRefund(db: Firestore, refundId: string, failure: string): Promise<void> {
  const ref = refundDoc(db, refundId);
  await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists || snapshot.get('status') !== 'pending') return;
    tx.update(ref, { status: 'failed' satisfies RefundState, failure, failedAt: FieldValue.serverTimestamp() });
    tx.update(paymentDoc(db, snapshot.get('paymentId') as string), {
      refundPendingPaise: FieldValue.increment(-paise(snapshot.get('amountPaise'))),
    });
  });
}

/**
 * Sends a pending request to the gateway (again: the idempotency key makes a repeat harmless) and
 * applies the answer. An answer that never came leaves it pending for resolvePendingRefunds.
 */
async function sendToGateway(
  db: Firestore,
  gateway: PaymentGateway,
  refund: DocumentData & { id: string },
  logger?: Pick<Logger, 'warn'>,
): Promise<void> {
  try {
    const made = await gateway.refund({
      paymentId: refund.paymentId as string,
      amountPaise: paise(refund.amountPaise),
      refundId: refund.id,
      notes: { refundId: refund.id, ...(refund.reason ? { reason: String(refund.reason).slice(0, 200) } : {}) },
    });
    if (made.status === 'failed') await failRefund(db, refund.id, 'The gateway reported the refund failed.');
    else await settleRefund(db, refund.id, made);
  } catch (error) {
    if (error instanceof GatewayError && error.isRefusal) {
      await failRefund(db, refund.id, error.message);
      return;
    }
    // Unknown outcome (timeout, 5xx, 409 in progress): keep it pending; it is settled later.
    logger?.warn({ err: error, refundId: refund.id }, 'refund outcome unknown; left pending');
  }
}

/**
 * A staff refund of a payment (all that is left when no amount is given). Safe to press twice,
 * from two tabs, or after a crash; never more than captured minus already refunded or reserved.
 */
export async function refundPayment(
  db: Firestore,
  gateway: PaymentGateway,
  input: RefundInput,
  actor: Actor,
  logger?: Pick<Logger, 'warn'>,
): Promise<RefundResult> {
  const refund = await reserveRefund(db, input, actor);
  if (refund.status === 'pending') await sendToGateway(db, gateway, refund, logger);
  const stored = await refundDoc(db, refund.id).get();
  return resultOf(refund.id, stored.data()!);
}

/** Requests pending longer than this lost their answer (a crash or a timeout). */
export const REFUND_RESOLVE_AFTER_MS = 2 * 60_000;

/**
 * Settles refund requests left 'pending' by a crash or a lost answer: asks the gateway for the
 * payment's refunds and applies the one carrying our id; if the gateway has none, sends the
 * request again under the same idempotency key. Runs with reconciliation.
 */
export async function resolvePendingRefunds(
  db: Firestore,
  gateway: PaymentGateway,
  {
    now = Date.now(),
    olderThanMs = REFUND_RESOLVE_AFTER_MS,
    logger,
  }: { now?: number; olderThanMs?: number; logger?: Pick<Logger, 'warn'> } = {},
): Promise<{ checked: number; settled: number }> {
  const stale = await db
    .collection('refunds')
    .where('status', '==', 'pending')
    .where('createdAt', '<=', Timestamp.fromMillis(now - olderThanMs))
    .orderBy('createdAt')
    .limit(50)
    .get();
  let settled = 0;
  for (const doc of stale.docs) {
    const refund: DocumentData & { id: string } = { id: doc.id, ...doc.data() };
    try {
      const known = (await gateway.fetchRefunds(refund.paymentId as string)).find((made) => made.receipt === doc.id);
      if (known?.status === 'failed') await failRefund(db, doc.id, 'The gateway reported the refund failed.');
      else if (known) await settleRefund(db, doc.id, known);
      else await sendToGateway(db, gateway, refund, logger);
      if ((await refundDoc(db, doc.id).get()).get('status') !== 'pending') settled += 1;
    } catch (error) {
      logger?.warn({ err: error, refundId: doc.id }, 'resolving a pending refund failed');
    }
  }
  return { checked: stale.size, settled };
}
