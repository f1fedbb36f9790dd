import { SaxesParser } from 'saxes';
import { expect } from 'vitest';
import {
  accountantPackFiles,
  paymentRow,
  type PaymentRow,
  type RegisterEntry,
  type StoredDocument,
} from '@/domain/accountant-pack';
import { TALLY_DEFAULTS, tallyDate, withTallyFiles } from '@/domain/tally';
import { loadConfig } from '../../../server/config';
import { creditNoteSnapshot, paymentDocumentSnapshot, type ProfileFields } from '../../../server/documents/snapshot';

/**
 * A month (November 2026) of records as the accountant's pack reads them, built by the code that
 * issues documents: a B2B invoice in the seller's state (Karnataka), a B2B invoice to Maharashtra
 * paid by bank transfer less TDS, a B2C invoice, and a credit note; the payments that made them.
 * Fixed ids and clocks, so the Tally files are the same on every run.
 */

export const SELLER = loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', SELLER_GSTIN: '29AAAAA0000A1ZY' }).documents;
export const UNREGISTERED_SELLER = loadConfig({ FIREBASE_PROJECT_ID: 'demo-site' }).documents;
export const MONTH = '2026-11';

/** The month's pack as staff download it (GST-registered seller): the CSV files with the Tally files beside them. */
export const packWithTallyFiles = (entries: RegisterEntry[], payments: PaymentRow[]) =>
  withTallyFiles(
    accountantPackFiles(entries, payments, { month: MONTH, sellerRegistered: true }),
    entries,
    payments,
    TALLY_DEFAULTS,
    MONTH,
  );

/** An instant in India time: '2026-11-02T10:00'. */
export const ist = (dateTime: string) => Date.parse(`${dateTime}:00+05:30`);

export const MEHTA_ID = 'uMehtaCompany0000000000A1b2C3';
export const VERMA_ID = 'uVermaCompany0000000000D4e5F6';
export const RAVI_ID = 'uRaviPerson00000000000000G7h8I9';

/** A buyer whose legal name is hostile input: markup, quotes, an ampersand and a control character. */
export const mehta: ProfileFields = {
  name: 'Rohan Mehta',
  legalName: 'Mehta & Sons <Exports> "Pvt" Ltd\u0007',
  gstin: '29AABCM1234A1Z3',
  email: 'rohan@mehta.example',
  address: '12 MG Road',
  city: 'Bengaluru',
  pinCode: '560001',
  state: 'Karnataka',
  country: 'India',
};
export const verma: ProfileFields = {
  name: 'Asha Verma',
  legalName: 'Verma Textiles LLP',
  gstin: '27AAPFU0939F1ZV',
  email: 'asha@verma.example',
  address: '4 Linking Road',
  city: 'Mumbai',
  pinCode: '400050',
  state: 'Maharashtra',
  country: 'India',
};
export const ravi: ProfileFields = {
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  address: '7 Church Street',
  city: 'Bengaluru',
  pinCode: '560001',
  state: 'Karnataka',
  country: 'India',
};

interface PaidInvoice {
  paymentId: string;
  uid: string;
  profile: ProfileFields;
  invoiceId: string;
  /** What the invoice charges, GST included, in rupees. */
  rupees: number;
  number: string;
  issuedAtMs: number;
  method: string;
  source: string;
  /** Payments staff record. */
  offline?: { receivedOn: string; reference: string; tdsPaise: number; tdsSection: string };
}

