import type { SandboxPayResponse } from '../../src/domain/payments';
import { HttpError } from '../errors';
import type { PaymentsContext } from './context';
import type { SandboxGateway } from './sandbox';
import { gatewayOrderDoc, isOwnedBy, type GatewayOrderLink, type GatewayOrderOwner } from './store';
import { handleWebhook } from './webhook';

/**
 * The Pay and Fail buttons of the in-site test checkout (sandbox gateway only), for a gateway
 * order of the user's own. Like Razorpay, it answers the browser with a signed checkout result
 * and, separately, delivers the signed webhook to our own webhook handler (in-process, through the
 * same signature check), so both completion paths run; 'drop' loses the webhook (tests of
 * reconciliation).
 */
export async function payInSandbox(
  ctx: PaymentsContext,
  sandbox: SandboxGateway,
  owner: GatewayOrderOwner,
  request: { razorpay_order_id: string; outcome: 'success' | 'failure'; webhook: 'deliver' | 'drop' },
): Promise<SandboxPayResponse> {
  const link = await gatewayOrderDoc(ctx.db, request.razorpay_order_id).get();
  if (!link.exists || !isOwnedBy(link.data() as GatewayOrderLink, owner)) {
    throw new HttpError(404, 'Payment order not found.');
  }
  const outcome = await sandbox.simulatePayment(request.razorpay_order_id, request.outcome);
  if (!outcome) throw new HttpError(404, 'Payment order not found.');
  if (request.webhook === 'deliver') {
    // Like the real gateway, the webhook races the browser's verify call.
    setImmediate(() => {
      handleWebhook(ctx, { ...outcome.webhook }).catch((error: unknown) =>
        ctx.logger?.error({ err: error }, 'sandbox webhook delivery failed'),
      );
    });
  }
  return outcome.checkout
    ? { outcome: 'success', result: outcome.checkout }
    : {
        outcome: 'failure',
        error: {
          code: outcome.payment.errorCode ?? 'BAD_REQUEST_ERROR',
          description: outcome.payment.errorDescription ?? 'Payment failed.',
        },
      };
}
