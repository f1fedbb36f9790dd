import type { CheckoutResult, VerifyPaymentResponse } from '../../src/domain/payments';
import { HttpError } from '../errors';
import type { PaymentsContext } from './context';
import { markPaid } from './mark-paid';
import { gatewayOrderDoc, isOwnedBy, type GatewayOrderLink, type GatewayOrderOwner } from './store';

export const PAYMENT_SUCCESS = 'Payment successful.';
export const PAYMENT_MISMATCH =
  'This payment does not match the current order or amount. It has been recorded and will be reviewed for a refund.';
export const PAYMENT_NOT_APPLIED =
  'This was already paid (or no longer exists). Your payment has been recorded and will be reviewed for a refund.';

/**
 * The browser's checkout result. The signature is checked (constant time) over the gateway order
 * id we issued, and that id alone picks the document to mark, so a valid signature of one order
 * can never pay another. The gateway must also report the payment captured for that order.
 * Calling it twice is a harmless success.
 */
export async function verifyPayment(
  ctx: PaymentsContext,
  owner: GatewayOrderOwner,
  body: CheckoutResult,
): Promise<VerifyPaymentResponse> {
  const { db, gateway } = ctx;
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = body;
  if (!gateway.verifyCheckoutSignature(orderId, paymentId, signature)) {
    throw new HttpError(400, 'Payment verification failed: the signature is invalid.');
  }
  const [linkSnap, payment] = await Promise.all([gatewayOrderDoc(db, orderId).get(), gateway.fetchPayment(paymentId)]);
  const link = linkSnap.exists ? (linkSnap.data() as GatewayOrderLink) : undefined;
  if (!link || !isOwnedBy(link, owner)) throw new HttpError(404, 'Payment order not found.');
  if (!payment || payment.orderId !== orderId) {
    throw new HttpError(400, 'Payment verification failed: the payment does not belong to this order.');
  }
  if (payment.status === 'authorized') {
    // Auto-capture follows within moments; the webhook or reconciliation completes it.
    return { status: 'Pending', paymentId, message: 'Payment received. The status will update shortly.' };
  }
  if (payment.status !== 'captured') {
    throw new HttpError(400, payment.errorDescription ?? 'The payment was not completed.');
  }
  const { outcome } = await markPaid(
    ctx,
    {
      gatewayOrderId: orderId,
      paymentId,
      amountPaise: payment.amount,
      method: payment.method,
      source: 'verify',
    },
    link,
  );
  // Answer what really happened: only a payment that is (or already was) applied to its document is 'Paid'.
  switch (outcome) {
    case 'paid':
    case 'already-recorded':
      return { status: 'Paid', paymentId, message: PAYMENT_SUCCESS };
    case 'mismatch':
      throw new HttpError(409, PAYMENT_MISMATCH);
    case 'already-paid':
      throw new HttpError(409, PAYMENT_NOT_APPLIED);
    default:
      throw new HttpError(404, 'Payment order not found.');
  }
}
