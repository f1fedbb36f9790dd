import type { DocumentData, Firestore, Transaction } from 'firebase-admin/firestore';
import { addMail, mailIds } from '../mail/outbox';
import { paymentReceiptMail } from '../mail/mails';
import type { ReceiptLine } from '../mail/templates/payment-receipt';
import type { GatewayOrderLink } from './store';

export interface PaymentEffectsInput {
  paymentId: string;
  link: GatewayOrderLink;
  /** The order or invoice as it was before this payment marked it Paid. */
  target: DocumentData;
  /** Integer paise captured. */
  amountPaise: number;
  method: string | null;
}

function receiptLines(target: DocumentData): ReceiptLine[] {
  if (!Array.isArray(target.items)) return [];
  return target.items
    .filter((item): item is ReceiptLine => typeof item?.name === 'string' && typeof item?.price === 'string')
    .map((item) => ({
      name: item.name,
      category: typeof item.category === 'string' ? item.category : '',
      price: item.price,
    }));
}

/**
 * Everything that follows a payment, written inside markPaid's transaction and only when that
 * call flipped the document to Paid, keyed by the payment id: so verify, the webhook and
 * reconciliation reporting the same payment still give one of each. Writes only (the transaction's
 * reads are done by now); nothing here talks to a mail server.
 */
export function recordPaymentEffects(tx: Transaction, db: Firestore, input: PaymentEffectsInput): void {
  const { target, link } = input;
  const isOrder = link.type !== 'invoice';
  const reference = String((isOrder ? target.orderNumber : target.invoiceId) ?? link.docId);
  addMail(
    tx,
    db,
    mailIds.payment(input.paymentId),
    paymentReceiptMail(link.uid, {
      customerName: typeof target.name === 'string' && target.name.trim() ? target.name : null,
      amountPaise: input.amountPaise,
      paymentId: input.paymentId,
      paidFor: isOrder ? 'order' : 'invoice',
      reference,
      items: isOrder ? receiptLines(target) : [],
      method: input.method,
      paidAt: new Date().toISOString(),
    }),
  );
}
