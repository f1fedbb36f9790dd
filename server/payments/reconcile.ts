import { Timestamp, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { STATUS } from '../../src/domain/status';
import type { JobDefinition } from '../jobs/runner';
import { resolvePendingRefunds } from '../staff/refunds';
import type { PaymentGateway } from './gateway';
import { markCapturedPaid } from './mark-paid';

/** A gateway order younger than this may still be in the customer's hands. */
export const RECONCILE_MIN_AGE_MS = 15 * 60_000;
/** Older gateway orders are abandoned; asking the gateway about them forever would crowd out new ones. */
export const RECONCILE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
export const RECONCILE_PAGE_SIZE = 200;
export const RECONCILE_MAX_PAGES = 10;

export interface ReconcileOptions {
  now?: number;
  minAgeMs?: number;
  maxAgeMs?: number;
  /** Documents per query page. */
  limit?: number;
  /** Pages per collection and pass (bounds one pass); the next pass starts again from the oldest. */
  maxPages?: number;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
  /** Refund requests left pending by a crash or a lost answer, looked at and settled. */
  refundsChecked?: number;
  refundsSettled?: number;
}

/**
 * One reconciliation pass, as the job runs it (timer, Cloud Scheduler, the console's 'Run now')
 * and `npm run reconcile`: pending payments, then refund requests whose answer was lost.
 */
export async function reconcilePass(
  db: Firestore,
  gateway: PaymentGateway,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const report = await reconcilePayments(db, gateway, options);
  const refunds = await resolvePendingRefunds(db, gateway, { logger: options.logger });
  return { ...report, refundsChecked: refunds.checked, refundsSettled: refunds.settled };
}

/**
 * Finds orders and invoices still 'Pending' whose gateway order is older than 15 minutes and
 * younger than 7 days (oldest first, page by page, at most RECONCILE_MAX_PAGES pages per pass),
 * asks the gateway for that order's payments and marks the document 'Paid' (through the same
 * idempotent transaction as verify and webhooks) when one was captured. This is what makes a lost
 * webhook plus a closed browser still end 'Paid'.
 */
export async function reconcilePayments(
  db: Firestore,
  gateway: PaymentGateway,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const now = options.now ?? Date.now();
  const newest = Timestamp.fromMillis(now - (options.minAgeMs ?? RECONCILE_MIN_AGE_MS));
  const oldest = Timestamp.fromMillis(now - (options.maxAgeMs ?? RECONCILE_MAX_AGE_MS));
  const pageSize = options.limit ?? RECONCILE_PAGE_SIZE;
  const report: ReconcileReport = { checked: 0, paid: 0, failed: 0 };
  for (const group of ['orders', 'invoices'] as const) {
    const inWindow = db
      .collectionGroup(group)
      .where('status', '==', STATUS.pending)
      .where('gatewayOrderCreatedAt', '>=', oldest)
      .where('gatewayOrderCreatedAt', '<=', newest)
      .orderBy('gatewayOrderCreatedAt')
      .limit(pageSize);
    // Pages with a cursor, so abandoned orders at the head of the window never starve newer ones.
    let last: QueryDocumentSnapshot | undefined;
    for (let page = 0; page < (options.maxPages ?? RECONCILE_MAX_PAGES); page += 1) {
      const pending = await (last ? inWindow.startAfter(last) : inWindow).get();
      for (const doc of pending.docs) await reconcileDocument(db, gateway, doc, report, options.logger);
      if (pending.size < pageSize) break;
      last = pending.docs[pending.size - 1];
    }
  }
  return report;
}

async function reconcileDocument(
  db: Firestore,
  gateway: PaymentGateway,
  doc: QueryDocumentSnapshot,
  report: ReconcileReport,
  logger: ReconcileOptions['logger'],
): Promise<void> {
  const gatewayOrderId = doc.get('gatewayOrderId') as string | undefined;
  if (!gatewayOrderId) return;
  report.checked += 1;
  try {
    const captured = await markCapturedPaid(db, gateway, gatewayOrderId);
    if (captured?.result.outcome === 'paid') {
      report.paid += 1;
      logger?.info({ path: doc.ref.path, paymentId: captured.paymentId }, 'reconciled a captured payment');
    }
  } catch (error) {
    // One bad document must not stop the pass; it is retried next time.
    report.failed += 1;
    logger?.error({ err: error, path: doc.ref.path }, 'reconciliation of a document failed');
  }
}

export const RECONCILE_JOB = 'reconcile';

/**
 * Reconciliation as a job of the runner (server/jobs): once per `intervalMinutes` across all
 * instances (a lease in `leases/reconcile`, which keeps the last pass's report); 0 = only when
 * triggered (Cloud Scheduler, `POST /api/jobs/reconcile`).
 */
export function reconcileJob(
  db: Firestore,
  gateway: PaymentGateway,
  intervalMinutes: number,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
): JobDefinition<ReconcileReport> {
  return {
    name: RECONCILE_JOB,
    scope: 'once',
    everyMs: intervalMinutes * 60_000,
    // A pass is bounded (RECONCILE_MAX_PAGES); a crashed holder's lease lapses after 5 minutes.
    leaseMs: 5 * 60_000,
    run: () => reconcilePass(db, gateway, { logger }),
    worthLogging: (report) => report.checked > 0 || (report.refundsChecked ?? 0) > 0,
  };
}
