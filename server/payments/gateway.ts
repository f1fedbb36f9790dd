/**
 * What the API needs from a payment gateway. Razorpay (real keys) and the local sandbox both
 * implement it, so verify, webhook and reconciliation run the same code in both modes.
 */
export interface GatewayOrder {
  id: string;
  /** Integer paise. */
  amount: number;
  currency: 'INR';
  receipt: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

export interface CreateGatewayOrderInput {
  amountPaise: number;
  currency: 'INR';
  /** Our document id (Razorpay allows at most 40 characters). */
  receipt: string;
  notes: Record<string, string>;
}

/** Razorpay's payment states; only 'captured' means the money is ours. */
export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface GatewayPayment {
  id: string;
  orderId: string;
  status: GatewayPaymentStatus;
  /** Integer paise. */
  amount: number;
  currency: string;
  method?: string;
  errorCode?: string;
  errorDescription?: string;
}

/** Razorpay's refund states. */
export type GatewayRefundStatus = 'pending' | 'processed' | 'failed';

export interface GatewayRefund {
  id: string;
  paymentId: string;
  /** Integer paise. */
  amount: number;
  status: GatewayRefundStatus;
  /** Our refund request id (sent as the receipt), when the gateway reports it. */
  receipt?: string;
}

export interface RefundInput {
  paymentId: string;
  /** Integer paise. */
  amountPaise: number;
  /**
   * Our refunds/{id}: the gateway's idempotency key (Razorpay's X-Refund-Idempotency) and the
   * refund's receipt, so a retried or crashed request never refunds twice and can be found again.
   */
  refundId: string;
  notes: Record<string, string>;
}

export interface PaymentGateway {
  readonly mode: 'razorpay' | 'sandbox';
  /** The public key the browser's checkout opens with. */
  readonly keyId: string;
  createOrder(input: CreateGatewayOrderInput): Promise<GatewayOrder>;
  /** The payment, or null when the gateway does not know the id. */
  fetchPayment(paymentId: string): Promise<GatewayPayment | null>;
  /** Every payment attempt made against one gateway order (used by reconciliation). */
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  /** Checkout's signature: HMAC-SHA256(`order_id|payment_id`, key secret), compared in constant time. */
  verifyCheckoutSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Webhook signature over the exact raw body; false when no webhook secret is configured. */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
  /** Whether webhooks can be verified at all (Razorpay needs RAZORPAY_WEBHOOK_SECRET). */
  readonly webhooksEnabled: boolean;
  /**
   * Refunds part or all of a captured payment. Idempotent per `refundId`: the same call again
   * returns the same refund. Throws GatewayError; a 4xx other than 409 means it was refused.
   */
  refund(input: RefundInput): Promise<GatewayRefund>;
  /** Every refund of a payment (to settle a request whose answer was lost). */
  fetchRefunds(paymentId: string): Promise<GatewayRefund[]>;
}

/** A gateway call that failed; its message is for logs, not users. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
  }

  /**
   * The gateway answered and refused (a 4xx other than 409, which Razorpay sends while the same
   * idempotent request is still being processed). Anything else may or may not have happened.
   */
  get isRefusal(): boolean {
    return this.statusCode !== undefined && this.statusCode >= 400 && this.statusCode < 500 && this.statusCode !== 409;
  }
}
