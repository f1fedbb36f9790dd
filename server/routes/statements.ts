import { Router, type Request } from 'express';
import { z } from 'zod';
import { purchaseOrderRulesSchema, purchaseOrderSchema } from '../../src/domain/purchase-order';
import { documentIdSchema } from '../../src/domain/schemas';
import { statementRangeSchema } from '../../src/domain/statement';
import { statementsContext, type AppDeps } from '../app-deps';
import { actorOf, authenticate, requireStaff } from '../auth';
import { setInvoicePurchaseOrder, setPurchaseOrderRules } from '../payments/purchase-orders';
import { statementReader } from '../statements/access';
import { companyStatement, mailStatement, statementCsv, statementPdf } from '../statements/statements';
import { sendPdf } from './send-pdf';

/** Made once when the console's Mail button is pressed: a retry is the same mail. */
const mailRequestSchema = z.object({
  from: z.string(),
  to: z.string(),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{10,40}$/, 'requestId must be 10-40 letters, digits, "-" or "_".'),
});

/**
 * `/api/companies/{companyId}/…`: a company's statement of account (JSON for its page, PDF, CSV)
 * and its purchase-order rules, for whoever statementReader lets (staff, and the members whose
 * role may; anyone else gets 404); staff also mail the statement and set a proforma's PO number.
 * A company's id is its founding customer's uid.
 */
export function statementsRouter(deps: AppDeps): Router {
  const router = Router();
  const ctx = statementsContext(deps);
  const { db, auth } = deps.firebase;
  const requireUser = authenticate(auth, { required: true });
  const companyOf = (req: Request) => documentIdSchema.parse(req.params.companyId);
  const rangeOf = (req: Request) => statementRangeSchema.parse({ from: req.query.from, to: req.query.to });

  /** The statement of the company in the path, for a reader allowed to see it. */
  async function statement(req: Request) {
    const companyId = companyOf(req);
    await statementReader(deps.firebase, req.user, companyId);
    return companyStatement({ ...ctx, logger: req.log }, companyId, rangeOf(req));
  }

  router.get('/api/companies/:companyId/statement', requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await statement(req));
  });

  router.get('/api/companies/:companyId/statement.pdf', requireUser, async (req, res) => {
    sendPdf(res, await statementPdf((await statement(req)).snapshot));
  });

  router.get('/api/companies/:companyId/statement.csv', requireUser, async (req, res) => {
    const { fileName, csv } = statementCsv((await statement(req)).snapshot);
    res
      .status(200)
      .set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'private, no-store',
      })
      .send(csv);
  });

  // The company's purchase-order rules: whether a PO number is required, and its vendor code for us.
  router.post('/api/companies/:companyId/purchase-order-rules', requireUser, async (req, res) => {
    const companyId = companyOf(req);
    const reader = await statementReader(deps.firebase, req.user, companyId, 'managePurchaseOrders');
    const rules = purchaseOrderRulesSchema.parse(req.body ?? {});
    res.json(await setPurchaseOrderRules(db, companyId, rules, actorOf(reader.user)));
  });

  router.post('/api/staff/companies/:companyId/statement/mail', ...requireStaff(auth), async (req, res) => {
    const companyId = companyOf(req);
    const body = mailRequestSchema.parse(req.body ?? {});
    const range = statementRangeSchema.parse(body);
    const result = await mailStatement(
      { ...ctx, logger: req.log },
      companyId,
      range,
      body.requestId,
      actorOf(req.user!),
    );
    res.status(result.status === 'queued' ? 201 : 200).json(result);
  });

  // Staff set the PO number and vendor code of an open proforma (the buyer sends them later).
  router.post(
    '/api/staff/companies/:companyId/invoices/:invoiceId/purchase-order',
    ...requireStaff(auth),
    async (req, res) => {
      const companyId = companyOf(req);
      const docId = documentIdSchema.parse(req.params.invoiceId);
      const body = purchaseOrderSchema.parse(req.body ?? {});
      const purchaseOrder = await setInvoicePurchaseOrder(db, { uid: companyId, docId }, body, {
        actor: actorOf(req.user!),
        via: 'staff',
      });
      res.json({ purchaseOrder });
    },
  );
  return router;
}
