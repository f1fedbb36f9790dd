import { FieldValue, type DocumentData, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { payableReference, readPayable } from '../../src/domain/payable';
import { milestoneKey, quoteMilestoneSourceOf, quotePath } from '../../src/domain/quotes';
import { issueInTurn } from '../documents/issue';
import { taxDocumentDoc } from '../documents/store';
import { paymentReceiptMail } from '../mail/mails';
import { addMail, mailIds, mailQueued } from '../mail/outbox';
import type { PaymentReceiptData, ReceiptLine } from '../mail/templates/payment-receipt';
import type { PaymentsContext } from './context';
import { recordServiceEffects } from './services';
import type { GatewayOrderLink } from './store';

export interface PaymentEffectsInput {
  paymentId: string;
  gatewayOrderId: string;
  link: GatewayOrderLink;
  /** The payable's stored fields as they were before this payment marked it Paid. */
  payable: DocumentData;
  /** Integer paise captured (or, staff recording a payment, received). */
  amountPaise: number;
  method: string | null;
  /** Payments staff record: the UTR, UPI or cheque reference. */
  reference: string | null;
  source: string;
  /**
   * The payable's whole value its tax document is for: earlier receipts, this payment and its TDS
   * (just this payment, for anything paid in one go).
   */
  settledPaise: number;
  /** TDS the customer deducted over all its receipts, and its section; 0 and null when none. */
  tdsPaise: number;
  tdsSection: string | null;
  /** Payments staff record: the day the money arrived (YYYY-MM-DD, India), printed as the date paid. */
  receivedOn?: string;
  /** A cart order's buyer profile, read in the transaction (buyerRefFor): it names the order's projects. */
  buyer?: DocumentData | null;
}

/** An order's plans as the receipt lists them (as stored: name, category and price text). */
function receiptLines(items: unknown[]): ReceiptLine[] {
  return items
    .filter(
      (item): item is ReceiptLine =>
        typeof (item as ReceiptLine)?.name === 'string' && typeof (item as ReceiptLine)?.price === 'string',
    )
    .map((item) => ({
      name: item.name,
      category: typeof item.category === 'string' ? item.category : '',
      price: item.price,
    }));
}

/** The stored fields of the paid payable that its document is printed from (its owner may delete it later). */
function paidCopy(stored: DocumentData): Record<string, unknown> {
  const keys = [
    'items',
    'orderNumber',
    'invoiceId',
    'number',
    'kind',
    'amount',
    'lines',
    'amountsIncludeGst',
    'description',
    'name',
    'email',
    // Where a company-issued invoice came from (a quote's milestone, ...): the console sums by it.
    'source',
    // The buyer's PO number and vendor code, and an MSME seller's term: its tax invoice prints them.
    'purchaseOrder',
    'msmeTermDays',
  ] as const;
  return Object.fromEntries(keys.filter((key) => stored[key] !== undefined).map((key) => [key, stored[key]]));
}

/**
 * Everything that follows a payment, written inside markPaid's transaction and only when that
 * call flipped the payable to Paid, keyed by the payment id: so verify, the webhook and
 * reconciliation reporting the same payment still give one of each. Writes only (the
 * transaction's reads are done by now): the tax document, pending (numbered after the commit, see
 * afterPaymentCommitted, so that a burst of payments never contends on one counter here), and the
 * receipt mail, which goes out with the document's PDF.
 */
export function recordPaymentEffects(tx: Transaction, db: Firestore, input: PaymentEffectsInput): void {
  const { link } = input;
  tx.create(taxDocumentDoc(db, input.paymentId), {
    status: 'pending',
    series: 'invoice',
    uid: link.uid,
    paymentId: input.paymentId,
    gatewayOrderId: input.gatewayOrderId,
    payable: { type: link.type, docId: link.docId },
    amountPaise: input.settledPaise,
    method: input.method,
    ...(input.reference ? { paymentReference: input.reference } : {}),
    ...(input.tdsPaise > 0 ? { tdsPaise: input.tdsPaise, tdsSection: input.tdsSection } : {}),
    ...(input.receivedOn ? { receivedOn: input.receivedOn } : {}),
    source: input.source,
    subject: paidCopy(input.payable),
    paidAt: FieldValue.serverTimestamp(),
    createdAt: FieldValue.serverTimestamp(),
  });
  addMail(
    tx,
    db,
    mailIds.payment(input.paymentId),
    paymentReceiptMail(link.uid, {
      ...paymentReceiptData(input),
      ...(input.settledPaise !== input.amountPaise
        ? {
            settledPaise: input.settledPaise,
            tdsPaise: input.tdsPaise,
            tdsSection: input.tdsSection,
            balanceDuePaise: 0,
          }
        : {}),
    }),
  );
  recordQuoteMilestonePaid(tx, db, input);
  // Yearly maintenance: an order's plans with a yearly fee become services; a renewal moves its service on.
  recordServiceEffects(tx, db, {
    paymentId: input.paymentId,
    link,
    payable: input.payable,
    paidAtMs: Date.now(),
    buyer: input.buyer,
  });
}

/** What a payment's receipt mail says of it: who, how much, for what, how and when. */
export function paymentReceiptData(
  input: Pick<PaymentEffectsInput, 'link' | 'payable' | 'paymentId' | 'amountPaise' | 'method'> &
    Partial<Pick<PaymentEffectsInput, 'reference'>>,
): PaymentReceiptData {
  const payable = readPayable(input.link, input.payable);
  const isOrder = input.link.type !== 'invoice';
  return {
    customerName: payable.name,
    amountPaise: input.amountPaise,
    paymentId: input.paymentId,
    paidFor: isOrder ? 'order' : 'invoice',
    reference: payableReference(payable),
    items: isOrder ? receiptLines(payable.items) : [],
    method: input.method,
    ...(input.reference ? { paymentReference: input.reference } : {}),
    paidAt: new Date().toISOString(),
  };
}

/**
 * A quote's milestone whose proforma this payment paid is paid (and the quote's deposit, when it
 * is the first): from the invoice's `source`, so without a read. A merge rather than an update: a
 * payment must never fail because its quote is gone.
 */
function recordQuoteMilestonePaid(tx: Transaction, db: Firestore, input: PaymentEffectsInput): void {
  const source = quoteMilestoneSourceOf(input.payable.source);
  if (!source) return;
  const now = FieldValue.serverTimestamp();
  tx.set(
    db.doc(quotePath(source.quoteId)),
    {
      progress: { [milestoneKey(source.milestone)]: { state: 'paid', paidAt: now, paymentId: input.paymentId } },
      paidPaise: FieldValue.increment(input.amountPaise),
      ...(source.milestone === 0 ? { depositPaidAt: now } : {}),
      updatedAt: now,
    },
    { merge: true },
  );
}

/**
 * After a transaction that wrote a pending tax document and its mail has committed (a payment, a
 * refund): number the document now, then send the mail, which carries the document's PDF. Not
 * awaited by the caller, and nothing is lost if it fails or the process dies here: both are
 * stored, and the documents and mail jobs' passes take them up.
 */
export function afterPaymentCommitted(
  ctx: Pick<PaymentsContext, 'db' | 'documents' | 'logger'>,
  documentId: string,
): void {
  if (!ctx.documents.numberAfterPayment) {
    mailQueued();
    return;
  }
  issueInTurn(ctx.db, ctx.documents, documentId)
    .catch((error: unknown) =>
      ctx.logger?.warn({ err: error, documentId }, 'numbering a document failed; the documents job will retry'),
    )
    .finally(mailQueued);
}
