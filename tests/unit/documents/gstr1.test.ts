import { describe, expect, it } from 'vitest';
import { accountantPackFiles, type RegisterEntry } from '@/domain/accountant-pack';
import {
  B2B_COLUMNS,
  b2clLimitPaise,
  B2CL_COLUMNS,
  B2CS_COLUMNS,
  b2bRows,
  b2csRows,
  CDNR_COLUMNS,
  cdnrRows,
  CDNUR_COLUMNS,
  DOCS_COLUMNS,
  docsRows,
  EXP_COLUMNS,
  gstr1TableOf,
  HSN_COLUMNS,
  hsnRows,
  splitTotalPaise,
  type RateSplit,
} from '@/domain/gstr1';
import { paiseToDecimalText } from '@/domain/money';
import { csvText } from '@/domain/csv';
import { splitInclusiveAmount, type TaxLine } from '@/domain/tax';
import type { TaxDocumentSnapshot } from '@/domain/tax-document';
import { loadConfig } from '../../../server/config';
import { creditNoteSnapshot, paymentDocumentSnapshot, type ProfileFields } from '../../../server/documents/snapshot';

/**
 * The headers of the GST portal's GSTR-1 offline tool templates, copied from its Excel workbook
 * (sheets b2b,sez,de; b2cl; b2cs; cdnr; cdnur; exp; hsn(b2b) and hsn(b2c), which share one header;
 * docs): the tool imports a CSV only with exactly these columns in this order. The b2cl, cdnur, exp
 * and docs headers as several independent exporters to the tool write them (found with the search
 * tool; the GSTN workbook itself was not in the corpus).
 */
const OFFLINE_TOOL_TEMPLATES = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  exp: [
    'Export Type',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Port Code',
    'Shipping Bill Number',
    'Shipping Bill Date',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
  hsn: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
};

describe('the GSTR-1 CSV headers', () => {
  it.each([
    ['b2b', B2B_COLUMNS],
    ['b2cl', B2CL_COLUMNS],
    ['b2cs', B2CS_COLUMNS],
    ['cdnr', CDNR_COLUMNS],
    ['cdnur', CDNUR_COLUMNS],
    ['exp', EXP_COLUMNS],
    ['docs', DOCS_COLUMNS],
    ['hsn', HSN_COLUMNS],
  ] as const)(
    'when the %s table is written, then its header is the offline tool template, column for column',
    (name, columns) => {
      expect(columns.map((column) => column.header)).toEqual(OFFLINE_TOOL_TEMPLATES[name]);
      expect(csvText(columns as never, []).trim()).toBe(OFFLINE_TOOL_TEMPLATES[name].join(','));
    },
  );
});

/** A registered seller in Karnataka (29), GST 18% included in prices. */
const settings = loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', SELLER_GSTIN: '29AAAAA0000A1ZY' }).documents;
const ISSUED_AT = Date.parse('2026-11-04T10:00:00+05:30');

const MEHTA_KARNATAKA: ProfileFields = {
  name: 'Rohan Mehta',
  legalName: 'Mehta Exports Private Limited',
  gstin: '29AABCM1234A1Z3',
  state: 'Karnataka',
  country: 'India',
};
const VERMA_MAHARASHTRA: ProfileFields = {
  name: 'Asha Verma',
  legalName: 'Verma Textiles LLP',
  gstin: '27AAPFU0939F1ZV',
  state: 'Maharashtra',
  country: 'India',
};
const RAVI_KARNATAKA: ProfileFields = { name: 'Ravi Kumar', state: 'Karnataka', country: 'India' };
const MEERA_KERALA: ProfileFields = { name: 'Meera Nair', state: 'Kerala', country: 'India' };
const JOHN_ABROAD: ProfileFields = { name: 'John Carter', state: 'California', country: 'United States' };

let sequence = 0;

