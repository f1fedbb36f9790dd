import { createHash, randomUUID } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import { priceOrderItems } from '../../src/domain/cart';
import { CURRENCY, formatInr, MAX_AMOUNT_PAISE, MIN_AMOUNT_PAISE, rupeesToPaise } from '../../src/domain/money';
import { MAX_RECEIPT_LENGTH } from '../../src/domain/payments';
import type { PaymentType } from '../../src/domain/schemas';
import { STATUS } from '../../src/domain/status';
import { chargedAmountPaise, type TaxSettings } from '../../src/domain/tax';
import { listedLinesOf } from '../documents/snapshot';
import type { PaidSubject } from '../documents/store';
import { remainingMs } from '../deadline';
import { singleFlight } from '../single-flight';
import { HttpError, isTransientDependencyError, isWriteConflict } from '../errors';
import type { GatewayOrder, PaymentGateway } from './gateway';
import { gatewayOrderDoc, payableDoc, type GatewayOrderLink } from './store';

export const PAYMENT_ORDER_FAILED = 'Failed to create payment order.';
export const AMOUNT_TOO_LARGE = `The amount is above the ${formatInr(MAX_AMOUNT_PAISE)} limit for one payment.`;

/** Prices include GST unless the configuration says otherwise (the spec charges the price itself). */
const PRICES_INCLUDE_GST: TaxSettings = { registered: false, ratePercent: 0, pricesIncludeGst: true };

/**
 * The amount we charge for a document, in paise, computed here and only here: an order from the
 * catalogue prices of its items (and its stored total must agree), an invoice from its stored
 * amount. That is the amount charged, unless a registered seller lists prices without GST
 * (PRICES_INCLUDE_GST=false): then each line's GST is added, exactly as its tax invoice prints it.
 */
export function payableAmountPaise(type: PaymentType, data: DocumentData, tax = PRICES_INCLUDE_GST): number {
  const listedPaise = listedAmountPaise(type, data);
  if (!tax.registered || tax.pricesIncludeGst) return listedPaise;
  const lines = listedLinesOf(type, data as PaidSubject, { sacCodes: {}, sacDefault: '' });
  return chargedAmountPaise(
    lines.map((line) => line.listedPaise),
    tax,
  );
}

function listedAmountPaise(type: PaymentType, data: DocumentData): number {
  if (type === 'invoice') {
    const amount = data.amount;
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 1) {
      throw new HttpError(400, 'This invoice has no payable amount.');
    }
    return rupeesToPaise(amount);
  }
  const pricing = priceOrderItems(data.items);
  if (!pricing.ok) {
    throw new HttpError(
      400,
      pricing.reason === 'unknown-item'
        ? `This order contains an item that is no longer sold: ${pricing.itemId}.`
        : 'This order has no valid items.',
    );
  }
  // The stored total is rupees (spec section 3).
  if (typeof data.total !== 'number' || rupeesToPaise(data.total) !== pricing.amountPaise) {
    throw new HttpError(400, 'The order total does not match the current prices. Please review your cart.');
  }
  return pricing.amountPaise;
}

export interface PaymentOrderInput {
  uid: string;
  type: PaymentType;
  docId: string;
}

export interface PaymentOrder {
  id: string;
  amountPaise: number;
  currency: 'INR';
  reused: boolean;
}

/** How long a request holds the right to create a document's gateway order; a crashed holder's lapses. */
export const GATEWAY_ORDER_LEASE_MS = 15_000;
/** How long a request that lost the race waits for the winner's order before a retryable 409. */
export const GATEWAY_ORDER_WAIT_MS = 5_000;
const WAIT_POLL_MS = 150;
/** A claim outlives its order by a day (a Firestore TTL policy on `expireAt` may then delete it). */
const CLAIM_KEPT_MS = 24 * 3_600_000;
export const PAYMENT_IN_PROGRESS = 'This payment is already being set up. Please try again in a moment.';

/**
 * gatewayOrderClaims/{hash of the document's path}: who may create the gateway order of one order
 * or invoice, until when (a lease: `claimId`, `expiresAt`), and then which order it got
 * (`orderId`, `amountPaise`). Server-only. Created with `create()`, so taking a free claim is one
 * write that fails if anyone holds it, and it can be done while the document is being read.
 */
export interface GatewayOrderClaim {
  path: string;
  claimId?: string;
  expiresAt?: Timestamp;
  orderId?: string;
  amountPaise?: number;
  expireAt: Timestamp;
}

export const claimDoc = (db: Firestore, payable: DocumentReference) =>
  db.doc(`gatewayOrderClaims/${createHash('sha256').update(payable.path).digest('hex').slice(0, 40)}`);

type Claim =
  | { kind: 'reuse'; id: string; amountPaise: number }
  | { kind: 'held'; expiresAtMs: number }
  | { kind: 'claimed'; amountPaise: number; claimTime: Timestamp }
  | { kind: 'retry' };

