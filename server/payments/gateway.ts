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
  createdAt: number;
}

export interface CreateGatewayOrderInput {
  amountPaise: number;
  currency: 'INR';
  /** Our document id (Razorpay allows at most 40 characters). */
  receipt: string;
  notes: Record<string, string>;
}

export interface PaymentGateway {
  readonly mode: 'razorpay' | 'sandbox';
  /** The public key the browser's checkout opens with. */
  readonly keyId: string;
  createOrder(input: CreateGatewayOrderInput): Promise<GatewayOrder>;
}
