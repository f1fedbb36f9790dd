import { Router, type Request } from 'express';
import {
  payLinkOrderSchema,
  sandboxPaySchema,
  verifyPaymentSchema,
  type PaymentOrderResponse,
} from '../../src/domain/payments';
import { paymentsContext, type AppDeps } from '../app-deps';
import { payLinkCheckout, payLinkOwner, payLinkPdf, payLinkView } from '../payments/pay-page';
import { SandboxGateway } from '../payments/sandbox';
import { payInSandbox } from '../payments/sandbox-checkout';
import { verifyPayment } from '../payments/verify';
import { perMinute } from './rate-limits';
import { sendPdf } from './send-pdf';

export const PAY_LINK_RATE_LIMIT_MESSAGE = 'Too many requests for payment links. Please wait a minute and try again.';

/**
 * The pay page's API, `/api/pay/{token}/…`: no account needed; the token alone opens its one
 * invoice (see openPayLink) and everything else answers 404. Every request, a lookup or a payment,
 * counts against a per-client limit shared by all instances, so tokens cannot be guessed at speed.
 */
export function payRouter(deps: AppDeps): Router {
  const router = Router();
  const ctx = paymentsContext(deps);
  const limiter = perMinute(deps, 'pay-links', deps.config.PAY_LINK_RATE_LIMIT_PER_MINUTE, PAY_LINK_RATE_LIMIT_MESSAGE);
  router.use('/api/pay/:token', limiter);
  const token = (req: Request) => String(req.params.token);

  router.get('/api/pay/:token', async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await payLinkView(ctx, token(req)));
  });
  router.get('/api/pay/:token/proforma.pdf', async (req, res) => {
    sendPdf(res, await payLinkPdf(ctx, token(req), 'proforma'));
  });
  router.get('/api/pay/:token/tax-invoice.pdf', async (req, res) => {
    sendPdf(res, await payLinkPdf(ctx, token(req), 'paid'));
  });

  router.post('/api/pay/:token/orders', async (req, res) => {
    const body = payLinkOrderSchema.parse(req.body ?? {});
    const { tds, ...purchaseOrder } = body;
    const order = await payLinkCheckout({ ...ctx, logger: req.log }, token(req), Promise.resolve(), purchaseOrder, tds);
    const response: PaymentOrderResponse & { prefill: { name?: string; email?: string } } = {
      id: order.id,
      amount: order.amountPaise,
      currency: order.currency,
      keyId: ctx.gateway.keyId,
      gateway: ctx.gateway.mode,
      prefill: order.prefill,
      ...(order.tds ? { tds: { tdsPaise: order.tds.paise, tdsSection: order.tds.section } } : {}),
    };
    res.status(order.reused ? 200 : 201).json(response);
  });

  router.post('/api/pay/:token/verify', async (req, res) => {
    const body = verifyPaymentSchema.parse(req.body ?? {});
    const owner = await payLinkOwner(ctx, token(req));
    res.json(await verifyPayment({ ...ctx, logger: req.log }, owner, body));
  });

  if (ctx.gateway instanceof SandboxGateway) {
    const sandbox = ctx.gateway;
    router.post('/api/pay/:token/sandbox', async (req, res) => {
      const body = sandboxPaySchema.parse(req.body ?? {});
      const owner = await payLinkOwner(ctx, token(req));
      res.json(await payInSandbox({ ...ctx, logger: req.log }, sandbox, owner, body));
    });
  }
  return router;
}
