import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  GatewayError,
  type CreateGatewayOrderInput,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
  type RefundInput,
} from './gateway';
import { gatewayStyleId } from './ids';
import { checkoutPayload, hmacHex, signatureMatches } from './signature';
import { paymentWebhookBody } from './webhook-event';

export const SANDBOX_KEY_ID = 'rzp_test_sandbox';
export const SANDBOX_DECLINE_MESSAGE = 'The test payment was declined.';

/** A signed webhook, exactly as the gateway would POST it. */
export interface SignedWebhook {
  rawBody: Buffer;
  signature: string;
  eventId: string;
}

/**
 * The request the gateway makes to deliver a signed webhook, for sending one to
 * /api/payments/webhook over HTTP (the API benchmark's webhook storm).
 */
export function webhookRequest({ rawBody, signature, eventId }: SignedWebhook): RequestInit {
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Razorpay-Signature': signature,
      'X-Razorpay-Event-Id': eventId,
    },
    body: new Uint8Array(rawBody),
  };
}

export interface SandboxPaymentOutcome {
  payment: GatewayPayment;
  /** What checkout hands the browser on success (a real signature the verify path checks). */
  checkout?: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  webhook: SignedWebhook;
}

/**
 * The local gateway used when no Razorpay keys are set. Orders and payments live in server-only
 * Firestore collections (so `npm run reconcile` in another process sees the same state), and every
 * signature uses Razorpay's scheme with SANDBOX_SECRET. Nothing outside this machine is contacted.
 */
export class SandboxGateway implements PaymentGateway {
  readonly mode = 'sandbox' as const;
  readonly keyId = SANDBOX_KEY_ID;
  readonly webhooksEnabled = true;

  constructor(
    private readonly db: Firestore,
    private readonly secret: string,
  ) {}

  async createOrder(input: CreateGatewayOrderInput): Promise<GatewayOrder> {
    const order: GatewayOrder = {
      id: gatewayStyleId('order'),
      amount: input.amountPaise,
      currency: input.currency,
      receipt: input.receipt,
      createdAt: Date.now(),
    };
    await this.db.doc(`sandboxOrders/${order.id}`).create({ ...order, notes: input.notes });
    return order;
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment | null> {
    const snapshot = await this.db.doc(`sandboxPayments/${paymentId}`).get();
    return snapshot.exists ? toPayment(snapshot.data()!) : null;
  }

  async fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    const snapshot = await this.db.collection('sandboxPayments').where('orderId', '==', orderId).get();
    return snapshot.docs.map((doc) => toPayment(doc.data()));
  }

  verifyCheckoutSignature(orderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(this.secret, checkoutPayload(orderId, paymentId), signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean {
    return signatureMatches(this.secret, rawBody, signature);
  }

  /**
   * A refund, processed at once. Keyed by our refund id (the idempotency key), so a repeat returns
   * the first refund; like Razorpay it refuses more than the captured amount still unrefunded.
   */
  async refund(input: RefundInput): Promise<GatewayRefund> {
    const refundRef = this.db.doc(`sandboxRefunds/${input.refundId}`);
    const paymentRef = this.db.doc(`sandboxPayments/${input.paymentId}`);
    return this.db.runTransaction(async (tx) => {
      const [existing, payment] = await tx.getAll(refundRef, paymentRef);
      if (existing!.exists) {
        if (existing!.get('amount') !== input.amountPaise || existing!.get('paymentId') !== input.paymentId) {
          throw new GatewayError('Different request with the same idempotency key has already been processed.', 400);
        }
        return toRefund(existing!.data()!);
      }
      if (!payment!.exists || payment!.get('status') !== 'captured') {
        throw new GatewayError('The payment has not been captured.', 400);
      }
      const refunded = (payment!.get('refundedAmount') as number | undefined) ?? 0;
      if (input.amountPaise > (payment!.get('amount') as number) - refunded) {
        throw new GatewayError('The refund amount exceeds the amount captured and not yet refunded.', 400);
      }
      const refund: GatewayRefund = {
        id: gatewayStyleId('rfnd'),
        paymentId: input.paymentId,
        amount: input.amountPaise,
        status: 'processed',
        receipt: input.refundId,
      };
      tx.create(refundRef, { ...refund, notes: input.notes, createdAt: FieldValue.serverTimestamp() });
      tx.update(paymentRef, { refundedAmount: refunded + input.amountPaise });
      return refund;
    });
  }

  async fetchRefunds(paymentId: string): Promise<GatewayRefund[]> {
    const snapshot = await this.db.collection('sandboxRefunds').where('paymentId', '==', paymentId).get();
    return snapshot.docs.map((doc) => toRefund(doc.data()));
  }

  /** Signs a webhook body with the sandbox secret, as the gateway would. */
  signWebhook(body: string, eventId = gatewayStyleId('evt')): SignedWebhook {
    const rawBody = Buffer.from(body);
    return { rawBody, signature: hmacHex(this.secret, rawBody), eventId };
  }

  /**
   * The test checkout's Pay or Fail button: records a captured or failed payment on the order and
   * returns the checkout result plus the webhook the gateway would send. Null for an unknown order.
   */
  async simulatePayment(orderId: string, outcome: 'success' | 'failure'): Promise<SandboxPaymentOutcome | null> {
    const order = await this.db.doc(`sandboxOrders/${orderId}`).get();
    if (!order.exists) return null;
    const payment: GatewayPayment = {
      id: gatewayStyleId('pay'),
      orderId,
      status: outcome === 'success' ? 'captured' : 'failed',
      amount: order.get('amount') as number,
      currency: order.get('currency') as string,
      method: 'card',
      ...(outcome === 'failure' ? { errorCode: 'BAD_REQUEST_ERROR', errorDescription: SANDBOX_DECLINE_MESSAGE } : {}),
    };
    await this.db.doc(`sandboxPayments/${payment.id}`).create({ ...payment, createdAt: FieldValue.serverTimestamp() });
    const webhook = this.signWebhook(
      paymentWebhookBody(outcome === 'success' ? 'payment.captured' : 'payment.failed', payment),
    );
    if (outcome === 'failure') return { payment, webhook };
    return {
      payment,
      webhook,
      checkout: {
        razorpay_order_id: orderId,
        razorpay_payment_id: payment.id,
        razorpay_signature: hmacHex(this.secret, checkoutPayload(orderId, payment.id)),
      },
    };
  }
}

function toPayment(data: FirebaseFirestore.DocumentData): GatewayPayment {
  return {
    id: data.id as string,
    orderId: data.orderId as string,
    status: data.status as GatewayPayment['status'],
    amount: data.amount as number,
    currency: data.currency as string,
    method: data.method as string | undefined,
    errorCode: data.errorCode as string | undefined,
    errorDescription: data.errorDescription as string | undefined,
  };
}

function toRefund(data: FirebaseFirestore.DocumentData): GatewayRefund {
  return {
    id: data.id as string,
    paymentId: data.paymentId as string,
    amount: data.amount as number,
    status: data.status as GatewayRefund['status'],
    receipt: data.receipt as string | undefined,
  };
}
