import { PAYMENT_STATUS_LABELS, paymentStatusOf } from './console-status';
import { istDateTimeCell } from './dates';
import { formatIstDate } from './document-number';
import {
  B2B_COLUMNS,
  B2CL_COLUMNS,
  B2CS_COLUMNS,
  b2bRows,
  b2clRows,
  b2csRows,
  CDNR_COLUMNS,
  cdnrRows,
  CDNUR_COLUMNS,
  cdnurRows,
  DOCS_COLUMNS,
  docsRows,
  EXP_COLUMNS,
  expRows,
  HSN_COLUMNS,
  hsnRows,
  type HsnDigits,
} from './gstr1';
import { paiseToDecimalText } from './money';
import { payableLabel, readPayable, type PayableRef } from './payable';
import { paymentMethodLabel } from './payments';
import { readPurchaseOrder, type PurchaseOrder } from './purchase-order';
import { csvText, excelCsvText, type CsvColumn } from './csv';
import { tdsCitationText } from './tds';
import { DOCUMENT_TITLES, type TaxDocumentSnapshot } from './tax-document';

/**
 * The accountant's pack: the CSV files of a month (India's calendar) that the server zips. Pure:
 * the server reads the month's documents and payments (with what they name) and hands them here;
 * the Payments screen's CSV is the same payment rows for a range of days.
 */

const rupees = paiseToDecimalText;
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const paise = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);

/** A stored `documents/{id}` as the pack reads it: issued (with its snapshot) or still pending. */
export interface StoredDocument {
  status: 'pending' | 'issued';
  number?: string;
  snapshot?: TaxDocumentSnapshot;
  series?: string;
  amountPaise?: number;
  /** The payable paid and the copy of its fields (pending documents have no snapshot yet). */
  payable?: PayableRef;
  subject?: Record<string, unknown>;
}

/** What a pending document's payable is called, read from the copy the document keeps. */
const pendingLabel = (document: StoredDocument | undefined) =>
  document?.payable && document.subject ? payableLabel(readPayable(document.payable, document.subject)) : '';

// ---- documents.csv: the register of the month's tax documents ----------------------------------
// ---- proformas-and-quotes.csv: what was billed or offered, which is no supply and no tax document

/** One document of the month, as the server found it. */
export interface RegisterEntry {
  id: string;
  document: StoredDocument;
  /** A pending document's creation; an issued one carries its printed date. */
  createdAtMs: number | null;
  /** A proforma whose invoice staff cancelled since. */
  isCancelled: boolean;
}

export interface RegisterRow {
  number: string;
  kind: string;
  date: string;
  customer: string;
  gstin: string;
  /**
   * Under GST only (a tax invoice, or a credit note as a negative): null for a payment receipt
   * (no GST) and while a document is pending (its split is worked out when it is numbered).
   */
  taxablePaise: number | null;
  taxPaise: number | null;
  /** What the document is worth to the month: a credit note's is negative, so the column adds up. */
  totalPaise: number;
  status: 'issued' | 'pending' | 'cancelled';
  paidFor: string;
  original: string;
  documentId: string;
  /** The buyer's PO number and vendor code it was billed under ('' when none). */
  poNumber: string;
  vendorCode: string;
}

/** The PO a stored document names: its printed snapshot's, else (still pending) its payable's copy. */
function purchaseOrderOfDocument(document: StoredDocument | undefined): PurchaseOrder | null {
  return readPurchaseOrder(document?.snapshot?.purchaseOrder) ?? readPurchaseOrder(document?.subject?.purchaseOrder);
}

/** Proformas and quotes: issued before any supply or payment, so neither is in the tax register. */
const NOT_TAX_DOCUMENTS: ReadonlySet<string> = new Set(['proforma', 'quote']);

/** Whether a stored document is a proforma or a quote (by its snapshot, else the series it was made in). */
export const isProformaOrQuote = (document: StoredDocument) =>
  NOT_TAX_DOCUMENTS.has(document.snapshot?.kind ?? document.series ?? '');

