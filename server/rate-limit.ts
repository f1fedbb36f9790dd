import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';

/**
 * At most `limit` requests per client IP per minute. Over it, the API's usual error shape: 429 with
 * `{ message }` (plus the draft-8 RateLimit headers). One limiter may guard several paths, so
 * switching between aliases of an endpoint does not double the allowance.
 */
export function perMinuteLimiter(limit: number, message: string): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ message });
    },
  });
}