/** The tax invoice the server issues for a payment of `rupees` on a customer's invoice. */
function taxInvoice(profile: ProfileFields, rupees: number): TaxDocumentSnapshot {
  sequence += 1;
  return paymentDocumentSnapshot({
    base: {
      payable: { type: 'invoice', docId: `inv${sequence}` },
      subject: { invoiceId: `INV-${sequence}`, amount: rupees, name: profile.name },
      amountPaise: rupees * 100,
      paymentId: `pay_${sequence}`,
      gatewayOrderId: `order_${sequence}`,
      method: 'upi',
    },
    paidAtMs: ISSUED_AT,
    profile,
    settings,
    number: `NB/2026-27/${String(sequence).padStart(4, '0')}`,
    financialYear: '2026-27',
    issuedAtMs: ISSUED_AT,
  });
}

/** The credit note the server issues for a refund of `rupees` of an invoice. */
function creditNote(original: TaxDocumentSnapshot, rupees: number): TaxDocumentSnapshot {
  sequence += 1;
  return creditNoteSnapshot({
    original,
    originalId: `pay_${sequence}`,
    refundId: `refund_${sequence}`,
    gatewayRefundId: null,
    reason: 'Scope reduced',
    refundPaise: rupees * 100,
    refundedAtMs: ISSUED_AT,
    number: `CN/2026-27/${String(sequence).padStart(4, '0')}`,
    financialYear: '2026-27',
    issuedAtMs: Date.parse('2026-11-20T12:00:00+05:30'),
  });
}

/** The amounts of rows added up. */
function sumOf(rows: readonly RateSplit[]) {
  return {
    taxablePaise: rows.reduce((sum, row) => sum + row.taxablePaise, 0),
    igstPaise: rows.reduce((sum, row) => sum + row.igstPaise, 0),
    cgstPaise: rows.reduce((sum, row) => sum + row.cgstPaise, 0),
    sgstPaise: rows.reduce((sum, row) => sum + row.sgstPaise, 0),
  };
}

describe('b2bRows', () => {
  it('when registered buyers in the seller state and in another are invoiced, then each invoice is a row with CGST + SGST or IGST that adds up to its totals', () => {
    const intra = taxInvoice(MEHTA_KARNATAKA, 1500);
    const inter = taxInvoice(VERMA_MAHARASHTRA, 130_000);
    const consumer = taxInvoice(RAVI_KARNATAKA, 999);

    const rows = b2bRows([intra, consumer, inter]);

    expect(rows).toEqual([
      {
        gstin: '29AABCM1234A1Z3',
        receiverName: 'Mehta Exports Private Limited',
        invoiceNumber: intra.number,
        invoiceDate: '04-Nov-2026',
        invoiceValuePaise: 150_000,
        placeOfSupply: '29-Karnataka',
        reverseCharge: 'N',
        ratePercent: 18,
        taxablePaise: 127_118,
        igstPaise: 0,
        cgstPaise: 11_441,
        sgstPaise: 11_441,
      },
      expect.objectContaining({
        gstin: '27AAPFU0939F1ZV',
        receiverName: 'Verma Textiles LLP',
        placeOfSupply: '27-Maharashtra',
        invoiceValuePaise: 13_000_000,
        taxablePaise: 11_016_949,
        igstPaise: 1_983_051,
        cgstPaise: 0,
        sgstPaise: 0,
      }),
    ]);
    for (const [row, document] of [
      [rows[0]!, intra],
      [rows[1]!, inter],
    ] as const) {
      expect(splitTotalPaise(row)).toBe(document.totals.totalPaise);
    }
  });

  it('when an invoice carries two rates, then it has a row per rate, each with the whole invoice value, adding up to its totals', () => {
    const base = taxInvoice(VERMA_MAHARASHTRA, 1000);
    const lines: TaxLine[] = [
      { sac: '998314', description: 'Design', ratePercent: 18, ...splitInclusiveAmount(59_000, 18, 'inter-state') },
      { sac: '998314', description: 'Hosting', ratePercent: 18, ...splitInclusiveAmount(11_800, 18, 'inter-state') },
      { sac: '999293', description: 'Training', ratePercent: 5, ...splitInclusiveAmount(29_200, 5, 'inter-state') },
    ];
    const totals = lines.reduce(
      (sum, line) => ({
        taxablePaise: sum.taxablePaise + line.taxablePaise,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: sum.igstPaise + line.igstPaise,
        totalPaise: sum.totalPaise + line.totalPaise,
      }),
      { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 },
    );
    const mixed: TaxDocumentSnapshot = { ...base, lines, totals };

    const rows = b2bRows([mixed]);

    expect(rows.map((row) => [row.ratePercent, row.taxablePaise, row.igstPaise, row.invoiceValuePaise])).toEqual([
      [5, 27_810, 1_390, 100_000],
      [18, 60_000, 10_800, 100_000],
    ]);
    expect(sumOf(rows)).toEqual({
      taxablePaise: totals.taxablePaise,
      igstPaise: totals.igstPaise,
      cgstPaise: 0,
      sgstPaise: 0,
    });
  });

  it('when rows are written as CSV, then amounts are rupees with two decimals worked out from paise', () => {
    const csv = csvText(B2B_COLUMNS, b2bRows([taxInvoice(MEHTA_KARNATAKA, 1500)]));

    const [header, row] = csv.split('\r\n');
    expect(header).toBe(OFFLINE_TOOL_TEMPLATES.b2b.join(','));
    expect(row).toMatch(
      /^29AABCM1234A1Z3,Mehta Exports Private Limited,NB\/2026-27\/\d{4},04-Nov-2026,1500.00,29-Karnataka,N,,Regular B2B,,18,1271.18,0.00$/,
    );
    expect([0, 5, 99, 100, 1_983_051, -50, -123_456].map(paiseToDecimalText)).toEqual([
      '0.00',
      '0.05',
      '0.99',
      '1.00',
      '19830.51',
      '-0.50',
      '-1234.56',
    ]);
  });
});

