import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import type { JobDefinition } from '../jobs/runner';
import { drainOutbox, MAIL_DEFAULTS, type DrainOptions, type DrainReport } from './drain';
import { onMailQueued } from './outbox';
import type { MailTransport } from './transport';

export const MAIL_JOB = 'mail';

/** A short delay lets a burst of commits (an enquiry's two mails) go in one pass. */
const NUDGE_DELAY_MS = 100;

/**
 * Draining the outbox as a job of the runner (server/jobs): a pass every `pollMs` (0 = none), soon
 * after a mail is queued in this process, and once at start (whatever waited while the API was
 * down). Several instances may each run it: the per-mail claim keeps every mail single.
 */
export function mailJob(
  db: Firestore,
  transport: MailTransport,
  options: DrainOptions & { pollMs: number; logger: Pick<Logger, 'info' | 'warn' | 'error'> },
): JobDefinition<DrainReport> {
  return {
    name: MAIL_JOB,
    scope: 'every-instance',
    everyMs: options.pollMs,
    run: () => drainOutbox(db, transport, options),
    worthLogging: (report) => report.sent + report.failed + report.retrying + report.interrupted > 0,
    // A full batch means more may be waiting.
    again: (report) => report.sent + report.failed + report.retrying >= (options.batchSize ?? MAIL_DEFAULTS.batchSize),
    wire: (kick) => {
      kick(NUDGE_DELAY_MS);
      return onMailQueued(() => kick(NUDGE_DELAY_MS));
    },
  };
}
