import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import type { PaymentStatus } from '../../src/domain/console-status';
import { payableLabel, readPayable, settledPaiseOf, tdsPaiseOf } from '../../src/domain/payable';
import { istToday } from '../../src/domain/ist';
import { isOpenStatus, STATUS } from '../../src/domain/status';
import { ALERT } from '../alerts';
import { singleFlight } from '../single-flight';
import { afterPaymentCommitted, recordPaymentEffects, type PaymentEffectsInput } from './after-paid';
import { buyerRefFor } from './services';
import type { PaymentsContext } from './context';
import { chargePaise } from './payment-orders';
import { gatewayOrderDoc, payableDoc, paymentDoc, type GatewayOrderLink } from './store';
import { addTdsCertificate, readOrderTds } from './tds';

export type PaymentSource = 'verify' | 'webhook' | 'reconcile' | 'offline';

export interface MarkPaidInput {
  gatewayOrderId: string;
  paymentId: string;
  /** Integer paise, as the gateway reported them. */
  amountPaise: number;
  method?: string;
  source: PaymentSource;
}

export type MarkPaidOutcome =
  /** This call marked the document Paid and wrote payments/{paymentId}. */
  | 'paid'
  /** The payment was already recorded (verify twice, webhook after verify, ...). */
  | 'already-recorded'
  /** The document was already Paid by another payment (or deleted); this one is recorded for a refund. */
  | 'already-paid'
  /**
   * The payment does not fit the document (its gateway order's amount and TDS no longer make the
   * balance due, or the document was deleted and re-created since), or the document can no longer
   * be paid (Cancelled, Refunded): the payment is recorded with status 'mismatch' for review and
   * refund, and nothing is marked Paid.
   */
  | 'mismatch'
  /** No gateway order of ours has this id. */
  | 'unknown-order';

export interface MarkPaidResult {
  outcome: MarkPaidOutcome;
  link?: GatewayOrderLink;
}

/** payments/{id}.status of a payment that did not match its document (kept for review and refund). */
export const MISMATCH = 'mismatch';

/** When a document or gateway order was created, in epoch milliseconds (null when unknown). */
const createdMs = (value: unknown): number | null => (value instanceof Timestamp ? value.toMillis() : null);

/**
 * Why a captured payment cannot settle the payable, or undefined when it can. A payment of the
 * gateway order the payable carries, for that order's amount, settles it. So does one of an
 * order we created for it before (the customer opened checkout twice, with another TDS choice,
 * and paid the first): on that order's own terms (its amount and its TDS), when those still make
 * exactly the balance due now and the payable was not re-created since (its owner may delete it
 * and create another under the same id, with a dearer order).
 */
function mismatchReason(
  ctx: PaymentsContext,
  payable: DocumentData,
  link: GatewayOrderLink,
  input: MarkPaidInput,
): string | undefined {
  // A Cancelled order was replaced or expired, or staff cancelled an issued invoice: charging it
  // would charge the customer for something they no longer owe.
  if (payable.status === STATUS.cancelled) return 'cancelled';
  if (!isOpenStatus(payable.status)) return 'not-pending';
  if (input.amountPaise !== link.amountPaise) return 'amount';
  if (payable.gatewayOrderId === input.gatewayOrderId) {
    return payable.gatewayOrderAmount === link.amountPaise ? undefined : 'amount';
  }
  const payableCreated = createdMs(payable.createdAt);
  const orderCreated = createdMs((link as GatewayOrderLink & { createdAt?: unknown }).createdAt);
  if (payableCreated !== null && orderCreated !== null && orderCreated < payableCreated) {
    return 'gateway-order-replaced';
  }
  let duePaise: number;
  try {
    duePaise = chargePaise(link, payable, ctx.documents.tax) - settledPaiseOf(payable);
  } catch {
    return 'gateway-order-replaced';
  }
  const termsPaise = link.amountPaise + (readOrderTds(link.tds)?.paise ?? 0);
  return termsPaise === duePaise ? undefined : 'gateway-order-replaced';
}

/** What a payment already recorded says about a repeat: a mismatched payment stays a mismatch. */
function repeatOutcome(recorded: DocumentData): MarkPaidOutcome {
  // A refunded payment keeps what it was before its refund.
  if ((recorded.statusBeforeRefund ?? recorded.status) === MISMATCH) return 'mismatch';
  return 'duplicateOf' in recorded || recorded.documentMissing ? 'already-paid' : 'already-recorded';
}

/** markPaid calls in this process by payment id: concurrent reports of one payment share one. */
const paymentFlights = singleFlight<Firestore, MarkPaidResult>();

/**
 * The one place a payment becomes 'Paid'. Verify, webhooks, reconciliation and offline payments
 * all call it, and it is idempotent: in one transaction it checks payments/{paymentId}, and only
 * the first caller flips the payable to 'Paid' with paymentId and paidAt, and writes what follows
 * a payment (recordPaymentEffects: the pending tax document and the receipt mail). After the
 * commit, that call numbers the document and sends the receipt (afterPaymentCommitted).
 * Under a storm of reports of one payment (webhook retries, verify, reconciliation) it stays off
 * the contended transaction where it can: an already recorded payment is answered from one plain
 * read, and concurrent calls in this process for one payment share one transaction (the others
 * report 'already-recorded'). `knownLink` is the caller's already-read gatewayOrders/{id} document
 * (it is immutable).
 */