describe('cdnrRows', () => {
  it('when a registered buyer gets a credit note, then it is a row of type C naming the invoice it adjusts; an unregistered buyer’s note is not', () => {
    const invoice = taxInvoice(VERMA_MAHARASHTRA, 130_000);
    const note = creditNote(invoice, 30_000);
    const consumerNote = creditNote(taxInvoice(RAVI_KARNATAKA, 2500), 500);

    const rows = cdnrRows([invoice, note, consumerNote]);

    expect(rows).toEqual([
      expect.objectContaining({
        gstin: '27AAPFU0939F1ZV',
        receiverName: 'Verma Textiles LLP',
        noteNumber: note.number,
        noteDate: '20-Nov-2026',
        noteValuePaise: 3_000_000,
        placeOfSupply: '27-Maharashtra',
        originalNumber: invoice.number,
        originalDate: '04-Nov-2026',
        ratePercent: 18,
      }),
    ]);
    expect(splitTotalPaise(rows[0]!)).toBe(note.totals.totalPaise);
    expect(rows[0]!.igstPaise).toBe(note.totals.igstPaise);
  });
});

describe('b2csRows', () => {
  it('when unregistered buyers are invoiced in two states and one gets a credit note, then each place of supply is one row, net of the note', () => {
    const ravi = taxInvoice(RAVI_KARNATAKA, 2500);
    const raviAgain = taxInvoice(RAVI_KARNATAKA, 1500);
    const meera = taxInvoice(MEERA_KERALA, 10_000);
    const raviNote = creditNote(ravi, 500);
    const registered = taxInvoice(MEHTA_KARNATAKA, 50_000);

    const rows = b2csRows([ravi, registered, meera, raviAgain, raviNote]);

    expect(rows.map((row) => row.placeOfSupply)).toEqual(['29-Karnataka', '32-Kerala']);
    const [karnataka, kerala] = rows;
    expect(karnataka).toEqual({
      placeOfSupply: '29-Karnataka',
      ratePercent: 18,
      taxablePaise: ravi.totals.taxablePaise + raviAgain.totals.taxablePaise - raviNote.totals.taxablePaise,
      igstPaise: 0,
      cgstPaise: ravi.totals.cgstPaise + raviAgain.totals.cgstPaise - raviNote.totals.cgstPaise,
      sgstPaise: ravi.totals.sgstPaise + raviAgain.totals.sgstPaise - raviNote.totals.sgstPaise,
    });
    expect(splitTotalPaise(karnataka!)).toBe(2500_00 + 1500_00 - 500_00);
    expect(kerala).toMatchObject({ igstPaise: meera.totals.igstPaise, cgstPaise: 0, sgstPaise: 0 });
    expect(splitTotalPaise(kerala!)).toBe(10_000_00);
  });

  it('when a month has only a credit note for a place, then its row is negative', () => {
    const note = creditNote(taxInvoice(MEERA_KERALA, 1180), 1180);

    const [row] = b2csRows([note]);

    expect(row).toEqual({
      placeOfSupply: '32-Kerala',
      ratePercent: 18,
      taxablePaise: -100_000,
      igstPaise: -18_000,
      cgstPaise: 0,
      sgstPaise: 0,
    });
  });
});

