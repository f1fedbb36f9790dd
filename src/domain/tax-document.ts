import type { MsmeSnapshot } from './msme';
import type { PurchaseOrder } from './purchase-order';
import { sellerDocumentWords } from './seller-document';
import type { TaxLine, TaxSplit, TaxType } from './tax';

/**
 * The documents the company issues: `documents/{id}`, written only by the server. A payment's
 * document is created 'pending' in the same transaction that marks the payment Paid (id = the
 * payment id; a credit note's id = the refund id), then numbered and filled in once; a proforma
 * invoice (id `proforma_{invoice id}`) is issued whole when staff issue it. An issued document is
 * an immutable snapshot of every printed value.
 */

/**
 * A Tax Invoice when the seller has a GSTIN, a Payment Receipt otherwise; credit notes for refunds;
 * a Proforma Invoice is what the company bills before payment (not a tax document); a Quote is
 * what it offers (src/domain/quotes.ts: its own snapshot, printed by the same renderer).
 */
export type DocumentKind = 'tax-invoice' | 'receipt' | 'credit-note' | 'proforma' | 'quote';
export type DocumentStatus = 'pending' | 'issued';

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  'tax-invoice': 'Tax Invoice',
  receipt: 'Payment Receipt',
  'credit-note': 'Credit Note',
  proforma: 'Proforma Invoice',
  quote: 'Quote',
};

/** The label of the download action for a document of this kind (profile and console). */
export const DOWNLOAD_LABELS: Record<DocumentKind, string> = {
  'tax-invoice': 'Download invoice',
  receipt: 'Download receipt',
  'credit-note': 'Download credit note',
  proforma: 'Download proforma',
  quote: 'Download quote',
};

/**
 * What a proforma says it is not, on its PDF, its page and its mail, in the seller's words: a
 * registered seller issues a tax invoice when it is paid, an unregistered one a payment receipt.
 */
export function proformaNote(isRegistered: boolean): string {
  const { lower } = sellerDocumentWords(isRegistered);
  return `This is a proforma invoice, not a ${lower}. The ${lower} is issued when it is paid.`;
}

export const COMPUTER_GENERATED_NOTE = 'This is a computer-generated document and does not require a signature.';

export interface PartySnapshot {
  name: string;
  /** One line, as printed (street, city, PIN). */
  address: string;
  /** '' when unknown (a customer without a profile address). */
  state: string;
  stateCode: string;
  /** null when the party has none (an unregistered seller or a consumer). */
  gstin: string | null;
}

export interface SupplierSnapshot extends PartySnapshot {
  email: string;
  phone: string;
}

export interface RecipientSnapshot extends PartySnapshot {
  email: string | null;
  country: string;
}

/** What the document is for: the paid (or, for a proforma, billed) order or invoice. */
export interface DocumentReference {
  type: 'product_order' | 'invoice';
  docId: string;
  /** As printed: 'Order ORD-1767000000000', 'Invoice INV-1001' or 'Proforma PI/2026-27/0001'. */
  label: string;
}

export interface PaymentReference {
  paymentId: string;
  gatewayOrderId: string;
  /** 'upi', 'card', ... as the gateway reported it; for payments staff record, how it was paid ('bank-transfer'). */
  method: string | null;
  /** Payments staff record: the UTR, UPI or cheque reference they typed. */
  reference?: string | null;
  /** What the payment settled: the document's value (received, plus any TDS). */
  amountPaise: number;
  /** TDS the customer deducted (it counts toward the amount settled) and its section. */
  tdsPaise?: number;
  tdsSection?: string | null;
  /** Date of the payment in IST, as printed. */
  paidOn: string;
}

/** Credit notes: the refund they record. */
export interface RefundReference {
  refundId: string;
  /** The gateway's refund id (e.g. rfnd_…), once it is known. */
  gatewayRefundId: string | null;
  reason: string;
  amountPaise: number;
  /** Date of the refund in IST, as printed. */
  refundedOn: string;
}

/** Every value printed on an issued document: rendering reads this and nothing else. */
export interface TaxDocumentSnapshot {
  kind: Exclude<DocumentKind, 'quote'>;
  title: string;
  number: string;
  financialYear: string;
  /** Date of issue in IST, as printed ('01 Apr 2026'). */
  issueDate: string;
  supplier: SupplierSnapshot;
  recipient: RecipientSnapshot;
  placeOfSupply: { state: string; stateCode: string };
  /** null on a receipt (no GST). */
  taxType: TaxType | null;
  pricesIncludeGst: boolean;
  lines: TaxLine[];
  totals: TaxSplit;
  amountInWords: string;
  /** Always false for our services; printed as 'Reverse charge: No'. */
  reverseCharge: boolean;
  reference: DocumentReference;
  /** Every document but a proforma: the payment it is for (a credit note: the payment refunded). */
  payment?: PaymentReference;
  /** Credit notes only: the refund. */
  refund?: RefundReference;
  /** Credit notes only: the invoice they adjust. */
  original?: { documentId: string; number: string; issueDate: string };
  /** What the payable is for, as staff typed it (issued invoices). */
  description?: string | null;
  /** Proformas only: when payment is due (IST, as printed). */
  dueDate?: string;
  /** The buyer's PO number and vendor code (a proforma's, and the tax invoice and credit note of it). */
  purchaseOrder?: PurchaseOrder | null;
  /** A micro or small enterprise seller's Udyam number and payment terms (proformas and tax invoices). */
  msme?: MsmeSnapshot | null;
  note: string;
}

/** Document ids are payment (or refund) ids: Razorpay-shaped, safe as a Firestore id and a URL part. */
export const DOCUMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
