import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { CURRENCY } from '../../src/domain/money';
import type { OfflinePayment } from '../../src/domain/staff';
import { STATUS } from '../../src/domain/status';
import type { TaxSettings } from '../../src/domain/tax';
import { HttpError } from '../errors';
import { markPaid } from '../payments/mark-paid';
import { payableAmountPaise } from '../payments/payment-orders';
import { payableDoc } from '../payments/store';
import type { Actor } from './access';
import { addAudit } from './audit';

export const NOT_PAYABLE = 'Only a Pending order or invoice can be marked paid.';

/**
 * The payment id of an offline payment: one per document, so recording it twice (a double click,
 * two staff) is one payment, and the same shape as a gateway id (safe as a document id).
 */
export function offlinePaymentId(input: Pick<OfflinePayment, 'uid' | 'type' | 'docId'>): string {
  const digest = createHash('sha256').update(`${input.uid}/${input.type}/${input.docId}`).digest('hex');
  return `offline_${digest.slice(0, 24)}`;
}

/**
 * A bank transfer, UPI or cheque payment staff record against a Pending order or invoice. It goes
 * through markPaid (source 'offline'), the one place anything becomes Paid, so the tax document
 * and the receipt mail follow exactly as for an online payment; the audit entry commits with it.
 */
export async function recordOfflinePayment(
  db: Firestore,
  input: OfflinePayment,
  actor: Actor,
  tax?: TaxSettings,
): Promise<{ paymentId: string; outcome: string }> {
  const target = await payableDoc(db, input).get();
  if (!target.exists) throw new HttpError(404, input.type === 'invoice' ? 'Invoice not found.' : 'Order not found.');
  if (target.get('status') !== STATUS.pending) throw new HttpError(409, NOT_PAYABLE);
  const amountPaise = payableAmountPaise(input.type, target.data()!, tax);
  const paymentId = offlinePaymentId(input);
  const { outcome } = await markPaid(
    db,
    {
      gatewayOrderId: 'offline',
      paymentId,
      amountPaise,
      method: input.method,
      source: 'offline',
      offline: { reference: input.reference, recordedBy: actor.uid },
      alsoWhenPaid: (tx) =>
        addAudit(tx, db, {
          actor,
          action: 'payment.offline',
          target: target.ref.path,
          before: { status: STATUS.pending },
          after: { status: STATUS.paid, paymentId, amountPaise, method: input.method, reference: input.reference },
        }),
    },
    { uid: input.uid, type: input.type, docId: input.docId, amountPaise, currency: CURRENCY },
  );
  if (outcome !== 'paid' && outcome !== 'already-recorded') throw new HttpError(409, NOT_PAYABLE);
  return { paymentId, outcome };
}
