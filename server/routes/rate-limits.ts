import type { Response } from 'express';
import { takeAllowance } from '../account-limit';
import type { AppDeps } from '../app-deps';
import { HttpError } from '../errors';
import { perMinuteLimiter, sharedCounter } from '../rate-limit';

const HOUR_MS = 3_600_000;

/** A counter's name under this deployment's scope: deployments sharing one database count apart. */
const scoped = (deps: Pick<AppDeps, 'config'>, name: string) => `${deps.config.RATE_LIMIT_SCOPE}.${name}`;

/** A per-client limit of `limit` requests a minute, counted in Firestore so it holds across instances. */
export function perMinute(deps: Pick<AppDeps, 'config' | 'firebase'>, name: string, limit: number, message: string) {
  return perMinuteLimiter(limit, message, { db: deps.firebase.db, name: scoped(deps, name) });
}

/** An allowance of `limit` an hour per key (an email address, an account), shared by every instance. */
export function perHour(deps: Pick<AppDeps, 'config' | 'firebase'>, name: string, limit: number, message: string) {
  return sharedCounter({ db: deps.firebase.db, name: scoped(deps, name), limit, windowMs: HOUR_MS, message });
}

/**
 * At most `limit` actions per account in any hour (see takeAllowance), shared by every instance.
 * `take(uid, res, limit)` counts one, or throws a 429 whose message says when the account may act
 * again (and sets Retry-After).
 */
export function perAccountPerHour(
  deps: Pick<AppDeps, 'config' | 'firebase'>,
  name: string,
  message: (limit: number, retryAt: Date) => string,
) {
  return {
    async take(uid: string, res: Response, limit: number): Promise<void> {
      const now = Date.now();
      const verdict = await takeAllowance(deps.firebase.db, {
        name: scoped(deps, name),
        key: uid,
        limit,
        windowMs: HOUR_MS,
        now,
      });
      if (verdict.allowed) return;
      // Shown to the minute: the next whole minute, so "from 3:46 pm" is never a minute early.
      const retryAt = new Date(Math.ceil(verdict.retryAtMs / 60_000) * 60_000);
      res.set('Retry-After', String(Math.max(1, Math.ceil((verdict.retryAtMs - now) / 1000))));
      throw new HttpError(429, message(limit, retryAt));
    },
  };
}
