import { Router, type Request, type RequestHandler } from 'express';
import { paymentOrderRequestSchema, verifyPaymentSchema, type PaymentOrderResponse } from '../../src/domain/payments';
import type { AppDeps } from '../app-deps';
import { authenticate, tokenNotRevoked } from '../auth';
import { requestDeadline } from '../deadline';
import { replaceOpenOrders } from '../payments/order-lifecycle';
import { createPaymentOrder } from '../payments/payment-orders';
import { SandboxGateway } from '../payments/sandbox';
import { verifyPayment } from '../payments/verify';
import { handleWebhook } from '../payments/webhook';
import { perMinuteLimiter } from '../rate-limit';
import { sandboxPaymentsRouter } from './sandbox-payments';

export const WEBHOOK_TIMEOUT_MS = 4000;
export const PAYMENT_RATE_LIMIT_MESSAGE = 'Too many payment attempts. Please wait a minute and try again.';

/**
 * POST /api/payments/orders (and the spec's POST /create-razorpay-order, either body shape),
 * POST /api/payments/verify and POST /api/payments/webhook. The uid always comes from the ID
 * token; amounts always come from Firestore and the catalogue, never from the request.
 */
export function paymentsRouter(deps: AppDeps): Router {
  const router = Router();
  const { db, auth } = deps.firebase;
  const { gateway } = deps;
  // Counted in Firestore, so it holds across instances (it caps the gateway orders a client causes).
  const limiter = perMinuteLimiter(deps.config.PAYMENT_RATE_LIMIT_PER_MINUTE, PAYMENT_RATE_LIMIT_MESSAGE, {
    db,
    name: `${deps.config.RATE_LIMIT_SCOPE}.payments`,
  });
  const requireUser = authenticate(auth, { required: true });
  const requireUserAlongside = authenticate(auth, { required: true, revocation: 'alongside' });

  // Order creation counts the request and checks its token's revocation while it reads the
  // document and takes its claim, and waits for those verdicts only before calling the gateway:
  // neither costs time of its own.
  const counts = new WeakMap<Request, Promise<void>>();
  const startCount: RequestHandler = (req, _res, next) => {
    const counted = limiter.count(req);
    counted.catch(() => undefined); // awaited by the handler; a 401 before it needs no verdict
    counts.set(req, counted);
    next();
  };

  const createOrder: RequestHandler = async (req, res) => {
    // Both verdicts come before the gateway is called and before any answer.
    const allowed = Promise.all([counts.get(req) ?? limiter.count(req), tokenNotRevoked(req)]).then(() => undefined);
    allowed.catch(() => undefined);
    const body = paymentOrderRequestSchema.parse(req.body ?? {});
    const uid = req.user!.uid;
    const creating = createPaymentOrder(
      db,
      gateway,
      { uid, type: body.type, docId: body.firestore_id },
      deps.config.documents.tax,
      { beforeGateway: () => allowed },
    );
    // A refusal answers only once the order path has stopped (and given its claim back).
    const [created, verdict] = await Promise.allSettled([creating, allowed]);
    if (verdict.status === 'rejected') throw verdict.reason;
    if (created.status === 'rejected') throw created.reason;
    const order = created.value;
    if (body.type === 'product_order') {
      // This order is the cart as it is now: the customer's older open orders are replaced by it,
      // after the answer (the checkout need not wait for it). A failure leaves them to the expiry
      // job; it must not stop this payment.
      replaceOpenOrders(db, gateway, uid, body.firestore_id).catch((error: unknown) =>
        req.log?.warn({ err: error }, 'replacing the open orders failed'),
      );
    }
    // The body's amount is only compared (for the log), never charged.
    const claimed = Number(body.amount);
    if (body.amount !== undefined && Math.round(claimed * 100) !== order.amountPaise) {
      req.log?.warn(
        { claimed: body.amount, amountPaise: order.amountPaise, docId: body.firestore_id },
        'client amount differs; ignored',
      );
    }
    const response: PaymentOrderResponse = {
      id: order.id,
      amount: order.amountPaise,
      currency: order.currency,
      keyId: gateway.keyId,
      gateway: gateway.mode,
    };
    res.status(order.reused ? 200 : 201).json(response);
  };
  for (const path of ['/api/payments/orders', '/create-razorpay-order']) {
    router.post(path, startCount, requireUserAlongside, createOrder);
  }

  router.post('/api/payments/verify', limiter, requireUser, async (req, res) => {
    const body = verifyPaymentSchema.parse(req.body ?? {});
    res.json(await verifyPayment(db, gateway, req.user!.uid, body));
  });

  // The body is raw bytes (see app.ts): the signature covers exactly what the gateway sent. Razorpay
  // wants an answer within 5 s, so a webhook gets a 4 s budget: past it, a 503 it will retry.
  router.post('/api/payments/webhook', requestDeadline(WEBHOOK_TIMEOUT_MS), async (req, res) => {
    const result = await handleWebhook(
      db,
      gateway,
      {
        rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        signature: req.get('x-razorpay-signature'),
        eventId: req.get('x-razorpay-event-id'),
      },
      req.log,
    );
    res.json({ status: 'ok', ...result });
  });

  if (gateway instanceof SandboxGateway) {
    router.use(sandboxPaymentsRouter(deps, gateway, limiter));
  }
  return router;
}
