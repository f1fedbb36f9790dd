import { parseDocumentNumber } from './document-number';
import { FOREIGN_COUNTRY } from './gst';
import { paiseToDecimalText } from './money';
import type { CsvColumn } from './csv';
import type { TaxLine } from './tax';
import type { TaxDocumentSnapshot } from './tax-document';

/**
 * The tables of GSTR-1 (the monthly return of outward supplies) from issued documents' snapshots:
 * every figure is summed from the lines and totals the PDFs print, in integer paise, so the return
 * and the documents agree to the paisa. Pure: the server reads the documents of a month and
 * writes these rows as CSV files (the accountant's pack).
 *
 * Each table is written in exactly the columns, order and header words of the GST portal's offline
 * tool templates (b2b, b2cl, b2cs, cdnr, cdnur, exp, hsn(b2b), hsn(b2c), docs), so the files import
 * as they are. The tool works out the taxes of the invoice and note tables from rate and taxable
 * value; the HSN summary states them. Every tax document is in exactly one of b2b, b2cl, b2cs, exp,
 * cdnr and cdnur (gstr1TableOf); docs (Table 13) counts them by number series.
 */

/** The tables a tax document can be reported in (one each). */
export type Gstr1Table = 'b2b' | 'b2cl' | 'b2cs' | 'exp' | 'cdnr' | 'cdnur';

/**
 * B2C Large (Table 5): an inter-State invoice to an unregistered buyer above this value, by the
 * invoice's date. Rule 59(4)(a)(ii) of the CGST Rules: Rs 2,50,000 until Notification 12/2024-Central
 * Tax made it Rs 1,00,000 from 1 August 2024. Credit notes of such invoices go in CDNUR.
 */
export const B2CL_LIMITS: ReadonlyArray<{ from: string; limitPaise: number }> = [
  { from: '2024-08-01', limitPaise: 1_00_000_00 },
  { from: '0000-01-01', limitPaise: 2_50_000_00 },
];

/** The B2CL limit for an invoice dated `day` (YYYY-MM-DD); today's for a date that is not one. */
export const b2clLimitPaise = (day: string) =>
  (B2CL_LIMITS.find((limit) => day >= limit.from) ?? B2CL_LIMITS[0]!).limitPaise;

/** One document's taxes at one rate: GSTR-1 reports a document once per rate it carries. */
export interface RateSplit {
  ratePercent: number;
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

export interface B2bRow extends RateSplit {
  gstin: string;
  receiverName: string;
  invoiceNumber: string;
  /** DD-MMM-YYYY, as the offline tool reads dates. */
  invoiceDate: string;
  /** The whole invoice's value (repeated on each of its rates' rows, as the return wants). */
  invoiceValuePaise: number;
  placeOfSupply: string;
  reverseCharge: 'Y' | 'N';
}

export interface CdnrRow extends RateSplit {
  gstin: string;
  receiverName: string;
  noteNumber: string;
  noteDate: string;
  noteValuePaise: number;
  placeOfSupply: string;
  reverseCharge: 'Y' | 'N';
  originalNumber: string;
  originalDate: string;
}

/** Supplies to unregistered buyers of one place of supply and rate, net of their credit notes. */
export interface B2csRow extends RateSplit {
  placeOfSupply: string;
}

/** Table 5 (B2C Large): an invoice per rate. */
export interface B2clRow extends RateSplit {
  invoiceNumber: string;
  invoiceDate: string;
  invoiceValuePaise: number;
  placeOfSupply: string;
}

/** Table 6A (exports): an invoice per rate. */
export interface ExpRow extends RateSplit {
  exportType: 'WPAY' | 'WOPAY';
  invoiceNumber: string;
  invoiceDate: string;
  invoiceValuePaise: number;
}

/** Table 9B, unregistered: a credit note of a B2CL invoice or of an export, per rate. */
export interface CdnurRow extends RateSplit {
  urType: 'B2CL' | 'EXPWP' | 'EXPWOP';
  noteNumber: string;
  noteDate: string;
  /** B2CL notes only. */
  placeOfSupply: string;
  noteValuePaise: number;
}

/** Table 13: a run of consecutive numbers of one series issued in the month. */
export interface DocsRow {
  nature: (typeof DOCUMENT_NATURES)[keyof typeof DOCUMENT_NATURES];
  from: string;
  to: string;
  total: number;
  cancelled: number;
}

/** Table 12: per SAC and rate, apart for registered (B2B) and unregistered (B2C) buyers. */
export interface HsnRow extends RateSplit {
  supplyType: 'B2B' | 'B2C';
  sac: string;
  description: string;
  totalValuePaise: number;
}

/**
 * What the SAC codes our services are billed under mean (the SAC summary's description): the
 * six-digit codes and their four-digit headings (Table 12 takes 4 or 6 digits, see hsnRows).
 */
export const SAC_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '9983': 'Other professional, technical and business services',
  '9973': 'Leasing or rental services without operator',
  '9992': 'Education services',
  '998311': 'Management consulting and management services',
  '998313': 'Information technology (IT) consulting and support services',
  '998314': 'Information technology (IT) design and development services',
  '998315': 'Hosting and information technology (IT) infrastructure provisioning services',
  '998316': 'IT infrastructure and network management services',
  '998319': 'Other information technology services n.e.c.',
  '997331': 'Licensing services for the right to use computer software and databases',
  '999293': 'Commercial training and coaching services',
};

