import type { TaxLine, TaxSplit, TaxType } from './tax';

/**
 * The tax documents issued after payments (and, later, refunds): `documents/{id}`, written only
 * by the server. A document is created 'pending' in the same transaction that marks the payment
 * Paid (id = the payment id; a credit note's id = the refund id), then numbered and filled in once
 * by the document worker; an issued document is an immutable snapshot of every printed value.
 */

/** A Tax Invoice when the seller has a GSTIN, a Payment Receipt otherwise; credit notes for refunds. */
export type DocumentKind = 'tax-invoice' | 'receipt' | 'credit-note';
export type DocumentStatus = 'pending' | 'issued';

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  'tax-invoice': 'Tax Invoice',
  receipt: 'Payment Receipt',
  'credit-note': 'Credit Note',
};

/** The label of the download action for a document of this kind (profile and console). */
export const DOWNLOAD_LABELS: Record<DocumentKind, string> = {
  'tax-invoice': 'Download invoice',
  receipt: 'Download receipt',
  'credit-note': 'Download credit note',
};

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

/** What the document is for: the paid order or invoice. */
export interface DocumentReference {
  type: 'product_order' | 'invoice';
  docId: string;
  /** As printed: 'Order ORD-1767000000000' or 'Invoice INV-1001'. */
  label: string;
}

export interface PaymentReference {
  paymentId: string;
  gatewayOrderId: string;
  /** 'upi', 'card', ... as the gateway reported it; 'offline' for payments staff record. */
  method: string | null;
  amountPaise: number;
  /** Date of the payment in IST, as printed. */
  paidOn: string;
}

/** Every value printed on an issued document: rendering reads this and nothing else. */
export interface TaxDocumentSnapshot {
  kind: DocumentKind;
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
  payment: PaymentReference;
  /** Credit notes only: the invoice they adjust. */
  original?: { documentId: string; number: string; issueDate: string };
  note: string;
}

/** Document ids are payment (or refund) ids: Razorpay-shaped, safe as a Firestore id and a URL part. */
export const DOCUMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
