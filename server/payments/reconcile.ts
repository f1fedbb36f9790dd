import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { STATUS } from '../../src/domain/status';
import type { PaymentGateway } from './gateway';
import { markPaid } from './mark-paid';

/** A gateway order younger than this may still be in the customer's hands. */
export const RECONCILE_MIN_AGE_MS = 15 * 60_000;

export interface ReconcileOptions {
  now?: number;
  minAgeMs?: number;
  /** Per collection and pass; the next pass picks up the rest. */
  limit?: number;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
}

/**
 * Finds orders and invoices still 'Pending' whose gateway order is older than 15 minutes, asks the
 * gateway for that order's payments and marks the document 'Paid' (through the same idempotent
 * transaction as verify and webhooks) when one was captured. This is what makes a lost webhook
 * plus a closed browser still end 'Paid'.
 */
export async function reconcilePayments(
  db: Firestore,
  gateway: PaymentGateway,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const cutoff = Timestamp.fromMillis((options.now ?? Date.now()) - (options.minAgeMs ?? RECONCILE_MIN_AGE_MS));
  const report: ReconcileReport = { checked: 0, paid: 0, failed: 0 };
  for (const group of ['orders', 'invoices'] as const) {
    const pending = await db
      .collectionGroup(group)
      .where('status', '==', STATUS.pending)
      .where('gatewayOrderCreatedAt', '<=', cutoff)
      .orderBy('gatewayOrderCreatedAt')
      .limit(options.limit ?? 200)
      .get();
    for (const doc of pending.docs) {
      const gatewayOrderId = doc.get('gatewayOrderId') as string | undefined;
      if (!gatewayOrderId) continue;
      report.checked += 1;
      try {
        const payments = await gateway.fetchOrderPayments(gatewayOrderId);
        const captured = payments.find((payment) => payment.status === 'captured');
        if (!captured) continue;
        const result = await markPaid(db, {
          gatewayOrderId,
          paymentId: captured.id,
          amountPaise: captured.amount,
          method: captured.method,
          source: 'reconcile',
        });
        if (result.outcome === 'paid') {
          report.paid += 1;
          options.logger?.info({ path: doc.ref.path, paymentId: captured.id }, 'reconciled a captured payment');
        }
      } catch (error) {
        // One bad document must not stop the pass; it is retried next time.
        report.failed += 1;
        options.logger?.error({ err: error, path: doc.ref.path }, 'reconciliation of a document failed');
      }
    }
  }
  return report;
}

/** Runs reconciliation every `intervalMinutes` (0 = off). Returns a stop function. */
export function startReconcileTimer(
  db: Firestore,
  gateway: PaymentGateway,
  intervalMinutes: number,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
): () => void {
  if (!intervalMinutes) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcilePayments(db, gateway, { logger })
      .then((report) => {
        if (report.checked) logger.info(report, 'reconciliation pass');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'reconciliation pass failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMinutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
