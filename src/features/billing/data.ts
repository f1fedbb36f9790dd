import { collection, collectionGroup, orderBy, query, type DocumentData } from 'firebase/firestore';
import { paymentStatusOf, type PaymentStatus } from '@/domain/console-status';
import { paiseToRupees, rupeesToPaise } from '@/domain/money';
import { settledPaiseOf } from '@/domain/payable';
import { readPurchaseOrder, type PurchaseOrder } from '@/domain/purchase-order';
import {
  taxDocumentNumberOf,
  str,
  num,
  date,
  texts,
  numbers,
  paise,
  converter,
  readOnly,
  ownerOf,
  lines,
  pick,
  stringsOf,
  MalformedDocumentError,
} from '@/lib/converters';
import { db } from '@/lib/firestore';

// Invoices and orders (users/{uid}/invoices, users/{uid}/orders) and the payments made for them.
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

export interface OrderItem {
  id: string;
  name: string;
  category: string;
  price: string;
}

export interface Order {
  id: string;
  /** The customer whose order it is (from its path). */
  ownerUid: string;
  orderNumber: string;
  userId: string;
  items: OrderItem[];
  totalPaise: number;
  currency: string;
  status: string;
  createdAt: Date | null;
  /** Set by the server once paid. */
  paymentId?: string;
  paidAt?: Date;
  /** What the checkout charged, in paise (set by the server with the gateway order). */
  chargedPaise?: number;
  /** The number of the tax invoice (or receipt) issued once it was paid. */
  taxDocumentNumber?: string;
}

/** An invoice's PO number and vendor code, as optional fields. */
const purchaseOrderFields = (po: PurchaseOrder | null) => ({
  ...(po?.poNumber ? { poNumber: po.poNumber } : {}),
  ...(po?.vendorCode ? { vendorCode: po.vendorCode } : {}),
});

/** What invoices and orders both hold about being paid. */
const payableFields = (data: DocumentData) => ({
  currency: str(data.currency) || 'INR',
  status: str(data.status),
  createdAt: date(data.createdAt),
  paymentId: str(data.paymentId) || undefined,
  paidAt: date(data.paidAt) ?? undefined,
  chargedPaise: paise(data.gatewayOrderAmount),
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

const orderItem = (item: unknown): OrderItem => {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw new MalformedDocumentError(`An order item is not a record: ${JSON.stringify(item)}.`);
  }
  const { id, name, category, price } = item as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof category !== 'string' || typeof price !== 'string') {
    throw new MalformedDocumentError('An order item lacks its id, name, category or price text.');
  }
  return { id, name, category, price };
};

const orderItems = (items: unknown): OrderItem[] => {
  if (!Array.isArray(items)) throw new MalformedDocumentError('The order has no list of items.');
  return items.map(orderItem);
};

const orderConverter = converter<Order>(
  (id, data, snapshot) => ({
    id,
    ownerUid: ownerOf(snapshot),
    orderNumber: str(data.orderNumber) || id,
    userId: str(data.userId),
    items: orderItems(data.items),
    totalPaise: rupeesToPaise(num(data.total)),
    ...payableFields(data),
    taxDocumentNumber: taxDocumentNumberOf(data.taxDocument),
  }),
  ({ totalPaise, items, ...order }) => ({
    ...pick(order, ['orderNumber', 'userId', 'currency', 'status', 'createdAt']),
    items: (items as OrderItem[]).map(orderItem),
    total: paiseToRupees(totalPaise as number),
  }),
);

export interface PaymentRecord {
  id: string;
  gatewayOrderId: string;
  uid: string;
  type: 'product_order' | 'invoice' | '';
  docId: string;
  amountPaise: number;
  refundedPaise: number;
  /** Reserved by refund requests the gateway has not confirmed yet. */
  refundPendingPaise: number;
  status: PaymentStatus;
  method: string;
  source: string;
  /** Offline payments: the transfer, UPI or cheque reference. */
  reference: string;
  mismatchReason: string;
  createdAt: Date | null;
  /** The customer's name on what was paid; '' for payments recorded before names were kept. */
  customerName: string;
  /** The legal business name its tax invoice is made out to (a registered buyer); ''. */
  customerLegalName: string;
  /** What it paid, in words: 'Proforma PI/2026-27/0007 · Website, phase 1'; ''. */
  paidFor: string;
  /** The tax invoice (or receipt) issued for it, once numbered. */
  taxDocument: { number: string; kind: string } | null;
  /** Payments staff record: the day it arrived (YYYY-MM-DD, India), TDS deducted and its section, what was still due after it. */
  receivedOn: string;
  tdsPaise: number;
  tdsSection: string;
  balanceDuePaise: number;
}

const paymentConverter = converter<PaymentRecord>(
  (id, data) => ({
    id,
    ...texts(data, ['gatewayOrderId', 'uid', 'docId', 'method', 'source', 'reference', 'mismatchReason']),
    ...texts(data, ['customerName', 'customerLegalName', 'paidFor', 'receivedOn', 'tdsSection']),
    ...numbers(data, ['amountPaise', 'refundedPaise', 'refundPendingPaise', 'tdsPaise', 'balanceDuePaise']),
    type: data.type === 'invoice' || data.type === 'product_order' ? data.type : '',
    status: paymentStatusOf(data),
    createdAt: date(data.createdAt),
    taxDocument: taxDocumentNumberOf(data.taxDocument)
      ? { number: taxDocumentNumberOf(data.taxDocument)!, kind: str((data.taxDocument as { kind?: unknown }).kind) }
      : null,
  }),
  readOnly,
);

export const invoicesOf = (uid: string) => collection(db, 'users', uid, 'invoices').withConverter(invoiceConverter);
export const ordersOf = (uid: string) => collection(db, 'users', uid, 'orders').withConverter(orderConverter);

// A customer's lists, newest first, as the profile and the console's customer page page through them.
export const invoicesNewestFirst = (uid: string) => query(invoicesOf(uid), orderBy('createdAt', 'desc'));
export const ordersNewestFirst = (uid: string) => query(ordersOf(uid), orderBy('createdAt', 'desc'));
export const ordersOfEveryone = () => collectionGroup(db, 'orders').withConverter(orderConverter);
export const invoicesOfEveryone = () => collectionGroup(db, 'invoices').withConverter(invoiceConverter);
export const paymentsCollection = () => collection(db, 'payments').withConverter(paymentConverter);
