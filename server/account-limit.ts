import { createHash } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { createIfAbsent, updateIfUnchanged } from './claims';
import { HttpError } from './errors';
import { RATE_LIMIT_COLLECTION } from './rate-limit';

export type AllowanceVerdict = { allowed: true } | { allowed: false; retryAtMs: number };

/**
 * Conditional writes lost to other requests of the same account before giving up: exact for up to
 * this many requests of one account at once (the site uploads one file after another); a burst
 * beyond that is refused with ALLOWANCE_CONTENDED_MESSAGE.
 */
const ATTEMPTS = 10;
export const ALLOWANCE_CONTENDED_MESSAGE = 'Too many requests from this account at once. Please try again in a minute.';

/**
 * At most `limit` actions of one account in any `windowMs` (a sliding window: "10 in the last
 * hour", not "10 per clock hour", which would allow 20 across the hour's turn), counted in
 * Firestore so the limit holds across every API instance. One document per limit and account,
 * `rateLimits/{name}:{hash of the account}`, keeps the times of the account's actions still inside
 * the window (never more than `limit`); taking one is a read and one conditional write (the
 * document unchanged since the read), retried when another request of the account wrote first:
 * exact under concurrency, and no lock. `expireAt` lets the TTL policy on `rateLimits` delete the
 * document once the account has been quiet for a window.
 *
 * Refused: when the oldest counted action leaves the window, i.e. when the account may act again.
 */
export async function takeAllowance(
  db: Firestore,
  {
    name,
    key,
    limit,
    windowMs,
    now = Date.now(),
  }: { name: string; key: string; limit: number; windowMs: number; now?: number },
): Promise<AllowanceVerdict> {
  const account = createHash('sha256').update(key).digest('hex').slice(0, 32);
  const ref = db.collection(RATE_LIMIT_COLLECTION).doc(`${name}:${account}`);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const snapshot = await ref.get();
    const stored = (snapshot.get('times') as Timestamp[] | undefined) ?? [];
    const times = stored.map((time) => time.toMillis()).filter((time) => time > now - windowMs && time <= now);
    if (times.length >= limit) return { allowed: false, retryAtMs: Math.min(...times) + windowMs };
    const next = [...times, now].sort((a, b) => a - b);
    const data = {
      limiter: name,
      times: next.map((time) => Timestamp.fromMillis(time)),
      expireAt: Timestamp.fromMillis(now + windowMs),
    };
    const written = snapshot.exists
      ? await updateIfUnchanged(ref, data, snapshot.updateTime!)
      : await createIfAbsent(ref, data);
    if (written) return { allowed: true };
  }
  throw new HttpError(429, ALLOWANCE_CONTENDED_MESSAGE);
}
