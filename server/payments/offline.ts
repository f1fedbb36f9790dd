import { createHash } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { CURRENCY, formatInr } from '../../src/domain/money';
import { settledPaiseOf, tdsPaiseOf } from '../../src/domain/payable';
import type { OfflinePayment } from '../../src/domain/payments';
import { isOpenStatus, STATUS } from '../../src/domain/status';
import { addAudit, type Actor } from '../audit';
import { HttpError } from '../errors';
import { paymentReceiptMail } from '../mail/mails';
import { addMail, mailIds, mailQueued } from '../mail/outbox';
import { afterPaymentCommitted, paymentReceiptData } from './after-paid';
import type { PaymentsContext } from './context';
import { paymentFields, writePaid } from './mark-paid';
import { chargePaise } from './payment-orders';
import { buyerRefFor } from './services';
import { payableDoc, paymentDoc, type GatewayOrderLink } from './store';
import { addTdsCertificate } from './tds';

export const NOT_PAYABLE = 'Only a Pending or Partially paid order or invoice can take a payment.';
export const moreThanDue = (duePaise: number) =>
  `That is more than the ${formatInr(duePaise)} due. Enter what was received and any TDS, up to ${formatInr(duePaise)} in all.`;
export const orderInFull = (duePaise: number) =>
  `An order is paid in one go: record ${formatInr(duePaise)} (received and any TDS).`;

/**
 * The payment id of a receipt staff record: one per request (the form makes its request id when
 * it opens), so a double click or a retry is one receipt, and the same shape as a gateway id.
 */
export function offlinePaymentId(input: Pick<OfflinePayment, 'uid' | 'type' | 'docId' | 'requestId'>): string {
  const digest = createHash('sha256')
    .update(`${input.uid}/${input.type}/${input.docId}/${input.requestId}`)
    .digest('hex');
  return `offline_${digest.slice(0, 24)}`;
}

export type OfflineOutcome = 'paid' | 'part-paid' | 'already-recorded';

export interface OfflineResult {
  paymentId: string;
  outcome: OfflineOutcome;
  /** What is still due after this receipt, in paise (0 once settled). */
  balanceDuePaise: number;
}

/**
 * A payment staff record as it happened (bank transfer, UPI or cheque): the amount received, the
 * day, its reference, and any TDS the customer deducted. What it settles (received + TDS) may be
 * less than what is due: an invoice then becomes 'Partially paid' with the balance due and takes
 * further payments (online too, for the balance). The receipt that settles it in full flips it to
 * Paid through writePaid, as an online payment's does, so its tax document (for the invoice's
 * whole value, once) and receipt mail follow. Everything, the audit entry included, commits in one
 * transaction; an amount above what is due is refused and nothing is written.
 */
