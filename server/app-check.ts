import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { AppCheck } from 'firebase-admin/app-check';
import { withDeadline } from './deadline';
import { DependencyUnavailableError, HttpError } from './errors';
import { redactUrl } from './logger';

/**
 * Firebase App Check on the API: every request a browser makes carries `X-Firebase-AppCheck`, a
 * short-lived token that says it comes from our site in a real browser (reCAPTCHA Enterprise in
 * production), so a script holding the public Firebase config cannot call the API at scale.
 * One middleware (appCheckGuard) checks it through one interface (AppCheckVerifier): Firebase
 * Admin's `verifyToken` on a real project, and on a demo project (the emulators, where Google's
 * App Check cannot be reached) a local verifier of tokens this API minted itself (see
 * mintLocalAppCheckToken), signed with a local secret, bound to the project and expiring.
 */

export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';

/** `off`: not checked; `monitor`: checked and logged, never refused; `enforce`: refused with 401. */
export type AppCheckMode = 'off' | 'monitor' | 'enforce';

export const APP_CHECK_MESSAGE =
  'This request could not be verified as coming from our website. Please reload the page and try again.';

/** No App Check verification waits longer than this (Firebase Admin may fetch Google's public keys). */
export const APP_CHECK_TIMEOUT_MS = 5000;

declare module 'express-serve-static-core' {
  interface Request {
    /** The app a verified App Check token was issued to. */
    appCheck?: { appId: string };
  }
}

/** A token that is not valid (bad signature, wrong project, expired, malformed): a 401 under enforce. */
export class AppCheckRefusal extends Error {}

export interface AppCheckVerifier {
  readonly kind: 'firebase' | 'local';
  /** The token's app; rejects with AppCheckRefusal for a bad token, with anything else when checking failed. */
  verify(token: string): Promise<{ appId: string }>;
}

/** Production: Firebase Admin checks Google's signature, the project and the expiry. */
export function firebaseAppCheckVerifier(appCheck: AppCheck): AppCheckVerifier {
  return {
    kind: 'firebase',
    async verify(token) {
      try {
        const { appId } = await appCheck.verifyToken(token);
        return { appId };
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        // 'invalid-credential' is our own configuration (no project id), not the caller's token.
        if (typeof code === 'string' && code.startsWith('app-check/') && code !== 'app-check/invalid-credential') {
          throw new AppCheckRefusal((error as Error).message);
        }
        throw error;
      }
    },
  };
}

// ---- Local tokens (demo projects only) ---------------------------------------------------------

export const LOCAL_APP_CHECK_ISSUER = 'nimbus-local-app-check';
/** The app id local tokens name (a real token names the Firebase web app's id). */
export const LOCAL_APP_ID = 'local-web-app';
/** As long as a real App Check token lives by default. */
export const LOCAL_TOKEN_TTL_MS = 60 * 60_000;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest();
const audienceOf = (projectId: string) => `projects/${projectId}`;

/** What a local token says; shaped like a real App Check token's claims. */
interface LocalClaims {
  iss: string;
  sub: string;
  aud: string[];
  iat: number;
  exp: number;
}

/**
 * A local App Check token: a JWT (HS256) with the claims of a real one, signed with the local
 * secret, for this project (`aud`), expiring after `ttlMs`. The browser's App Check SDK reads its
 * `iat`; the API (localAppCheckVerifier) checks all of it.
 */
export function mintLocalAppCheckToken(
  secret: string,
  projectId: string,
  { now = Date.now(), ttlMs = LOCAL_TOKEN_TTL_MS, appId = LOCAL_APP_ID } = {},
): { token: string; expireTimeMillis: number } {
  const iat = Math.floor(now / 1000);
  const claims: LocalClaims = {
    iss: LOCAL_APP_CHECK_ISSUER,
    sub: appId,
    aud: [audienceOf(projectId)],
    iat,
    exp: iat + Math.floor(ttlMs / 1000),
  };
  const unsigned = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  return { token: `${unsigned}.${base64url(sign(secret, unsigned))}`, expireTimeMillis: claims.exp * 1000 };
}

/** Demo projects: checks a local token's signature, issuer, audience (this project) and expiry. */
export function localAppCheckVerifier(secret: string, projectId: string, now = () => Date.now()): AppCheckVerifier {
  return {
    kind: 'local',
    async verify(token) {
      const [header, payload, signature, ...rest] = token.split('.');
      if (!header || !payload || !signature || rest.length > 0) throw new AppCheckRefusal('Malformed token.');
      const expected = sign(secret, `${header}.${payload}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppCheckRefusal('Bad signature.');
      }
      let claims: Partial<LocalClaims>;
      try {
        const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg;
        if (alg !== 'HS256') throw new Error('alg');
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<LocalClaims>;
      } catch {
        throw new AppCheckRefusal('Malformed token.');
      }
      if (claims.iss !== LOCAL_APP_CHECK_ISSUER) throw new AppCheckRefusal('Wrong issuer.');
      if (!Array.isArray(claims.aud) || !claims.aud.includes(audienceOf(projectId))) {
        throw new AppCheckRefusal('The token is for another project.');
      }
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now()) throw new AppCheckRefusal('Expired.');
      if (typeof claims.sub !== 'string' || claims.sub === '') throw new AppCheckRefusal('No app.');
      return { appId: claims.sub };
    },
  };
}

// ---- The middleware ----------------------------------------------------------------------------

export interface AppCheckGuardOptions {
  mode: AppCheckMode;
  verifier: AppCheckVerifier;
  /** Requests no browser makes with the header: webhooks, scheduled jobs, health checks, plain links. */
  isExempt: (req: Request) => boolean;
}

/**
 * Checks `X-Firebase-AppCheck` on every request a browser makes. `enforce`: a missing or invalid
 * token is a 401 `{ message }` before any route runs (so nothing changes); the check itself
 * failing (Google's keys cannot be fetched) is a 503. `monitor`: the request goes on, and a missing
 * or invalid token is logged (the way to see who would be refused before enforcing). `off`: nothing.
 */
export function appCheckGuard({ mode, verifier, isExempt }: AppCheckGuardOptions): RequestHandler {
  return async (req, _res, next) => {
    // req.appCheck: verified already for this request (an upload's caller is, before its body is read).
    if (mode === 'off' || req.method === 'OPTIONS' || isExempt(req) || req.appCheck) return next();
    const token = req.get(APP_CHECK_HEADER);
    let problem: 'missing' | 'invalid' | 'unverifiable' = 'missing';
    if (token) {
      try {
        req.appCheck = await withDeadline('app-check', APP_CHECK_TIMEOUT_MS, () => verifier.verify(token));
        return next();
      } catch (error) {
        if (!(error instanceof AppCheckRefusal)) {
          if (mode === 'enforce') throw new DependencyUnavailableError('app-check', undefined, { cause: error });
          problem = 'unverifiable';
        } else {
          problem = 'invalid';
        }
        req.log?.debug({ err: error }, 'app check: the token was not accepted');
      }
    }
    if (mode === 'monitor') {
      req.log?.warn(
        { appCheck: problem, method: req.method, path: redactUrl(req.path) },
        `app check: ${problem} token (monitor mode: allowed)`,
      );
      return next();
    }
    req.log?.warn(
      { appCheck: problem, method: req.method, path: redactUrl(req.path) },
      `app check: ${problem} token: refused`,
    );
    throw new HttpError(401, APP_CHECK_MESSAGE);
  };
}
