import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import type { DocumentSeries } from '../../src/domain/document-number';
import type { PaymentType } from '../../src/domain/schemas';
import type { DocumentKind, TaxDocumentSnapshot } from '../../src/domain/tax-document';

/**
 * `documents/{id}` (tax invoices, payment receipts, later credit notes) and `counters/{series}`
 * (one per series and financial year). Both are server-only: the rules deny every client.
 */
export const documentDoc = (db: Firestore, id: string) => db.doc(`documents/${id}`);
export const counterDoc = (db: Firestore, id: string) => db.doc(`counters/${id}`);

/** The order or invoice as it was when it was paid: what its lines are printed from. */
export interface PaidSubject {
  /** Orders: the items as stored (ids pick catalogue plans). */
  items?: Array<{ id?: unknown; name?: unknown; category?: unknown; price?: unknown }>;
  orderNumber?: string | null;
  /** Invoices: the customer's reference, amount in rupees, and staff-issued lines if any. */
  invoiceId?: string | null;
  number?: string | null;
  amount?: number | null;
  lines?: Array<{ description?: unknown; amountPaise?: unknown }>;
  name?: string | null;
  email?: string | null;
}

/** Fields every document has, pending or issued. */
export interface DocumentBase {
  status: 'pending' | 'issued';
  series: DocumentSeries;
  uid: string;
  paymentId: string;
  gatewayOrderId: string;
  payable: { type: PaymentType; docId: string };
  amountPaise: number;
  method: string | null;
  source: string;
  subject: PaidSubject;
  /** For a credit note: when the refund was made. */
  paidAt: Timestamp;
  createdAt: Timestamp;
  /** Credit notes only: documents/{id} of the payment refunded (the invoice this note adjusts). */
  originalDocumentId?: string;
  /** Credit notes only: refunds/{id}. */
  refundId?: string;
}

export interface IssuedDocumentFields {
  status: 'issued';
  kind: DocumentKind;
  number: string;
  financialYear: string;
  sequence: number;
  issuedAt: Timestamp;
  /** Every printed value; never changed after issue. */
  snapshot: TaxDocumentSnapshot;
}
