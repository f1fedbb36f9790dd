import { createHash } from 'node:crypto';
import { CURRENCY } from '../../src/domain/money';
import type { OfflinePayment } from '../../src/domain/staff';
import { STATUS } from '../../src/domain/status';
import { addAudit, type Actor } from '../audit';
import { HttpError } from '../errors';
import type { PaymentsContext } from './context';
import { markPaid } from './mark-paid';
import { chargePaise } from './payment-orders';
import { payableDoc } from './store';

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
  ctx: PaymentsContext,
  input: OfflinePayment,
  actor: Actor,
): Promise<{ paymentId: string; outcome: string }> {
  const { db } = ctx;
  const payable = await payableDoc(db, input).get();
  if (!payable.exists) throw new HttpError(404, input.type === 'invoice' ? 'Invoice not found.' : 'Order not found.');
  if (payable.get('status') !== STATUS.pending) throw new HttpError(409, NOT_PAYABLE);
  const amountPaise = chargePaise(input, payable.data()!, ctx.documents.tax);
  const paymentId = offlinePaymentId(input);
  const { outcome } = await markPaid(
    ctx,
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
          target: payable.ref.path,
          before: { status: STATUS.pending },
          after: { status: STATUS.paid, paymentId, amountPaise, method: input.method, reference: input.reference },
        }),
    },
    { uid: input.uid, type: input.type, docId: input.docId, amountPaise, currency: CURRENCY },
  );
  if (outcome !== 'paid' && outcome !== 'already-recorded') throw new HttpError(409, NOT_PAYABLE);
  return { paymentId, outcome };
}
