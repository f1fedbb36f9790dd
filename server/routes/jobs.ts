import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import {
  bookingsContext,
  paymentsContext,
  projectsContext,
  renewalsContext,
  supportContext,
  tdsContext,
  type AppDeps,
} from '../app-deps';
import { recordAudit } from '../audit';
import { actorOf, requireStaff } from '../auth';
import { requestDeadline } from '../deadline';
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
  TDS_CERTIFICATES_JOB,
  tdsCertificatesJob,
  UPLOADS_JOB,
  uploadsJob,
} from '../jobs';
import type { JobDefinition } from '../jobs/runner';

/** A triggered pass may take a while (reconciliation asks the gateway about each order). */
export const JOB_REQUEST_TIMEOUT_MS = 5 * 60_000;

type RequestLogger = Request['log'];

/** What the console's "Run now" of one job needs. */
interface ManualRun {
  /** A runner of just this job, for when the API's own runner does not run it (tests, its timer off). */
  oneOff: (deps: AppDeps, logger: RequestLogger) => JobRunner;
  /** The 409's message while a pass runs. */
  busy: string;
  /** The 502's message when the pass failed (its error follows). */
  failed: string;
  /** The request's budget, when longer than the default one. */
  budgetMs?: number;
}

const alone = <Report>(deps: AppDeps, logger: RequestLogger, job: JobDefinition<Report>) =>
  new JobRunner(deps.firebase.db, logger).register(job);

/** Every job staff may run now from the console (POST /api/staff/jobs/{name}/run). */
export const MANUAL_RUNS: Readonly<Record<string, ManualRun>> = {
  [RECONCILE_JOB]: {
    oneOff: (deps, logger) => alone(deps, logger, reconcileJob({ ...paymentsContext(deps), logger }, 0)),
    busy: 'Reconciliation is running already. Try again shortly.',
    failed: 'Reconciliation failed',
  },
  // Yearly maintenance renewals: invoices, reminders and lapses.
  [RENEWALS_JOB]: {
    oneOff: (deps, logger) => alone(deps, logger, renewalsJob({ ...renewalsContext(deps), logger }, 0)),
    busy: 'Renewals are running already. Try again shortly.',
    failed: 'Renewals failed',
    budgetMs: JOB_REQUEST_TIMEOUT_MS,
  },
  // Support SLAs: warnings and closing resolved requests.
  [SUPPORT_JOB]: {
    oneOff: (deps, logger) => alone(deps, logger, supportJob(supportContext(deps), 0)),
    busy: 'The support job is running already. Try again shortly.',
    failed: 'The support job failed',
    budgetMs: JOB_REQUEST_TIMEOUT_MS,
  },
  // Projects: sign-off reminders and deemed acceptances.
  [PROJECTS_JOB]: {
    oneOff: (deps, logger) => alone(deps, logger, projectsJob({ ...projectsContext(deps), logger }, 0)),
    busy: 'The projects job is running already. Try again shortly.',
    failed: 'The projects job failed',
    budgetMs: JOB_REQUEST_TIMEOUT_MS,
  },
  // Uploads never attached: deleted (those older than a day).
  [UPLOADS_JOB]: {
    oneOff: (deps, logger) => alone(deps, logger, uploadsJob(deps.firebase.db, 0)),
    busy: 'The uploads job is running already. Try again shortly.',
    failed: 'The uploads job failed',
    budgetMs: JOB_REQUEST_TIMEOUT_MS,
  },
  // Consultations: the reminders.
  [BOOKINGS_JOB]: {
    oneOff: (deps, logger) => alone(deps, logger, bookingsJob(bookingsContext(deps), 0)),
    busy: 'The bookings job is running already. Try again shortly.',
    failed: 'The bookings job failed',
    budgetMs: JOB_REQUEST_TIMEOUT_MS,
  },
  // TDS certificates: the quarterly reminders.
  [TDS_CERTIFICATES_JOB]: {
    oneOff: (deps, logger) => alone(deps, logger, tdsCertificatesJob({ ...tdsContext(deps), logger }, 0)),
    busy: 'The reminders are being sent already. Try again shortly.',
    failed: 'The reminders failed',
    budgetMs: JOB_REQUEST_TIMEOUT_MS,
  },
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of the bearer token with JOBS_SECRET. */
function hasJobsSecret(req: Request, secret: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(secret));
}

/**
 * POST /api/staff/jobs/:name/run: a job's pass now, from the console (staff only; a job of
 * MANUAL_RUNS, else 404): the API's own runner when it runs the job (its lease: never two passes at
 * once, across instances; it keeps the report on leases/{name}), else a one-off runner. Audited;
 * 409 while a pass runs, 502 if it failed.
 *
 * POST /api/jobs/:name: runs one pass of a registered job now (Cloud Scheduler calls this; see the
 * README). Authenticated by `Authorization: Bearer <JOBS_SECRET>`, a shared secret of at least 32
 * characters; without JOBS_SECRET the endpoint does not exist (404). A 'once' job still takes its
 * lease and runs at most once per interval across instances, unless `?force=true` (never two at
 * once). 200 with the pass's outcome ('ran', 'busy' or 'not-due'); a pass that failed is a 503, so
 * the scheduler retries it.
 */
export function jobsRouter(deps: AppDeps): Router {
  const router = Router();
  const manualRun = (req: Request) => MANUAL_RUNS[String(req.params.name)];
  const budget: RequestHandler = (req, res, next) => {
    const ms = manualRun(req)?.budgetMs;
    return ms === undefined ? next() : requestDeadline(ms)(req, res, next);
  };
  router.post('/api/staff/jobs/:name/run', ...requireStaff(deps.firebase.auth), budget, async (req, res) => {
    const name = String(req.params.name);
    const job = manualRun(req);
    if (!job) throw new HttpError(404, 'Not found.');
    const runner = deps.jobs?.has(name) ? deps.jobs : job.oneOff(deps, req.log);
    const outcome = await runner.run(name, { trigger: 'manual', force: true });
    await recordAudit(deps.firebase.db, {
      actor: actorOf(req.user!),
      action: 'job.run',
      target: `leases/${name}`,
      before: null,
      after: { outcome: outcome.outcome, ok: outcome.outcome === 'ran' ? outcome.ok : null },
    });
    if (outcome.outcome === 'busy') throw new HttpError(409, job.busy);
    if (outcome.outcome === 'ran' && !outcome.ok) {
      throw new HttpError(502, `${job.failed}: ${outcome.error ?? 'unknown error'}`);
    }
    res.json(outcome);
  });

  const secret = deps.config.JOBS_SECRET;
  const { jobs } = deps;
  if (!secret || !jobs) return router;

  router.post('/api/jobs/:name', requestDeadline(JOB_REQUEST_TIMEOUT_MS), async (req, res) => {
    if (!hasJobsSecret(req, secret)) throw new HttpError(401, 'A valid job token is required.');
    const name = String(req.params.name);
    if (!jobs.has(name)) throw new HttpError(404, `No job named '${name}'.`);
    const outcome = await jobs.run(name, { trigger: 'scheduler', force: req.query.force === 'true' });
    if (outcome.outcome === 'ran' && !outcome.ok) {
      res.status(503).json({ message: `The job '${name}' failed; it will be retried.`, ...outcome });
      return;
    }
    res.json({ instance: jobs.instance, ...outcome });
  });
  return router;
}