export function registerRow({ id, document, createdAtMs, isCancelled }: RegisterEntry): RegisterRow {
  const { snapshot } = document;
  if (document.status === 'issued' && snapshot) {
    const { totals } = snapshot;
    const sign = snapshot.kind === 'credit-note' ? -1 : 1;
    const hasGst = snapshot.taxType !== null && snapshot.taxType !== undefined;
    return {
      number: snapshot.number,
      kind: DOCUMENT_TITLES[snapshot.kind],
      date: snapshot.issueDate,
      customer: snapshot.recipient.name,
      gstin: snapshot.recipient.gstin ?? '',
      taxablePaise: hasGst ? sign * totals.taxablePaise : null,
      taxPaise: hasGst ? sign * (totals.cgstPaise + totals.sgstPaise + totals.igstPaise) : null,
      totalPaise: sign * totals.totalPaise,
      status: isCancelled ? 'cancelled' : 'issued',
      paidFor: snapshot.reference.label,
      original: snapshot.original?.number ?? '',
      documentId: id,
      poNumber: purchaseOrderOfDocument(document)?.poNumber ?? '',
      vendorCode: purchaseOrderOfDocument(document)?.vendorCode ?? '',
    };
  }
  const payable = document.payable && document.subject ? readPayable(document.payable, document.subject) : null;
  const isCreditNote = document.series === 'credit-note';
  return {
    number: '',
    kind: isCreditNote ? DOCUMENT_TITLES['credit-note'] : 'Document',
    date: createdAtMs === null ? '' : formatIstDate(createdAtMs),
    customer: payable?.name ?? '',
    gstin: '',
    taxablePaise: null,
    taxPaise: null,
    totalPaise: (isCreditNote ? -1 : 1) * paise(document.amountPaise),
    status: 'pending',
    paidFor: pendingLabel(document),
    original: '',
    documentId: id,
    poNumber: purchaseOrderOfDocument(document)?.poNumber ?? '',
    vendorCode: purchaseOrderOfDocument(document)?.vendorCode ?? '',
  };
}

const optionalRupees = (amountPaise: number | null) => (amountPaise === null ? '' : rupees(amountPaise));

/** The register of tax documents: each once, credit notes negative, so each amount column adds up to the month's. */
export const REGISTER_COLUMNS: Array<CsvColumn<RegisterRow>> = [
  { header: 'Number', cell: (row) => row.number },
  { header: 'Document', cell: (row) => row.kind },
  { header: 'Date', cell: (row) => row.date },
  { header: 'Customer', cell: (row) => row.customer },
  { header: 'GSTIN', cell: (row) => row.gstin },
  { header: 'Taxable value', cell: (row) => optionalRupees(row.taxablePaise) },
  { header: 'Tax', cell: (row) => optionalRupees(row.taxPaise) },
  { header: 'Total', cell: (row) => rupees(row.totalPaise) },
  { header: 'Status', cell: (row) => row.status },
  { header: 'For', cell: (row) => row.paidFor },
  { header: 'Original invoice', cell: (row) => row.original },
  { header: 'Document id', cell: (row) => row.documentId },
  { header: 'PO number', cell: (row) => row.poNumber },
  { header: 'Vendor code', cell: (row) => row.vendorCode },
];

/**
 * Proformas and quotes, apart from the register: no taxable value or tax column, since what they
 * ask or offer is not a supply yet (the tax document issued on payment is in documents.csv).
 */
