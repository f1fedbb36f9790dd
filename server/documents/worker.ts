import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import type { DocumentSettings } from '../config';
import { onPaymentApplied } from '../payments/after-paid';
import { issuePendingDocuments, type IssueOptions } from './issue';

export interface DocumentWorker {
  /** Asks for a pass now (it is called after every payment marked Paid); passes never overlap. */
  kick(): void;
  /** Resolves when no pass is running or asked for (tests, shutdown). */
  idle(): Promise<void>;
  stop(): void;
}

/**
 * A tiny scheduler around issuePendingDocuments: one pass every `intervalSeconds` (0 = only when
 * kicked) and one right after each kick, never two at once in this process. A later issue moves
 * periodic jobs under leases; the worker itself stays a plain function.
 */
export function startDocumentWorker(
  db: Firestore,
  settings: DocumentSettings,
  {
    intervalSeconds,
    logger,
    ...options
  }: IssueOptions & { intervalSeconds: number; logger: Pick<Logger, 'info' | 'warn' | 'error'> },
): DocumentWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const run = (): Promise<void> =>
    issuePendingDocuments(db, settings, { ...options, logger })
      .then((report) => {
        if (report.issued || report.failed) logger.info(report, 'document pass');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'document pass failed'));

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await run();
      } while (again && !stopped);
      running = null;
    })();
  };

  const unsubscribe = onPaymentApplied(db, kick);
  const timer = intervalSeconds > 0 ? setInterval(kick, intervalSeconds * 1000) : undefined;
  timer?.unref();
  return {
    kick,
    idle: async () => {
      while (running) await running;
    },
    stop: () => {
      stopped = true;
      unsubscribe();
      if (timer) clearInterval(timer);
    },
  };
}
