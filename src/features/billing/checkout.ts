import type { VerifyPaymentResponse } from '@/domain/payments';
import type { PaymentType } from '@/domain/schemas';
import { ApiError } from '@/lib/api-client';
import { openOrderCheckout } from '@/lib/razorpay-checkout';
import type { ClaimedAmount } from './api';

export interface CheckoutRequest {
  /** The payer (their profile prefills the checkout). */
  uid: string;
  /** The company it is paid for: the acting company unless named (the payer's own for their cart's order). */
  companyId?: string;
  type: PaymentType;
  docId: string;
  description: string;
  /** Sent as the spec's body fields; the server ignores the amount and prices the document itself. */
  claimed?: ClaimedAmount;
  fallbackPrefill?: { name?: string; email?: string };
}

export interface CheckoutOutcome {
  paymentId: string;
  /**
   * 'Pending' when the gateway has not captured it yet, or when verify could not be reached after
   * the payment was made: the webhook or reconciliation completes it and the status updates shortly.
   */
  status: 'Paid' | 'Pending';
}

/** The server's own verdicts on a payment (bad signature, not ours, mismatch): shown as errors. */
const DEFINITIVE_VERIFY_STATUSES = new Set([400, 404, 409]);

/**
 * One payment, start to finish: the API creates (or reuses) the gateway order for the document,
 * the checkout opens, and its result is verified by the API, which marks the document Paid.
 */
export async function runCheckout(request: CheckoutRequest): Promise<CheckoutOutcome> {
  const api = await import('./api');
  const company = { companyId: request.companyId };
  const [order, prefill] = await Promise.all([
    api.requestPaymentOrder(request.type, request.docId, request.claimed, company),
    api.loadPrefill(request.uid),
  ]);
  const result = await openOrderCheckout(order, {
    description: request.description,
    prefill: { ...request.fallbackPrefill, ...prefill },
    onSandboxOutcome: (outcome) => api.sandboxPay(order.id, outcome, company),
  });
  let verified: VerifyPaymentResponse;
  try {
    verified = await api.verifyPayment(result, company);
  } catch (error) {
    // Checkout has returned a payment id, so the money has been taken. A lost answer (network drop,
    // 429, 5xx, expired session) must not look like a failure that invites a second charge.
    if (error instanceof ApiError && DEFINITIVE_VERIFY_STATUSES.has(error.status)) throw error;
    console.warn('Verifying the payment failed; the server will confirm it.', error);
    return { paymentId: result.razorpay_payment_id, status: 'Pending' };
  }
  return { paymentId: verified.paymentId, status: verified.status };
}
