import type { Firestore } from 'firebase-admin/firestore';
import { paymentStatusOf } from '../../src/domain/console-status';
import { readPurchaseOrder } from '../../src/domain/purchase-order';
import { updateEach } from '../backfill';
import { invoiceTokens } from './purchase-orders';

/**
 * Payments and invoices from before the console (`npm run backfill`; idempotent): payment records
 * get the single `status` field the console filters on; invoices the company issued (proformas) get
 * the `searchTokens` the Invoices search reads (their number, the buyer's PO number and vendor
 * code, the buyer's name and email). Resolves with how many of each it updated.
 */
export async function backfillPayments(db: Firestore): Promise<{ payments: number; invoices: number }> {
  const report = { payments: 0, invoices: 0 };
  report.payments = await updateEach(db, db.collection('payments'), (doc) => {
    const status = paymentStatusOf(doc.data());
    if (doc.get('status') === status && typeof doc.get('refundedPaise') === 'number') return null;
    return { status, refundedPaise: typeof doc.get('refundedPaise') === 'number' ? doc.get('refundedPaise') : 0 };
  });

  // Every invoice, in path order (a filter would need a collection-group index of its own); the
  // customer's own invoices are left as they are.
  report.invoices = await updateEach(db, db.collectionGroup('invoices'), (doc) => {
    if (doc.get('issuedBy') !== 'company') return null;
    const tokens = invoiceTokens(doc.data(), undefined, readPurchaseOrder(doc.get('purchaseOrder')));
    const current = doc.get('searchTokens') as unknown;
    const same =
      Array.isArray(current) && current.length === tokens.length && tokens.every((token, i) => current[i] === token);
    return same ? null : { searchTokens: tokens };
  });

  return report;
}
