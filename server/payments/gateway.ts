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
}
