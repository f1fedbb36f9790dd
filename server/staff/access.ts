import type { Auth } from 'firebase-admin/auth';
import type { RequestHandler } from 'express';
import { authenticate, type RequestUser } from '../auth';
import { HttpError } from '../errors';

export const NOT_STAFF = 'This action is for staff only.';

/**
 * Every staff route: a verified ID token that is not revoked (authenticate always checks: a revoked or disabled staff login
 * stops at once, not when its token expires) and carries the custom claim `staff: true`.
 * 401 without a valid token, 403 without the claim.
 */
export function requireStaff(auth: Auth): RequestHandler[] {
  const requireUser = authenticate(auth, { required: true });
  const requireClaim: RequestHandler = (req, _res, next) => {
    if (!req.user?.isStaff) throw new HttpError(403, NOT_STAFF);
    next();
  };
  return [requireUser, requireClaim];
}

/** Who did it, as the audit log records them. */
export interface Actor {
  uid: string;
  email: string | null;
}

export const actorOf = (user: RequestUser): Actor => ({ uid: user.uid, email: user.email ?? null });