describe('hsnRows', () => {
  it('when invoices and a credit note share a SAC, then the summary is per SAC and rate, registered and unregistered buyers apart, less the note', () => {
    const mehta = taxInvoice(MEHTA_KARNATAKA, 1500);
    const verma = taxInvoice(VERMA_MAHARASHTRA, 130_000);
    const vermaNote = creditNote(verma, 30_000);
    const ravi = taxInvoice(RAVI_KARNATAKA, 2500);

    const rows = hsnRows([mehta, verma, vermaNote, ravi]);

    expect(rows).toEqual([
      {
        supplyType: 'B2B',
        sac: '998314',
        description: 'Information technology (IT) design and development services',
        ratePercent: 18,
        totalValuePaise: 1500_00 + 130_000_00 - 30_000_00,
        taxablePaise: mehta.totals.taxablePaise + verma.totals.taxablePaise - vermaNote.totals.taxablePaise,
        igstPaise: verma.totals.igstPaise - vermaNote.totals.igstPaise,
        cgstPaise: mehta.totals.cgstPaise,
        sgstPaise: mehta.totals.sgstPaise,
      },
      expect.objectContaining({ supplyType: 'B2C', sac: '998314', totalValuePaise: 2500_00 }),
    ]);
    expect(rows.every((row) => splitTotalPaise(row) === row.totalValuePaise)).toBe(true);
    expect(csvText(HSN_COLUMNS, rows).split('\r\n')[1]).toMatch(/^998314,Information .*,NA,0,101500.00,18,/);
  });

  it('when the seller is unregistered, then receipts and their credit notes are in no table of the return', () => {
    const unregistered = loadConfig({ FIREBASE_PROJECT_ID: 'demo-site' }).documents;
    const receipt = paymentDocumentSnapshot({
      base: {
        payable: { type: 'invoice', docId: 'r1' },
        subject: { invoiceId: 'INV-R1', amount: 1000 },
        amountPaise: 100_000,
        paymentId: 'pay_r1',
        gatewayOrderId: 'order_r1',
        method: 'card',
      },
      paidAtMs: ISSUED_AT,
      profile: VERMA_MAHARASHTRA,
      settings: unregistered,
      number: 'NB/2026-27/0100',
      financialYear: '2026-27',
      issuedAtMs: ISSUED_AT,
    });
    const documents = [receipt, creditNote(receipt, 1000)];

    expect([b2bRows(documents), cdnrRows(documents), b2csRows(documents), hsnRows(documents)]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });
});

describe('a month of the return', () => {
  /** A document as the pack reads it: issued, with its number (the series are numbered apart). */
  const issued = (snapshot: TaxDocumentSnapshot, number: string, isCancelled = false): RegisterEntry => ({
    id: `doc_${number}`,
    document: { status: 'issued', number, snapshot: { ...snapshot, number } },
    createdAtMs: null,
    isCancelled,
  });

  /** RFC 4180 rows of a CSV file (no quoted commas in these), keyed by its header. */
  const rowsOf = (csv: string) => {
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    return lines.map((line) => Object.fromEntries(line.split(',').map((cell, at) => [header!.split(',')[at], cell])));
  };

  function aMonth() {
    const b2b = taxInvoice(MEHTA_KARNATAKA, 50_000);
    const intra = taxInvoice(RAVI_KARNATAKA, 2500);
    const large = taxInvoice(MEERA_KERALA, 1_50_000);
    const exported = taxInvoice(JOHN_ABROAD, 3_00_000);
    const registeredNote = creditNote(b2b, 10_000);
    const largeNote = creditNote(large, 50_000);
    const exportNote = creditNote(exported, 1_00_000);
    const proforma = { ...taxInvoice(RAVI_KARNATAKA, 40_000), kind: 'proforma' as const, title: 'Proforma Invoice' };
    const entries = [
      issued(b2b, 'NB/2026-27/0101'),
      issued(intra, 'NB/2026-27/0102'),
      issued(large, 'NB/2026-27/0103'),
      issued(exported, 'NB/2026-27/0104'),
      issued(registeredNote, 'CN/2026-27/0011'),
      issued(largeNote, 'CN/2026-27/0012'),
      issued(exportNote, 'CN/2026-27/0013'),
      {
        ...issued(proforma, 'PI/2026-27/0009', true),
        document: { ...issued(proforma, 'PI/2026-27/0009').document, series: 'proforma' },
      },
    ];
    return { b2b, intra, large, exported, registeredNote, largeNote, exportNote, entries };
  }

  it('when a month has a B2B, a B2C intra-State, a B2C inter-State above Rs 1,00,000 and an export invoice, credit notes to a registered and unregistered buyer, and a cancelled proforma, then each tax document is in exactly one table', () => {
    const month = aMonth();

    const files = accountantPackFiles(month.entries, [], { month: '2026-11', sellerRegistered: true });

    const numbersIn = (file: string, column: string) => rowsOf(files[file]!).map((row) => row[column]);
    expect(numbersIn('b2b.csv', 'Invoice Number')).toEqual(['NB/2026-27/0101']);
    expect(numbersIn('b2cl.csv', 'Invoice Number')).toEqual(['NB/2026-27/0103']);
    expect(numbersIn('exp.csv', 'Invoice Number')).toEqual(['NB/2026-27/0104']);
    expect(numbersIn('cdnr.csv', 'Note Number')).toEqual(['CN/2026-27/0011']);
    expect(numbersIn('cdnur.csv', 'Note Number')).toEqual(['CN/2026-27/0012', 'CN/2026-27/0013']);
    // B2CS is a sum per place and rate: the intra-State invoice alone.
    expect(rowsOf(files['b2cs.csv']!)).toEqual([
      expect.objectContaining({ 'Place Of Supply': '29-Karnataka', Rate: '18', 'Taxable Value': '2118.64' }),
    ]);
    const tables = month.entries.map(({ document }) => gstr1TableOf(document.snapshot!));
    expect(tables).toEqual(['b2b', 'b2cs', 'b2cl', 'exp', 'cdnr', 'cdnur', 'cdnur', null]);
    // The cancelled proforma is no supply: in no table of the return and not in the register.
    for (const file of ['b2b', 'b2cl', 'b2cs', 'exp', 'cdnr', 'cdnur', 'hsn(b2b)', 'hsn(b2c)', 'docs', 'documents']) {
      expect(files[`${file}.csv`]).not.toContain('PI/2026-27/0009');
    }
    expect(rowsOf(files['proformas-and-quotes.csv']!)).toEqual([
      expect.objectContaining({ Number: 'PI/2026-27/0009', Status: 'cancelled' }),
    ]);
    expect(files['README.txt']).toMatch(/b2cl\.csv +Table 5 /);

    expect(rowsOf(files['b2cl.csv']!)).toEqual([
      {
        'Invoice Number': 'NB/2026-27/0103',
        'Invoice date': '04-Nov-2026',
        'Invoice Value': '150000.00',
        'Place Of Supply': '32-Kerala',
        'Applicable % of Tax Rate': '',
        Rate: '18',
        'Taxable Value': '127118.64',
        'Cess Amount': '0.00',
        'E-Commerce GSTIN': '',
      },
    ]);
    expect(rowsOf(files['exp.csv']!)).toEqual([
      {
        'Export Type': 'WPAY',
        'Invoice Number': 'NB/2026-27/0104',
        'Invoice date': '04-Nov-2026',
        'Invoice Value': '300000.00',
        'Port Code': '',
        'Shipping Bill Number': '',
        'Shipping Bill Date': '',
        Rate: '18',
        'Taxable Value': '254237.29',
        'Cess Amount': '0.00',
      },
    ]);
    expect(rowsOf(files['cdnur.csv']!)).toEqual([
      expect.objectContaining({
        'UR Type': 'B2CL',
        'Note Type': 'C',
        'Place Of Supply': '32-Kerala',
        'Note Value': '50000.00',
      }),
      expect.objectContaining({ 'UR Type': 'EXPWP', 'Place Of Supply': '', 'Note Value': '100000.00' }),
    ]);
    for (const [file, document] of [
      ['b2cl.csv', month.large],
      ['exp.csv', month.exported],
    ] as const) {
      const [row] = rowsOf(files[file]!);
      expect(Math.round(Number(row!['Taxable Value']) * 100)).toBe(document.totals.taxablePaise);
    }
  });

  it('when the month is counted for Table 13, then docs gives each series from, to, total and cancelled as the register lists them, and a gap starts a new row', () => {
    const month = aMonth();

    const files = accountantPackFiles(month.entries, [], { month: '2026-11', sellerRegistered: true });

    expect(rowsOf(files['docs.csv']!)).toEqual([
      {
        'Nature of Document': 'Invoices for outward supply',
        'Sr. No. From': 'NB/2026-27/0101',
        'Sr. No. To': 'NB/2026-27/0104',
        'Total Number': '4',
        Cancelled: '0',
      },
      {
        'Nature of Document': 'Credit Note',
        'Sr. No. From': 'CN/2026-27/0011',
        'Sr. No. To': 'CN/2026-27/0013',
        'Total Number': '3',
        Cancelled: '0',
      },
    ]);
    const register = rowsOf(files['documents.csv']!);
    expect(register.filter((row) => row.Document === 'Tax Invoice')).toHaveLength(4);
    expect(register.filter((row) => row.Document === 'Credit Note')).toHaveLength(3);

    const withGap = docsRows(
      [month.b2b, month.intra, month.exported].map((snapshot, at) => ({
        snapshot: { ...snapshot, number: `NB/2026-27/${['0101', '0102', '0105'][at]}` },
        isCancelled: false,
      })),
    );
    expect(withGap.map((row) => [row.from, row.to, row.total])).toEqual([
      ['NB/2026-27/0101', 'NB/2026-27/0102', 2],
      ['NB/2026-27/0105', 'NB/2026-27/0105', 1],
    ]);
  });

  it('when an inter-State invoice to an unregistered buyer is exactly the limit, or Rs 2,00,000 before August 2024, then it stays in B2CS', () => {
    expect([b2clLimitPaise('2024-07-31'), b2clLimitPaise('2024-08-01'), b2clLimitPaise('2026-11-04')]).toEqual([
      2_50_000_00, 1_00_000_00, 1_00_000_00,
    ]);
    // A printed date that does not read as one takes today's limit rather than failing the pack.
    expect(b2clLimitPaise('')).toBe(1_00_000_00);
    expect(gstr1TableOf({ ...taxInvoice(MEERA_KERALA, 1_50_000), issueDate: 'soon' })).toBe('b2cl');
    const atLimit = taxInvoice(MEERA_KERALA, 1_00_000);
    const july2024 = { ...taxInvoice(MEERA_KERALA, 2_00_000), issueDate: '31 Jul 2024' };
    const august2024 = { ...taxInvoice(MEERA_KERALA, 2_00_000), issueDate: '01 Aug 2024' };

    expect([atLimit, july2024, august2024].map(gstr1TableOf)).toEqual(['b2cs', 'b2cs', 'b2cl']);
  });

  it('when the aggregate turnover was up to Rs 5 crore, then Table 12 gives 4-digit SACs with their heading; above, 6 digits', () => {
    const documents = [taxInvoice(MEHTA_KARNATAKA, 1500), taxInvoice(RAVI_KARNATAKA, 2500)];

    expect(hsnRows(documents, 4).map((row) => [row.supplyType, row.sac, row.description])).toEqual([
      ['B2B', '9983', 'Other professional, technical and business services'],
      ['B2C', '9983', 'Other professional, technical and business services'],
    ]);
    expect(hsnRows(documents, 6).map((row) => row.sac)).toEqual(['998314', '998314']);
    const small = accountantPackFiles(
      documents.map((snapshot, at) => issued(snapshot, `NB/2026-27/010${at + 1}`)),
      [],
      { month: '2026-11', sellerRegistered: true },
    );
    expect(rowsOf(small['hsn(b2b).csv']!)[0]).toMatchObject({ HSN: '9983' });
    expect(small['README.txt']).toContain('per SAC at 4 digits');
  });
});
