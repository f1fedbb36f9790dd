import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';

export const RATE_LIMIT_COLLECTION = 'rateLimits';

/**
 * express-rate-limit's counters in Firestore, so that a limit holds across every API instance:
 * `rateLimits/{name}:{window start}:{hash of the client key}` with `hits`, one document per
 * client, limiter and minute (client IPs are stored only hashed). Per request: one write
 * (an increment, which never waits on a lock) and one read; `expireAt` lets a Firestore TTL policy
 * delete old windows. Reading the count after the increment can only over-count a burst from one
 * client, so a limit is never exceeded (a burst right at the limit may be refused one early).
 * Firestore down: the increment fails and the request gets a 503.
 */
export class FirestoreRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;

  constructor(
    private readonly db: Firestore,
    private readonly name: string,
  ) {
    this.prefix = `${name}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private window(key: string) {
    const startMs = Math.floor(Date.now() / this.windowMs) * this.windowMs;
    const client = createHash('sha256').update(key).digest('hex').slice(0, 32);
    const ref = this.db.collection(RATE_LIMIT_COLLECTION).doc(`${this.name}:${startMs}:${client}`);
    return { ref, resetTime: new Date(startMs + this.windowMs) };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { ref, resetTime } = this.window(key);
    await ref.set(
      {
        limiter: this.name,
        hits: FieldValue.increment(1),
        resetAt: Timestamp.fromDate(resetTime),
        expireAt: Timestamp.fromMillis(resetTime.getTime() + this.windowMs),
      },
      { merge: true },
    );
    const hits = (await ref.get()).get('hits') as number | undefined;
    return { totalHits: hits ?? 1, resetTime };
  }

  async decrement(key: string): Promise<void> {
    await this.window(key).ref.set({ hits: FieldValue.increment(-1) }, { merge: true });
  }

  async resetKey(key: string): Promise<void> {
    await this.window(key).ref.delete();
  }
}

/**
 * At most `limit` requests per client IP per minute. Over it, the API's usual error shape: 429 with
 * `{ message }` (plus the draft-8 RateLimit headers). One limiter may guard several paths, so
 * switching between aliases of an endpoint does not double the allowance. With `shared`, the
 * count lives in Firestore and holds across every instance (see FirestoreRateLimitStore);
 * without, it is this instance's own, in memory.
 */
export function perMinuteLimiter(
  limit: number,
  message: string,
  shared?: { db: Firestore; name: string },
): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(shared ? { store: new FirestoreRateLimitStore(shared.db, shared.name) } : {}),
    handler: (_req, res) => {
      res.status(429).json({ message });
    },
  });
}
