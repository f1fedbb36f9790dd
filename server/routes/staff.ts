import { Router, type Request } from 'express';
import { billingDetailsSchema } from '../../src/domain/profile-schemas';
import { dateRangeSchema, monthSchema } from '../../src/domain/ist';
import { documentIdSchema } from '../../src/domain/schemas';
import { enquiryUpdateSchema } from '../../src/domain/enquiries';
import { issueProformaSchema, proformaFieldsSchema } from '../../src/domain/proforma';
import { offlinePaymentSchema, refundRequestSchema } from '../../src/domain/payments';
import { serviceUpdateSchema } from '../../src/domain/renewals';
import {
  bookingsContext,
  paymentsContext,
  projectsContext,
  renewalsContext,
  supportContext,
  type AppDeps,
} from '../app-deps';
import { addAudit, recordAudit } from '../audit';
import { actorOf, requireStaff } from '../auth';
import { updateEnquiry } from '../enquiries/enquiries';
import { HttpError } from '../errors';
import {
  BOOKINGS_JOB,
  bookingsJob,
  JobRunner,
  PROJECTS_JOB,
  projectsJob,
  RECONCILE_JOB,
  reconcileJob,
  RENEWALS_JOB,
  renewalsJob,
  SUPPORT_JOB,
  supportJob,
  UPLOADS_JOB,
  uploadsJob,
} from '../jobs';
import { blockTimeSchema, bookingSettingsSchema } from '../../src/domain/bookings';
import { blockTime, bookingSettings, markNoShow, removeBlock, saveBookingSettings } from '../bookings/console';
import type { JobDefinition } from '../jobs/runner';
import { resendMail } from '../mail/drain';
import { recordOfflinePayment } from '../payments/offline';
import { cancelInvoice, issueProforma, previewProforma } from '../payments/proformas';
import { refundPayment } from '../payments/refunds';
import { updateBillingDetails } from '../staff/customers';
import { accountantPack } from '../staff/accountant-pack';
import { billEnquiry, previewEnquiryBill } from '../staff/enquiry-billing';
import { paymentsCsv } from '../staff/export';
import { financialYearTurnover } from '../staff/turnover';
import { financialYearSchema } from '../../src/domain/turnover';
import { reinstateService, stopService, updateService } from '../renewals/actions';
import { requestDeadline } from '../deadline';
import { sendDownload } from './downloads';
import { JOB_REQUEST_TIMEOUT_MS } from './jobs';

/** A path parameter that must be a document id (400 otherwise). */
const idParam = (value: unknown) => documentIdSchema.parse(value);

/**
 * `/api/staff/...`: every write the console makes. Each route checks a verified, unrevoked ID
 * token with the `staff` claim (401 / 403), validates its body with the shared schemas (400 with
 * `{ message }`), and writes an auditLog entry in the same transaction as its change.
 */
