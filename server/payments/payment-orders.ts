import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { priceOrderItems } from '../../src/domain/cart';
import { CURRENCY, formatInr, MAX_AMOUNT_PAISE, MIN_AMOUNT_PAISE, rupeesToPaise } from '../../src/domain/money';
import { MAX_RECEIPT_LENGTH } from '../../src/domain/payments';
import type { PaymentType } from '../../src/domain/schemas';
import { STATUS } from '../../src/domain/status';
import { chargedAmountPaise, type TaxSettings } from '../../src/domain/tax';
import { listedLinesOf } from '../documents/snapshot';
import type { PaidSubject } from '../documents/store';
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

/**
 * Creates (or reuses) the gateway order for one pending order or invoice of the user. There is at
 * most one open gateway order per document: it is reused while the amount is unchanged, so a
 * retried checkout never creates a second chargeable order.
 */
export async function createPaymentOrder(
  db: Firestore,
  gateway: PaymentGateway,
  input: PaymentOrderInput,
  tax?: TaxSettings,
): Promise<PaymentOrder> {
  const ref = payableDoc(db, input);
  const noun = input.type === 'invoice' ? 'Invoice' : 'Order';
  // A concurrent request may attach its order between our read and our write; then we retry once and reuse it.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const snapshot = await ref.get();
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
    const amountPaise = payableAmountPaise(input.type, data, tax);
    if (amountPaise < MIN_AMOUNT_PAISE) throw new HttpError(400, 'The amount must be at least ₹1.');
    // The rules cap what clients store, but not what the Admin SDK or an older rule let in.
    if (amountPaise > MAX_AMOUNT_PAISE) throw new HttpError(400, AMOUNT_TOO_LARGE);
    if (typeof data.gatewayOrderId === 'string' && data.gatewayOrderAmount === amountPaise) {
      return { id: data.gatewayOrderId, amountPaise, currency: CURRENCY, reused: true };
    }

    let order: GatewayOrder;
    try {
      order = await gateway.createOrder({
        amountPaise,
        currency: CURRENCY,
        receipt: input.docId.slice(0, MAX_RECEIPT_LENGTH),
        notes: { uid: input.uid, type: input.type, docId: input.docId },
      });
    } catch (error) {
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
    const batch = db.batch();
    // Precondition: the document is exactly as we read it (still Pending, no other order attached).
    batch.update(
      ref,
      {
        gatewayOrderId: order.id,
        gatewayOrderAmount: amountPaise,
        gatewayOrderCreatedAt: Timestamp.fromMillis(order.createdAt),
      },
      { lastUpdateTime: snapshot.updateTime! },
    );
    batch.set(gatewayOrderDoc(db, order.id), { ...link, createdAt: Timestamp.fromMillis(order.createdAt) });
    try {
      await batch.commit();
      return { id: order.id, amountPaise, currency: CURRENCY, reused: false };
    } catch (error) {
      if (attempt === 1 || !isPreconditionFailure(error)) throw error;
    }
  }
  throw new HttpError(409, 'This payment is already being processed.');
}

function isPreconditionFailure(error: unknown): boolean {
  const code = (error as { code?: number | string })?.code;
  return code === 9 || code === 'failed-precondition' || code === 10 || code === 'aborted';
}
