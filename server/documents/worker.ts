import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import type { DocumentSettings } from '../config';
import { JobRunner, type JobDefinition } from '../jobs/runner';
import { onPaymentApplied } from '../payments/after-paid';
import { issuePendingDocuments, type IssueOptions, type IssueReport } from './issue';

export const DOCUMENTS_JOB = 'documents';

type WorkerOptions = IssueOptions & { intervalSeconds: number; logger: Pick<Logger, 'info' | 'warn' | 'error'> };

/**
 * Numbering pending tax documents as a job of the runner (server/jobs): a pass every
 * `intervalSeconds` (0 = only when kicked) and right after each payment marked Paid in this
 * process. Safe on every instance: each document is numbered in its own transaction.
 */
export function documentsJob(
  db: Firestore,
  settings: DocumentSettings,
  { intervalSeconds, logger, ...options }: WorkerOptions,
): JobDefinition<IssueReport> {
  return {
    name: DOCUMENTS_JOB,
    scope: 'every-instance',
    everyMs: intervalSeconds * 1000,
    run: () => issuePendingDocuments(db, settings, { ...options, logger }),
    worthLogging: (report) => report.issued > 0 || report.failed > 0,
    wire: (kick) => onPaymentApplied(db, () => kick()),
  };
}

export interface DocumentWorker {
  /** Asks for a pass now (it is called after every payment marked Paid); passes never overlap. */
  kick(): void;
  /** Resolves when no pass is running or asked for (tests, shutdown). */
  idle(): Promise<void>;
  stop(): void;
}

/** The documents job on a runner of its own (tests; the API registers documentsJob on its runner). */
export function startDocumentWorker(db: Firestore, settings: DocumentSettings, options: WorkerOptions): DocumentWorker {
  const runner = new JobRunner(db, options.logger).register(documentsJob(db, settings, options)).start();
  return {
    kick: () => runner.kick(DOCUMENTS_JOB),
    idle: () => runner.idle(),
    stop: () => void runner.stop(),
  };
}
