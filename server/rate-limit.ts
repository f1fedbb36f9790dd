import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { createIfAbsent, updateIfUnchanged } from './claims';
import { HttpError } from './errors';

export const RATE_LIMIT_COLLECTION = 'rateLimits';

/** What this instance last wrote or read of a counter: enough to write the next count without a read. */
interface KnownCount {
  hits: number;
  updateTime: Timestamp;
}

/**
 * express-rate-limit's counters in Firestore, so that a limit holds across every API instance:
 * `rateLimits/{name}:{window start}:{hash of the client key}` with `hits`, one document per
 * client, limiter and window (a minute, or an hour: see sharedCounter; client IPs and emails are
 * stored only hashed); `expireAt` lets a Firestore TTL
 * policy delete old windows. The count is exact, so a limit is never exceeded:
 * - usually one write: the window's first request creates the counter, and the next ones write
 *   the count this instance last saw plus one, on the condition that the counter has not changed
 *   since (the write's own time is the next condition);
 * - when that condition fails (another instance or request counted meanwhile), or another request
 *   of the same client is still being counted here: an increment, which never waits on a lock,
 *   then a read of the count.
 * Firestore down: the write fails and the request gets a 503.
 */
export class FirestoreRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private known = new Map<string, KnownCount>();
  private knownWindowMs = 0;
  private counting = new Set<string>();

  constructor(
    private readonly db: Firestore,
    private readonly name: string,
    /** The window when the store counts on its own (sharedCounter); express-rate-limit sets its own in init(). */
    windowMs = 60_000,
  ) {
    this.prefix = `${name}:`;
    this.windowMs = windowMs;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private window(key: string) {
    const startMs = Math.floor(Date.now() / this.windowMs) * this.windowMs;
    // What this instance knows is about this window only.
    if (startMs !== this.knownWindowMs) {
      this.known.clear();
      this.knownWindowMs = startMs;
    }
    const client = createHash('sha256').update(key).digest('hex').slice(0, 32);
    const ref = this.db.collection(RATE_LIMIT_COLLECTION).doc(`${this.name}:${startMs}:${client}`);
    return { ref, resetTime: new Date(startMs + this.windowMs) };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { ref, resetTime } = this.window(key);
    const fields = {
      limiter: this.name,
      resetAt: Timestamp.fromDate(resetTime),
      expireAt: Timestamp.fromMillis(resetTime.getTime() + this.windowMs),
    };
    if (!this.counting.has(ref.id)) {
      this.counting.add(ref.id);
      try {
        const known = this.known.get(ref.id);
        const hits = (known?.hits ?? 0) + 1;
        const written = known
          ? await updateIfUnchanged(ref, { hits }, known.updateTime)
          : await createIfAbsent(ref, { ...fields, hits });
        if (written) {
          this.known.set(ref.id, { hits, updateTime: written });
          return { totalHits: hits, resetTime };
        }
      } finally {
        this.counting.delete(ref.id);
      }
    }
    await ref.set({ ...fields, hits: FieldValue.increment(1) }, { merge: true });
    const snapshot = await ref.get();
    const hits = (snapshot.get('hits') as number | undefined) ?? 1;
    if (snapshot.updateTime) this.known.set(ref.id, { hits, updateTime: snapshot.updateTime });
    return { totalHits: hits, resetTime };
  }

  async decrement(key: string): Promise<void> {
    const { ref } = this.window(key);
    this.known.delete(ref.id);
    await ref.set({ hits: FieldValue.increment(-1) }, { merge: true });
  }

  async resetKey(key: string): Promise<void> {
    const { ref } = this.window(key);
    this.known.delete(ref.id);
    await ref.delete();
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
  shared: { db: Firestore; name: string },
): SharedLimiter;
export function perMinuteLimiter(limit: number, message: string): RequestHandler;
export function perMinuteLimiter(
  limit: number,
  message: string,
  shared?: { db: Firestore; name: string },
): RequestHandler | SharedLimiter {
  const store = shared ? new FirestoreRateLimitStore(shared.db, shared.name) : undefined;
  const middleware = rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(store ? { store } : {}),
    handler: (_req, res) => {
      res.status(429).json({ message });
    },
  });
  if (!store) return middleware;
  const count = async (req: Request) => {
    // The client as the middleware knows it (express-rate-limit's default key).
    const { totalHits } = await store.increment(ipKeyGenerator(req.ip ?? ''));
    if (totalHits > limit) throw new HttpError(429, message);
  };
  return Object.assign(middleware, { count });
}

/** A Firestore-counted limiter: the middleware, or `count` for a handler that counts alongside its own work. */
export type SharedLimiter = RequestHandler & {
  /**
   * Counts the request against the same allowance as the middleware; rejects with a 429 over it.
   * A handler may start it together with its reads and await it before anything costly.
   */
  count: (req: Request) => Promise<void>;
};

/**
 * A Firestore-counted allowance of `limit` per key (an email address, an account) per window of
 * `windowMs` (wall-clock windows, e.g. each clock hour), shared by every instance like the per-IP
 * limiters; for limits whose key is not the client address. `count` rejects with a 429 over it.
 */
export function sharedCounter({
  db,
  name,
  limit,
  windowMs,
  message,
}: {
  db: Firestore;
  name: string;
  limit: number;
  windowMs: number;
  message: string;
}): { count: (key: string) => Promise<void> } {
  const store = new FirestoreRateLimitStore(db, name, windowMs);
  return {
    async count(key) {
      const { totalHits } = await store.increment(key);
      if (totalHits > limit) throw new HttpError(429, message);
    },
  };
}
