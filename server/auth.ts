import type { Auth } from 'firebase-admin/auth';
import type { Request, RequestHandler } from 'express';
import { HttpError } from './errors';

export interface RequestUser {
  uid: string;
  email?: string;
  provider?: string;
  /** The custom claim `staff: true` (set only by `npm run staff`). */
  isStaff: boolean;
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

/**
 * Verifies a Firebase ID token (also against the Auth emulator). With `required`, a request
 * without one gets 401; otherwise it continues as a visitor. A bad token is always 401. With
 * `checkRevoked` (routes that honour staff rights) a revoked session or disabled user is refused
 * too, at the cost of one Auth lookup.
 */
export function authenticate(
  auth: Auth,
  { required, checkRevoked = false }: { required: boolean; checkRevoked?: boolean },
): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) {
      if (required) throw new HttpError(401, 'Please log in to continue.');
      return next();
    }
    try {
      const decoded = await auth.verifyIdToken(token, checkRevoked);
      req.user = {
        uid: decoded.uid,
        email: decoded.email,
        provider: decoded.firebase?.sign_in_provider,
        isStaff: decoded.staff === true,
      };
    } catch {
      throw new HttpError(401, 'Your session has expired. Please log in again.');
    }
    next();
  };
}
