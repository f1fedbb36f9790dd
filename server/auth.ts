import type { Auth } from 'firebase-admin/auth';
import type { Request, RequestHandler } from 'express';
import { HttpError } from './errors';

export interface RequestUser {
  uid: string;
  email?: string;
  provider?: string;
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
 * without one gets 401; otherwise it continues as a visitor. A bad token is always 401.
 */
export function authenticate(auth: Auth, { required }: { required: boolean }): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) {
      if (required) throw new HttpError(401, 'Please log in to continue.');
      return next();
    }
    try {
      const decoded = await auth.verifyIdToken(token);
      req.user = { uid: decoded.uid, email: decoded.email, provider: decoded.firebase?.sign_in_provider };
    } catch {
      throw new HttpError(401, 'Your session has expired. Please log in again.');
    }
    next();
  };
}
