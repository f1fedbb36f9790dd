import { createHash } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import { CURRENCY, formatInr, MAX_AMOUNT_PAISE, MIN_AMOUNT_PAISE } from '../../src/domain/money';
import { pricePayable, readPayable, settledPaiseOf, type PayableRef } from '../../src/domain/payable';
import type { TdsDeclaration } from '../../src/domain/payments';
import { MAX_RECEIPT_LENGTH } from '../../src/domain/payments';
import { isOpenStatus, STATUS } from '../../src/domain/status';
import type { TaxSettings } from '../../src/domain/tax';
import { isLeaseLive, takeClaim, takeOver, waitFor, type Claim } from '../claims';
import { remainingMs } from '../deadline';
import { HttpError, isTransientDependencyError, isWriteConflict } from '../errors';
import { singleFlight } from '../single-flight';
import type { PaymentsContext } from './context';
import type { GatewayOrder } from './gateway';
import { companyDoc, refuseWithoutPoNumber } from './purchase-orders';
import { gatewayOrderDoc, payableDoc, type GatewayOrderLink, type OwnedPayableRef } from './store';
import { checkoutTds, readOrderTds, sameOrderTds, TDS_MESSAGES, type OrderTds } from './tds';

export const PAYMENT_ORDER_FAILED = 'Failed to create payment order.';
export const BALANCE_TOO_SMALL =
  'The balance due is below ₹1, too small to pay online. Please contact us to settle it.';
export const AMOUNT_TOO_LARGE = `The amount is above the ${formatInr(MAX_AMOUNT_PAISE)} limit for one payment.`;

/**
 * What we charge for a payable now, in paise, from its stored document (see pricePayable: an
 * order from the catalogue, an invoice from its amount, GST added when prices exclude it); a 400
 * with the reason when it cannot be charged.
 */
export function chargePaise(ref: PayableRef, stored: DocumentData, tax: TaxSettings): number {
  const pricing = pricePayable(readPayable(ref, stored), tax);
  if (!pricing.ok) throw new HttpError(400, pricing.message);
  if (pricing.chargedPaise < MIN_AMOUNT_PAISE) throw new HttpError(400, 'The amount must be at least ₹1.');
  // The rules cap what clients store, but not what the Admin SDK or an older rule let in.
  if (pricing.chargedPaise > MAX_AMOUNT_PAISE) throw new HttpError(400, AMOUNT_TOO_LARGE);
  return pricing.chargedPaise;
}

export type PaymentOrderInput = OwnedPayableRef & {
  /** Paying net of TDS: the kind declared; the server works out the TDS (see checkoutTds). */
  tds?: TdsDeclaration | null;
};

export interface PaymentOrder {
  id: string;
  /** What the gateway charges: the amount due less any TDS. */
  amountPaise: number;
  currency: 'INR';
  reused: boolean;
  /** The TDS this order leaves for the payer to deposit, when one was declared. */
  tds: OrderTds | null;
}

/** How long a request holds the right to create a payable's gateway order; a crashed holder's lapses. */
export const GATEWAY_ORDER_LEASE_MS = 15_000;
/** How long a request that lost the race waits for the winner's order before a retryable 409. */
export const GATEWAY_ORDER_WAIT_MS = 5_000;
const WAIT_POLL_MS = 150;
/** A claim outlives its order by a day (a Firestore TTL policy on `expireAt` may then delete it). */
const CLAIM_KEPT_MS = 24 * 3_600_000;
export const PAYMENT_IN_PROGRESS = 'This payment is already being set up. Please try again in a moment.';

/**
 * gatewayOrderClaims/{hash of the payable's path}: a claim (server/claims.ts) on creating the
 * gateway order of one order or invoice, and then which order it got (`orderId`, `amountPaise`).
 * Server-only. Taking a free claim is one create, done while the payable itself is read.
 */
export interface GatewayOrderClaim {
  path: string;
  claimId?: string | null;
  leaseUntil?: Timestamp | null;
  orderId?: string;
  amountPaise?: number;
  /** The named order's TDS (null or absent: none). */
  tds?: OrderTds | null;
  expireAt: Timestamp;
}

export const claimDoc = (db: Firestore, payable: DocumentReference) =>
  db.doc(`gatewayOrderClaims/${createHash('sha256').update(payable.path).digest('hex').slice(0, 40)}`);

type Decision =
  | { kind: 'reuse'; id: string; amountPaise: number; tds: OrderTds | null }
  | { kind: 'held' }
  | { kind: 'claimed'; terms: OrderTerms; claim: Claim }
  | { kind: 'retry' };

/** What a gateway order is for: the amount charged and the TDS left to the payer; an order is reused only for the same. */
interface OrderTerms {
  amountPaise: number;
  tds: OrderTds | null;
}

function payableData(snapshot: DocumentSnapshot, noun: string): DocumentData {
  if (!snapshot.exists) throw new HttpError(404, `${noun} not found.`);
  const data = snapshot.data()!;
  if (!isOpenStatus(data.status as string)) {
    throw new HttpError(
      409,
      data.status === STATUS.paid
        ? `This ${noun.toLowerCase()} has already been paid.`
        : `This ${noun.toLowerCase()} cannot be paid.`,
    );
  }
  return data;
}

