import { randomUUID } from 'node:crypto';
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
import { HttpError, isTransientDependencyError } from '../errors';
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
export const PAYMENT_IN_PROGRESS = 'This payment is already being set up. Please try again in a moment.';

/** gatewayOrderLease on an order or invoice: who may create its gateway order, until when. */
interface GatewayOrderLease {
  id: string;
  expiresAt: Timestamp;
}

type Claim =
  | { kind: 'reuse'; id: string; amountPaise: number }
  | { kind: 'held'; expiresAtMs: number }
  | { kind: 'claimed'; amountPaise: number };

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

/** What a document says now: its reusable gateway order, someone's live lease, or nothing yet. */
function claimState(data: DocumentData, amountPaise: number, leaseId: string, nowMs: number): Claim | null {
  if (typeof data.gatewayOrderId === 'string' && data.gatewayOrderAmount === amountPaise) {
    return { kind: 'reuse', id: data.gatewayOrderId, amountPaise };
  }
  const lease = data.gatewayOrderLease as GatewayOrderLease | undefined;
  const expiresAtMs = lease?.expiresAt instanceof Timestamp ? lease.expiresAt.toMillis() : 0;
  if (lease && lease.id !== leaseId && expiresAtMs > nowMs) return { kind: 'held', expiresAtMs };
  return null;
}

/**
 * Creates (or reuses) the gateway order for one pending order or invoice of the user: at most one
 * per document, even under concurrent requests on several instances. The right to call the gateway
 * is a short lease written on the document in a transaction; the winner creates the order and
 * attaches it (only while its lease holds), the others wait for that order and reuse it, or get a
 * retryable 409. A winner that crashes leaves a lease that lapses after GATEWAY_ORDER_LEASE_MS.
 * The order is reused while the amount is unchanged, so a retried checkout never creates a second
 * chargeable order.
 */
export async function createPaymentOrder(
  db: Firestore,
  gateway: PaymentGateway,
  input: PaymentOrderInput,
  tax?: TaxSettings,
): Promise<PaymentOrder> {
  const { value, joined } = await orderFlights(db, payableDoc(db, input).path, () =>
    createOrReuse(db, gateway, input, tax),
  );
  return joined ? { ...value, reused: true } : value;
}

/** Order requests for one document in this process share one claim (see singleFlight). */
const orderFlights = singleFlight<Firestore, PaymentOrder>();

async function createOrReuse(
  db: Firestore,
  gateway: PaymentGateway,
  input: PaymentOrderInput,
  tax?: TaxSettings,
): Promise<PaymentOrder> {
  const ref = payableDoc(db, input);
  const noun = input.type === 'invoice' ? 'Invoice' : 'Order';
  const leaseId = randomUUID();
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
    // A plain read first: while another request holds the lease, waiting costs no transaction.
    const seen = payableData(await ref.get(), noun);
    let claim = claimState(seen, amountOf(seen), leaseId, Date.now());
    if (!claim) {
      claim = await db.runTransaction(async (tx): Promise<Claim> => {
        const data = payableData(await tx.get(ref), noun);
        const amountPaise = amountOf(data);
        const nowMs = Date.now();
        const state = claimState(data, amountPaise, leaseId, nowMs);
        if (state) return state;
        const lease: GatewayOrderLease = {
          id: leaseId,
          expiresAt: Timestamp.fromMillis(nowMs + GATEWAY_ORDER_LEASE_MS),
        };
        tx.update(ref, { gatewayOrderLease: lease });
        return { kind: 'claimed', amountPaise };
      });
    }
    if (claim.kind === 'reuse') {
      return { id: claim.id, amountPaise: claim.amountPaise, currency: CURRENCY, reused: true };
    }
    if (claim.kind === 'claimed') {
      const created = await createAndAttach(db, gateway, ref, input, claim.amountPaise, leaseId, noun);
      if (created) return created;
      continue; // our lease lapsed meanwhile and another request took over: use its order
    }
    if (Date.now() + WAIT_POLL_MS >= waitUntil) throw new HttpError(409, PAYMENT_IN_PROGRESS);
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}

/**
 * Calls the gateway and attaches its order to the document, only while our lease holds; returns
 * null (the order is left unused) when the lease was lost. A failure releases the lease at once,
 * so the next request need not wait for it to lapse.
 */
async function createAndAttach(
  db: Firestore,
  gateway: PaymentGateway,
  ref: DocumentReference,
  input: PaymentOrderInput,
  amountPaise: number,
  leaseId: string,
  noun: string,
): Promise<PaymentOrder | null> {
  let order: GatewayOrder;
  try {
    order = await gateway.createOrder({
      amountPaise,
      currency: CURRENCY,
      receipt: input.docId.slice(0, MAX_RECEIPT_LENGTH),
      notes: { uid: input.uid, type: input.type, docId: input.docId },
    });
  } catch (error) {
    await releaseLease(db, ref, leaseId);
    // A gateway that is down or too slow is a 503 the client may retry; a refusal is a 502.
    if (isTransientDependencyError(error)) throw error;
    throw Object.assign(new HttpError(502, PAYMENT_ORDER_FAILED), { cause: error });
  }
  const link: GatewayOrderLink = {
    uid: input.uid,
    type: input.type,
    docId: input.docId,
    amountPaise,
    currency: CURRENCY,
  };
  const attached = await db.runTransaction(async (tx) => {
    const data = payableData(await tx.get(ref), noun);
    if ((data.gatewayOrderLease as GatewayOrderLease | undefined)?.id !== leaseId) return false;
    tx.update(ref, {
      gatewayOrderId: order.id,
      gatewayOrderAmount: amountPaise,
      gatewayOrderCreatedAt: Timestamp.fromMillis(order.createdAt),
      gatewayOrderLease: FieldValue.delete(),
    });
    tx.set(gatewayOrderDoc(db, order.id), { ...link, createdAt: Timestamp.fromMillis(order.createdAt) });
    return true;
  });
  return attached ? { id: order.id, amountPaise, currency: CURRENCY, reused: false } : null;
}

async function releaseLease(db: Firestore, ref: DocumentReference, leaseId: string): Promise<void> {
  await db
    .runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      if ((snapshot.get('gatewayOrderLease') as GatewayOrderLease | undefined)?.id === leaseId) {
        tx.update(ref, { gatewayOrderLease: FieldValue.delete() });
      }
    })
    .catch(() => undefined); // it lapses on its own
}
