import { FieldPath, Timestamp, type DocumentData, type Firestore, type Query } from 'firebase-admin/firestore';
import { payableLabel, readPayable, type PayableRef } from '../../src/domain/payable';
import { customerPaymentId, paymentMethodLabel } from '../../src/domain/payments';
import { readPurchaseOrder } from '../../src/domain/purchase-order';
import { istToday } from '../../src/domain/ist';
import type { Ledger, LedgerEntry, LedgerItem } from '../../src/domain/statement';
import { STATUS } from '../../src/domain/status';
import { tdsCitationText } from '../../src/domain/tds';
import { HttpError } from '../errors';
import { forEachPage } from '../paging';

/**
 * A company's ledger, read from what the billing already records (nothing is kept twice): its
 * proformas (users/{uid}/invoices issued by the company), its payments (received, with any TDS),
 * its tax documents (the bill of what was paid at once, and credit notes) and its refunds. Each
 * collection is read page by page by the company's id; a company with more than MAX_LEDGER_RECORDS
 * records is refused (413) rather than given a statement with something left out.
 */

export const MAX_LEDGER_RECORDS = 10_000;
const PAGE = 500;

const millisOf = (value: unknown) => (value instanceof Timestamp ? value.toMillis() : null);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const paise = (value: unknown) => (Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : 0);
/** A stored day (YYYY-MM-DD) or a timestamp, as India's calendar day. */
const dayOf = (value: unknown, fallbackMs: number) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : istToday(millisOf(value) ?? fallbackMs);
const itemKeyOf = (ref: { type?: unknown; docId?: unknown }) =>
  typeof ref.docId === 'string' && (ref.type === 'invoice' || ref.type === 'product_order')
    ? `${ref.type}/${ref.docId}`
    : null;

/** Every document of a query, page by page; counts toward the company's cap. */
async function readAllOf(
  query: Query,
  counted: { records: number },
): Promise<Array<{ id: string; data: DocumentData }>> {
  const found: Array<{ id: string; data: DocumentData }> = [];
  await forEachPage(
    query.orderBy(FieldPath.documentId()),
    async (docs) => {
      counted.records += docs.length;
      if (counted.records > MAX_LEDGER_RECORDS) {
        throw new HttpError(413, `More than ${MAX_LEDGER_RECORDS} records for one company: ask us for the statement.`);
      }
      for (const doc of docs) found.push({ id: doc.id, data: doc.data() });
    },
    { pageSize: PAGE },
  );
  return found;
}