export const NOT_TAX_DOCUMENT_COLUMNS: Array<CsvColumn<RegisterRow>> = [
  { header: 'Number', cell: (row) => row.number },
  { header: 'Document (not a tax document)', cell: (row) => row.kind },
  { header: 'Date', cell: (row) => row.date },
  { header: 'Customer', cell: (row) => row.customer },
  { header: 'GSTIN', cell: (row) => row.gstin },
  { header: 'Amount asked or offered', cell: (row) => rupees(row.totalPaise) },
  { header: 'Status', cell: (row) => row.status },
  { header: 'For', cell: (row) => row.paidFor },
  { header: 'Document id', cell: (row) => row.documentId },
  { header: 'PO number', cell: (row) => row.poNumber },
  { header: 'Vendor code', cell: (row) => row.vendorCode },
];

// ---- payments.csv (and the Payments screen's CSV) ------------------------------------------------

/** One payment and what it names, as the server read them (any of them may be missing). */
export interface PaymentEntry {
  id: string;
  /** The stored payments/{id}, with `receivedOn` as epoch ms when it was stored as a timestamp. */
  payment: Record<string, unknown>;
  createdAtMs: number | null;
  /** users/{uid} of the payer. */
  profile: Record<string, unknown> | undefined;
  /** documents/{id}: a payment's tax document has the payment's id. */
  document: StoredDocument | undefined;
  /** The order or invoice paid; read only for a payment without a document. */
  payable: Record<string, unknown> | undefined;
}

export interface PaymentRow {
  paidAtMs: number | null;
  customer: string;
  businessName: string;
  email: string;
  paidFor: string;
  documentNumber: string;
  method: string;
  amountPaise: number;
  refundedPaise: number;
  tdsPaise: number | null;
  tdsSection: string;
  receivedOn: string;
  status: string;
  reference: string;
  paymentId: string;
  /** The payer's company (today its uid) and whether staff recorded it (money to the bank): Tally's party and ledger. */
  companyId: string;
  isOffline: boolean;
  /** The buyer's PO number and vendor code of what it paid ('' when none). */
  poNumber: string;
  vendorCode: string;
}

/** What a payment paid for, in words: its document's, else its payable's label. */
function paidFor({ payment, document, payable }: PaymentEntry): string {
  if (document?.snapshot) return document.snapshot.reference.label;
  const fromDocument = pendingLabel(document);
  if (fromDocument) return fromDocument;
  const type = payment.type === 'invoice' ? 'invoice' : 'product_order';
  return payableLabel(readPayable({ type, docId: text(payment.docId) }, payable ?? {}));
}

/**
 * A payment as the accountant reads it: who paid (the profile, else the names its documents
 * printed, for payments older than the profile or customers since deleted), what for, its tax
 * document's number once issued, the method in words, amounts in rupees, and TDS where recorded.
 */
export function paymentRow(entry: PaymentEntry): PaymentRow {
  const { payment, profile, document } = entry;
  const recipient = document?.snapshot?.recipient;
  const subject = document?.subject ?? entry.payable ?? {};
  const isRegistered = Boolean(recipient?.gstin);
  const method = text(payment.method);
  const receivedOn = payment.receivedOn;
  const purchaseOrder = purchaseOrderOfDocument(document) ?? readPurchaseOrder(entry.payable?.purchaseOrder);
  return {
    paidAtMs: entry.createdAtMs,
    customer: text(profile?.name) || (isRegistered ? '' : (recipient?.name ?? '')) || text(subject.name),
    businessName: text(profile?.legalName) || (isRegistered ? recipient!.name : ''),
    email: text(profile?.email) || recipient?.email || text(subject.email),
    paidFor: paidFor(entry),
    documentNumber: document?.status === 'issued' ? (document.number ?? document.snapshot?.number ?? '') : '',
    method: method ? paymentMethodLabel(method) : '',
    amountPaise: paise(payment.amountPaise),
    refundedPaise: paise(payment.refundedPaise),
    tdsPaise: typeof payment.tdsPaise === 'number' ? paise(payment.tdsPaise) : null,
    // The citation of the law it was recorded under: a 1961 section, or the 2025 Act's entry and code.
    tdsSection: text(payment.tdsSection) ? tdsCitationText(text(payment.tdsSection)) : '',
    receivedOn: typeof receivedOn === 'number' ? formatIstDate(receivedOn) : text(receivedOn),
    status: PAYMENT_STATUS_LABELS[paymentStatusOf(payment)],
    reference: text(payment.reference),
    paymentId: entry.id,
    companyId: text(payment.companyId) || text(payment.uid),
    isOffline: payment.source === 'offline',
    poNumber: purchaseOrder?.poNumber ?? '',
    vendorCode: purchaseOrder?.vendorCode ?? '',
  };
}

