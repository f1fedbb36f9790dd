import type { AppDeps } from '../app-deps';
import { perMinuteLimiter, sharedCounter } from '../rate-limit';

/** A counter's name under this deployment's scope: deployments sharing one database count apart. */
const scoped = (deps: Pick<AppDeps, 'config'>, name: string) => `${deps.config.RATE_LIMIT_SCOPE}.${name}`;

/** A per-client limit of `limit` requests a minute, counted in Firestore so it holds across instances. */
export function perMinute(deps: Pick<AppDeps, 'config' | 'firebase'>, name: string, limit: number, message: string) {
  return perMinuteLimiter(limit, message, { db: deps.firebase.db, name: scoped(deps, name) });
}

/** An allowance of `limit` an hour per key (an email address, an account), shared by every instance. */
export function perHour(deps: Pick<AppDeps, 'config' | 'firebase'>, name: string, limit: number, message: string) {
  return sharedCounter({ db: deps.firebase.db, name: scoped(deps, name), limit, windowMs: 3_600_000, message });
}
