import express, { type Request, type RequestHandler, type Response } from 'express';
import { HttpError } from '../errors';
import { safeFileName } from '../files/file-store';

/** What an upload's sender is told when its bytes do not arrive in time (UPLOAD_BODY_TIMEOUT_SECONDS). */
export const UPLOAD_TOO_SLOW = 'The upload took too long to arrive. Please check your connection and try again.';

/** Runs one middleware to its end: resolves when it calls next(), rejects with what it throws or passes on. */
function runMiddleware(handler: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const settled = handler(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
    Promise.resolve(settled).catch(reject);
  });
}

export interface UploadBodyOptions {
  /**
   * Who may send a body at all, checked before a byte of it is read (App Check, then the ID token):
   * a refused caller gets its 401/403 at once and the connection is closed, not drained.
   */
  gate: RequestHandler[];
  maxBytes: number;
  /** The 413 message, naming the file. */
  tooLarge: (name: string) => string;
  /** The body's deadline: a sender slower than this gets 408 and the connection is closed. */
  timeoutMs: number;
}

/**
 * An upload's body parser (mounted on the upload path; only a POST to the path itself has a body):
 * the gate first, then the announced size, then the raw bytes within `timeoutMs`. Every refusal
 * closes the connection, so a refused or stalled body is never read to its end.
 */
export function uploadBodyParser({ gate, maxBytes, tooLarge, timeoutMs }: UploadBodyOptions): RequestHandler {
  const raw = express.raw({ type: () => true, limit: maxBytes });
  return async (req, res, next) => {
    if (req.method !== 'POST' || req.path !== '/') return next();
    const refuse = (error: unknown) => {
      res.set('Connection', 'close');
      next(error);
    };
    try {
      for (const handler of gate) await runMiddleware(handler, req, res);
    } catch (error) {
      return refuse(error);
    }
    const name = safeFileName(String(req.query.name ?? 'file'));
    if (Number(req.get('content-length') ?? 0) > maxBytes) return refuse(new HttpError(413, tooLarge(name)));
    let isDone = false;
    const timer = setTimeout(() => {
      if (isDone) return;
      isDone = true;
      refuse(new HttpError(408, UPLOAD_TOO_SLOW));
      // Whatever else the sender sends is not read: the socket closes once the answer is out.
      res.once('finish', () => req.destroy());
    }, timeoutMs);
    raw(req, res, (error?: unknown) => {
      clearTimeout(timer);
      if (isDone) return;
      isDone = true;
      const isTooLarge = (error as { type?: string } | undefined)?.type === 'entity.too.large';
      if (isTooLarge) refuse(new HttpError(413, tooLarge(name)));
      else next(error);
    });
  };
}