export async function readLedger(db: Firestore, companyId: string): Promise<Ledger> {
  const counted = { records: 0 };
  const [invoices, payments, documents, refunds] = await Promise.all([
    readAllOf(db.collection(`users/${companyId}/invoices`).where('issuedBy', '==', 'company'), counted),
    readAllOf(db.collection('payments').where('uid', '==', companyId), counted),
    readAllOf(db.collection('documents').where('uid', '==', companyId), counted),
    readAllOf(db.collection('refunds').where('uid', '==', companyId), counted),
  ]);
  const entries: LedgerEntry[] = [];
  const items: LedgerItem[] = [];

  // Proformas: billed on their day of issue, due on their due date; a cancelled one is taken back.
  for (const { id, data } of invoices) {
    if (data.kind !== 'proforma') continue;
    const payable = readPayable({ type: 'invoice', docId: id }, data);
    const createdMs = millisOf(data.createdAt) ?? 0;
    const issueDay = istToday(createdMs);
    const key = `invoice/${id}`;
    const reference = payable.number ?? payable.invoiceId ?? id;
    const amountPaise = payable.amountPaise ?? 0;
    items.push({
      key,
      label: payableLabel(payable),
      issueDay,
      dueDay: payable.dueDate ?? issueDay,
      purchaseOrder: readPurchaseOrder(data.purchaseOrder),
      payable: { type: 'invoice', docId: id },
    });
    entries.push({
      id: `proforma:${id}`,
      day: issueDay,
      atMs: createdMs,
      kind: 'proforma',
      reference,
      description: payable.description ?? '',
      amountPaise,
      itemKey: key,
    });
    if (data.status === STATUS.cancelled) {
      const cancelledMs = millisOf(data.cancelledAt) ?? createdMs;
      entries.push({
        id: `cancelled:${id}`,
        day: istToday(cancelledMs),
        atMs: cancelledMs,
        kind: 'cancellation',
        reference,
        description: 'Cancelled: nothing to pay',
        amountPaise: -amountPaise,
        itemKey: key,
      });
    }
  }

  // Money received: the amount that arrived, and the TDS the customer deducted and paid for us.
  for (const { id, data } of payments) {
    const createdMs = millisOf(data.createdAt) ?? 0;
    const day = dayOf(data.receivedOn, createdMs);
    const itemKey = itemKeyOf(data);
    const reference = text(data.reference) || customerPaymentId(id) || id;
    const method = text(data.method) ? paymentMethodLabel(text(data.method)) : '';
    const amountPaise = paise(data.amountPaise);
    if (amountPaise > 0) {
      entries.push({
        id: `payment:${id}`,
        day,
        atMs: createdMs,
        kind: 'receipt',
        reference,
        description: [text(data.paidFor), method].filter(Boolean).join(' · '),
        amountPaise: -amountPaise,
        itemKey,
      });
    }
    const tdsPaise = paise(data.tdsPaise);
    if (tdsPaise > 0) {
      entries.push({
        id: `tds:${id}`,
        day,
        atMs: createdMs,
        kind: 'tds',
        reference,
        description: text(data.tdsSection) ? `TDS under ${tdsCitationText(text(data.tdsSection))}` : 'TDS',
        amountPaise: -tdsPaise,
        itemKey,
      });
    }
  }

  // Tax documents: a credit note takes back what it credits; a payment's tax invoice bills what was
  // paid at once (an order, an invoice the customer entered). A proforma's is not a new bill: the
  // proforma billed it.
  const billed = new Set(items.map((item) => item.key));
  for (const { id, data } of documents) {
    const ref = (data.payable ?? {}) as Partial<PayableRef>;
    const itemKey = itemKeyOf(ref);
    const atMs = millisOf(data.issuedAt) ?? millisOf(data.paidAt) ?? millisOf(data.createdAt) ?? 0;
    const number = text(data.number) || text(data.snapshot?.number);
    if (data.series === 'credit-note') {
      entries.push({
        id: `credit-note:${id}`,
        day: istToday(atMs),
        atMs,
        kind: 'credit-note',
        reference: number || 'Credit note (being numbered)',
        description: text(data.refundReason) || 'Refund',
        amountPaise: -paise(data.amountPaise),
        itemKey,
      });
      continue;
    }
    if (data.series !== 'invoice' || !itemKey || billed.has(itemKey)) continue;
    const subject = (data.subject ?? {}) as Record<string, unknown>;
    if (subject.kind === 'proforma') continue;
    const payable = readPayable(ref as PayableRef, subject);
    const paidMs = millisOf(data.paidAt) ?? atMs;
    const day = dayOf(data.receivedOn, paidMs);
    billed.add(itemKey);
    items.push({
      key: itemKey,
      label: payableLabel(payable),
      issueDay: day,
      dueDay: day,
      purchaseOrder: readPurchaseOrder(subject.purchaseOrder),
      payable: null,
    });
    entries.push({
      id: `bill:${id}`,
      day,
      atMs: paidMs,
      kind: 'tax-invoice',
      reference: number || payableLabel(payable),
      description: [payableLabel(payable), payable.description].filter(Boolean).join(' · '),
      amountPaise: paise(data.amountPaise),
      itemKey,
    });
  }

  // Refunds paid back: what the customer no longer has from us.
  for (const { id, data } of refunds) {
    if (data.status !== 'processed') continue;
    const atMs = millisOf(data.processedAt) ?? millisOf(data.createdAt) ?? 0;
    entries.push({
      id: `refund:${id}`,
      day: istToday(atMs),
      atMs,
      kind: 'refund',
      reference: text(data.gatewayRefundId) || id,
      description: text(data.reason) || 'Refund',
      amountPaise: paise(data.amountPaise),
      itemKey: itemKeyOf(data),
    });
  }
  return { entries, items };
}
