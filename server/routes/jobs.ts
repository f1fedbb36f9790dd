import { createHash, timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import type { AppDeps } from '../app-deps';
import { requestDeadline } from '../deadline';
import { HttpError } from '../errors';

/** A triggered pass may take a while (reconciliation asks the gateway about each order). */
export const JOB_REQUEST_TIMEOUT_MS = 5 * 60_000;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of the bearer token with JOBS_SECRET. */
function hasJobsSecret(req: Request, secret: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(secret));
}

/**
 * POST /api/jobs/:name: runs one pass of a registered job now (Cloud Scheduler calls this; see the
 * README). Authenticated by `Authorization: Bearer <JOBS_SECRET>`, a shared secret of at least 32
 * characters; without JOBS_SECRET the endpoint does not exist (404). A 'once' job still takes its
 * lease and runs at most once per interval across instances, unless `?force=true` (never two at
 * once). 200 with the pass's outcome ('ran', 'busy' or 'not-due'); a pass that failed is a 503, so
 * the scheduler retries it.
 */
export function jobsRouter(deps: AppDeps): Router {
  const router = Router();
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
