import { paiseToDecimalText } from './money';
import type { CsvColumn } from './staff';
import type { TaxLine } from './tax';
import type { TaxDocumentSnapshot } from './tax-document';

/**
 * The tables of GSTR-1 (the monthly return of outward supplies) from issued documents' snapshots:
 * every figure is summed from the lines and totals the PDFs print, in integer paise, so the return
 * and the documents agree to the paisa. Pure: the server reads the documents of a month and
 * writes these rows as CSV files (the accountant's pack).
 *
 * Each table is written in exactly the columns, order and header words of the GST portal's offline
 * tool templates (b2b, b2cs, cdnr, hsn(b2b), hsn(b2c)), so the files import as they are. The tool
 * works out the taxes of b2b, b2cs and cdnr from rate and taxable value; the HSN summary states them.
 */

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

/** Table 12: per SAC and rate, apart for registered (B2B) and unregistered (B2C) buyers. */
export interface HsnRow extends RateSplit {
  supplyType: 'B2B' | 'B2C';
  sac: string;
  description: string;
  totalValuePaise: number;
}

/** What the SAC codes our services are billed under mean (the SAC summary's description). */
export const SAC_DESCRIPTIONS: Readonly<Record<string, string>> = {
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

/** '29-Karnataka': the place of supply as the return names it. */
export const placeOfSupplyText = (place: { state: string; stateCode: string }) => `${place.stateCode}-${place.state}`;

const isTaxInvoice = (document: TaxDocumentSnapshot) => document.kind === 'tax-invoice' && document.taxType !== null;
/** A credit note of a receipt carries no GST: it is not in the return. */
const isTaxCreditNote = (document: TaxDocumentSnapshot) => document.kind === 'credit-note' && document.taxType !== null;
const isRegistered = (document: TaxDocumentSnapshot) => Boolean(document.recipient.gstin);

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

/**
 * A row per rate of each document of one kind to a registered buyer, in the order given: the buyer,
 * the document's own fields, then that rate's amounts.
 */
function registeredRowsPerRate<Fields>(
  documents: readonly TaxDocumentSnapshot[],
  isKind: (document: TaxDocumentSnapshot) => boolean,
  fieldsOf: (document: TaxDocumentSnapshot) => Fields,
): Array<ReturnType<typeof partyOf> & Fields & RateSplit> {
  return documents
    .filter((document) => isKind(document) && isRegistered(document))
    .flatMap((document) => {
      const fields = { ...partyOf(document), ...fieldsOf(document) };
      return splitsByRate(document.lines).map((split) => ({ ...fields, ...split }));
    });
}

/** B2B: each tax invoice to a registered buyer, once per rate. */
export function b2bRows(documents: readonly TaxDocumentSnapshot[]): B2bRow[] {
  return registeredRowsPerRate(documents, isTaxInvoice, (document) => ({
    invoiceNumber: document.number,
    invoiceDate: returnDate(document.issueDate),
    invoiceValuePaise: document.totals.totalPaise,
  }));
}

/** CDNR: each credit note to a registered buyer, once per rate, with the invoice it adjusts. */
export function cdnrRows(documents: readonly TaxDocumentSnapshot[]): CdnrRow[] {
  return registeredRowsPerRate(documents, isTaxCreditNote, (document) => ({
    noteNumber: document.number,
    noteDate: returnDate(document.issueDate),
    noteValuePaise: document.totals.totalPaise,
    originalNumber: document.original?.number ?? '',
    originalDate: document.original ? returnDate(document.original.issueDate) : '',
  }));
}

/**
 * B2CS: the tax invoices to unregistered buyers, per place of supply and rate, less the credit
 * notes to unregistered buyers of the same month (the return reports B2C supplies net). A month
 * whose notes outweigh its invoices for a place and rate gives a negative row.
 */
export function b2csRows(documents: readonly TaxDocumentSnapshot[]): B2csRow[] {
  const groups = new Map<string, B2csRow>();
  for (const document of documents) {
    if (isRegistered(document)) continue;
    const sign = isTaxInvoice(document) ? 1 : isTaxCreditNote(document) ? -1 : 0;
    if (sign === 0) continue;
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

/** The SAC summary: every line of the month's tax invoices, less its credit notes' lines. */
export function hsnRows(documents: readonly TaxDocumentSnapshot[]): HsnRow[] {
  const groups = new Map<string, HsnRow>();
  for (const document of documents) {
    const sign = isTaxInvoice(document) ? 1 : isTaxCreditNote(document) ? -1 : 0;
    if (sign === 0) continue;
    const supplyType = isRegistered(document) ? 'B2B' : 'B2C';
    for (const line of document.lines) {
      const key = `${supplyType}|${line.sac}|${line.ratePercent}`;
      const group = groups.get(key) ?? {
        supplyType,
        sac: line.sac,
        description: SAC_DESCRIPTIONS[line.sac] ?? '',
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

/** The offline tool's b2b template (table 4A): one row per invoice and rate. */
export const B2B_COLUMNS: Array<CsvColumn<B2bRow>> = [
  { header: 'GSTIN/UIN of Recipient', cell: (row) => row.gstin },
  { header: 'Receiver Name', cell: (row) => row.receiverName },
  { header: 'Invoice Number', cell: (row) => row.invoiceNumber },
  { header: 'Invoice date', cell: (row) => row.invoiceDate },
  { header: 'Invoice Value', cell: (row) => rupees(row.invoiceValuePaise) },
  { header: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  { header: 'Reverse Charge', cell: (row) => row.reverseCharge },
  APPLICABLE_RATE,
  { header: 'Invoice Type', cell: () => 'Regular B2B' },
  E_COMMERCE_GSTIN,
  rate(),
  taxableValue(),
  CESS,
];

/** The offline tool's cdnr template (table 9B, registered): one row per credit note and rate. */
export const CDNR_COLUMNS: Array<CsvColumn<CdnrRow>> = [
  { header: 'GSTIN/UIN of Recipient', cell: (row) => row.gstin },
  { header: 'Receiver Name', cell: (row) => row.receiverName },
  { header: 'Note Number', cell: (row) => row.noteNumber },
  { header: 'Note Date', cell: (row) => row.noteDate },
  { header: 'Note Type', cell: () => 'C' },
  { header: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  { header: 'Reverse Charge', cell: (row) => row.reverseCharge },
  { header: 'Note Supply Type', cell: () => 'Regular B2B' },
  { header: 'Note Value', cell: (row) => rupees(row.noteValuePaise) },
  APPLICABLE_RATE,
  rate(),
  taxableValue(),
  CESS,
];

/** The offline tool's b2cs template (table 7): per place of supply and rate, net of credit notes. */
export const B2CS_COLUMNS: Array<CsvColumn<B2csRow>> = [
  { header: 'Type', cell: () => 'OE' },
  { header: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  APPLICABLE_RATE,
  rate(),
  taxableValue(),
  CESS,
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