export const PAYMENT_COLUMNS: Array<CsvColumn<PaymentRow>> = [
  { header: 'Date (IST)', cell: (row) => (row.paidAtMs === null ? '' : istDateTimeCell(row.paidAtMs)) },
  { header: 'Customer', cell: (row) => row.customer },
  { header: 'Business name', cell: (row) => row.businessName },
  { header: 'Email', cell: (row) => row.email },
  { header: 'For', cell: (row) => row.paidFor },
  { header: 'Tax document', cell: (row) => row.documentNumber },
  { header: 'Method', cell: (row) => row.method },
  { header: 'Amount', cell: (row) => rupees(row.amountPaise) },
  { header: 'Refunded', cell: (row) => rupees(row.refundedPaise) },
  { header: 'TDS', cell: (row) => optionalRupees(row.tdsPaise) },
  { header: 'TDS section', cell: (row) => row.tdsSection },
  { header: 'Received on', cell: (row) => row.receivedOn },
  { header: 'Status', cell: (row) => row.status },
  { header: 'Reference', cell: (row) => row.reference },
  { header: 'Payment id', cell: (row) => row.paymentId },
  { header: 'PO number', cell: (row) => row.poNumber },
  { header: 'Vendor code', cell: (row) => row.vendorCode },
];

/** payments.csv, for Excel (the Payments screen's export too). */
export const paymentsCsvText = (rows: readonly PaymentRow[]) => excelCsvText(PAYMENT_COLUMNS, rows);

// ---- The pack --------------------------------------------------------------------------------

/** What the pack's README.txt says each file is (and its GSTR-1 table), and why an unregistered seller's has no GSTR-1 tables. */
export function packReadme(month: string, sellerRegistered: boolean, hsnDigits: HsnDigits = 4): string {
  const gstr1 = sellerRegistered
    ? [
        "GSTR-1 tables, in the columns and order of the GST portal's offline tool templates: import each file into",
        'the section of the same name. Every tax invoice and credit note of the month is in exactly one of b2b, b2cl,',
        'b2cs, exp, cdnr and cdnur.',
        '  b2b.csv       Table 4A   invoices to registered buyers, a row per invoice and rate',
        '  b2cl.csv      Table 5    inter-State invoices to unregistered buyers above Rs 1,00,000 (Rs 2,50,000 for',
        '                           invoices before 1 Aug 2024), a row per invoice and rate',
        '  b2cs.csv      Table 7    the other invoices to unregistered buyers in India, per place of supply and rate,',
        '                           less their credit notes of the month',
        '  exp.csv       Table 6A   invoices to buyers abroad (place of supply 96-Foreign Country), WPAY where IGST',
        '                           was charged. Port Code and Shipping Bill are left empty: services have none',
        '  cdnr.csv      Table 9B   credit notes to registered buyers',
        '  cdnur.csv     Table 9B   credit notes of B2CL invoices and of exports (unregistered buyers)',
        `  hsn(b2b).csv, hsn(b2c).csv   Table 12   per SAC at ${hsnDigits} digits (the aggregate turnover of the previous`,
        `                           financial year is ${hsnDigits === 4 ? 'up to' : 'above'} Rs 5 crore: GST_TURNOVER_ABOVE_5_CRORE) and rate`,
        '  docs.csv      Table 13   documents issued: per nature of document and number series, from, to, total and',
        '                           cancelled, as documents.csv lists them',
        'The tool works out the taxes of the invoice and note tables from Rate and Taxable Value.',
        'These GSTR-1 files carry no byte order mark: the tool reads each header as its template spells it, and a',
        'byte order mark would come before the first one. Import them into the tool rather than opening them in Excel.',
      ]
    : [
        'No GSTR-1 tables: the seller is not registered for GST (no GSTIN is set), so it files no GSTR-1.',
        'Its payments are documented by payment receipts, which charge no GST.',
      ];
  return [
    `Accountant's pack for ${month} (dates in India time).`,
    '',
    ...gstr1,
    '',
    'documents.csv: every tax document of the month once (tax invoices or payment receipts, and credit notes),',
    'credit notes as negative amounts, so each amount column adds up to the month. Taxable value and Tax are',
    'given for documents with GST only.',
    'proformas-and-quotes.csv: proforma invoices and quotes issued in the month. They are NOT tax documents and',
    'no supply: what they ask or offer is not income; the tax document issued when paid is in documents.csv.',
    'payments.csv: every payment received in the month, with the tax document it has, and the TDS the customer',
    'deducted with the law it was deducted under: a section of the Income-tax Act, 1961 for payments received',
    "before 1 April 2026, the Income-tax Act, 2025's section 393(1) Table entry and payment code from then.",
    'These three files start with a UTF-8 byte order mark, so Excel shows names in every script.',
    '',
  ].join('\r\n');
}

