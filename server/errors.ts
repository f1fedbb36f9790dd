import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';

/** An expected failure: its message is safe to show the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound: RequestHandler = (_req, _res, next) => {
  next(new HttpError(404, 'Not found.'));
};

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Every error becomes `{ message }` with the right status; stacks are logged, never sent. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  let status = 500;
  let message = 'Something went wrong. Please try again.';
  const parserError = error as BodyParserError;
  if (error instanceof HttpError) {
    status = error.status;
    message = error.message;
  } else if (error instanceof ZodError) {
    status = 400;
    message = error.issues[0]?.message ?? 'Invalid request.';
  } else if (parserError?.type === 'entity.too.large') {
    status = 413;
    message = 'Request body is too large.';
  } else if (parserError?.type === 'entity.parse.failed') {
    status = 400;
    message = 'Request body is not valid JSON.';
  } else if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
    status = parserError.status;
    message = 'Invalid request.';
  }
  if (status >= 500) req.log?.error({ err: error }, 'request failed');
  if (res.headersSent) return;
  res.status(status).json({ message });
};