/** Hooks of the request around the gateway call (see the payments router). */
export interface PaymentOrderHooks {
  /** Awaited before the gateway is called (the rate limit); a rejection stops the request there. */
  beforeGateway?: () => Promise<void>;
}

/** Order requests for one payable in this process share one claim (see singleFlight). */
const orderFlights = singleFlight<Firestore, PaymentOrder>();

/**
 * Creates (or reuses) the gateway order for one pending order or invoice of the user: at most one
 * per payable, even under concurrent requests on several instances. The right to call the gateway
 * is a claim taken while the payable itself is read; the winner creates the order and attaches it
 * in one batch, on the condition that neither the payable nor its claim changed meanwhile. The
 * others reuse that order (the claim names it), or wait for it and then get a retryable 409. A
 * winner that crashes leaves a claim that lapses after GATEWAY_ORDER_LEASE_MS. The order is reused
 * while the amount is unchanged, so a retried checkout never creates a second chargeable order.
 * Sequentially: read and claim together, the gateway, the attach.
 */
export async function createPaymentOrder(
  ctx: PaymentsContext,
  input: PaymentOrderInput,
  hooks: PaymentOrderHooks = {},
): Promise<PaymentOrder> {
  // Requests declaring another TDS (or none) want another order: they do not share a flight.
  const flight = `${payableDoc(ctx.db, input).path}|${input.tds?.kind ?? ''}`;
  const { value, joined } = await orderFlights(ctx.db, flight, () => createOrReuse(ctx, input, hooks));
  return joined ? { ...value, reused: true } : value;
}

async function createOrReuse(ctx: PaymentsContext, input: PaymentOrderInput, hooks: PaymentOrderHooks) {
  const ref = payableDoc(ctx.db, input);
  const claimRef = claimDoc(ctx.db, ref);
  const noun = input.type === 'invoice' ? 'Invoice' : 'Order';
  // Leave the waiting some time to answer within the request's own deadline.
  const waitUntil = Date.now() + Math.min(GATEWAY_ORDER_WAIT_MS, remainingMs() - 1000);
  const claimFields = () => ({ path: ref.path, expireAt: Timestamp.fromMillis(Date.now() + CLAIM_KEPT_MS) });

  for (;;) {
    // Whether the claim may be taken over depends on the amount, known once the payable is read:
    // so here it is only created when absent, and decided on below.
    // An invoice's company may require a PO number on it: read beside it, at no extra wait.
    const [snapshot, taken, company] = await Promise.all([
      ref.get(),
      takeClaim(claimRef, { leaseMs: GATEWAY_ORDER_LEASE_MS, data: claimFields(), isFree: () => false }),
      input.type === 'invoice' ? companyDoc(ctx.db, input.uid).get() : null,
    ]);
    const ours = taken.kind === 'taken' ? taken.claim : null;
    let decision: Decision;
    try {
      const data = payableData(snapshot, noun);
      if (company) refuseWithoutPoNumber(data, company.data());
      // An invoice paid in part (receipts staff recorded) is charged its balance.
      const duePaise = chargePaise(input, data, ctx.documents.tax) - settledPaiseOf(data);
      if (duePaise < MIN_AMOUNT_PAISE) throw new HttpError(400, BALANCE_TOO_SMALL);
      // Net of TDS: the server works it out from the stored bill; the gateway charges the rest.
      const tds = input.tds ? await checkoutTds(ctx, input, data, duePaise, input.tds) : null;
      const terms: OrderTerms = { amountPaise: duePaise - (tds?.paise ?? 0), tds };
      if (terms.amountPaise < MIN_AMOUNT_PAISE) throw new HttpError(400, TDS_MESSAGES.nothingLeft);
      decision = await decide(data, terms, taken.kind === 'held' ? taken.existing : null, ours, claimFields);
    } catch (error) {
      await ours?.release();
      throw error;
    }
    if (decision.kind === 'reuse') {
      return {
        id: decision.id,
        amountPaise: decision.amountPaise,
        currency: CURRENCY,
        reused: true,
        tds: decision.tds,
      };
    }
    if (decision.kind === 'claimed') {
      const created = await createAndAttach(ctx, {
        input,
        payable: snapshot,
        claim: decision.claim,
        terms: decision.terms,
        noun,
        hooks,
      });
      if (created) return created;
      continue; // the payable or our claim changed meanwhile: look again
    }
    if (decision.kind === 'held') {
      // Another request is creating the order: wait until its claim names it or lapses, then look again.
      const settled = await waitFor(
        () => claimRef.get(),
        (held) => (isLeaseLive(held.data()) ? undefined : true),
        { untilMs: waitUntil, pollMs: WAIT_POLL_MS },
      );
      if (!settled) throw new HttpError(409, PAYMENT_IN_PROGRESS);
    }
  }
}