/** An issued payment document as stored (its owner's uid with it), and the payment's own record. */
export function paidInvoice(invoice: PaidInvoice, settings = SELLER) {
  const subject = { invoiceId: invoice.invoiceId, amount: invoice.rupees, name: String(invoice.profile.name) };
  const payable = { type: 'invoice' as const, docId: invoice.invoiceId.toLowerCase() };
  const settledPaise = invoice.rupees * 100;
  const tdsPaise = invoice.offline?.tdsPaise ?? 0;
  const snapshot = paymentDocumentSnapshot({
    base: {
      payable,
      subject,
      amountPaise: settledPaise,
      paymentId: invoice.paymentId,
      gatewayOrderId: invoice.offline ? 'offline' : `order_${invoice.paymentId.slice(4)}`,
      method: invoice.method,
      ...(invoice.offline
        ? {
            paymentReference: invoice.offline.reference,
            receivedOn: invoice.offline.receivedOn,
            tdsPaise,
            tdsSection: invoice.offline.tdsSection,
          }
        : {}),
    },
    paidAtMs: invoice.issuedAtMs,
    profile: invoice.profile,
    settings,
    number: invoice.number,
    financialYear: '2026-27',
    issuedAtMs: invoice.issuedAtMs,
  });
  const document = { status: 'issued', number: invoice.number, snapshot, payable, subject, uid: invoice.uid };
  const payment: Record<string, unknown> = {
    uid: invoice.uid,
    type: 'invoice',
    docId: payable.docId,
    amountPaise: settledPaise - tdsPaise,
    refundedPaise: 0,
    method: invoice.method,
    source: invoice.source,
    status: 'paid',
    ...(invoice.offline
      ? {
          reference: invoice.offline.reference,
          receivedOn: invoice.offline.receivedOn,
          tdsPaise,
          tdsSection: invoice.offline.tdsSection,
        }
      : {}),
  };
  return { id: invoice.paymentId, document: document as StoredDocument, snapshot, payment, profile: invoice.profile };
}

/** A credit note for part of a paid invoice, as stored. */
export function creditNote(
  original: ReturnType<typeof paidInvoice>,
  {
    refundId,
    refundPaise,
    number,
    issuedAtMs,
    reason,
  }: Record<'refundId' | 'number' | 'reason', string> & Record<'refundPaise' | 'issuedAtMs', number>,
) {
  const snapshot = creditNoteSnapshot({
    original: original.snapshot,
    originalId: original.id,
    refundId,
    gatewayRefundId: `rfnd_${refundId}`,
    reason,
    refundPaise,
    refundedAtMs: issuedAtMs,
    number,
    financialYear: '2026-27',
    issuedAtMs,
  });
  const uid = (original.document as { uid?: string }).uid;
  return { id: refundId, document: { status: 'issued', number, snapshot, uid } as StoredDocument, snapshot };
}

export const entryOf = ({ id, document }: { id: string; document: StoredDocument }): RegisterEntry => ({
  id,
  document,
  createdAtMs: null,
  isCancelled: false,
});

export const rowOf = (
  paid: ReturnType<typeof paidInvoice>,
  createdAtMs: number,
  fields: Record<string, unknown> = {},
) =>
  paymentRow({
    id: paid.id,
    payment: { ...paid.payment, ...fields },
    createdAtMs,
    profile: paid.profile as Record<string, unknown>,
    document: paid.document,
    payable: undefined,
  });

/** The golden month: the documents and payments of November 2026 the Tally files are made from. */
export function goldenMonth() {
  const intra = paidInvoice({
    paymentId: 'pay_MehtaOnline0001',
    uid: MEHTA_ID,
    profile: mehta,
    invoiceId: 'INV-1001',
    rupees: 1_18_000,
    number: 'NB/2026-27/0101',
    issuedAtMs: ist('2026-11-02T10:00'),
    method: 'upi',
    source: 'verify',
  });
  const inter = paidInvoice({
    paymentId: 'offline_verma_0001',
    uid: VERMA_ID,
    profile: verma,
    invoiceId: 'INV-1002',
    rupees: 2_36_000,
    number: 'NB/2026-27/0102',
    issuedAtMs: ist('2026-11-04T11:30'),
    method: 'bank-transfer',
    source: 'offline',
    offline: { receivedOn: '2026-11-03', reference: 'UTR 0042 & co', tdsPaise: 20_000_00, tdsSection: '194J' },
  });
  const consumer = paidInvoice({
    paymentId: 'pay_RaviCard000001',
    uid: RAVI_ID,
    profile: ravi,
    invoiceId: 'INV-1003',
    rupees: 5_900,
    number: 'NB/2026-27/0103',
    issuedAtMs: ist('2026-11-05T16:45'),
    method: 'card',
    source: 'webhook',
  });
  const note = creditNote(intra, {
    refundId: 'refund_mehta_0001',
    refundPaise: 11_800_00,
    number: 'CN/2026-27/0007',
    issuedAtMs: ist('2026-11-20T12:00'),
    reason: 'Scope reduced: one page fewer',
  });
  const paid: Array<[ReturnType<typeof paidInvoice>, number, Record<string, unknown>]> = [
    [intra, ist('2026-11-02T09:58'), { refundedPaise: 11_800_00 }],
    [inter, ist('2026-11-04T11:29'), {}],
    [consumer, ist('2026-11-05T16:44'), {}],
  ];
  const documents = [intra, inter, consumer, note];
  return {
    entries: documents.map(entryOf),
    payments: paid.map(([invoice, createdAtMs, fields]) => rowOf(invoice, createdAtMs, fields)),
    // As Firestore holds them (the API test stores these): documents/{id} and payments/{id}.
    stored: {
      documents: documents.map(({ id, document, snapshot }) => ({
        id,
        data: { ...document, kind: snapshot.kind, financialYear: snapshot.financialYear },
        issuedAtMs: ist(`${tallyDateToIso(snapshot.issueDate)}T12:00`),
      })),
      payments: paid.map(([invoice, createdAtMs, fields]) => ({
        id: invoice.id,
        data: { ...invoice.payment, ...fields },
        createdAtMs,
      })),
    },
  };
}