/** '04 May 2026' (the printed date of issue) -> '04-May-2026'. */
export const returnDate = (printedDate: string) => printedDate.trim().replace(/\s+/g, '-');

const MONTH_NUMBERS: Readonly<Record<string, string>> = {
  Jan: '01',
  Feb: '02',
  Mar: '03',
  Apr: '04',
  May: '05',
  Jun: '06',
  Jul: '07',
  Aug: '08',
  Sep: '09',
  Oct: '10',
  Nov: '11',
  Dec: '12',
};

/** '04 May 2026' (a printed date) -> '2026-05-04'; '' when it is not one. */
export function isoDateOfPrinted(printedDate: string): string {
  const match = /^(\d{2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(printedDate.trim());
  const month = match ? MONTH_NUMBERS[match[2]!] : undefined;
  return match && month ? `${match[3]}-${month}-${match[1]}` : '';
}

/** '29-Karnataka': the place of supply as the return names it. */
export const placeOfSupplyText = (place: { state: string; stateCode: string }) => `${place.stateCode}-${place.state}`;

const isTaxInvoice = (document: TaxDocumentSnapshot) => document.kind === 'tax-invoice' && document.taxType !== null;
/** A credit note of a receipt carries no GST: it is not in the return. */
const isTaxCreditNote = (document: TaxDocumentSnapshot) => document.kind === 'credit-note' && document.taxType !== null;
const isRegistered = (document: TaxDocumentSnapshot) => Boolean(document.recipient.gstin);
/** A supply to a buyer abroad: place of supply 96 (section 13(2) of the IGST Act, the recipient's location). */
const isExport = (document: TaxDocumentSnapshot) => document.placeOfSupply.stateCode === FOREIGN_COUNTRY.stateCode;

/** Whether an invoice of `valuePaise` dated `printedDate` to an unregistered buyer is B2C Large. */
const isLarge = (document: TaxDocumentSnapshot, valuePaise: number, printedDate: string) =>
  document.taxType === 'inter-state' && valuePaise > b2clLimitPaise(isoDateOfPrinted(printedDate));

/**
 * The one table of GSTR-1 a document is reported in; null for what is not in the return (a payment
 * receipt, its credit note, a proforma or a quote). An invoice to a registered buyer is B2B; to a
 * buyer abroad, EXP; to an unregistered buyer in another State above the B2CL limit of its date,
 * B2CL; else B2CS. A credit note follows its invoice: CDNR for a registered buyer, CDNUR for an
 * export's or a B2CL invoice's (its value is the original payment's, which the note keeps), else
 * B2CS, where it is netted.
 */
export function gstr1TableOf(document: TaxDocumentSnapshot): Gstr1Table | null {
  if (isTaxInvoice(document)) {
    if (isRegistered(document)) return 'b2b';
    if (isExport(document)) return 'exp';
    return isLarge(document, document.totals.totalPaise, document.issueDate) ? 'b2cl' : 'b2cs';
  }
  if (isTaxCreditNote(document)) {
    if (isRegistered(document)) return 'cdnr';
    if (isExport(document)) return 'cdnur';
    const originalValue = document.payment?.amountPaise;
    const originalDate = document.original?.issueDate;
    return originalValue !== undefined && originalDate && isLarge(document, originalValue, originalDate)
      ? 'cdnur'
      : 'b2cs';
  }
  return null;
}

const inTable = (table: Gstr1Table) => (document: TaxDocumentSnapshot) => gstr1TableOf(document) === table;

/** An export's or its note's type: with IGST paid (WPAY) or under bond or LUT at no rate (WOPAY). */
const exportTypeOf = (document: TaxDocumentSnapshot) =>
  document.lines.some((line) => line.ratePercent > 0) ? 'WPAY' : 'WOPAY';

const emptySplit = (ratePercent: number): RateSplit => ({
  ratePercent,
  taxablePaise: 0,
  igstPaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
});

/** Adds a line's (or a split's) amounts into `into`, negated for a credit note (sign -1). */
function addInto(into: RateSplit, line: Omit<RateSplit, 'ratePercent'>, sign: 1 | -1): void {
  into.taxablePaise += sign * line.taxablePaise;
  into.igstPaise += sign * line.igstPaise;
  into.cgstPaise += sign * line.cgstPaise;
  into.sgstPaise += sign * line.sgstPaise;
}

/** A document's lines summed per rate, lowest rate first. */
export function splitsByRate(lines: readonly TaxLine[]): RateSplit[] {
  const byRate = new Map<number, RateSplit>();
  for (const line of lines) {
    const split = byRate.get(line.ratePercent) ?? emptySplit(line.ratePercent);
    addInto(split, line, 1);
    byRate.set(line.ratePercent, split);
  }
  return [...byRate.values()].sort((a, b) => a.ratePercent - b.ratePercent);
}

/** The value of a row's supply: taxable value plus its taxes. */
export const splitTotalPaise = (split: Omit<RateSplit, 'ratePercent'>) =>
  split.taxablePaise + split.igstPaise + split.cgstPaise + split.sgstPaise;

/** Who a registered buyer's row is for, as the return names them. */
function partyOf(document: TaxDocumentSnapshot) {
  return {
    gstin: document.recipient.gstin ?? '',
    receiverName: document.recipient.name,
    placeOfSupply: placeOfSupplyText(document.placeOfSupply),
    reverseCharge: document.reverseCharge ? ('Y' as const) : ('N' as const),
  };
}

/** A row per rate of each document of one table, in the order given: the document's fields, then that rate's amounts. */
function rowsPerRate<Fields>(
  documents: readonly TaxDocumentSnapshot[],
  table: Gstr1Table,
  fieldsOf: (document: TaxDocumentSnapshot) => Fields,
): Array<Fields & RateSplit> {
  return documents.filter(inTable(table)).flatMap((document) => {
    const fields = fieldsOf(document);
    return splitsByRate(document.lines).map((split) => ({ ...fields, ...split }));
  });
}

/** B2B: each tax invoice to a registered buyer, once per rate. */
export function b2bRows(documents: readonly TaxDocumentSnapshot[]): B2bRow[] {
  return rowsPerRate(documents, 'b2b', (document) => ({
    ...partyOf(document),
    invoiceNumber: document.number,
    invoiceDate: returnDate(document.issueDate),
    invoiceValuePaise: document.totals.totalPaise,
  }));
}

/** CDNR: each credit note to a registered buyer, once per rate, with the invoice it adjusts. */
export function cdnrRows(documents: readonly TaxDocumentSnapshot[]): CdnrRow[] {
  return rowsPerRate(documents, 'cdnr', (document) => ({
    ...partyOf(document),
    noteNumber: document.number,
    noteDate: returnDate(document.issueDate),
    noteValuePaise: document.totals.totalPaise,
    originalNumber: document.original?.number ?? '',
    originalDate: document.original ? returnDate(document.original.issueDate) : '',
  }));
}

/** B2CL: each inter-State invoice above the limit to an unregistered buyer, once per rate. */
export function b2clRows(documents: readonly TaxDocumentSnapshot[]): B2clRow[] {
  return rowsPerRate(documents, 'b2cl', (document) => ({
    invoiceNumber: document.number,
    invoiceDate: returnDate(document.issueDate),
    invoiceValuePaise: document.totals.totalPaise,
    placeOfSupply: placeOfSupplyText(document.placeOfSupply),
  }));
}

/**
 * EXP: each invoice to a buyer abroad, once per rate. Port code and shipping bill are for goods:
 * our services have none, so they are left empty for the accountant (the tool accepts them empty).
 */
export function expRows(documents: readonly TaxDocumentSnapshot[]): ExpRow[] {
  return rowsPerRate(documents, 'exp', (document) => ({
    exportType: exportTypeOf(document),
    invoiceNumber: document.number,
    invoiceDate: returnDate(document.issueDate),
    invoiceValuePaise: document.totals.totalPaise,
  }));
}

/**
 * CDNUR: each credit note to an unregistered buyer whose invoice was B2CL or an export, once per
 * rate. The template asks the place of supply of a B2CL note only.
 */
export function cdnurRows(documents: readonly TaxDocumentSnapshot[]): CdnurRow[] {
  return rowsPerRate(documents, 'cdnur', (document) => {
    const urType = isExport(document) ? (`EXP${exportTypeOf(document) === 'WPAY' ? 'WP' : 'WOP'}` as const) : 'B2CL';
    return {
      urType,
      noteNumber: document.number,
      noteDate: returnDate(document.issueDate),
      placeOfSupply: urType === 'B2CL' ? placeOfSupplyText(document.placeOfSupply) : '',
      noteValuePaise: document.totals.totalPaise,
    };
  });
}

/**
 * B2CS: the tax invoices to unregistered buyers in India that are not B2CL, per place of supply and
 * rate, less their credit notes of the same month (the return reports B2C supplies net). A month
 * whose notes outweigh its invoices for a place and rate gives a negative row.
 */
export function b2csRows(documents: readonly TaxDocumentSnapshot[]): B2csRow[] {
  const groups = new Map<string, B2csRow>();
  for (const document of documents.filter(inTable('b2cs'))) {
    const sign = isTaxInvoice(document) ? 1 : -1;
    const placeOfSupply = placeOfSupplyText(document.placeOfSupply);
    for (const split of splitsByRate(document.lines)) {
      const key = `${document.placeOfSupply.stateCode}|${split.ratePercent}`;
      const group = groups.get(key) ?? { placeOfSupply, ...emptySplit(split.ratePercent) };
      addInto(group, split, sign);
      groups.set(key, group);
    }
  }
  return [...groups.values()].sort(
    (a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.ratePercent - b.ratePercent,
  );
}

/**
 * How many digits of a SAC Table 12 takes, by the aggregate turnover of the previous financial year:
 * 4 up to Rs 5 crore, 6 above (Notification 78/2020-Central Tax, enforced in GSTR-1's Table 12 from
 * the May 2025 return period).
 */
export type HsnDigits = 4 | 6;

/**
 * The SAC summary: every line of the month's tax invoices, less its credit notes' lines, per SAC
 * cut to `digits` (lines of one heading add up) and rate.
 */
export function hsnRows(documents: readonly TaxDocumentSnapshot[], digits: HsnDigits = 6): HsnRow[] {
  const groups = new Map<string, HsnRow>();
  for (const document of documents) {
    const sign = isTaxInvoice(document) ? 1 : isTaxCreditNote(document) ? -1 : 0;
    if (sign === 0) continue;
    const supplyType = isRegistered(document) ? 'B2B' : 'B2C';
    for (const line of document.lines) {
      const sac = line.sac.slice(0, digits);
      const key = `${supplyType}|${sac}|${line.ratePercent}`;
      const group = groups.get(key) ?? {
        supplyType,
        sac,
        description: SAC_DESCRIPTIONS[sac] ?? '',
        totalValuePaise: 0,
        ...emptySplit(line.ratePercent),
      };
      addInto(group, line, sign);
      group.totalValuePaise += sign * line.totalPaise;
      groups.set(key, group);
    }
  }
  return [...groups.values()].sort(
    (a, b) => a.supplyType.localeCompare(b.supplyType) || a.sac.localeCompare(b.sac) || a.ratePercent - b.ratePercent,
  );
}

/** Table 13's 'Nature of Document' for the tax documents we issue, in the offline tool's words. */
export const DOCUMENT_NATURES = {
  'tax-invoice': 'Invoices for outward supply',
  'credit-note': 'Credit Note',
} as const;

/** A document number's series and its place in it: 'NB/2026-27/' and 42. */
function seriesOf(number: string): { series: string; sequence: number | null } {
  const parsed = parseDocumentNumber(number);
  if (parsed) return { series: `${parsed.prefix}/${parsed.financialYear}/`, sequence: parsed.sequence };
  const match = /^(.*?)(\d+)$/.exec(number);
  return match ? { series: match[1]!, sequence: Number(match[2]) } : { series: number, sequence: null };
}

/**
 * Table 13, documents issued: the month's tax invoices and credit notes (those in the return) per
 * nature and number series, from the lowest number to the highest with how many and how many were
 * cancelled. A series with a gap in the month is given as one row per run of consecutive numbers,
 * so every row's total is exactly the documents it spans.
 */
export function docsRows(documents: ReadonlyArray<{ snapshot: TaxDocumentSnapshot; isCancelled: boolean }>): DocsRow[] {
  const groups = new Map<string, Array<{ number: string; sequence: number | null; isCancelled: boolean }>>();
  for (const { snapshot, isCancelled } of documents) {
    if (gstr1TableOf(snapshot) === null) continue;
    const nature = DOCUMENT_NATURES[snapshot.kind as keyof typeof DOCUMENT_NATURES];
    const { series, sequence } = seriesOf(snapshot.number);
    const key = `${nature}|${series}`;
    groups.set(key, [...(groups.get(key) ?? []), { number: snapshot.number, sequence, isCancelled }]);
  }
  const natureOrder = Object.values(DOCUMENT_NATURES) as string[];
  const rows: DocsRow[] = [];
  const keys = [...groups.keys()].sort(
    (a, b) => natureOrder.indexOf(a.split('|')[0]!) - natureOrder.indexOf(b.split('|')[0]!) || a.localeCompare(b),
  );
  for (const key of keys) {
    const nature = key.split('|')[0] as DocsRow['nature'];
    const numbers = groups.get(key)!.sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
    let run: typeof numbers = [];
    const close = () => {
      if (run.length === 0) return;
      rows.push({
        nature,
        from: run[0]!.number,
        to: run[run.length - 1]!.number,
        total: run.length,
        cancelled: run.filter((entry) => entry.isCancelled).length,
      });
      run = [];
    };
    for (const entry of numbers) {
      const last = run[run.length - 1];
      if (last && (entry.sequence === null || last.sequence === null || entry.sequence !== last.sequence + 1)) close();
      run.push(entry);
    }
    close();
  }
  return rows;
}

const rupees = paiseToDecimalText;

/** Columns the templates hold that our supplies leave empty: no differential rate, no e-commerce operator. */
const APPLICABLE_RATE: CsvColumn<unknown> = { header: 'Applicable % of Tax Rate', cell: () => '' };
const E_COMMERCE_GSTIN: CsvColumn<unknown> = { header: 'E-Commerce GSTIN', cell: () => '' };
/** Our services carry no cess. */
const CESS: CsvColumn<unknown> = { header: 'Cess Amount', cell: () => rupees(0) };
const rate = <Row extends RateSplit>(): CsvColumn<Row> => ({ header: 'Rate', cell: (row) => row.ratePercent });
const taxableValue = <Row extends RateSplit>(): CsvColumn<Row> => ({
  header: 'Taxable Value',
  cell: (row) => rupees(row.taxablePaise),
});

/** The recipient's GSTIN and name, as the registered templates start a row. */
const recipient = <Row extends { gstin: string; receiverName: string }>(): Array<CsvColumn<Row>> => [
  { header: 'GSTIN/UIN of Recipient', cell: (row) => row.gstin },
  { header: 'Receiver Name', cell: (row) => row.receiverName },
];
/** An invoice's number, date and value. */
const invoice = <Row extends { invoiceNumber: string; invoiceDate: string; invoiceValuePaise: number }>(): Array<
  CsvColumn<Row>
> => [
  { header: 'Invoice Number', cell: (row) => row.invoiceNumber },
  { header: 'Invoice date', cell: (row) => row.invoiceDate },
  { header: 'Invoice Value', cell: (row) => rupees(row.invoiceValuePaise) },
];
/** A credit note's number, date and type (always C). */
const note = <Row extends { noteNumber: string; noteDate: string }>(): Array<CsvColumn<Row>> => [
  { header: 'Note Number', cell: (row) => row.noteNumber },
  { header: 'Note Date', cell: (row) => row.noteDate },
  { header: 'Note Type', cell: () => 'C' },
];
/** What a row of one rate ends with: the rate, the taxable value, the cess. */
const rateValues = <Row extends RateSplit>(): Array<CsvColumn<Row>> => [rate(), taxableValue(), CESS];

/** The offline tool's b2b template (table 4A): one row per invoice and rate. */
export const B2B_COLUMNS: Array<CsvColumn<B2bRow>> = [
  ...recipient(),
  ...invoice(),
  { header: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  { header: 'Reverse Charge', cell: (row) => row.reverseCharge },
  APPLICABLE_RATE,
  { header: 'Invoice Type', cell: () => 'Regular B2B' },
  E_COMMERCE_GSTIN,
  ...rateValues(),
];

/** The offline tool's cdnr template (table 9B, registered): one row per credit note and rate. */
export const CDNR_COLUMNS: Array<CsvColumn<CdnrRow>> = [
  ...recipient(),
  ...note(),
  { header: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  { header: 'Reverse Charge', cell: (row) => row.reverseCharge },
  { header: 'Note Supply Type', cell: () => 'Regular B2B' },
  { header: 'Note Value', cell: (row) => rupees(row.noteValuePaise) },
  APPLICABLE_RATE,
  ...rateValues(),
];

/** The offline tool's b2cl template (table 5): one row per invoice and rate. */
export const B2CL_COLUMNS: Array<CsvColumn<B2clRow>> = [
  ...invoice(),
  { header: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  APPLICABLE_RATE,
  ...rateValues(),
  E_COMMERCE_GSTIN,
];

/** The offline tool's exp template (table 6A): one row per invoice and rate; no port or shipping bill for services. */
export const EXP_COLUMNS: Array<CsvColumn<ExpRow>> = [
  { header: 'Export Type', cell: (row) => row.exportType },
  ...invoice(),
  { header: 'Port Code', cell: () => '' },
  { header: 'Shipping Bill Number', cell: () => '' },
  { header: 'Shipping Bill Date', cell: () => '' },
  ...rateValues(),
];

/** The offline tool's cdnur template (table 9B, unregistered): one row per credit note and rate. */
export const CDNUR_COLUMNS: Array<CsvColumn<CdnurRow>> = [
  { header: 'UR Type', cell: (row) => row.urType },
  ...note(),
  { header: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  { header: 'Note Value', cell: (row) => rupees(row.noteValuePaise) },
  APPLICABLE_RATE,
  ...rateValues(),
];

/** The offline tool's docs template (table 13): per nature of document and run of numbers. */
export const DOCS_COLUMNS: Array<CsvColumn<DocsRow>> = [
  { header: 'Nature of Document', cell: (row) => row.nature },
  { header: 'Sr. No. From', cell: (row) => row.from },
  { header: 'Sr. No. To', cell: (row) => row.to },
  { header: 'Total Number', cell: (row) => row.total },
  { header: 'Cancelled', cell: (row) => row.cancelled },
];

/** The offline tool's b2cs template (table 7): per place of supply and rate, net of credit notes. */
export const B2CS_COLUMNS: Array<CsvColumn<B2csRow>> = [
  { header: 'Type', cell: () => 'OE' },
  { header: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  APPLICABLE_RATE,
  ...rateValues(),
  E_COMMERCE_GSTIN,
];

/** The offline tool's hsn(b2b) and hsn(b2c) templates (table 12): per SAC and rate, with the taxes. */
export const HSN_COLUMNS: Array<CsvColumn<HsnRow>> = [
  { header: 'HSN', cell: (row) => row.sac },
  { header: 'Description', cell: (row) => row.description },
  { header: 'UQC', cell: () => 'NA' },
  // Services are not counted in units: the return takes 0 with UQC 'NA'.
  { header: 'Total Quantity', cell: () => 0 },
  { header: 'Total Value', cell: (row) => rupees(row.totalValuePaise) },
  rate(),
  taxableValue(),
  { header: 'Integrated Tax Amount', cell: (row) => rupees(row.igstPaise) },
  { header: 'Central Tax Amount', cell: (row) => rupees(row.cgstPaise) },
  { header: 'State/UT Tax Amount', cell: (row) => rupees(row.sgstPaise) },
  CESS,
];