/** What to do, given the payable (its amount and TDS) and the claim as we took it or found it. */
async function decide(
  data: DocumentData,
  terms: OrderTerms,
  existing: DocumentSnapshot | null,
  ours: Claim | null,
  claimFields: () => DocumentData,
): Promise<Decision> {
  const { amountPaise, tds } = terms;
  // An order attached before (a retried checkout) for the same amount and TDS: reuse it.
  if (
    typeof data.gatewayOrderId === 'string' &&
    data.gatewayOrderAmount === amountPaise &&
    sameOrderTds(readOrderTds(data.gatewayOrderTds), tds)
  ) {
    await ours?.release();
    return { kind: 'reuse', id: data.gatewayOrderId, amountPaise, tds };
  }
  if (ours) return { kind: 'claimed', terms, claim: ours };
  if (!existing) return { kind: 'retry' };
  const held = existing.data() as GatewayOrderClaim;
  // Attached by another request (our read of the payable may predate it): reuse that order.
  if (
    typeof held.orderId === 'string' &&
    held.amountPaise === amountPaise &&
    sameOrderTds(readOrderTds(held.tds), tds)
  ) {
    return { kind: 'reuse', id: held.orderId, amountPaise, tds };
  }
  if (isLeaseLive(held)) return { kind: 'held' };
  // A lapsed lease (its holder crashed) or an order for another amount or TDS: take the claim over.
  const claim = await takeOver(existing, {
    leaseMs: GATEWAY_ORDER_LEASE_MS,
    data: {
      ...claimFields(),
      orderId: FieldValue.delete(),
      amountPaise: FieldValue.delete(),
      tds: FieldValue.delete(),
    },
  });
  return claim ? { kind: 'claimed', terms, claim } : { kind: 'retry' };
}

interface AttachInput {
  input: PaymentOrderInput;
  /** The payable as read when the claim was taken: the attach is conditional on it. */
  payable: DocumentSnapshot;
  claim: Claim;
  terms: OrderTerms;
  noun: string;
  hooks: PaymentOrderHooks;
}

/**
 * Calls the gateway and attaches its order to the payable, only while our claim holds; returns
 * null (the order is left unused) when the claim was lost. A failure releases the claim at once,
 * so the next request need not wait for it to lapse.
 */
async function createAndAttach(
  { db, gateway }: PaymentsContext,
  { input, payable, claim, terms, noun, hooks }: AttachInput,
): Promise<PaymentOrder | null> {
  const { amountPaise, tds } = terms;
  let order: GatewayOrder;
  try {
    await hooks.beforeGateway?.();
  } catch (error) {
    await claim.release();
    throw error;
  }
  try {
    order = await gateway.createOrder({
      amountPaise,
      currency: CURRENCY,
      receipt: input.docId.slice(0, MAX_RECEIPT_LENGTH),
      notes: {
        uid: input.uid,
        type: input.type,
        docId: input.docId,
        ...(tds ? { tdsPaise: String(tds.paise), tdsSection: tds.section } : {}),
      },
    });
  } catch (error) {
    await claim.release();
    // A gateway that is down or too slow is a 503 the client may retry; a refusal is a 502.
    if (isTransientDependencyError(error)) throw error;
    throw Object.assign(new HttpError(502, PAYMENT_ORDER_FAILED), { cause: error });
  }
  const createdAt = Timestamp.fromMillis(order.createdAt);
  const onPayable = {
    gatewayOrderId: order.id,
    gatewayOrderAmount: amountPaise,
    gatewayOrderTds: tds ?? FieldValue.delete(),
    gatewayOrderCreatedAt: createdAt,
  };
  // The claim ends naming the order it got.
  const onClaim = {
    orderId: order.id,
    amountPaise,
    tds: tds ?? FieldValue.delete(),
    claimId: FieldValue.delete(),
    leaseUntil: FieldValue.delete(),
  };
  // The link carries the TDS: whichever path reports the capture settles the bill with it.
  const { tds: _declared, ...ref } = input;
  const link: GatewayOrderLink = { ...ref, amountPaise, currency: CURRENCY, ...(tds ? { tds } : {}) };
  const created: PaymentOrder = { id: order.id, amountPaise, currency: CURRENCY, reused: false, tds };
  // Usually one write: nothing changed since we read the payable and took the claim.
  try {
    await db
      .batch()
      .update(payable.ref, onPayable, { lastUpdateTime: payable.updateTime! })
      .update(claim.ref, onClaim, { lastUpdateTime: claim.lastWrite })
      .set(gatewayOrderDoc(db, order.id), { ...link, createdAt })
      .commit();
    return created;
  } catch (error) {
    if (!isWriteConflict(error)) throw error;
  }
  // Something changed (a field of the payable, or the claim): attach only if the claim is still
  // ours and the payable still payable.
  try {
    const attached = await db.runTransaction(async (tx) => {
      const [current, held] = await Promise.all([tx.get(payable.ref), tx.get(claim.ref)]);
      if ((held.data() as GatewayOrderClaim | undefined)?.claimId !== claim.id) return false;
      payableData(current, noun);
      tx.update(payable.ref, onPayable);
      tx.update(claim.ref, onClaim);
      tx.set(gatewayOrderDoc(db, order.id), { ...link, createdAt });
      return true;
    });
    return attached ? created : null;
  } catch (error) {
    await claim.release();
    throw error;
  }
}
