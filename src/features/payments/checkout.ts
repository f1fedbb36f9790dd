import type { PaymentType } from '@/domain/schemas';
import { openCheckout } from '@/lib/razorpay-checkout';

export interface CheckoutRequest {
  uid: string;
  type: PaymentType;
  docId: string;
  description: string;
  /** Sent as the spec's body fields; the server ignores the amount and prices the document itself. */
  extra?: { amount?: number; userName?: string; userEmail?: string };
  fallbackPrefill?: { name?: string; email?: string };
}

export interface CheckoutOutcome {
  paymentId: string;
  /** 'Pending' when the gateway has not captured it yet (the status updates shortly). */
  status: 'Paid' | 'Pending';
}

/**
 * One payment, start to finish: the API creates (or reuses) the gateway order for the document,
 * the checkout opens, and its result is verified by the API, which marks the document Paid.
 */
export async function runCheckout(request: CheckoutRequest): Promise<CheckoutOutcome> {
  const api = await import('./api');
  const [order, prefill] = await Promise.all([
    api.requestPaymentOrder(request.type, request.docId, request.extra),
    api.loadPrefill(request.uid),
  ]);
  const result = await openCheckout({
    gateway: order.gateway,
    keyId: order.keyId,
    orderId: order.id,
    amount: order.amount,
    currency: order.currency,
    description: request.description,
    prefill: { ...request.fallbackPrefill, ...prefill },
    onSandboxOutcome: (outcome) => api.sandboxPay(order.id, outcome),
  });
  const verified = await api.verifyPayment(result);
  return { paymentId: verified.paymentId, status: verified.status };
}