function payableData(snapshot: DocumentSnapshot, noun: string): DocumentData {
  if (!snapshot.exists) throw new HttpError(404, `${noun} not found.`);
  const data = snapshot.data()!;
  if (data.status !== STATUS.pending) {
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

/**
 * Creates (or reuses) the gateway order for one pending order or invoice of the user: at most one
 * per document, even under concurrent requests on several instances. The right to call the gateway
 * is a claim document created (one conditional write) while the document itself is read; the
 * winner creates the order and attaches it in one batch, on the condition that neither the
 * document nor its claim changed meanwhile. The others reuse that order (the claim names it), or
 * wait for it and then get a retryable 409. A winner that crashes leaves a claim that lapses after
 * GATEWAY_ORDER_LEASE_MS. The order is reused while the amount is unchanged, so a retried checkout
 * never creates a second chargeable order. Sequentially: read and claim together, the gateway,
 * the attach.
 */
export async function createPaymentOrder(
  db: Firestore,
  gateway: PaymentGateway,
  input: PaymentOrderInput,
  tax?: TaxSettings,
  hooks: PaymentOrderHooks = {},
): Promise<PaymentOrder> {
  const { value, joined } = await orderFlights(db, payableDoc(db, input).path, () =>
    createOrReuse(db, gateway, input, tax, hooks),
  );
  return joined ? { ...value, reused: true } : value;
}

/** Order requests for one document in this process share one claim (see singleFlight). */
const orderFlights = singleFlight<Firestore, PaymentOrder>();

async function createOrReuse(
  db: Firestore,
  gateway: PaymentGateway,
  input: PaymentOrderInput,
  tax: TaxSettings | undefined,
  hooks: PaymentOrderHooks,
): Promise<PaymentOrder> {
  const ref = payableDoc(db, input);
  const claimRef = claimDoc(db, ref);
  const noun = input.type === 'invoice' ? 'Invoice' : 'Order';
  // Leave the waiting some time to answer within the request's own deadline.
  const waitUntil = Date.now() + Math.min(GATEWAY_ORDER_WAIT_MS, remainingMs() - 1000);
  const amountOf = (data: DocumentData) => {
    const amountPaise = payableAmountPaise(input.type, data, tax);
    if (amountPaise < MIN_AMOUNT_PAISE) throw new HttpError(400, 'The amount must be at least ₹1.');
    // The rules cap what clients store, but not what the Admin SDK or an older rule let in.
    if (amountPaise > MAX_AMOUNT_PAISE) throw new HttpError(400, AMOUNT_TOO_LARGE);
    return amountPaise;
  };

  for (;;) {
    const claimId = randomUUID();
    const [snapshot, taken] = await Promise.all([ref.get(), takeClaim(claimRef, ref.path, claimId)]);
    let claim: Claim;
    try {
      const data = payableData(snapshot, noun);
      const amountPaise = amountOf(data);
      claim = await decide(claimRef, data, amountPaise, claimId, taken);
    } catch (error) {
      if (taken.kind === 'taken') await releaseClaim(claimRef, taken.writeTime);
      throw error;
    }
    if (claim.kind === 'reuse') {
      return { id: claim.id, amountPaise: claim.amountPaise, currency: CURRENCY, reused: true };
    }
    if (claim.kind === 'claimed') {
      const created = await createAndAttach(db, gateway, ref, snapshot, claimRef, claimId, claim, input, noun, hooks);
      if (created) return created;
      continue; // the document or our claim changed meanwhile: look again
    }
    if (claim.kind === 'retry') continue;
    if (Date.now() + WAIT_POLL_MS >= waitUntil) throw new HttpError(409, PAYMENT_IN_PROGRESS);
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}

type Taken = { kind: 'taken'; writeTime: Timestamp } | { kind: 'exists'; existing: DocumentSnapshot };

/** Creates the claim, or reads the one that exists. */
async function takeClaim(claimRef: DocumentReference, path: string, claimId: string): Promise<Taken> {
  const nowMs = Date.now();
  const claim: GatewayOrderClaim = {
    path,
    claimId,
    expiresAt: Timestamp.fromMillis(nowMs + GATEWAY_ORDER_LEASE_MS),
    expireAt: Timestamp.fromMillis(nowMs + CLAIM_KEPT_MS),
  };
  try {
    return { kind: 'taken', writeTime: (await claimRef.create(claim)).writeTime };
  } catch (error) {
    if (!isWriteConflict(error)) throw error;
  }
  return { kind: 'exists', existing: await claimRef.get() };
}

/** What to do, given the document (payable, its amount) and the claim as we found or took it. */
async function decide(
  claimRef: DocumentReference,
  data: DocumentData,
  amountPaise: number,
  claimId: string,
  taken: Taken,
): Promise<Claim> {
  // An order attached before (a retried checkout): reuse it.
  if (typeof data.gatewayOrderId === 'string' && data.gatewayOrderAmount === amountPaise) {
    if (taken.kind === 'taken') await releaseClaim(claimRef, taken.writeTime);
    return { kind: 'reuse', id: data.gatewayOrderId, amountPaise };
  }
  if (taken.kind === 'taken') return { kind: 'claimed', amountPaise, claimTime: taken.writeTime };
  const { existing } = taken;
  if (!existing.exists) return { kind: 'retry' }; // released meanwhile
  const held = existing.data() as GatewayOrderClaim;
  // Attached by another request (our read of the document may predate it): reuse that order.
  if (typeof held.orderId === 'string' && held.amountPaise === amountPaise) {
    return { kind: 'reuse', id: held.orderId, amountPaise };
  }
  const expiresAtMs = held.expiresAt instanceof Timestamp ? held.expiresAt.toMillis() : 0;
  if (held.orderId === undefined && expiresAtMs > Date.now()) return { kind: 'held', expiresAtMs };
  // A lapsed lease (its holder crashed) or an order for another amount: take the claim over.
  try {
    const nowMs = Date.now();
    const written = await claimRef.update(
      {
        claimId,
        expiresAt: Timestamp.fromMillis(nowMs + GATEWAY_ORDER_LEASE_MS),
        expireAt: Timestamp.fromMillis(nowMs + CLAIM_KEPT_MS),
        orderId: FieldValue.delete(),
        amountPaise: FieldValue.delete(),
      },
      { lastUpdateTime: existing.updateTime },
    );
    return { kind: 'claimed', amountPaise, claimTime: written.writeTime };
  } catch (error) {
    if (isWriteConflict(error)) return { kind: 'retry' };
    throw error;
  }
}

/**
 * Calls the gateway and attaches its order to the document, only while our claim holds; returns
 * null (the order is left unused) when the claim was lost. A failure releases the claim at once,
 * so the next request need not wait for it to lapse.
 */
async function createAndAttach(
  db: Firestore,
  gateway: PaymentGateway,
  ref: DocumentReference,
  snapshot: DocumentSnapshot,
  claimRef: DocumentReference,
  claimId: string,
  claim: Extract<Claim, { kind: 'claimed' }>,
  input: PaymentOrderInput,
  noun: string,
  hooks: PaymentOrderHooks,
): Promise<PaymentOrder | null> {
  const { amountPaise } = claim;
  let order: GatewayOrder;
  try {
    await hooks.beforeGateway?.();
  } catch (error) {
    await releaseClaim(claimRef, claim.claimTime);
    throw error;
  }
  try {
    order = await gateway.createOrder({
      amountPaise,
      currency: CURRENCY,
      receipt: input.docId.slice(0, MAX_RECEIPT_LENGTH),
      notes: { uid: input.uid, type: input.type, docId: input.docId },
    });
  } catch (error) {
    await releaseClaim(claimRef, claim.claimTime);
    // A gateway that is down or too slow is a 503 the client may retry; a refusal is a 502.
    if (isTransientDependencyError(error)) throw error;
    throw Object.assign(new HttpError(502, PAYMENT_ORDER_FAILED), { cause: error });
  }
  const createdAt = Timestamp.fromMillis(order.createdAt);
  const onDocument = { gatewayOrderId: order.id, gatewayOrderAmount: amountPaise, gatewayOrderCreatedAt: createdAt };
  const onClaim = {
    orderId: order.id,
    amountPaise,
    claimId: FieldValue.delete(),
    expiresAt: FieldValue.delete(),
  };
  const link: GatewayOrderLink = {
    uid: input.uid,
    type: input.type,
    docId: input.docId,
    amountPaise,
    currency: CURRENCY,
  };
  const created: PaymentOrder = { id: order.id, amountPaise, currency: CURRENCY, reused: false };
  // Usually one write: nothing changed since we read the document and took the claim.
  try {
    await db
      .batch()
      .update(ref, onDocument, { lastUpdateTime: snapshot.updateTime! })
      .update(claimRef, onClaim, { lastUpdateTime: claim.claimTime })
      .set(gatewayOrderDoc(db, order.id), { ...link, createdAt })
      .commit();
    return created;
  } catch (error) {
    if (!isWriteConflict(error)) throw error;
  }
  // Something changed (a field of the document, or the claim): attach only if it is still ours
  // and the document still payable.
  try {
    const attached = await db.runTransaction(async (tx) => {
      const [current, held] = await Promise.all([tx.get(ref), tx.get(claimRef)]);
      if ((held.data() as GatewayOrderClaim | undefined)?.claimId !== claimId) return false;
      payableData(current, noun);
      tx.update(ref, onDocument);
      tx.update(claimRef, onClaim);
      tx.set(gatewayOrderDoc(db, order.id), { ...link, createdAt });
      return true;
    });
    return attached ? created : null;
  } catch (error) {
    await releaseClaim(claimRef, claim.claimTime);
    throw error;
  }
}

/**
 * Gives our claim back so the next request need not wait for it to lapse: deleted only if it is
 * still as we wrote it (`claimTime`); one taken over meanwhile is someone else's. If the delete
 * fails, the claim lapses on its own.
 */
async function releaseClaim(claimRef: DocumentReference, claimTime: Timestamp): Promise<void> {
  await claimRef.delete({ lastUpdateTime: claimTime }).catch(() => undefined);
}
