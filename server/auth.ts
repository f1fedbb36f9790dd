import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { Request, RequestHandler } from 'express';
import type { Actor } from './audit';
import { withDeadline } from './deadline';
import { DependencyUnavailableError, HttpError } from './errors';

export interface RequestUser {
  uid: string;
  email?: string;
  /** Auth has verified the email (Google, or a clicked verification link). */
  emailVerified: boolean;
  provider?: string;
  /** The custom claim `staff: true` (set only by `npm run staff`). */
  isStaff: boolean;
  /** When the user last signed in (seconds since the epoch). */
  authTime: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: RequestUser;
  }
}

function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new HttpError(401, 'Malformed Authorization header.');
  return match[1];
}

/** A token Auth refuses, or whose claims are wrong or expired. */
const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/** No sign-in check waits longer than this on the Auth service. */
export const AUTH_CHECK_TIMEOUT_MS = 5000;

/** Auth's verdicts on a token itself (bad, expired, revoked, disabled or deleted user): a 401. */
function isTokenRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error';
}

/** Verifies a token with Auth within AUTH_CHECK_TIMEOUT_MS: a refusal is a 401, Auth down or slow a 503. */
async function verify(auth: Auth, token: string, checkRevoked: boolean): Promise<DecodedIdToken> {
  try {
    return await withDeadline('auth', AUTH_CHECK_TIMEOUT_MS, () => auth.verifyIdToken(token, checkRevoked));
  } catch (error) {
    if (error instanceof DependencyUnavailableError || !isTokenRefusal(error)) {
      throw new DependencyUnavailableError('auth', undefined, { cause: error });
    }
    throw new HttpError(401, SESSION_EXPIRED);
  }
}

/**
 * The check a route with `revocation: 'alongside'` waits for: the token's signature, expiry,
 * audience and issuer, with no Auth lookup. Firebase Admin always looks the user up against the
 * Auth emulator, even without checkRevoked, so there the emulator's unsigned token is read here
 * with the same checks on its claims; the full verification alongside still decides.
 */
async function firstCheck(auth: Auth, token: string): Promise<DecodedIdToken> {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) return verify(auth, token, false);
  const projectId = auth.app.options.projectId ?? process.env.FIREBASE_PROJECT_ID;
  let claims: Partial<DecodedIdToken> | undefined;
  try {
    claims = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as Partial<DecodedIdToken>;
  } catch {
    claims = undefined;
  }
  const sub = claims?.sub;
  if (
    !claims ||
    claims.aud !== projectId ||
    claims.iss !== `https://securetoken.google.com/${projectId}` ||
    typeof sub !== 'string' ||
    sub === '' ||
    sub.length > 128 ||
    typeof claims.exp !== 'number' ||
    claims.exp * 1000 <= Date.now()
  ) {
    throw new HttpError(401, SESSION_EXPIRED);
  }
  return { ...claims, uid: sub } as DecodedIdToken;
}

const revocationChecks = new WeakMap<Request, Promise<void>>();

/**
 * Resolves once the request's token is known not to be revoked; rejects (401 or 503) otherwise.
 * Only a route authenticated with `revocation: 'alongside'` defers that check; for every other
 * request it was done before the route ran.
 */
export function tokenNotRevoked(req: Request): Promise<void> {
  return revocationChecks.get(req) ?? Promise.resolve();
}

/**
 * Verifies a Firebase ID token (also against the Auth emulator) on every authenticated route, and
 * always checks revocation: a token of a user who was deleted, disabled or signed out everywhere
 * (refresh tokens revoked) is refused instead of working for up to an hour. That costs one Auth
 * lookup per request. With `required`, a request without a token gets 401; otherwise it continues
 * as a visitor. A bad token is always 401; Auth itself down or too slow is a 503.
 *
 * `revocation: 'alongside'` (order creation, which must be quick): the token's signature and
 * expiry are checked first, the route runs at once for that user, and the Auth lookup runs beside
 * it; the route must await tokenNotRevoked(req) before anything that costs or shows something.
 */
export function authenticate(
  auth: Auth,
  { required, revocation = 'first' }: { required: boolean; revocation?: 'first' | 'alongside' },
): RequestHandler {
  return async (req, _res, next) => {
    // Verified already for this request (an upload's caller is, before its body is read).
    if (req.user) return next();
    const token = bearerToken(req);
    if (!token) {
      if (required) throw new HttpError(401, 'Please log in to continue.');
      return next();
    }
    const alongside = revocation === 'alongside';
    const decoded = alongside ? await firstCheck(auth, token) : await verify(auth, token, true);
    if (alongside) {
      const checked = verify(auth, token, true).then(() => undefined);
      checked.catch(() => undefined); // the route awaits it
      revocationChecks.set(req, checked);
    }
    req.user = {
      uid: decoded.uid,
      email: decoded.email,
      emailVerified: decoded.email_verified === true,
      provider: decoded.firebase?.sign_in_provider,
      isStaff: decoded.staff === true,
      authTime: decoded.auth_time,
    };
    next();
  };
}

export const NOT_STAFF = 'This action is for staff only.';

/**
 * Every staff route: a verified ID token that is not revoked (authenticate always checks: a
 * revoked or disabled staff login stops at once, not when its token expires) and carries the
 * custom claim `staff: true`. 401 without a valid token, 403 without the claim.
 */
export function requireStaff(auth: Auth): RequestHandler[] {
  const requireClaim: RequestHandler = (req, _res, next) => {
    if (!req.user?.isStaff) throw new HttpError(403, NOT_STAFF);
    next();
  };
  return [authenticate(auth, { required: true }), requireClaim];
}

/** Who did it, as the audit log records them. */
export const actorOf = (user: RequestUser): Actor => ({ uid: user.uid, email: user.email ?? null });

/**
 * Grants or revokes the `staff` custom claim (other claims are kept). Revoking also revokes the
 * user's refresh tokens, so an open console session stops at its next API call (the staff routes
 * check revocation) and within the hour for Firestore reads.
 */
export async function setStaffClaim(auth: Auth, email: string, isStaff: boolean): Promise<{ uid: string }> {
  const user = await auth.getUserByEmail(email);
  const claims = { ...(user.customClaims ?? {}) };
  if (isStaff) claims.staff = true;
  else delete claims.staff;
  await auth.setCustomUserClaims(user.uid, claims);
  if (!isStaff) await auth.revokeRefreshTokens(user.uid);
  return { uid: user.uid };
}
