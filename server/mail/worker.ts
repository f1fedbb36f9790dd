import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { drainOutbox, type DrainOptions } from './drain';
import { onMailQueued } from './outbox';
import type { MailTransport } from './transport';

export interface MailWorker {
  /** Drain soon (a mail was just committed). */
  nudge(): void;
  /** Stops the timer and waits for a running pass. */
  stop(): Promise<void>;
}

/**
 * Runs drainOutbox every `pollMs` and shortly after a mail is queued in this process, one pass at
 * a time. Several instances may each run one: the per-mail claim keeps every mail single.
 */
export function startMailWorker(
  db: Firestore,
  transport: MailTransport,
  options: DrainOptions & { pollMs: number; logger: Pick<Logger, 'info' | 'warn' | 'error'> },
): MailWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let soon: NodeJS.Timeout | undefined;

  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const report = await drainOutbox(db, transport, options);
          if (report.sent || report.failed || report.retrying || report.interrupted)
            options.logger.info(report, 'mail: outbox pass');
          // A full batch means more may be waiting.
          if (report.sent + report.failed + report.retrying >= (options.batchSize ?? 20)) again = true;
        } catch (error) {
          options.logger.error({ err: error }, 'mail: outbox pass failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };

  const nudge = () => {
    if (stopped || soon) return;
    // A short delay lets a burst of commits (an enquiry's two mails) go in one pass.
    soon = setTimeout(() => {
      soon = undefined;
      run();
    }, 100);
    soon.unref();
  };

  const timer = options.pollMs > 0 ? setInterval(run, options.pollMs) : undefined;
  timer?.unref();
  const unsubscribe = onMailQueued(nudge);
  nudge(); // whatever waited while the API was down

  return {
    nudge,
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearInterval(timer);
      if (soon) clearTimeout(soon);
      await running;
      transport.close();
    },
  };
}