/**
 * The files of a month's pack, by name: the README, GSTR-1's tables (a registered seller's only),
 * the register of tax documents, the proformas and quotes apart, and the payments.
 */
export function accountantPackFiles(
  documents: readonly RegisterEntry[],
  payments: readonly PaymentRow[],
  { month, sellerRegistered, hsnDigits = 4 }: { month: string; sellerRegistered: boolean; hsnDigits?: HsnDigits },
): Record<string, string> {
  const taxDocuments = documents.filter(({ document }) => !isProformaOrQuote(document));
  const issuedEntries = taxDocuments.flatMap(({ document, isCancelled }) =>
    document.status === 'issued' && document.snapshot ? [{ snapshot: document.snapshot, isCancelled }] : [],
  );
  const issued = issuedEntries.map(({ snapshot }) => snapshot);
  const hsn = hsnRows(issued, hsnDigits);
  return {
    'README.txt': packReadme(month, sellerRegistered, hsnDigits),
    ...(sellerRegistered
      ? {
          'b2b.csv': csvText(B2B_COLUMNS, b2bRows(issued)),
          'b2cl.csv': csvText(B2CL_COLUMNS, b2clRows(issued)),
          'b2cs.csv': csvText(B2CS_COLUMNS, b2csRows(issued)),
          'cdnr.csv': csvText(CDNR_COLUMNS, cdnrRows(issued)),
          'cdnur.csv': csvText(CDNUR_COLUMNS, cdnurRows(issued)),
          'exp.csv': csvText(EXP_COLUMNS, expRows(issued)),
          'hsn(b2b).csv': csvText(
            HSN_COLUMNS,
            hsn.filter((row) => row.supplyType === 'B2B'),
          ),
          'hsn(b2c).csv': csvText(
            HSN_COLUMNS,
            hsn.filter((row) => row.supplyType === 'B2C'),
          ),
          'docs.csv': csvText(DOCS_COLUMNS, docsRows(issuedEntries)),
        }
      : {}),
    'documents.csv': excelCsvText(REGISTER_COLUMNS, taxDocuments.map(registerRow)),
    'proformas-and-quotes.csv': excelCsvText(
      NOT_TAX_DOCUMENT_COLUMNS,
      documents.filter(({ document }) => isProformaOrQuote(document)).map(registerRow),
    ),
    'payments.csv': paymentsCsvText(payments),
  };
}