export function staffRouter(deps: AppDeps): Router {
  const router = Router();
  const { db, auth } = deps.firebase;
  const payments = paymentsContext(deps);
  router.use('/api/staff', ...requireStaff(auth));

  router.post('/api/staff/enquiries/:id', async (req, res) => {
    const update = enquiryUpdateSchema.parse(req.body ?? {});
    const result = await updateEnquiry(db, idParam(req.params.id), update, actorOf(req.user!));
    res.json(result);
  });

  router.post('/api/staff/customers/:uid/billing', async (req, res) => {
    const uid = idParam(req.params.uid);
    const details = billingDetailsSchema.parse(req.body ?? {});
    res.json(await updateBillingDetails(db, uid, details, actorOf(req.user!)));
  });

  // Bill an enquiry: a proforma to its sender, whether or not they have an account (a lead).
  router.post('/api/staff/enquiries/:id/proforma', async (req, res) => {
    const fields = proformaFieldsSchema.parse(req.body ?? {});
    const issued = await billEnquiry(
      { ...payments, logger: req.log },
      auth,
      idParam(req.params.id),
      fields,
      actorOf(req.user!),
    );
    res.status(201).json(issued);
  });

  // Previews write nothing: the exact mail and PDF issuing would send, for staff to check first.
  router.post('/api/staff/enquiries/:id/proforma/preview', async (req, res) => {
    const fields = proformaFieldsSchema.parse(req.body ?? {});
    res.json(await previewEnquiryBill(payments, auth, idParam(req.params.id), fields));
  });

  router.post('/api/staff/invoices/preview', async (req, res) => {
    res.json(await previewProforma(payments, issueProformaSchema.parse(req.body ?? {})));
  });

  router.post('/api/staff/invoices', async (req, res) => {
    const input = issueProformaSchema.parse(req.body ?? {});
    const issued = await issueProforma({ ...payments, logger: req.log }, input, { actor: actorOf(req.user!) });
    res.status(201).json(issued);
  });

  router.post('/api/staff/customers/:uid/invoices/:id/cancel', async (req, res) => {
    await cancelInvoice(payments, { uid: idParam(req.params.uid), docId: idParam(req.params.id) }, actorOf(req.user!));
    res.json({ status: 'Cancelled' });
  });

  router.post('/api/staff/payments/:id/refunds', async (req, res) => {
    const body = refundRequestSchema.parse(req.body ?? {});
    const result = await refundPayment(
      { ...payments, logger: req.log },
      { paymentId: idParam(req.params.id), ...body },
      actorOf(req.user!),
    );
    res.status(result.status === 'pending' ? 202 : result.status === 'failed' ? 502 : 200).json(result);
  });

  router.post('/api/staff/payments/offline', async (req, res) => {
    const input = offlinePaymentSchema.parse(req.body ?? {});
    const result = await recordOfflinePayment({ ...payments, logger: req.log }, input, actorOf(req.user!));
    res.status(result.outcome === 'already-recorded' ? 200 : 201).json(result);
  });

  router.get('/api/staff/payments.csv', async (req, res) => {
    const range = dateRangeSchema.parse({ from: req.query.from, to: req.query.to });
    sendDownload(res, {
      fileName: `payments-${range.from}-to-${range.to}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: await paymentsCsv(db, range),
    });
  });

  router.get('/api/staff/accountant-pack', async (req, res) => {
    const month = monthSchema.parse(req.query.month);
    const { tax, hsnDigits } = deps.config.documents;
    const pack = await accountantPack(db, month, {
      sellerRegistered: tax.registered,
      hsnDigits,
      tally: deps.config.tally,
    });
    sendDownload(res, { fileName: pack.fileName, contentType: 'application/zip', body: Buffer.from(pack.zip) });
  });

  /**
   * A job's pass now, from the console: the API's own runner when it runs the job (its lease:
   * never two passes at once, across instances; it keeps the report on leases/{name}), else a
   * one-off runner (tests, the job's timer off). Audited; 409 while a pass runs, 502 if it failed.
   */
  async function runJobNow<Report>(
    req: Request,
    name: string,
    oneOff: (logger: Request['log']) => JobDefinition<Report>,
    messages: { busy: string; failed: string },
  ) {
    const runner = deps.jobs?.has(name) ? deps.jobs : new JobRunner(db, req.log).register(oneOff(req.log));
    const outcome = await runner.run(name, { trigger: 'manual', force: true });
    await recordAudit(db, {
      actor: actorOf(req.user!),
      action: 'job.run',
      target: `leases/${name}`,
      before: null,
      after: { outcome: outcome.outcome, ok: outcome.outcome === 'ran' ? outcome.ok : null },
    });
    if (outcome.outcome === 'busy') throw new HttpError(409, messages.busy);
    if (outcome.outcome === 'ran' && !outcome.ok) {
      throw new HttpError(502, `${messages.failed}: ${outcome.error ?? 'unknown error'}`);
    }
    return outcome;
  }

  router.post('/api/staff/jobs/reconcile/run', async (req, res) => {
    const outcome = await runJobNow(req, RECONCILE_JOB, (logger) => reconcileJob({ ...payments, logger }, 0), {
      busy: 'Reconciliation is running already. Try again shortly.',
      failed: 'Reconciliation failed',
    });
    res.json(outcome);
  });

  // Yearly maintenance renewals: run the job now (audited like reconciliation's Run now), and a
  // service's changes, each audited in its own transaction.
  router.post('/api/staff/jobs/renewals/run', requestDeadline(JOB_REQUEST_TIMEOUT_MS), async (req, res) => {
    const outcome = await runJobNow(
      req,
      RENEWALS_JOB,
      (logger) => renewalsJob({ ...renewalsContext(deps), logger }, 0),
      { busy: 'Renewals are running already. Try again shortly.', failed: 'Renewals failed' },
    );
    res.json(outcome);
  });

  // Support SLAs: warnings and closing resolved requests, now.
  router.post('/api/staff/jobs/support/run', requestDeadline(JOB_REQUEST_TIMEOUT_MS), async (req, res) => {
    const outcome = await runJobNow(req, SUPPORT_JOB, () => supportJob(supportContext(deps), 0), {
      busy: 'The support job is running already. Try again shortly.',
      failed: 'The support job failed',
    });
    res.json(outcome);
  });

  // Projects: sign-off reminders and deemed acceptances, now.
  router.post('/api/staff/jobs/projects/run', requestDeadline(JOB_REQUEST_TIMEOUT_MS), async (req, res) => {
    const outcome = await runJobNow(
      req,
      PROJECTS_JOB,
      (logger) => projectsJob({ ...projectsContext(deps), logger }, 0),
      {
        busy: 'The projects job is running already. Try again shortly.',
        failed: 'The projects job failed',
      },
    );
    res.json(outcome);
  });
  // Uploads never attached: deleted now (those older than a day).
  router.post('/api/staff/jobs/uploads/run', requestDeadline(JOB_REQUEST_TIMEOUT_MS), async (req, res) => {
    const outcome = await runJobNow(req, UPLOADS_JOB, () => uploadsJob(db, 0), {
      busy: 'The uploads job is running already. Try again shortly.',
      failed: 'The uploads job failed',
    });
    res.json(outcome);
  });
  // Consultations: reminders now, the availability, blocked time and no-shows.
  const bookings = bookingsContext(deps);
  router.post('/api/staff/jobs/bookings/run', requestDeadline(JOB_REQUEST_TIMEOUT_MS), async (req, res) => {
    const outcome = await runJobNow(req, BOOKINGS_JOB, () => bookingsJob(bookings, 0), {
      busy: 'The bookings job is running already. Try again shortly.',
      failed: 'The bookings job failed',
    });
    res.json(outcome);
  });
  router.get('/api/staff/bookings/settings', async (_req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await bookingSettings(bookings));
  });
  router.post('/api/staff/bookings/settings', async (req, res) => {
    const settings = bookingSettingsSchema.parse(req.body ?? {});
    await saveBookingSettings(bookings, settings, actorOf(req.user!));
    res.json({ settings, saved: true });
  });
  router.post('/api/staff/bookings/blocks', async (req, res) => {
    const block = blockTimeSchema.parse(req.body ?? {});
    res.status(201).json(await blockTime(bookings, block, actorOf(req.user!)));
  });
  router.post('/api/staff/bookings/blocks/:id/remove', async (req, res) => {
    await removeBlock(bookings, idParam(req.params.id), actorOf(req.user!));
    res.json({ removed: true });
  });
  router.post('/api/staff/bookings/:id/no-show', async (req, res) => {
    await markNoShow(bookings, idParam(req.params.id), actorOf(req.user!));
    res.json({ status: 'No-show' });
  });

  const serviceRef = (params: Record<string, unknown>) => ({ uid: idParam(params.uid), serviceId: idParam(params.id) });
  router.post('/api/staff/customers/:uid/services/:id', async (req, res) => {
    const update = serviceUpdateSchema.parse(req.body ?? {});
    const ctx = { ...renewalsContext(deps), logger: req.log };
    res.json(await updateService(ctx, serviceRef(req.params), update, { actor: actorOf(req.user!) }));
  });
  router.post('/api/staff/customers/:uid/services/:id/cancel', async (req, res) => {
    const ctx = { ...renewalsContext(deps), logger: req.log };
    res.json(await stopService(ctx, serviceRef(req.params), { by: 'staff', actor: actorOf(req.user!) }));
  });
  router.post('/api/staff/customers/:uid/services/:id/reinstate', async (req, res) => {
    const ctx = { ...renewalsContext(deps), logger: req.log };
    res.json(await reinstateService(ctx, serviceRef(req.params), { actor: actorOf(req.user!) }));
  });

  router.post('/api/staff/mail/:id/resend', async (req, res) => {
    const id = idParam(req.params.id);
    const outcome = await resendMail(db, id, (tx) =>
      addAudit(tx, db, {
        actor: actorOf(req.user!),
        action: 'mail.resend',
        target: `mail/${id}`,
        before: { status: 'failed' },
        after: { status: 'pending' },
      }),
    );
    if (outcome === 'not-found') throw new HttpError(404, 'Mail not found.');
    if (outcome === 'not-failed') throw new HttpError(409, 'Only a failed mail can be resent.');
    res.json({ status: 'pending' });
  });

  // The Today page's turnover watch: the year's taxable value, read against the e-invoicing threshold.
  router.get('/api/staff/turnover', async (req, res) => {
    const year = financialYearSchema.parse(req.query.year);
    res.json(await financialYearTurnover(db, year, deps.config.TURNOVER_WARNING_RUPEES * 100));
  });

  return router;
}
