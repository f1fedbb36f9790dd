import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import {
  DependencyUnavailableError,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE_MESSAGE,
  type Dependency,
} from './errors';
import { redactUrl } from './logger';

/**
 * Deadlines. Every request and every job pass runs inside a time budget (an AsyncLocalStorage
 * context); every Firestore RPC made inside it gets that budget as its gRPC deadline, and once the
 * budget is spent further RPCs are cancelled at once (see firestoreDeadlineSettings in firebase.ts).
 * So a dead dependency costs a request its budget, never minutes, and nothing piles up behind it.
 */

interface Budget {
  /** Milliseconds since the epoch. */
  endsAt: number;
}

const budgets = new AsyncLocalStorage<Budget>();

/**
 * Runs `work` with a budget of `ms`. A nested budget never outlives its parent's, unless it is
 * `detached`: a job pass kicked by a request, or a route that replaces the default request budget.
 */
export function withBudget<T>(ms: number, work: () => T, { detached = false }: { detached?: boolean } = {}): T {
  const parent = detached ? undefined : budgets.getStore();
  const endsAt = Math.min(Date.now() + ms, parent?.endsAt ?? Number.POSITIVE_INFINITY);
  return budgets.run({ endsAt }, work);
}

/** Milliseconds left in the current budget (Infinity outside any). */
export function remainingMs(): number {
  const budget = budgets.getStore();
  return budget ? budget.endsAt - Date.now() : Number.POSITIVE_INFINITY;
}

/** The end of the current budget, if there is one (for a gRPC deadline). */
export function budgetEnd(): number | undefined {
  return budgets.getStore()?.endsAt;
}

/**
 * `work`, or a DependencyUnavailableError after `ms` (or when the current budget ends, whichever is
 * first). The work itself is not cancelled (a promise cannot be), so callers give it its own
 * deadline where they can; this bounds how long the caller waits.
 */
export async function withDeadline<T>(dependency: Dependency, ms: number, work: () => Promise<T>): Promise<T> {
  const wait = Math.max(0, Math.min(ms, remainingMs()));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DependencyUnavailableError(dependency)), wait);
    timer.unref();
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves after `ms`, or rejects when that would outlive the current budget. */
export async function pause(ms: number): Promise<void> {
  if (ms >= remainingMs()) throw new DependencyUnavailableError('request');
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Every request's overall timeout: the rest of the chain runs inside a budget of `ms`, and if no
 * answer has been sent when it ends, the client gets 503 `{ message }` (Retry-After) at once; the
 * handler, still running, finds its Firestore calls cancelled and its late answer dropped. Mounted
 * again on a route, it replaces the budget (longer for account deletion, shorter for webhooks).
 * Mount it after the body parsers: they resume the chain from socket events, outside this context.
 */
export function requestDeadline(ms: number): RequestHandler {
  return (req, res, next) => {
    const previous = res.locals.deadlineTimer as NodeJS.Timeout | undefined;
    if (previous) clearTimeout(previous);
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      req.log?.warn({ timeoutMs: ms, path: redactUrl(req.path) }, 'request deadline reached');
      res.set('Retry-After', String(RETRY_AFTER_SECONDS)).status(503).json({ message: SERVICE_UNAVAILABLE_MESSAGE });
    }, ms);
    timer.unref();
    res.locals.deadlineTimer = timer;
    res.once('finish', () => clearTimeout(timer));
    res.once('close', () => clearTimeout(timer));
    withBudget(ms, () => next(), { detached: true });
  };
}
