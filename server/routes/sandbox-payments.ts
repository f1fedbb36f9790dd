import { Router, type RequestHandler } from 'express';
import { sandboxPaySchema, type SandboxPayResponse } from '../../src/domain/payments';
import type { AppDeps } from '../app-deps';
import { authenticate } from '../auth';
import { HttpError } from '../errors';
import type { SandboxGateway } from '../payments/sandbox';
import { gatewayOrderDoc } from '../payments/store';
import { handleWebhook } from '../payments/webhook';

/**
 * POST /api/payments/sandbox/pay: the Pay and Fail buttons of the in-site test checkout. Exists
 * only when the server runs the sandbox gateway (no Razorpay keys). Like Razorpay, it answers the
 * browser with a signed checkout result and, separately, delivers the signed webhook to our own
 * webhook handler (in-process, through the same signature check), so both completion paths run.
 */
export function sandboxPaymentsRouter(deps: AppDeps, gateway: SandboxGateway, limiter: RequestHandler): Router {
  const router = Router();
  const { db, auth } = deps.firebase;

  router.post('/api/payments/sandbox/pay', limiter, authenticate(auth, { required: true }), async (req, res) => {
    const body = sandboxPaySchema.parse(req.body ?? {});
    const link = await gatewayOrderDoc(db, body.razorpay_order_id).get();
    if (!link.exists || link.get('uid') !== req.user!.uid) throw new HttpError(404, 'Payment order not found.');
    const outcome = await gateway.simulatePayment(body.razorpay_order_id, body.outcome);
    if (!outcome) throw new HttpError(404, 'Payment order not found.');

    if (body.webhook === 'deliver') {
      // Like the real gateway, the webhook races the browser's verify call.
      setImmediate(() => {
        handleWebhook(db, gateway, { ...outcome.webhook }, req.log).catch((error: unknown) =>
          req.log?.error({ err: error }, 'sandbox webhook delivery failed'),
        );
      });
    }
    const response: SandboxPayResponse = outcome.checkout
      ? { outcome: 'success', result: outcome.checkout }
      : {
          outcome: 'failure',
          error: {
            code: outcome.payment.errorCode ?? 'BAD_REQUEST_ERROR',
            description: outcome.payment.errorDescription ?? 'Payment failed.',
          },
        };
    res.json(response);
  });
  return router;
}
