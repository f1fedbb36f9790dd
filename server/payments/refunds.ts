import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { formatInr } from '../../src/domain/money';
import { payableLabel, readPayable } from '../../src/domain/payable';
import { STATUS } from '../../src/domain/status';
import { addAudit, type Actor } from '../audit';
import { taxDocumentDoc } from '../documents/store';
import { HttpError } from '../errors';
import { refundMail } from '../mail/mails';
import { addMail, mailQueued } from '../mail/outbox';
import { forEachPage } from '../paging';
import { afterPaymentCommitted } from './after-paid';
import type { PaymentsContext } from './context';
import { GatewayError, type GatewayRefund } from './gateway';
import { payableDoc, paymentDoc, type GatewayOrderLink } from './store';

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
export async function settleRefund(
  ctx: Pick<PaymentsContext, 'db' | 'documents' | 'logger'>,
  refundId: string,
  gatewayRefund: GatewayRefund,
): Promise<void> {
  const { db } = ctx;
  const ref = refundDoc(db, refundId);
  const written = await db.runTransaction(async (tx) => {
    const refundSnap = await tx.get(ref);
    if (!refundSnap.exists || refundSnap.get('status') !== 'pending') return null;
    const refund = refundSnap.data()!;
    const paymentRef = paymentDoc(db, refund.paymentId);
    const originalRef = taxDocumentDoc(db, refund.paymentId);
    const [paymentSnap, originalSnap] = await tx.getAll(paymentRef, originalRef);
    const payment = paymentSnap!.data() ?? {};
    const link = { uid: payment.uid, type: payment.type, docId: payment.docId } as GatewayOrderLink;
    const payableRef = link.uid && link.type && link.docId ? payableDoc(db, link) : null;
    const payableSnap = payableRef ? await tx.get(payableRef) : null;

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
    const paidThisDocument = payableSnap?.exists && payableSnap.get('paymentId') === refund.paymentId;
    if (paidThisDocument) {
      tx.update(payableRef!, {
        refundedPaise,
        ...(isFull ? { status: STATUS.refunded, refundedAt: FieldValue.serverTimestamp() } : {}),
      });
    }
    // A credit note adjusts an issued tax document; a duplicate or mismatched capture never had one.
    const creditNoteId = originalSnap!.exists ? refundId : null;
    if (creditNoteId) {
      const original = originalSnap!.data()!;
      tx.create(taxDocumentDoc(db, creditNoteId), {
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
        gatewayRefundId: gatewayRefund.id,
        refundReason: typeof refund.reason === 'string' ? refund.reason : '',
        subject: original.subject ?? {},
        paidAt: FieldValue.serverTimestamp(),
        createdAt: FieldValue.serverTimestamp(),
      });
    }
    if (typeof payment.uid === 'string') {
      const payable = readPayable(link, payableSnap?.exists ? payableSnap.data()! : {});
      const [mailId, mail] = refundMail(
        payment.uid,
        {
          customerName: payable.name,
          amountPaise,
          paymentId: refund.paymentId,
          refundId,
          gatewayRefundId: gatewayRefund.id,
          paidFor: payableLabel(payable),
          refundedAt: new Date().toISOString(),
        },
        creditNoteId,
      );
      addMail(tx, db, mailId, mail);
    }
    return { creditNoteId };
  });
  if (!written) return;
  // After commit: number the credit note, then send the refund mail (which carries it).
  if (written.creditNoteId) afterPaymentCommitted(ctx, written.creditNoteId);
  else mailQueued();
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
async function sendToGateway(ctx: PaymentsContext, refund: DocumentData & { id: string }): Promise<void> {
  const { db } = ctx;
  try {
    const made = await ctx.gateway.refund({
      paymentId: refund.paymentId as string,
      amountPaise: paise(refund.amountPaise),
      refundId: refund.id,
      notes: { refundId: refund.id, ...(refund.reason ? { reason: String(refund.reason).slice(0, 200) } : {}) },
    });
    if (made.status === 'failed') await failRefund(db, refund.id, 'The gateway reported the refund failed.');
    else await settleRefund(ctx, refund.id, made);
  } catch (error) {
    if (error instanceof GatewayError && error.isRefusal) {
      await failRefund(db, refund.id, error.message);
      return;
    }
    // Unknown outcome (timeout, 5xx, 409 in progress): keep it pending; it is settled later.
    ctx.logger?.warn({ err: error, refundId: refund.id }, 'refund outcome unknown; left pending');
  }
}

/**
 * A staff refund of a payment (all that is left when no amount is given). Safe to press twice,
 * from two tabs, or after a crash; never more than captured minus already refunded or reserved.
 */
export async function refundPayment(ctx: PaymentsContext, input: RefundInput, actor: Actor): Promise<RefundResult> {
  const refund = await reserveRefund(ctx.db, input, actor);
  if (refund.status === 'pending') await sendToGateway(ctx, refund);
  const stored = await refundDoc(ctx.db, refund.id).get();
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
  ctx: PaymentsContext,
  { now = Date.now(), olderThanMs = REFUND_RESOLVE_AFTER_MS }: { now?: number; olderThanMs?: number } = {},
): Promise<{ checked: number; settled: number }> {
  const { db } = ctx;
  const stale = db
    .collection('refunds')
    .where('status', '==', 'pending')
    .where('createdAt', '<=', Timestamp.fromMillis(now - olderThanMs))
    .orderBy('createdAt');
  let settled = 0;
  const checked = await forEachPage(
    stale,
    async (docs) => {
      for (const doc of docs) {
        const refund: DocumentData & { id: string } = { id: doc.id, ...doc.data() };
        try {
          const known = (await ctx.gateway.fetchRefunds(refund.paymentId as string)).find(
            (made) => made.receipt === doc.id,
          );
          if (known?.status === 'failed') await failRefund(db, doc.id, 'The gateway reported the refund failed.');
          else if (known) await settleRefund(ctx, doc.id, known);
          else await sendToGateway(ctx, refund);
          if ((await refundDoc(db, doc.id).get()).get('status') !== 'pending') settled += 1;
        } catch (error) {
          ctx.logger?.warn({ err: error, refundId: doc.id }, 'resolving a pending refund failed');
        }
      }
    },
    { pageSize: 50, maxPages: 1 },
  );
  return { checked, settled };
}