/** '04 Nov 2026' -> '2026-11-04'. */
const tallyDateToIso = (printed: string) => {
  const date = tallyDate(printed)!;
  return `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`;
};

// ---- Reading the files back ------------------------------------------------------------------

/** '-1180.00' -> -118000 paise. */
export function paiseOf(text: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`Not an amount: '${text}'`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

/** An element read back: its name, attributes, child elements and text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/**
 * Parses the XML strictly (saxes, the XML 1.0 parser jsdom uses: it throws on anything ill-formed,
 * a stray control character included) into plain elements; a DOM would take seconds for a month.
 */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser();
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const open = [root];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: '' };
    open.at(-1)!.children.push(element);
    open.push(element);
  });
  parser.on('text', (text) => {
    open.at(-1)!.text += text;
  });
  parser.on('closetag', () => {
    open.pop();
  });
  parser.write(xml).close();
  return root.children[0]!;
}

/** Every element of that name, in document order. */
export const elementsOf = (element: XmlElement, name: string): XmlElement[] =>
  element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...elementsOf(child, name)]);

const childText = (element: XmlElement, name: string) =>
  element.children.find((child) => child.name === name)?.text ?? '';
const childrenNamed = (element: XmlElement, name: string) => element.children.filter((child) => child.name === name);

export interface ParsedVoucher {
  remoteId: string;
  type: string;
  guid: string;
  date: string;
  number: string;
  party: string;
  entries: Array<{ ledger: string; isDebit: boolean; amountPaise: number; isParty: boolean; bills: number[] }>;
}

/** The vouchers of tally-vouchers.xml, read back as Tally would. */
export function vouchersOf(xml: string): ParsedVoucher[] {
  return elementsOf(parseXml(xml), 'VOUCHER').map((voucher) => ({
    remoteId: voucher.attributes.REMOTEID ?? '',
    type: voucher.attributes.VCHTYPE ?? '',
    guid: childText(voucher, 'GUID'),
    date: childText(voucher, 'DATE'),
    number: childText(voucher, 'VOUCHERNUMBER'),
    party: childText(voucher, 'PARTYLEDGERNAME'),
    entries: childrenNamed(voucher, 'ALLLEDGERENTRIES.LIST').map((entry) => ({
      ledger: childText(entry, 'LEDGERNAME'),
      isDebit: childText(entry, 'ISDEEMEDPOSITIVE') === 'Yes',
      amountPaise: paiseOf(childText(entry, 'AMOUNT')),
      isParty: childText(entry, 'ISPARTYLEDGER') === 'Yes',
      bills: childrenNamed(entry, 'BILLALLOCATIONS.LIST').map((bill) => paiseOf(childText(bill, 'AMOUNT'))),
    })),
  }));
}

/** The ledgers tally-masters.xml creates: name, group and GSTIN. */
export function ledgersOf(xml: string): Array<{ name: string; parent: string; gstin: string }> {
  return elementsOf(parseXml(xml), 'LEDGER').map((ledger) => ({
    name: ledger.attributes.NAME ?? '',
    parent: childText(ledger, 'PARENT'),
    gstin: childText(ledger, 'PARTYGSTIN'),
  }));
}

/** What a voucher's entries add up to, debits positive: Tally's AMOUNT is negative for a debit. */
export const debitsOf = (voucher: ParsedVoucher) =>
  voucher.entries.filter((entry) => entry.isDebit).reduce((sum, entry) => sum - entry.amountPaise, 0);