export async function markPaid(
  ctx: PaymentsContext,
  input: MarkPaidInput,
  knownLink?: GatewayOrderLink,
): Promise<MarkPaidResult> {
  const { value, joined } = await paymentFlights(ctx.db, input.paymentId, () => markPaidOnce(ctx, input, knownLink));
  // Only one call flips the document; the ones that joined it report the payment as recorded.
  return joined && value.outcome === 'paid' ? { ...value, outcome: 'already-recorded' } : value;
}

/**
 * Asks the gateway whether an order of ours was captured, and marks it Paid if so (reconciliation
 * and the cancelling of stale orders both must never miss a payment that did happen). Returns null
 * when nothing was captured.
 */
export async function markCapturedPaid(
  ctx: PaymentsContext,
  gatewayOrderId: string,
): Promise<{ result: MarkPaidResult; paymentId: string } | null> {
  const payments = await ctx.gateway.fetchOrderPayments(gatewayOrderId);
  const captured = payments.find((payment) => payment.status === 'captured');
  if (!captured) return null;
  const result = await markPaid(ctx, {
    gatewayOrderId,
    paymentId: captured.id,
    amountPaise: captured.amount,
    method: captured.method,
    source: 'reconcile',
  });
  return { result, paymentId: captured.id };
}

async function markPaidOnce(
  ctx: PaymentsContext,
  input: MarkPaidInput,
  knownLink?: GatewayOrderLink,
): Promise<MarkPaidResult> {
  const { db } = ctx;
  const recorded = await paymentDoc(db, input.paymentId).get();
  if (recorded.exists) {
    const link = knownLink ?? (await readLink(db, input.gatewayOrderId));
    return { outcome: repeatOutcome(recorded.data()!), link };
  }
  // Set when this call records a new mismatch (not a repeat of one): someone must refund or apply it.
  let recordedMismatch: string | undefined;
  const result = await db.runTransaction(async (tx) => {
    recordedMismatch = undefined;
    // The link never changes once written, so a caller that has read it spares the transaction a round trip.
    const link = knownLink ?? (await readLink(db, input.gatewayOrderId, tx));
    if (!link) return { outcome: 'unknown-order' as const };
    const payableRef = payableDoc(db, link);
    const buyerRef = buyerRefFor(db, link);
    const [paymentSnap, payableSnap, buyerSnap] = await tx.getAll(
      paymentDoc(db, input.paymentId),
      payableRef,
      ...(buyerRef ? [buyerRef] : []),
    );
    // A repeat reports what the first call decided.
    if (paymentSnap!.exists) return { outcome: repeatOutcome(paymentSnap!.data()!), link };
    const alreadyPaid =
      payableSnap!.exists && [STATUS.paid, STATUS.refunded].includes(payableSnap!.get('status') as 'Paid');
    // The link names a document by path only, and its owner may delete it and create another under
    // the same id (with a dearer order). Only a payment of the gateway order the document carries
    // NOW, for the amount we priced, may mark it Paid.
    const mismatch =
      payableSnap!.exists && !alreadyPaid ? mismatchReason(ctx, payableSnap!.data()!, link, input) : undefined;
    const status: PaymentStatus = mismatch
      ? 'mismatch'
      : !payableSnap!.exists
        ? 'order-missing'
        : alreadyPaid
          ? 'duplicate'
          : 'paid';
    // A payment net of TDS (declared on the order) settles its TDS too, once it is applied.
    const tds = status === 'paid' ? readOrderTds(link.tds) : null;
    const fields = paymentFields(link, payableSnap!.exists ? payableSnap!.data()! : undefined);
    tx.create(paymentDoc(db, input.paymentId), {
      ...fields,
      paymentId: input.paymentId,
      gatewayOrderId: input.gatewayOrderId,
      amountPaise: input.amountPaise,
      method: input.method ?? null,
      source: input.source,
      // A second capture on a paid document (or one deleted since) is kept for a refund, never lost.
      ...(alreadyPaid ? { duplicateOf: payableSnap!.get('paymentId') ?? null } : {}),
      ...(payableSnap!.exists ? {} : { documentMissing: true }),
      status,
      ...(mismatch ? { mismatchReason: mismatch } : {}),
      ...(tds ? { tdsPaise: tds.paise, tdsSection: tds.section } : {}),
      refundedPaise: 0,
      createdAt: FieldValue.serverTimestamp(),
    });
    if (mismatch) {
      recordedMismatch = mismatch;
      return { outcome: 'mismatch' as const, link };
    }
    if (alreadyPaid || !payableSnap!.exists) return { outcome: 'already-paid' as const, link };
    writePaid(tx, db, {
      payableRef,
      payable: payableSnap!.data()!,
      link,
      paymentId: input.paymentId,
      gatewayOrderId: input.gatewayOrderId,
      amountPaise: input.amountPaise,
      method: input.method ?? null,
      reference: null,
      source: input.source,
      tdsPaise: tds?.paise ?? 0,
      tdsSection: tds?.section ?? null,
      buyer: buyerSnap?.data() ?? null,
    });
    if (tds) {
      addTdsCertificate(tx, db, {
        companyId: link.uid,
        paymentId: input.paymentId,
        payable: link,
        customerName: fields.customerName as string | null,
        paidFor: fields.paidFor as string | null,
        receivedOn: istToday(),
        tdsPaise: tds.paise,
        tdsSection: tds.section,
        actor: null,
      });
    }
    return { outcome: 'paid' as const, link };
  });
  if (recordedMismatch) {
    ctx.logger?.error(
      {
        alert: ALERT.paymentMismatch,
        paymentId: input.paymentId,
        gatewayOrderId: input.gatewayOrderId,
        amountPaise: input.amountPaise,
        reason: recordedMismatch,
        source: input.source,
        payable: result.link ? `${result.link.type}/${result.link.docId}` : null,
      },
      'payment: recorded as a mismatch, nothing marked Paid (refund or apply it)',
    );
  }
  // After commit: number the payment's tax document, then send its receipt.
  if (result.outcome === 'paid') afterPaymentCommitted(ctx, input.paymentId);
  return result;
}

