import { Router, type Request, type RequestHandler } from 'express';
import { sandboxPaySchema } from '../../src/domain/payments';
import { paymentsContext, type AppDeps } from '../app-deps';
import { authenticate } from '../auth';
import type { SandboxGateway } from '../payments/sandbox';
import { payInSandbox } from '../payments/sandbox-checkout';

/**
 * POST /api/payments/sandbox/pay: the Pay and Fail buttons of the in-site test checkout. Exists
 * only when the server runs the sandbox gateway (no Razorpay keys); see payInSandbox.
 */
export function sandboxPaymentsRouter(
  deps: AppDeps,
  sandbox: SandboxGateway,
  limiter: RequestHandler,
  /** The company the person pays for, once their role there may pay (see the payments router). */
  payingCompanyOf: (req: Request) => Promise<string>,
): Router {
  const router = Router();
  const ctx = paymentsContext(deps);
  router.post(
    '/api/payments/sandbox/pay',
    limiter,
    authenticate(deps.firebase.auth, { required: true }),
    async (req, res) => {
      const body = sandboxPaySchema.parse(req.body ?? {});
      res.json(await payInSandbox({ ...ctx, logger: req.log }, sandbox, { uid: await payingCompanyOf(req) }, body));
    },
  );
  return router;
}
