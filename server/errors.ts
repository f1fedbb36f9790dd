import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z, ZodError } from 'zod';
import { fieldName } from '../src/domain/field-issues';

/** An expected failure: its message is safe to show the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A stable code the browser branches on (sent beside the message), when the status alone does not say. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** What the site shows when a dependency (Firestore, the gateway, Auth) is down or too slow. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a minute.';

/** Seconds a client should wait before retrying a 503 (sent as Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

export type Dependency = 'firestore' | 'gateway' | 'auth' | 'app-check' | 'request';

/** A dependency did not answer within its deadline, or is down: a 503 the client may retry. */
export class DependencyUnavailableError extends HttpError {
  constructor(
    readonly dependency: Dependency,
    message = SERVICE_UNAVAILABLE_MESSAGE,
    options?: { cause?: unknown },
  ) {
    super(503, message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

// gRPC status codes (Firestore errors carry them as `code`).
const TRANSIENT_GRPC_CODES = new Set([
  1, // CANCELLED: our deadline cancelled the call (see server/firebase.ts)
  4, // DEADLINE_EXCEEDED
  8, // RESOURCE_EXHAUSTED
  10, // ABORTED: contention, e.g. the emulator's "Transaction lock timeout"
  14, // UNAVAILABLE
]);

/**
 * Whether an error means "a dependency is down, overloaded or too slow: try again soon", as opposed
 * to a bug or a refusal: our own deadline errors and Firestore's transient gRPC codes.
 */
export function isTransientDependencyError(error: unknown): boolean {
  if (error instanceof DependencyUnavailableError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && TRANSIENT_GRPC_CODES.has(code);
}

/** A Firestore create() that found the document already there. */
export function isAlreadyExists(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 6 || code === 'already-exists';
}

/**
 * A conditional Firestore write that lost: the document already exists (create), is gone, or
 * changed since it was read (a lastUpdateTime precondition), or a transaction was aborted.
 */
export function isWriteConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 5 || code === 6 || code === 9 || code === 10;
}

const englishMessage = z.locales.en().localeError;

/**
 * The message of a bad field whose schema gives none of its own: zod's words name no field
 * ("Invalid input: expected string, received undefined"), so a 400 would not say which one. A
 * schema's own message ("Name is required.") is kept; zod only asks here when there is none.
 */
export function fieldIssueMessage(issue: Parameters<typeof englishMessage>[0]): string | undefined {
  const field = fieldName(issue.path ?? []);
  if (!field) return undefined;
  if (issue.input === undefined && issue.code !== 'custom') return `Missing field: ${field}.`;
  const english = englishMessage(issue);
  const text = typeof english === 'string' ? english : english?.message;
  return text ? `${field}: ${text}` : undefined;
}


// Every API 400 from a schema then names its field (the error handler sends the first issue's message).
z.config({ customError: fieldIssueMessage });

export const notFound: RequestHandler = (_req, _res, next) => {
  next(new HttpError(404, 'Not found.'));
};

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Every error becomes `{ message }` (and its `code`, if any) with the right status; stacks are logged, never sent. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  let status = 500;
  let message = 'Something went wrong. Please try again.';
  let code: string | undefined;
  const parserError = error as BodyParserError;
  if (error instanceof HttpError) {
    status = error.status;
    message = error.message;
    code = error.code;
  } else if (isTransientDependencyError(error)) {
    status = 503;
    message = SERVICE_UNAVAILABLE_MESSAGE;
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
  if (status === 503) req.log?.warn({ err: error }, 'a dependency is unavailable');
  else if (status >= 500) req.log?.error({ err: error }, 'request failed');
  if (res.headersSent) return;
  if (status === 503) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
  res.status(status).json(code ? { message, code } : { message });
};
