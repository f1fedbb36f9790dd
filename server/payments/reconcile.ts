import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { STATUS } from '../../src/domain/status';
import { forEachPage } from '../paging';
import type { PaymentsContext } from './context';
import { markCapturedPaid } from './mark-paid';
import { resolvePendingRefunds } from './refunds';

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
  /** Payables per query page. */
  limit?: number;
  /** Pages per collection and pass (bounds one pass); the next pass starts again from the oldest. */
  maxPages?: number;
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
export async function reconcilePass(ctx: PaymentsContext, options: ReconcileOptions = {}): Promise<ReconcileReport> {
  const report = await reconcilePayments(ctx, options);
  const refunds = await resolvePendingRefunds(ctx);
  return { ...report, refundsChecked: refunds.checked, refundsSettled: refunds.settled };
}

/**
 * Finds orders and invoices still 'Pending' whose gateway order is older than 15 minutes and
 * younger than 7 days (oldest first, page by page, at most RECONCILE_MAX_PAGES pages per pass),
 * asks the gateway for that order's payments and marks the payable 'Paid' (through the same
 * idempotent markPaid as verify and webhooks) when one was captured. This is what makes a lost
 * webhook plus a closed browser still end 'Paid'.
 */
export async function reconcilePayments(
  ctx: PaymentsContext,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const now = options.now ?? Date.now();
  const newest = Timestamp.fromMillis(now - (options.minAgeMs ?? RECONCILE_MIN_AGE_MS));
  const oldest = Timestamp.fromMillis(now - (options.maxAgeMs ?? RECONCILE_MAX_AGE_MS));
  const report: ReconcileReport = { checked: 0, paid: 0, failed: 0 };
  for (const group of ['orders', 'invoices'] as const) {
    const inWindow = ctx.db
      .collectionGroup(group)
      .where('status', '==', STATUS.pending)
      .where('gatewayOrderCreatedAt', '>=', oldest)
      .where('gatewayOrderCreatedAt', '<=', newest)
      .orderBy('gatewayOrderCreatedAt');
    // Pages with a cursor, so abandoned orders at the head of the window never starve newer ones.
    await forEachPage(
      inWindow,
      async (payables) => {
        for (const payable of payables) await reconcilePayable(ctx, payable, report);
      },
      { pageSize: options.limit ?? RECONCILE_PAGE_SIZE, maxPages: options.maxPages ?? RECONCILE_MAX_PAGES },
    );
  }
  return report;
}

async function reconcilePayable(ctx: PaymentsContext, payable: QueryDocumentSnapshot, report: ReconcileReport) {
  const gatewayOrderId = payable.get('gatewayOrderId') as string | undefined;
  if (!gatewayOrderId) return;
  report.checked += 1;
  try {
    const captured = await markCapturedPaid(ctx, gatewayOrderId);
    if (captured?.result.outcome === 'paid') {
      report.paid += 1;
      ctx.logger?.info({ path: payable.ref.path, paymentId: captured.paymentId }, 'reconciled a captured payment');
    }
  } catch (error) {
    // One bad payable must not stop the pass; it is retried next time.
    report.failed += 1;
    ctx.logger?.error({ err: error, path: payable.ref.path }, 'reconciliation of a payable failed');
  }
}
