import { collection } from 'firebase/firestore';
import { paymentStatusOf, type PaymentStatus } from '@/domain/console-status';
import { taxDocumentNumberOf, str, date, texts, numbers, converter, readOnly } from '@/lib/converters';
import { db } from '@/lib/firestore';

// The payments made for orders and invoices (written by the server). Invoices and orders
// themselves are shared records: src/records/invoices.ts, src/records/orders.ts.
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

export const paymentsCollection = () => collection(db, 'payments').withConverter(paymentConverter);
