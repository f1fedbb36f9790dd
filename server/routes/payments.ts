import { Router, type Request, type RequestHandler } from 'express';
import { COMPANY_HEADER } from '../../src/domain/companies';
import { dateRangeSchema } from '../../src/domain/ist';
import {
  offlinePaymentSchema,
  paymentOrderRequestSchema,
  refundRequestSchema,
  verifyPaymentSchema,
  type PaymentOrderResponse,
} from '../../src/domain/payments';
import { issueProformaSchema } from '../../src/domain/proforma';
import { paymentsContext, type AppDeps } from '../app-deps';
import { actorOf, authenticate, requireStaff, tokenNotRevoked } from '../auth';
import { actingCompanyId, requireMemberRole } from '../companies/access';
import { requestDeadline } from '../deadline';
import { documentIdSchema, newInvoiceFormSchema } from '../../src/domain/schemas';
import { openCheckout } from '../payments/checkout';
import { createCustomerInvoice } from '../payments/customer-invoices';
import { recordOfflinePayment } from '../payments/offline';
import { cancelInvoice, issueProforma, previewProforma } from '../payments/proformas';
import { refundPayment } from '../payments/refunds';
import { paymentsCsv } from '../documents/payments-export';
import { SandboxGateway } from '../payments/sandbox';
import { verifyPayment } from '../payments/verify';
import { handleWebhook } from '../payments/webhook';
import { sendDownload } from './downloads';
import { perMinute } from './rate-limits';
import { sandboxPaymentsRouter } from './sandbox-payments';

export const WEBHOOK_TIMEOUT_MS = 4000;
export const PAYMENT_RATE_LIMIT_MESSAGE = 'Too many payment attempts. Please wait a minute and try again.';

/**
 * The company a signed-in payer pays for (the X-Company-Id header or the body's companyId; their
 * own by default), when their role there may pay: its owner or a billing member. The one check of
 * every route below that pays (an order, the customer's own invoice, verify, the sandbox's
 * buttons; declaring TDS, which leaves the company a certificate to give us, with them): the
 * membership read now, before the payable is read, so another company's payable is never claimed
 * even for a moment; 404 for anyone outside the company, 403 naming the role. The implicit owner
 * of a company not founded yet pays as before companies (nothing is founded here).
 */
async function payingCompany(deps: AppDeps, req: Request, { named }: { named?: unknown } = {}): Promise<string> {
  const user = req.user!;
  const companyId = actingCompanyId(user, req.get(COMPANY_HEADER) ?? named);
  await requireMemberRole(deps.firebase, user, companyId, 'pay');
  return companyId;
}

/**
 * POST /api/payments/orders (and the spec's POST /create-razorpay-order, either body shape),
 * POST /api/payments/verify and POST /api/payments/webhook. The person always comes from the ID
 * token, and pays for a company whose member they are with a role that may pay (payingCompany);
 * amounts always come from Firestore and the catalogue, never from the request. Staff's billing
 * (see staffBilling): invoices, refunds, offline payments, the payments CSV.
 */
