import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import type { DocumentSeries } from '../../src/domain/document-number';
import type { PayableRef } from '../../src/domain/payable';
import type { DocumentKind, TaxDocumentSnapshot } from '../../src/domain/tax-document';

/**
 * `documents/{id}` (tax invoices, payment receipts, credit notes) and `counters/{series}` (one per
 * series and financial year). Both are server-only: the rules deny every client.
 */
export const taxDocumentDoc = (db: Firestore, id: string) => db.doc(`documents/${id}`);
export const taxDocumentsCollection = (db: Firestore) => db.collection('documents');
export const counterDoc = (db: Firestore, id: string) => db.doc(`counters/${id}`);

/** Fields every document has, pending or issued. */
export interface TaxDocumentBase {
  status: 'pending' | 'issued';
  series: DocumentSeries;
  uid: string;
  paymentId: string;
  gatewayOrderId: string;
  /** The payable paid. */
  payable: PayableRef;
  /**
   * The payable's stored fields as they were when it was paid (read with readPayable): its lines
   * are printed from this copy, since its owner may delete the payable later.
   */
  subject: Record<string, unknown>;
  amountPaise: number;
  method: string | null;
  /** Payments staff record: the UTR, UPI or cheque reference they typed. */
  paymentReference?: string | null;
  /** Payments staff record: the day the money arrived (YYYY-MM-DD, India). */
  receivedOn?: string;
  /** TDS the customer deducted from what it paid (it counts toward the amount settled), and its section. */
  tdsPaise?: number;
  tdsSection?: string | null;
  source: string;
  /** For a credit note: when the refund was made. */
  paidAt: Timestamp;
  createdAt: Timestamp;
  /** Credit notes only: documents/{id} of the payment refunded (the invoice this note adjusts). */
  originalDocumentId?: string;
  /** Credit notes only: refunds/{id}, the gateway's id of the refund, and its reason. */
  refundId?: string;
  gatewayRefundId?: string | null;
  refundReason?: string;
}

export interface IssuedDocumentFields {
  status: 'issued';
  kind: DocumentKind;
  number: string;
  financialYear: string;
  sequence: number;
  issuedAt: Timestamp;
  /**
   * Every printed value; never changed after issue, but for one thing: an open proforma (a request
   * for payment, not a tax document) takes the buyer's PO number when the buyer gives it.
   */
  snapshot: TaxDocumentSnapshot;
}
