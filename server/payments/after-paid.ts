import { FieldValue, type DocumentData, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { documentDoc, type PaidSubject } from '../documents/store';
import { addMail, mailIds } from '../mail/outbox';
import { paymentReceiptMail } from '../mail/mails';
import type { ReceiptLine } from '../mail/templates/payment-receipt';
import type { GatewayOrderLink } from './store';

export interface PaymentEffectsInput {
  paymentId: string;
  gatewayOrderId: string;
  link: GatewayOrderLink;
  /** The order or invoice as it was before this payment marked it Paid. */
  target: DocumentData;
  /** Integer paise captured. */
  amountPaise: number;
  method: string | null;
  source: string;
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

/** The fields of the paid order or invoice a document is printed from (the owner may delete it later). */
function paidSubject(target: DocumentData): PaidSubject {
  const keys = ['items', 'orderNumber', 'invoiceId', 'number', 'amount', 'lines', 'name', 'email'] as const;
  return Object.fromEntries(
    keys.filter((key) => target[key] !== undefined).map((key) => [key, target[key]]),
  ) as PaidSubject;
}

/**
 * Everything that follows a payment, written inside markPaid's transaction and only when that
 * call flipped the document to Paid, keyed by the payment id: so verify, the webhook and
 * reconciliation reporting the same payment still give one of each. Writes only (the transaction's
 * reads are done by now); slow work (numbering, PDF, SMTP) happens later in workers.
 */
export function recordPaymentEffects(tx: Transaction, db: Firestore, input: PaymentEffectsInput): void {
  const { target, link } = input;
  // The tax document, pending: numbering happens outside this transaction (server/documents), so
  // 200 payments at once never contend on one counter here.
  tx.create(documentDoc(db, input.paymentId), {
    status: 'pending',
    series: 'invoice',
    uid: link.uid,
    paymentId: input.paymentId,
    gatewayOrderId: input.gatewayOrderId,
    payable: { type: link.type, docId: link.docId },
    amountPaise: input.amountPaise,
    method: input.method,
    source: input.source,
    subject: paidSubject(target),
    paidAt: FieldValue.serverTimestamp(),
    createdAt: FieldValue.serverTimestamp(),
  });
  // The receipt mail; it goes out with the document's PDF once the document is issued.
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

type PaymentAppliedListener = () => void;
const listeners = new WeakMap<Firestore, Set<PaymentAppliedListener>>();

/**
 * Calls `listener` after each committed markPaid that flipped a document to Paid on this database
 * (the document worker uses it to number the new document at once). Returns the unsubscribe.
 */
export function onPaymentApplied(db: Firestore, listener: PaymentAppliedListener): () => void {
  const set = listeners.get(db) ?? new Set<PaymentAppliedListener>();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** Called by markPaid once its transaction has committed with outcome 'paid'. */
export function notifyPaymentApplied(db: Firestore): void {
  for (const listener of listeners.get(db) ?? []) listener();
}
