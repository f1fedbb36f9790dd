import { Router, type Request } from 'express';
import { bookingsContext, paymentsContext, projectsContext, renewalsContext, supportContext, type AppDeps } from '../app-deps';
import { recordAudit } from '../audit';
import { actorOf, requireStaff } from '../auth';
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
import type { JobDefinition } from '../jobs/runner';
import { requestDeadline } from '../deadline';
import { JOB_REQUEST_TIMEOUT_MS } from './jobs';

/**
 * `/api/staff/...`: every staff path needs a verified, unrevoked ID token with the `staff` claim
 * (401 / 403), even one that does not exist; the console's "Run now" of each job, audited. Each
 * area's staff routes are in its own router.
 */
export function staffRouter(deps: AppDeps): Router {
  const router = Router();
  const { db, auth } = deps.firebase;
  const payments = paymentsContext(deps);
  router.use('/api/staff', ...requireStaff(auth));

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

  // Yearly maintenance renewals: run the job now (audited like reconciliation's Run now).
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
  // Consultations: reminders now.
  const bookings = bookingsContext(deps);
  router.post('/api/staff/jobs/bookings/run', requestDeadline(JOB_REQUEST_TIMEOUT_MS), async (req, res) => {
    const outcome = await runJobNow(req, BOOKINGS_JOB, () => bookingsJob(bookings, 0), {
      busy: 'The bookings job is running already. Try again shortly.',
      failed: 'The bookings job failed',
    });
    res.json(outcome);
  });
  return router;
}