/**
 * What a payment record says of whom and what it is for, in words, so that lists and exports
 * read names rather than ids: the customer's name on the payable and what it is ('Proforma
 * PI/2026-27/0007 · Website Business plan'). The tax document's number joins it once issued.
 */
export function paymentFields(link: GatewayOrderLink, payable: DocumentData | undefined): DocumentData {
  const read = payable ? readPayable(link, payable) : null;
  const what = read ? [payableLabel(read), read.description].filter(Boolean).join(' · ') : null;
  return {
    uid: link.uid,
    type: link.type,
    docId: link.docId,
    currency: link.currency,
    customerName: read?.name ?? null,
    paidFor: what,
  };
}

export interface PaidInput extends Omit<PaymentEffectsInput, 'settledPaise' | 'tdsPaise' | 'tdsSection'> {
  payableRef: DocumentReference;
  /** TDS the customer deducted with this payment (offline receipts, online payments net of TDS), in paise. */
  tdsPaise?: number;
  tdsSection?: string | null;
}

/**
 * The flip to Paid, inside the caller's transaction, after it has read the open payable: its
 * status, the payment that settled it and when, and what follows a payment (recordPaymentEffects).
 * markPaid calls it for a gateway payment; recordOfflinePayment for the receipt that settles an
 * invoice paid in parts. The tax document is for the payable's whole value: what earlier receipts
 * settled, plus this payment and its TDS.
 */
export function writePaid(tx: Transaction, db: Firestore, input: PaidInput): void {
  const { payableRef, tdsPaise = 0, tdsSection = null, ...effects } = input;
  const settledBefore = settledPaiseOf(input.payable);
  const tdsTotal = tdsPaiseOf(input.payable) + tdsPaise;
  tx.update(payableRef, {
    status: STATUS.paid,
    paymentId: input.paymentId,
    paidAt: FieldValue.serverTimestamp(),
    ...(settledBefore > 0 || tdsPaise > 0
      ? { settledPaise: settledBefore + input.amountPaise + tdsPaise, tdsPaise: tdsTotal }
      : {}),
  });
  recordPaymentEffects(tx, db, {
    ...effects,
    settledPaise: settledBefore + input.amountPaise + tdsPaise,
    tdsPaise: tdsTotal,
    tdsSection: tdsSection ?? (input.payable.tdsSection as string | undefined) ?? null,
  });
}

/** gatewayOrders/{id}, inside a transaction when one is given. */
async function readLink(
  db: Firestore,
  gatewayOrderId: string,
  tx?: Transaction,
): Promise<GatewayOrderLink | undefined> {
  const ref = gatewayOrderDoc(db, gatewayOrderId);
  const snapshot = tx ? await tx.get(ref) : await ref.get();
  return snapshot.exists ? (snapshot.data() as GatewayOrderLink) : undefined;
}

export interface PaymentFailureInput {
  gatewayOrderId: string;
  paymentId: string;
  code?: string;
  description?: string;
}

/**
 * Records a failed attempt on a still-pending document. A failure that arrives after the capture
 * (webhooks come out of order) changes nothing.
 */
export async function recordPaymentFailure(db: Firestore, input: PaymentFailureInput): Promise<'recorded' | 'ignored'> {
  return db.runTransaction(async (tx) => {
    const link = await readLink(db, input.gatewayOrderId, tx);
    if (!link) return 'ignored' as const;
    const payableRef = payableDoc(db, link);
    const payableSnap = await tx.get(payableRef);
    if (!payableSnap.exists || !isOpenStatus(payableSnap.get('status') as string)) return 'ignored' as const;
    tx.update(payableRef, {
      lastPaymentFailure: {
        paymentId: input.paymentId,
        code: input.code ?? null,
        description: input.description ?? null,
        at: FieldValue.serverTimestamp(),
      },
    });
    return 'recorded' as const;
  });
}