export async function recordOfflinePayment(
  ctx: PaymentsContext,
  input: OfflinePayment,
  actor: Actor,
): Promise<OfflineResult> {
  const { db } = ctx;
  const payableRef = payableDoc(db, input);
  const paymentId = offlinePaymentId(input);
  const paymentRef = paymentDoc(db, paymentId);
  const settles = input.amountReceivedPaise + input.tdsPaise;
  const result = await db.runTransaction(async (tx): Promise<OfflineResult> => {
    const buyerRef = buyerRefFor(db, input);
    const [recorded, payable, buyer] = await tx.getAll(paymentRef, payableRef, ...(buyerRef ? [buyerRef] : []));
    if (recorded!.exists) {
      return { paymentId, outcome: 'already-recorded', balanceDuePaise: Number(recorded!.get('balanceDuePaise') ?? 0) };
    }
    if (!payable!.exists)
      throw new HttpError(404, input.type === 'invoice' ? 'Invoice not found.' : 'Order not found.');
    const stored = payable!.data()!;
    if (!isOpenStatus(stored.status as string)) throw new HttpError(409, NOT_PAYABLE);
    const chargedPaise = chargePaise(input, stored, ctx.documents.tax);
    const settledBefore = settledPaiseOf(stored);
    const duePaise = chargedPaise - settledBefore;
    if (settles > duePaise) throw new HttpError(409, moreThanDue(duePaise));
    if (input.type === 'product_order' && settles < duePaise) throw new HttpError(409, orderInFull(duePaise));
    const balanceDuePaise = duePaise - settles;
    const link: GatewayOrderLink = { ...input, amountPaise: duePaise, currency: CURRENCY };
    const fields = paymentFields(link, stored);

    tx.create(paymentRef, {
      ...fields,
      paymentId,
      gatewayOrderId: 'offline',
      amountPaise: input.amountReceivedPaise,
      method: input.method,
      source: 'offline',
      status: 'paid',
      reference: input.reference,
      recordedBy: actor.uid,
      receivedOn: input.receivedOn,
      tdsPaise: input.tdsPaise,
      tdsSection: input.tdsSection,
      balanceDuePaise,
      refundedPaise: 0,
      createdAt: FieldValue.serverTimestamp(),
    });
    const after =
      balanceDuePaise === 0
        ? { status: STATUS.paid, paymentId }
        : { status: STATUS.partiallyPaid, settledPaise: settledBefore + settles, balanceDuePaise };
    addAudit(tx, db, {
      actor,
      action: 'payment.offline',
      target: payableRef.path,
      before: { status: stored.status as string, settledPaise: settledBefore },
      after: {
        ...after,
        receiptId: paymentId,
        amountReceivedPaise: input.amountReceivedPaise,
        tdsPaise: input.tdsPaise,
        tdsSection: input.tdsSection,
        receivedOn: input.receivedOn,
        method: input.method,
        reference: input.reference,
      },
    });
    // Every TDS amount awaits its certificate, whatever recorded it.
    if (input.tdsPaise > 0) {
      addTdsCertificate(tx, db, {
        companyId: input.uid,
        paymentId,
        payable: input,
        customerName: fields.customerName as string | null,
        paidFor: fields.paidFor as string | null,
        receivedOn: input.receivedOn,
        tdsPaise: input.tdsPaise,
        tdsSection: input.tdsSection,
        actor,
      });
    }

    if (balanceDuePaise === 0) {
      writePaid(tx, db, {
        payableRef,
        payable: stored,
        link,
        paymentId,
        gatewayOrderId: 'offline',
        amountPaise: input.amountReceivedPaise,
        method: input.method,
        reference: input.reference,
        source: 'offline',
        receivedOn: input.receivedOn,
        tdsPaise: input.tdsPaise,
        tdsSection: input.tdsSection,
        buyer: buyer?.data() ?? null,
      });
      return { paymentId, outcome: 'paid', balanceDuePaise };
    }
    const tdsPaise = tdsPaiseOf(stored) + input.tdsPaise;
    tx.update(payableRef, {
      status: STATUS.partiallyPaid,
      settledPaise: settledBefore + settles,
      tdsPaise,
      ...(input.tdsSection ? { tdsSection: input.tdsSection } : {}),
      // An online order made for the old balance must not settle it again: a payment on it is
      // then a mismatch, kept for a refund; the next checkout is for the new balance.
      gatewayOrderId: FieldValue.delete(),
      gatewayOrderAmount: FieldValue.delete(),
      gatewayOrderTds: FieldValue.delete(),
    });
    addMail(
      tx,
      db,
      mailIds.payment(paymentId),
      paymentReceiptMail(input.uid, {
        ...paymentReceiptData({
          link,
          payable: stored,
          paymentId,
          amountPaise: input.amountReceivedPaise,
          method: input.method,
          reference: input.reference,
        }),
        settledPaise: settledBefore + settles,
        tdsPaise,
        tdsSection: input.tdsSection ?? (stored.tdsSection as string | undefined) ?? null,
        balanceDuePaise,
      }),
    );
    return { paymentId, outcome: 'part-paid', balanceDuePaise };
  });
  if (result.outcome === 'paid') afterPaymentCommitted(ctx, paymentId);
  if (result.outcome === 'part-paid') mailQueued();
  return result;
}