export const creditsOf = (voucher: ParsedVoucher) =>
  voucher.entries.filter((entry) => !entry.isDebit).reduce((sum, entry) => sum + entry.amountPaise, 0);

/** RFC 4180 CSV as objects keyed by the header. */
export function csvRows(text: string): Array<Record<string, string>> {
  // documents.csv and payments.csv start with a byte order mark, for Excel.
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
        .map((cell) => cell[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'))
        .slice(0, -1),
    );
  const [header, ...rows] = lines;
  return rows.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? ''])));
}

/** A CSV column added up, in paise ('' counts 0). */
export const columnPaise = (rows: Array<Record<string, string>>, column: string) =>
  rows.reduce((sum, row) => sum + (row[column] ? paiseOf(row[column]!) : 0), 0);

/**
 * The vouchers against the CSV files of the same pack: Sales = documents.csv's taxable value + tax
 * of its tax invoices (and totals of its payment receipts), Credit Notes = its credit notes,
 * Receipts = payments.csv's amounts received (and TDS), each to the paisa.
 */
export function expectTiesOut(files: Record<string, string>) {
  const documents = csvRows(files['documents.csv']!);
  const payments = csvRows(files['payments.csv']!);
  const vouchers = vouchersOf(files['tally-vouchers.xml']!);
  type Voucher = (typeof vouchers)[number];
  const sum = (type: string, pick: (voucher: Voucher) => number) =>
    vouchers.filter((voucher) => voucher.type === type).reduce((total, voucher) => total + pick(voucher), 0);
  /** What a voucher credits (less what it debits) to the ledgers `isLedger` picks. */
  const creditedTo = (isLedger: (ledger: string) => boolean) => (voucher: Voucher) =>
    voucher.entries.filter((entry) => isLedger(entry.ledger)).reduce((total, entry) => total + entry.amountPaise, 0);
  const isSales = (ledger: string) => ledger.startsWith('Sales @');
  const isTax = (ledger: string) => ['Output CGST', 'Output SGST', 'Output IGST'].includes(ledger);
  const invoices = documents.filter((row) => row.Document !== 'Credit Note' && row.Status === 'issued');
  const notes = documents.filter((row) => row.Document === 'Credit Note' && row.Status === 'issued');
  const withGst = (rows: typeof documents) => rows.filter((row) => row['Taxable value'] !== '');

  // Sales: the party's total, and split: taxable value to the sales ledgers, tax to the GST ledgers.
  expect(sum('Sales', debitsOf)).toBe(columnPaise(invoices, 'Total'));
  expect(sum('Sales', creditedTo(isSales))).toBe(columnPaise(withGst(invoices), 'Taxable value'));
  expect(sum('Sales', creditedTo(isTax))).toBe(columnPaise(withGst(invoices), 'Tax'));
  // Credit notes are negative in documents.csv, and debit the same ledgers.
  expect(sum('Credit Note', debitsOf)).toBe(-columnPaise(notes, 'Total'));
  expect(sum('Credit Note', creditedTo(isSales))).toBe(columnPaise(withGst(notes), 'Taxable value'));
  expect(sum('Credit Note', creditedTo(isTax))).toBe(columnPaise(withGst(notes), 'Tax'));
  // Nothing is left to round off: every document's lines add up to its total.
  expect(vouchers.flatMap((voucher) => voucher.entries).filter((entry) => entry.ledger === 'Round Off')).toEqual([]);
  // Receipts: what arrived in the gateway or the bank is payments.csv's Amount; with TDS, what the party settled.
  expect(
    sum('Receipt', (voucher) => -creditedTo((ledger) => ['Bank Account', 'Razorpay'].includes(ledger))(voucher)),
  ).toBe(columnPaise(payments, 'Amount'));
  expect(sum('Receipt', (voucher) => -creditedTo((ledger) => ledger === 'TDS Receivable')(voucher))).toBe(
    columnPaise(payments, 'TDS'),
  );
  expect(sum('Receipt', debitsOf)).toBe(columnPaise(payments, 'Amount') + columnPaise(payments, 'TDS'));
  expect(vouchers.filter((voucher) => voucher.type === 'Sales')).toHaveLength(invoices.length);
  expect(vouchers.filter((voucher) => voucher.type === 'Credit Note')).toHaveLength(notes.length);
  expect(vouchers.filter((voucher) => voucher.type === 'Receipt')).toHaveLength(payments.length);
}
