import { collection, collectionGroup, orderBy, query } from 'firebase/firestore';
import { paiseToRupees, rupeesToPaise } from '@/domain/money';
import { settledPaiseOf } from '@/domain/payable';
import { readPurchaseOrder, type PurchaseOrder } from '@/domain/purchase-order';
import { taxDocumentNumberOf, str, num, converter, ownerOf, lines, pick, stringsOf } from '@/lib/converters';
import { db } from '@/lib/firestore';
import { payableFields } from './payable-fields';

// Invoices (users/{uid}/invoices): the customer's own and the proformas the company issues. Read by
// billing, profile, documents and the console's customer page.
export interface Invoice {
  id: string;
  invoiceId: string;
  name: string;
  email: string;
  amountPaise: number;
  currency: string;
  status: string;
  createdAt: Date | null;
  /** 'company' for an invoice staff issued (the customer can neither change nor delete it); unset for the customer's own. */
  issuedBy?: 'company';
  /** Set by the server once paid. */
  paymentId?: string;
  paidAt?: Date;
  /** What the checkout charged, in paise (set by the server with the gateway order). */
  chargedPaise?: number;
  /** The customer whose invoice it is (from its path). */
  ownerUid: string;
  description?: string;
  lines?: Array<{ description: string; amountPaise: number }>;
  /** Refunded so far (a partial refund keeps the status 'Paid'). */
  refundedPaise?: number;
  /** 'proforma' for what the company bills before payment (PI/…). */
  kind?: 'proforma';
  /** A proforma's due date (YYYY-MM-DD, India time). */
  dueDate?: string;
  /** The number of the tax invoice (or receipt) issued once it was paid. */
  taxDocumentNumber?: string;
  /** Paid in parts: what the receipts so far settled (received + TDS), in paise. */
  settledPaise?: number;
  /** The buyer's PO number and vendor code on it, when given. */
  poNumber?: string;
  vendorCode?: string;
  /** The words staff find it by (number, PO number, vendor code, the buyer): src/domain/search.ts. */
  searchTokens?: string[];
}

/** An invoice's PO number and vendor code, as optional fields. */
const purchaseOrderFields = (po: PurchaseOrder | null) => ({
  ...(po?.poNumber ? { poNumber: po.poNumber } : {}),
  ...(po?.vendorCode ? { vendorCode: po.vendorCode } : {}),
});

const invoiceConverter = converter<Invoice>(
  (id, data, snapshot) => ({
    id,
    ownerUid: ownerOf(snapshot),
    ...(data.issuedBy === 'company' ? { description: str(data.description), lines: lines(data.lines) } : {}),
    ...(typeof data.refundedPaise === 'number' ? { refundedPaise: data.refundedPaise } : {}),
    ...(data.kind === 'proforma' ? { kind: 'proforma' as const } : {}),
    ...(typeof data.dueDate === 'string' ? { dueDate: data.dueDate } : {}),
    ...(taxDocumentNumberOf(data.taxDocument) ? { taxDocumentNumber: taxDocumentNumberOf(data.taxDocument) } : {}),
    ...(settledPaiseOf(data) > 0 ? { settledPaise: settledPaiseOf(data) } : {}),
    ...purchaseOrderFields(readPurchaseOrder(data.purchaseOrder)),
    ...(Array.isArray(data.searchTokens) ? { searchTokens: stringsOf(data.searchTokens) } : {}),
    invoiceId: str(data.invoiceId) || id,
    name: str(data.name),
    email: str(data.email),
    amountPaise: rupeesToPaise(num(data.amount)),
    issuedBy: data.issuedBy === 'company' ? 'company' : undefined,
    ...payableFields(data),
  }),
  ({ amountPaise, ...invoice }) => ({
    ...pick(invoice, ['invoiceId', 'name', 'email', 'currency', 'status', 'createdAt']),
    amount: paiseToRupees(amountPaise as number),
  }),
);

/** A proforma the server issued: its number, what it charges (GST included) and its pay link. */
export interface IssuedProforma {
  id: string;
  number: string;
  amountPaise: number;
  payUrl: string;
}

export const invoicesOf = (uid: string) => collection(db, 'users', uid, 'invoices').withConverter(invoiceConverter);
// A customer's invoices, newest first, as the profile and the console's customer page page through them.
export const invoicesNewestFirst = (uid: string) => query(invoicesOf(uid), orderBy('createdAt', 'desc'));
export const invoicesOfEveryone = () => collectionGroup(db, 'invoices').withConverter(invoiceConverter);
