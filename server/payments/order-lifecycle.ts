import { FieldValue, Timestamp, type DocumentReference, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { STATUS } from '../../src/domain/status';
import { isWriteConflict } from '../errors';
import { forEachDoc } from '../paging';
import type { PaymentsContext } from './context';
import { markCapturedPaid } from './mark-paid';

/**
 * The life of a cart's order after it is created 'Pending': it is paid, or it becomes 'Cancelled'
 * because a newer order of the customer replaced it (the cart changed) or because nobody paid it
 * in time. Only this module cancels orders, and it never cancels one that was charged: an order
 * with a gateway order is first checked with the gateway, and a captured payment marks it Paid
 * (through markPaid) instead. A payment that reaches a Cancelled order later is kept by markPaid
 * for a refund and never flips it back to Paid.
 */

export type CancelReason = 'replaced' | 'expired';

export type CancelOutcome =
  /** The order is now Cancelled. */
  | 'cancelled'
  /** The gateway had captured a payment: the order is Paid instead. */
  | 'paid'
  /** It was no longer Pending, or it changed while we looked (a new gateway order): left as it is. */
  | 'skipped';

/** A Pending order nobody pays within this time is cancelled (ORDER_EXPIRY_HOURS). */
export const DEFAULT_ORDER_EXPIRY_HOURS = 24;

/**
 * Cancels one order if it is still 'Pending' and was not paid. The cancel is written only if the
 * order is exactly as we read it, so an order that got a new gateway order (or was paid) meanwhile
 * is left alone. A payment captured after our look at the gateway finds the order Cancelled and is
 * recorded for a refund (see markPaid).
 */
export async function cancelOpenOrder(
  ctx: PaymentsContext,
  ref: DocumentReference,
  reason: CancelReason,
): Promise<CancelOutcome> {
  const snapshot = await ref.get();
  if (!snapshot.exists || snapshot.get('status') !== STATUS.pending) return 'skipped';
  const gatewayOrderId = snapshot.get('gatewayOrderId') as unknown;
  if (typeof gatewayOrderId === 'string') {
    const captured = await markCapturedPaid(ctx, gatewayOrderId);
    if (captured?.result.outcome === 'paid') return 'paid';
    // Otherwise nothing was captured, or the payment is already recorded (for a refund, or by a
    // concurrent call that paid the order: then the conditional cancel below finds it changed and leaves it).
  }
  try {
    await ref.update(
      { status: STATUS.cancelled, cancelReason: reason, cancelledAt: FieldValue.serverTimestamp() },
      { lastUpdateTime: snapshot.updateTime },
    );
    return 'cancelled';
  } catch (error) {
    if (isWriteConflict(error)) return 'skipped';
    throw error;
  }
}

const createdAtMs = (order: QueryDocumentSnapshot) => {
  const createdAt = order.get('createdAt') as unknown;
  return createdAt instanceof Timestamp ? createdAt.toMillis() : undefined;
};

/**
 * A customer has at most one open order: when they ask to pay `keepOrderId` (the order of their
 * cart as it is now), every older 'Pending' order of theirs is replaced by it and cancelled. An
 * order created after it (the cart changed again meanwhile) is newer than the one kept and is
 * left alone; so is everything when the kept order is no longer Pending (the expiry job then
 * deals with the rest). Returns how many were cancelled.
 */
export async function replaceOpenOrders(ctx: PaymentsContext, uid: string, keepOrderId: string): Promise<number> {
  const pending = await ctx.db.collection(`users/${uid}/orders`).where('status', '==', STATUS.pending).get();
  const kept = pending.docs.find((order) => order.id === keepOrderId);
  const keptAtMs = kept && createdAtMs(kept);
  if (keptAtMs === undefined) return 0;
  let cancelled = 0;
  for (const order of pending.docs) {
    if (order.id === keepOrderId || (createdAtMs(order) ?? 0) >= keptAtMs) continue;
    if ((await cancelOpenOrder(ctx, order.ref, 'replaced')) === 'cancelled') cancelled += 1;
  }
  return cancelled;
}

export interface ExpiryOptions {
  now?: number;
  /** Orders created longer ago than this are expired; DEFAULT_ORDER_EXPIRY_HOURS by default. */
  maxAgeMs?: number;
  /** Orders per query page. */
  limit?: number;
  /** Pages per pass (bounds one pass; the next pass goes on). */
  maxPages?: number;
}

export interface ExpiryReport {
  checked: number;
  cancelled: number;
  paid: number;
  failed: number;
}

/**
 * Cancels every 'Pending' order created more than `maxAgeMs` ago (oldest first, page by page), or
 * marks it Paid when its gateway order was captured after all. Safe to run on several instances
 * at once: each cancel is conditional on the order being unchanged.
 */
export async function cancelExpiredOrders(ctx: PaymentsContext, options: ExpiryOptions = {}): Promise<ExpiryReport> {
  const now = options.now ?? Date.now();
  const cutoff = Timestamp.fromMillis(now - (options.maxAgeMs ?? DEFAULT_ORDER_EXPIRY_HOURS * 3_600_000));
  const report: ExpiryReport = { checked: 0, cancelled: 0, paid: 0, failed: 0 };
  const expired = ctx.db
    .collectionGroup('orders')
    .where('status', '==', STATUS.pending)
    .where('createdAt', '<=', cutoff)
    .orderBy('createdAt');
  await forEachDoc(
    expired,
    { pageSize: options.limit ?? 200, maxPages: options.maxPages ?? 10 },
    {
      report,
      visit: async (order) => {
        const outcome = await cancelOpenOrder(ctx, order.ref, 'expired');
        if (outcome === 'cancelled') report.cancelled += 1;
        if (outcome === 'paid') report.paid += 1;
      },
      onError: (error, order) => ctx.logger?.error({ err: error, path: order.ref.path }, 'expiring an order failed'),
    },
  );
  return report;
}
