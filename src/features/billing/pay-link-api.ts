import type { PayLinkView } from '@/domain/pay-link';
import { payLinkApiPath } from '@/domain/pay-link';
import {
  payLinkOrderSchema,
  type CheckoutResult,
  type PaymentOrderResponse,
  type SandboxPayResponse,
  type VerifyPaymentResponse,
} from '@/domain/payments';
import { apiClient } from '@/lib/api-client';
import { env } from '@/lib/env';

/** The only module of the pay page that talks to the API; no sign-in: the token opens its invoice. */

export function getPayLink(token: string): Promise<PayLinkView> {
  return apiClient.get<PayLinkView>(payLinkApiPath(token));
}

/** Where the PDFs download from (plain links: the token is all they need). */
export const payLinkPdfUrl = (token: string, which: 'proforma' | 'tax-invoice') =>
  `${env.apiUrl}${payLinkApiPath(token)}/${which}.pdf`;

export interface PayLinkOrder {
  id: string;
  amountPaise: number;
  currency: 'INR';
  keyId: string;
  gateway: 'razorpay' | 'sandbox';
  prefill: { name?: string; email?: string };
}

/**
 * The payment order of the link's invoice; with the buyer's PO number (and vendor code) when the
 * page asked for them, and the kind of payment when the payer deducts TDS (the server works out
 * the TDS and charges the rest).
 */
export async function createPayLinkOrder(
  token: string,
  request: { poNumber?: string; vendorCode?: string; tds?: { kind: string } | null } = {},
): Promise<PayLinkOrder> {
  const { amount, ...order } = await apiClient.post<PaymentOrderResponse & { prefill: PayLinkOrder['prefill'] }>(
    `${payLinkApiPath(token)}/orders`,
    payLinkOrderSchema.parse(request),
  );
  return { ...order, amountPaise: amount };
}

/** The sandbox checkout's Pay / Fail (only when the server has no Razorpay keys). */
export async function sandboxPayByLink(
  token: string,
  orderId: string,
  outcome: 'success' | 'failure',
): Promise<CheckoutResult> {
  const response = await apiClient.post<SandboxPayResponse>(`${payLinkApiPath(token)}/sandbox`, {
    razorpay_order_id: orderId,
    outcome,
  });
  if (response.outcome === 'failure') throw new Error(response.error.description);
  return response.result;
}

export function verifyPayLinkPayment(token: string, result: CheckoutResult): Promise<VerifyPaymentResponse> {
  return apiClient.post<VerifyPaymentResponse>(`${payLinkApiPath(token)}/verify`, result);
}