export function paymentsRouter(deps: AppDeps): Router {
  const router = Router();
  const ctx = paymentsContext(deps);
  // Counted in Firestore, so it holds across instances (it caps the gateway orders a client causes).
  const limiter = perMinute(deps, 'payments', deps.config.PAYMENT_RATE_LIMIT_PER_MINUTE, PAYMENT_RATE_LIMIT_MESSAGE);
  const requireUser = authenticate(deps.firebase.auth, { required: true });
  const requireUserAlongside = authenticate(deps.firebase.auth, { required: true, revocation: 'alongside' });

  // Order creation counts the request and checks its token's revocation while it reads the
  // payable and takes its claim, and waits for those verdicts only before calling the gateway:
  // neither costs time of its own.
  const counts = new WeakMap<Request, Promise<void>>();
  const startCount: RequestHandler = (req, _res, next) => {
    const counted = limiter.count(req);
    counted.catch(() => undefined); // awaited by the handler; a 401 before it needs no verdict
    counts.set(req, counted);
    next();
  };

  const createOrder: RequestHandler = async (req, res) => {
    const allowed = Promise.all([counts.get(req) ?? limiter.count(req), tokenNotRevoked(req)]).then(() => undefined);
    allowed.catch(() => undefined); // awaited by openCheckout
    const body = paymentOrderRequestSchema.parse(req.body ?? {});
    const companyId = await payingCompany(deps, req, { named: body.companyId });
    const order = await openCheckout(
      { ...ctx, logger: req.log },
      {
        // The company's id: its records keep it as `uid`.
        uid: companyId,
        type: body.type,
        docId: body.firestore_id,
        claimedAmount: body.amount,
        purchaseOrder: {
          poNumber: body.poNumber ?? '',
          vendorCode: body.vendorCode ?? '',
          change: { actor: actorOf(req.user!), via: 'account' },
        },
        tds: body.tds ?? null,
      },
      allowed,
    );
    const response: PaymentOrderResponse = {
      id: order.id,
      amount: order.amountPaise,
      currency: order.currency,
      keyId: ctx.gateway.keyId,
      gateway: ctx.gateway.mode,
      ...(order.tds ? { tds: { tdsPaise: order.tds.paise, tdsSection: order.tds.section } } : {}),
    };
    res.status(order.reused ? 200 : 201).json(response);
  };
  for (const path of ['/api/payments/orders', '/create-razorpay-order']) {
    router.post(path, startCount, requireUserAlongside, createOrder);
  }

  // The contact section's Pay Invoice form: an invoice the customer enters (unique per customer, any case).
  router.post('/api/invoices', limiter, requireUser, async (req, res) => {
    const invoice = newInvoiceFormSchema.parse(req.body ?? {});
    res.status(201).json(await createCustomerInvoice(ctx, await payingCompany(deps, req), invoice));
  });

  router.post('/api/payments/verify', limiter, requireUser, async (req, res) => {
    const body = verifyPaymentSchema.parse(req.body ?? {});
    const companyId = await payingCompany(deps, req);
    res.json(await verifyPayment({ ...ctx, logger: req.log }, { uid: companyId }, body));
  });

  // The body is raw bytes (see app.ts): the signature covers exactly what the gateway sent. Razorpay
  // wants an answer within 5 s, so a webhook gets a 4 s budget: past it, a 503 it will retry.
  router.post('/api/payments/webhook', requestDeadline(WEBHOOK_TIMEOUT_MS), async (req, res) => {
    const result = await handleWebhook(
      { ...ctx, logger: req.log },
      {
        rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        signature: req.get('x-razorpay-signature'),
        eventId: req.get('x-razorpay-event-id'),
      },
    );
    res.json({ status: 'ok', ...result });
  });

  if (ctx.gateway instanceof SandboxGateway) {
    router.use(sandboxPaymentsRouter(deps, ctx.gateway, limiter, (req) => payingCompany(deps, req)));
  }
  staffBilling(router, deps);
  return router;
}

/** A path parameter that must be a document id (400 otherwise). */
const idParam = (value: unknown) => documentIdSchema.parse(value);

/**
 * The console's billing (staff only, each write audited with its change): proformas previewed,
 * issued and cancelled, refunds, offline payments, and the payments CSV of a date range (India).
 */
function staffBilling(router: Router, deps: AppDeps): void {
  const payments = paymentsContext(deps);
  const staff = requireStaff(deps.firebase.auth);

  router.post('/api/staff/invoices/preview', ...staff, async (req, res) => {
    res.json(await previewProforma(payments, issueProformaSchema.parse(req.body ?? {})));
  });

  router.post('/api/staff/invoices', ...staff, async (req, res) => {
    const input = issueProformaSchema.parse(req.body ?? {});
    const issued = await issueProforma({ ...payments, logger: req.log }, input, { actor: actorOf(req.user!) });
    res.status(201).json(issued);
  });

  router.post('/api/staff/customers/:uid/invoices/:id/cancel', ...staff, async (req, res) => {
    await cancelInvoice(payments, { uid: idParam(req.params.uid), docId: idParam(req.params.id) }, actorOf(req.user!));
    res.json({ status: 'Cancelled' });
  });

  router.post('/api/staff/payments/:id/refunds', ...staff, async (req, res) => {
    const body = refundRequestSchema.parse(req.body ?? {});
    const result = await refundPayment(
      { ...payments, logger: req.log },
      { paymentId: idParam(req.params.id), ...body },
      actorOf(req.user!),
    );
    res.status(result.status === 'pending' ? 202 : result.status === 'failed' ? 502 : 200).json(result);
  });

  router.post('/api/staff/payments/offline', ...staff, async (req, res) => {
    const input = offlinePaymentSchema.parse(req.body ?? {});
    const result = await recordOfflinePayment({ ...payments, logger: req.log }, input, actorOf(req.user!));
    res.status(result.outcome === 'already-recorded' ? 200 : 201).json(result);
  });

  router.get('/api/staff/payments.csv', ...staff, async (req, res) => {
    const range = dateRangeSchema.parse({ from: req.query.from, to: req.query.to });
    sendDownload(res, {
      fileName: `payments-${range.from}-to-${range.to}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: await paymentsCsv(deps.firebase.db, range),
    });
  });
}
