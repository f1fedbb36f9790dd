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
 * Headers follow the GSTN offline tool's CSV templates, with the IGST / CGST / SGST amounts added
 * (the templates leave the tool to work them out; the accountant checks them against the books).
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

/** The amount columns every table ends with (cess: our services carry none). */
function taxColumns<Row extends RateSplit>(): Array<CsvColumn<Row>> {
  return [
    { header: 'Rate', cell: (row) => row.ratePercent },
    { header: 'Taxable Value', cell: (row) => rupees(row.taxablePaise) },
    { header: 'Integrated Tax Amount', cell: (row) => rupees(row.igstPaise) },
    { header: 'Central Tax Amount', cell: (row) => rupees(row.cgstPaise) },
    { header: 'State/UT Tax Amount', cell: (row) => rupees(row.sgstPaise) },
    { header: 'Cess Amount', cell: () => rupees(0) },
  ];
}

export const B2B_COLUMNS: Array<CsvColumn<B2bRow>> = [
  { header: 'GSTIN/UIN of Recipient', cell: (row) => row.gstin },
  { header: 'Receiver Name', cell: (row) => row.receiverName },
  { header: 'Invoice Number', cell: (row) => row.invoiceNumber },
  { header: 'Invoice date', cell: (row) => row.invoiceDate },
  { header: 'Invoice Value', cell: (row) => rupees(row.invoiceValuePaise) },
  { header: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  { header: 'Reverse Charge', cell: (row) => row.reverseCharge },
  { header: 'Invoice Type', cell: () => 'Regular' },
  ...taxColumns<B2bRow>(),
];

export const CDNR_COLUMNS: Array<CsvColumn<CdnrRow>> = [
  { header: 'GSTIN/UIN of Recipient', cell: (row) => row.gstin },
  { header: 'Receiver Name', cell: (row) => row.receiverName },
  { header: 'Note Number', cell: (row) => row.noteNumber },
  { header: 'Note Date', cell: (row) => row.noteDate },
  { header: 'Note Type', cell: () => 'C' },
  { header: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  { header: 'Reverse Charge', cell: (row) => row.reverseCharge },
  { header: 'Note Supply Type', cell: () => 'Regular' },
  { header: 'Note Value', cell: (row) => rupees(row.noteValuePaise) },
  ...taxColumns<CdnrRow>(),
  { header: 'Original Invoice Number', cell: (row) => row.originalNumber },
  { header: 'Original Invoice date', cell: (row) => row.originalDate },
];

export const B2CS_COLUMNS: Array<CsvColumn<B2csRow>> = [
  { header: 'Type', cell: () => 'OE' },
  { header: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  ...taxColumns<B2csRow>(),
];

export const HSN_COLUMNS: Array<CsvColumn<HsnRow>> = [
  { header: 'Supply Type', cell: (row) => row.supplyType },
  { header: 'HSN', cell: (row) => row.sac },
  { header: 'Description', cell: (row) => row.description },
  { header: 'UQC', cell: () => 'NA' },
  // Services are not counted in units: the return takes 0 with UQC 'NA'.
  { header: 'Total Quantity', cell: () => 0 },
  { header: 'Total Value', cell: (row) => rupees(row.totalValuePaise) },
  ...taxColumns<HsnRow>(),
];
