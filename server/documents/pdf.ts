import path from 'node:path';
import PDFDocument from 'pdfkit';
import { amountInWords } from '../../src/domain/amount-in-words';
import { COMPANY } from '../../src/domain/company';
import { formatDay } from '../../src/domain/dates';
import { formatInrWithPaise } from '../../src/domain/money';
import { customerPaymentId, paymentMethodLabel } from '../../src/domain/payments';
import { purchaseOrderFacts } from '../../src/domain/purchase-order';
import type { QuoteLineSnapshot, QuoteSnapshot, MilestoneSnapshot } from '../../src/domain/quotes';
import type { OpenItem, StatementLine, StatementSnapshot } from '../../src/domain/statement';
import type { TaxLine, TaxSplit, TaxType } from '../../src/domain/tax';
import { tdsCitationText } from '../../src/domain/tds';
import {
  proformaNote,
  type RecipientSnapshot,
  type SupplierSnapshot,
  type TaxDocumentSnapshot,
} from '../../src/domain/tax-document';

/**
 * Renders an issued document as an A4 PDF, from its snapshot only (so a re-download is always the
 * document as issued). The fonts are committed (DejaVu Sans, subset with the ₹ sign): nothing is
 * fetched at run time. Up to 15 lines fit on one page; more continue on the next with the header row.
 * A quote is drawn with the same sections (header, parties, a table, totals, footer) plus its
 * milestones and terms.
 */

/** What this module draws: a tax document (invoice, receipt, credit note, proforma), a quote or a statement of account. */
export type PrintedDocument = TaxDocumentSnapshot | QuoteSnapshot | StatementSnapshot;

const FONTS = path.join(import.meta.dirname, 'fonts');
const REGULAR = path.join(FONTS, 'DejaVuSans.ttf');
const BOLD = path.join(FONTS, 'DejaVuSans-Bold.ttf');

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Text colours of a PDF: each reads at 4.5:1 or more on white or on SHADE (tests/unit/documents/pdf.test.ts). */
export const PDF_COLOURS = {
  ink: '#1f2933',
  muted: '#52606d',
  brandInk: COMPANY.brandInkColour,
  shade: '#eef6fa',
} as const;
const BRAND = COMPANY.brandColour;
const BRAND_INK = PDF_COLOURS.brandInk;
const INK = PDF_COLOURS.ink;
const MUTED = PDF_COLOURS.muted;
const RULE = '#cbd2d9';
const SHADE = PDF_COLOURS.shade;
/** The site icon's 'N' (index.html, and the Logo component), drawn in a 32-unit box. */
const LOGO_PATH = 'M9 23V9h3l8 9.5V9h3v14h-3l-8-9.5V23z';

type Align = 'left' | 'right' | 'center';
interface Column<Row> {
  title: string;
  width: number;
  align: Align;
  value: (row: Row, index: number) => string;
}

const rupees = formatInrWithPaise;
const percent = (value: number) => `${Number(value.toFixed(2))}%`;

/** '#', then a description column taking the width the others leave, then the others. */
function withDescription<Row>(description: (row: Row) => string, columns: Array<Column<Row>>): Array<Column<Row>> {
  const number: Column<Row> = { title: '#', width: 20, align: 'left', value: (_row, index) => String(index + 1) };
  const used = columns.reduce((sum, column) => sum + column.width, 0);
  return [
    number,
    { title: 'Description', width: CONTENT_WIDTH - used - number.width, align: 'left', value: description },
    ...columns,
  ];
}

/** A right-aligned column of a line's figure. */
const figure = (title: string, width: number, value: (line: TaxLine) => string): Column<TaxLine> => ({
  title,
  width,
  align: 'right',
  value,
});

function columnsFor(snapshot: TaxDocumentSnapshot): Array<Column<TaxLine>> {
  const amount = figure('Amount', 74, (line) => rupees(line.totalPaise));
  const fixed = (columns: Array<Column<TaxLine>>) => withDescription((line: TaxLine) => line.description, columns);
  // No GSTIN, no GST: a Payment Receipt prints no GST-only field (SAC, rate, taxes).
  if (snapshot.taxType === null) return fixed([amount]);
  const taxes =
    snapshot.taxType === 'intra-state'
      ? [figure('CGST', 60, (line) => rupees(line.cgstPaise)), figure('SGST', 60, (line) => rupees(line.sgstPaise))]
      : [figure('IGST', 66, (line) => rupees(line.igstPaise))];
  return fixed([
    { title: 'SAC', width: 42, align: 'left', value: (line) => line.sac },
    figure('Taxable value', 72, (line) => rupees(line.taxablePaise)),
    figure('Rate', 32, (line) => percent(line.ratePercent)),
    ...taxes,
    amount,
  ]);
}

/** The totals block on the right: label and amount per row, the last one emphasised. */
function totalRows(totals: TaxSplit, taxType: TaxType | null, ratePercent: number): Array<[string, string]> {
  const half = percent(ratePercent / 2);
  const full = percent(ratePercent);
  if (taxType === null) return [['Total', rupees(totals.totalPaise)]];
  const rows: Array<[string, string]> = [['Taxable value', rupees(totals.taxablePaise)]];
  if (taxType === 'intra-state') {
    rows.push([`CGST @ ${half}`, rupees(totals.cgstPaise)], [`SGST @ ${half}`, rupees(totals.sgstPaise)]);
  } else {
    rows.push([`IGST @ ${full}`, rupees(totals.igstPaise)]);
  }
  rows.push(['Total', rupees(totals.totalPaise)]);
  return rows;
}

/** How the document's prices carry GST, in words. */
function gstNote(taxType: TaxType | null, pricesIncludeGst: boolean, ratePercent: number): string {
  const rate = percent(ratePercent);
  if (taxType === null) return 'The supplier is not registered for GST: no GST is charged on this supply.';
  return pricesIncludeGst ? `Prices include GST at ${rate}.` : `GST at ${rate} is added to the listed prices.`;
}

/** 'Tax Invoice' 'NB/2026-27/0001' -> 'Tax-Invoice-NB-2026-27-0001.pdf'; a quote's second version: 'Quote-QT-2026-27-0001-v2.pdf'. */
export function documentFileName(snapshot: Pick<PrintedDocument, 'title' | 'number'> & { version?: number }): string {
  const version = snapshot.version && snapshot.version > 1 ? `-v${snapshot.version}` : '';
  return `${snapshot.title.replace(/\s+/g, '-')}-${snapshot.number.replace(/\//g, '-')}${version}.pdf`;
}

/** The footer's type size, and the height of its last line (the supplier's contact). */
const FOOTER_SIZE = 7.5;
const FOOTER_LINE = 11;

type TextOptions = PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string };

/** The document being drawn: pdfkit's document and the text helper every section writes with. */
class Sheet {
  readonly left = PAGE.margin;
  readonly right = PAGE.width - PAGE.margin;
  /** Where the footer starts, at the bottom of the last page: as high as its note needs (it may wrap). */
  readonly footerY: number;
  /** Content ends above the footer. */
  readonly bottomLimit: number;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly footerNote: string,
  ) {
    doc.font('regular').fontSize(FOOTER_SIZE);
    const noteHeight = doc.heightOfString(footerNote, { width: CONTENT_WIDTH });
    this.footerY = PAGE.height - PAGE.margin - noteHeight - FOOTER_LINE;
    this.bottomLimit = this.footerY - 12;
  }

  /** Writes text at (x, y) and returns the y below it. */
  text(value: string, x: number, y: number, options: TextOptions = {}): number {
    const { font = 'regular', size = 8.5, color = INK, ...rest } = options;
    this.doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      // Always with a width: pdfkit then wraps inside it and leaves doc.y below the text.
      .text(value, x, y, { width: this.right - x, ...rest });
    return this.doc.y;
  }

  rule(y: number, width: number, color: string): void {
    this.doc.moveTo(this.left, y).lineTo(this.right, y).lineWidth(width).strokeColor(color).stroke();
  }

  /** `y`, or the top of a new page when `height` does not fit above the footer from there. */
  room(y: number, height: number): number {
    if (y + height <= this.bottomLimit) return y;
    this.doc.addPage();
    return PAGE.margin;
  }
}

const NUMBER_LABELS: Record<PrintedDocument['kind'], string> = {
  'tax-invoice': 'Invoice no.',
  receipt: 'Receipt no.',
  'credit-note': 'Credit note no.',
  proforma: 'Proforma no.',
  quote: 'Quote no.',
  statement: 'Statement',
};

type Facts = Array<[string, string]>;

/** The GST facts of a document's header: place of supply and reverse charge (none without GST). */
function gstFacts(
  document: Pick<TaxDocumentSnapshot | QuoteSnapshot, 'taxType' | 'placeOfSupply' | 'reverseCharge'>,
): Facts {
  if (document.taxType === null) return [];
  return [
    ['Place of supply', `${document.placeOfSupply.state} (${document.placeOfSupply.stateCode})`],
    ['Reverse charge', document.reverseCharge ? 'Yes' : 'No'],
  ];
}

/** A tax document's numbers, dates and GST facts, under its title. */
function documentFacts(snapshot: TaxDocumentSnapshot): Facts {
  const facts: Facts = [
    [NUMBER_LABELS[snapshot.kind], snapshot.number],
    ['Date of issue', snapshot.issueDate],
  ];
  if (snapshot.dueDate) facts.push(['Due date', snapshot.dueDate]);
  // The buyer's references: what its accounts payable match the bill by.
  facts.push(...purchaseOrderFacts(snapshot.purchaseOrder));
  // Place of supply and reverse charge are GST facts: a document without GST prints neither.
  facts.push(...gstFacts(snapshot));
  if (snapshot.original) {
    facts.push(['Against invoice', `${snapshot.original.number} of ${snapshot.original.issueDate}`]);
  }
  return facts;
}

/** The right-hand block of the parties: what was paid, refunded or is due, as label-value rows. */
function settlementFacts(snapshot: TaxDocumentSnapshot): { heading: string; rows: Array<[string, string]> } {
  const { payment, refund } = snapshot;
  const forRow: [string, string] = ['For', snapshot.reference.label];
  // A gateway's payment id matches the customer's statement; a recorded payment's id is ours alone.
  const paymentId = customerPaymentId(payment?.paymentId);
  const paymentIdRow: Facts = paymentId ? [['Payment ID', paymentId]] : [];
  if (snapshot.kind === 'proforma' || !payment) {
    return {
      heading: 'AMOUNT DUE',
      rows: [
        forRow,
        ...(snapshot.dueDate ? [['Due date', snapshot.dueDate] as [string, string]] : []),
        ['Amount due', rupees(snapshot.totals.totalPaise)],
      ],
    };
  }
  if (snapshot.kind === 'credit-note' && refund) {
    return {
      heading: 'REFUND',
      rows: [
        forRow,
        ...paymentIdRow,
        // The gateway's refund id is what the customer's bank can trace; our own refund key is never printed.
        ...(refund.gatewayRefundId ? [['Refund reference', refund.gatewayRefundId] as [string, string]] : []),
        ...(refund.reason ? [['Reason', refund.reason] as [string, string]] : []),
        ['Refunded on', refund.refundedOn],
        ['Amount refunded', rupees(refund.amountPaise)],
      ],
    };
  }
  return {
    heading: 'PAYMENT',
    rows: [
      forRow,
      ...paymentIdRow,
      ['Method', paymentMethodLabel(payment.method)],
      ...(payment.reference ? [['Reference', payment.reference] as [string, string]] : []),
      ['Paid on', payment.paidOn],
      ...(payment.tdsPaise
        ? ([
            ['Amount received', rupees(payment.amountPaise - payment.tdsPaise)],
            ['TDS deducted', rupees(payment.tdsPaise)],
            // The citation of the law on the day it was received: a 1961 section, or the 2025 Act's entry and payment code.
            ...(payment.tdsSection ? [['TDS under', tdsCitationText(payment.tdsSection)] as [string, string]] : []),
            ['Amount settled', rupees(payment.amountPaise)],
          ] as Array<[string, string]>)
        : [['Amount paid', rupees(payment.amountPaise)] as [string, string]]),
    ],
  };
}

/** Logo and supplier (left), title and the document's numbers (right); returns the y below. */
function drawHeader(sheet: Sheet, heading: { supplier: SupplierSnapshot; title: string; facts: Facts }): number {
  const { doc, left, right } = sheet;
  const top = PAGE.margin;
  doc
    .save()
    .translate(left, top)
    .scale(40 / 32);
  doc.roundedRect(0, 0, 32, 32, 8).fill(BRAND);
  doc.path(LOGO_PATH).fill('#ffffff');
  doc.restore();

  const supplier = heading.supplier;
  const supplierX = left + 52;
  const supplierWidth = 250;
  let y = sheet.text(supplier.name, supplierX, top, { font: 'bold', size: 12, width: supplierWidth });
  y = sheet.text(supplier.address, supplierX, y + 2, { size: 8, color: MUTED, width: supplierWidth });
  const supplierFacts = [
    supplier.gstin ? `GSTIN: ${supplier.gstin}` : 'Not registered for GST',
    `State: ${supplier.state} (code ${supplier.stateCode})`,
    `${supplier.email} · ${supplier.phone}`,
  ];
  for (const fact of supplierFacts) {
    y = sheet.text(fact, supplierX, y + 1, { size: 8, color: MUTED, width: supplierWidth });
  }

  const titleX = right - 200;
  const titleBottom = sheet.text(heading.title.toUpperCase(), titleX, top, {
    font: 'bold',
    size: 17,
    color: BRAND_INK,
    width: 200,
    align: 'right',
  });
  // A title on two lines (a statement of account) pushes the facts down.
  let factsY = Math.max(top + 26, titleBottom + 4);
  for (const [label, value] of heading.facts) {
    // A long value wraps: the next fact starts below the lower of its label and value.
    const labelBottom = sheet.text(`${label}:`, titleX, factsY, { size: 8.5, color: MUTED, width: 90 });
    const valueBottom = sheet.text(value, titleX + 90, factsY, { font: 'bold', size: 8.5, width: 110, align: 'right' });
    factsY = Math.max(labelBottom, valueBottom) + 2.5;
  }

  y = Math.max(y, factsY) + 12;
  sheet.rule(y, 1, BRAND);
  return y + 12;
}

interface Parties {
  recipient: RecipientSnapshot;
  /** The right-hand block: what was paid, refunded, is due, or is quoted. */
  settlement: { heading: string; rows: Facts };
  description?: string | null;
}

/** Billed to (left) and the payment (right), from `y`; returns the y below. */
function drawParties(sheet: Sheet, { recipient, settlement, description }: Parties, y: number): number {
  const { left } = sheet;
  const half = (CONTENT_WIDTH - 20) / 2;
  let leftY = sheet.text('BILLED TO', left, y, { font: 'bold', size: 7.5, color: MUTED });
  leftY = sheet.text(recipient.name, left, leftY + 3, { font: 'bold', size: 10, width: half });
  const recipientLines = [
    recipient.address,
    [
      recipient.state && `State: ${recipient.state}${recipient.stateCode ? ` (code ${recipient.stateCode})` : ''}`,
      recipient.country !== 'India' ? recipient.country : '',
    ]
      .filter(Boolean)
      .join(', '),
    recipient.gstin ? `GSTIN: ${recipient.gstin}` : '',
    recipient.email ?? '',
  ].filter(Boolean);
  for (const line of recipientLines) leftY = sheet.text(line, left, leftY + 1, { size: 8.5, width: half });

  const payX = left + half + 20;
  let rightY = sheet.text(settlement.heading, payX, y, { font: 'bold', size: 7.5, color: MUTED });
  rightY += 3;
  // The labels' column is as wide as its longest label (up to half the block), so no label wraps into the next row.
  sheet.doc.font('regular').fontSize(8.5);
  const labelWidth = Math.min(
    Math.max(86, ...settlement.rows.map(([label]) => sheet.doc.widthOfString(`${label}:`) + 6)),
    half / 2,
  );
  for (const [label, value] of settlement.rows) {
    const labelBottom = sheet.text(`${label}:`, payX, rightY, { size: 8.5, color: MUTED, width: labelWidth });
    const valueBottom = sheet.text(value, payX + labelWidth, rightY, { size: 8.5, width: half - labelWidth });
    rightY = Math.max(labelBottom, valueBottom) + 1;
  }
  let bottom = Math.max(leftY, rightY) + 16;
  if (description) {
    const labelY = sheet.text('DESCRIPTION', left, bottom, { font: 'bold', size: 7.5, color: MUTED });
    bottom = sheet.text(description, left, labelY + 3, { size: 9, width: CONTENT_WIDTH }) + 14;
  }
  return bottom;
}

/** A table from `y`, continued on new pages (with its header row) as needed; returns the y below. */
function drawTable<Row>(sheet: Sheet, columns: Array<Column<Row>>, rows: readonly Row[], startY: number): number {
  const { doc, left } = sheet;
  const cellPadding = 3;
  const tableSize = 8;
  let y = startY;
  const header = () => {
    doc.rect(left, y, CONTENT_WIDTH, 18).fill(BRAND_INK);
    let x = left;
    for (const column of columns) {
      sheet.text(column.title, x + cellPadding, y + 5, {
        font: 'bold',
        size: 7.5,
        color: '#ffffff',
        width: column.width - 2 * cellPadding,
        align: column.align,
      });
      x += column.width;
    }
    y += 18;
  };
  header();
  rows.forEach((row, index) => {
    doc.font('regular').fontSize(tableSize);
    const heights = columns.map((column) =>
      doc.heightOfString(column.value(row, index), { width: column.width - 2 * cellPadding }),
    );
    const rowHeight = Math.max(...heights) + 2 * cellPadding + 2;
    if (y + rowHeight > sheet.bottomLimit) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    if (index % 2 === 1) doc.rect(left, y, CONTENT_WIDTH, rowHeight).fill(SHADE);
    let x = left;
    for (const column of columns) {
      sheet.text(column.value(row, index), x + cellPadding, y + cellPadding + 1, {
        size: tableSize,
        width: column.width - 2 * cellPadding,
        align: column.align,
      });
      x += column.width;
    }
    y += rowHeight;
  });
  sheet.rule(y, 0.75, RULE);
  return y + 10;
}

interface Closing {
  rows: Facts;
  amountInWords: string;
  notes: string[];
}

/**
 * Totals (right) and the amount in words with the notes (left), from `y` (on a new page if they
 * do not fit); returns the y below.
 */
function drawTotals(sheet: Sheet, { rows, amountInWords, notes }: Closing, startY: number): number {
  const { doc, left, right } = sheet;
  const closingHeight = Math.max(rows.length * 15 + 5, 56);
  const y = sheet.room(startY, closingHeight);
  const totalsX = right - 220;
  let totalsY = y;
  rows.forEach(([label, value], index) => {
    const isTotal = index === rows.length - 1;
    if (isTotal) {
      doc.rect(totalsX, totalsY - 3, 220, 20).fill(SHADE);
      totalsY += 1;
    }
    const weight = { font: isTotal ? 'bold' : 'regular', size: isTotal ? 10 : 8.5 };
    sheet.text(label, totalsX + 6, totalsY, { ...weight, width: 110 });
    sheet.text(value, totalsX + 110, totalsY, { ...weight, width: 104, align: 'right' });
    totalsY += isTotal ? 20 : 15;
  });

  const wordsWidth = CONTENT_WIDTH - 240;
  let wordsY = sheet.text('Amount in words', left, y, { font: 'bold', size: 7.5, color: MUTED });
  wordsY = sheet.text(amountInWords, left, wordsY + 2, { font: 'bold', size: 9, width: wordsWidth });
  for (const note of notes) wordsY = sheet.text(note, left, wordsY + 4, { size: 8, color: MUTED, width: wordsWidth });
  return Math.max(totalsY, wordsY) + 14;
}

/** A small capitalised heading above a section, kept on the page of what follows it (`keep` points). */
function drawSectionHeading(sheet: Sheet, text: string, startY: number, keep: number): number {
  const y = sheet.room(startY, keep);
  return sheet.text(text, sheet.left, y, { font: 'bold', size: 7.5, color: MUTED }) + 4;
}

/** The computer-generated note and, below it however many lines it takes, the supplier's contact. */
function drawFooter(sheet: Sheet, snapshot: Pick<PrintedDocument, 'supplier'>): void {
  const { left, footerY } = sheet;
  sheet.doc
    .moveTo(left, footerY - 6)
    .lineTo(sheet.right, footerY - 6)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  const centred = { size: FOOTER_SIZE, color: MUTED, width: CONTENT_WIDTH, align: 'center' as const };
  const below = sheet.text(sheet.footerNote, left, footerY, centred);
  const supplier = snapshot.supplier;
  sheet.text(`${supplier.name} · ${supplier.email} · ${supplier.phone}`, left, below + 1.5, centred);
}

/** A tax document (invoice, receipt, credit note, proforma), section by section. */
function drawTaxDocument(sheet: Sheet, snapshot: TaxDocumentSnapshot): void {
  let y = drawHeader(sheet, { supplier: snapshot.supplier, title: snapshot.title, facts: documentFacts(snapshot) });
  y = drawParties(
    sheet,
    { recipient: snapshot.recipient, settlement: settlementFacts(snapshot), description: snapshot.description },
    y,
  );
  y = drawTable(sheet, columnsFor(snapshot), snapshot.lines, y);
  y = drawTotals(
    sheet,
    {
      rows: totalRows(snapshot.totals, snapshot.taxType, snapshot.lines[0]?.ratePercent ?? 0),
      amountInWords: snapshot.amountInWords,
      notes: [
        gstNote(snapshot.taxType, snapshot.pricesIncludeGst, snapshot.lines[0]?.ratePercent ?? 0),
        ...(snapshot.kind === 'proforma' ? [proformaNote(snapshot.supplier.gstin !== null)] : []),
      ],
    },
    y,
  );
  if (snapshot.msme) drawParagraphs(sheet, 'PAYMENT TERMS (MSMED ACT, 2006)', snapshot.msme.lines, y);
  drawFooter(sheet, snapshot);
}

/** A headed block of full-width paragraphs (an MSME seller's terms), kept together on one page. */
function drawParagraphs(sheet: Sheet, heading: string, paragraphs: readonly string[], startY: number): number {
  sheet.doc.font('regular').fontSize(8.5);
  const height = paragraphs.reduce(
    (sum, text) => sum + sheet.doc.heightOfString(text, { width: CONTENT_WIDTH }) + 3,
    16,
  );
  let y = drawSectionHeading(sheet, heading, startY, Math.min(height, sheet.bottomLimit - PAGE.margin));
  for (const text of paragraphs) y = sheet.text(text, sheet.left, y, { size: 8.5, width: CONTENT_WIDTH }) + 3;
  return y + 8;
}

/** A quote's lines: what, SAC (with GST), quantity, rate and amount, as listed. */
function quoteLineColumns(quote: QuoteSnapshot): Array<Column<QuoteLineSnapshot>> {
  return withDescription(
    (line: QuoteLineSnapshot) => line.description,
    [
      ...(quote.taxType === null
        ? []
        : [{ title: 'SAC', width: 46, align: 'left' as const, value: (line: QuoteLineSnapshot) => line.sac }]),
      { title: 'Qty', width: 40, align: 'right', value: (line) => String(line.quantity) },
      { title: 'Rate', width: 84, align: 'right', value: (line) => rupees(line.ratePaise) },
      { title: 'Amount', width: 90, align: 'right', value: (line) => rupees(line.amountPaise) },
    ],
  );
}

/** Each milestone as its invoice will be: its share, and with GST its taxable value and tax. */
function milestoneColumns(quote: QuoteSnapshot): Array<Column<MilestoneSnapshot>> {
  return withDescription(
    (milestone: MilestoneSnapshot) => milestone.label,
    [
      { title: 'Share', width: 50, align: 'right', value: (milestone) => milestone.share ?? '' },
      ...(quote.taxType === null
        ? []
        : ([
            { title: 'Taxable value', width: 84, align: 'right', value: (milestone) => rupees(milestone.taxablePaise) },
            {
              title: 'GST',
              width: 74,
              align: 'right',
              value: (milestone) => rupees(milestone.cgstPaise + milestone.sgstPaise + milestone.igstPaise),
            },
          ] satisfies Array<Column<MilestoneSnapshot>>)),
      { title: 'Amount', width: 90, align: 'right', value: (milestone) => rupees(milestone.totalPaise) },
    ],
  );
}

/** A quote: the same header, parties, table and totals as the invoices, then its milestones and terms. */
function drawQuote(sheet: Sheet, quote: QuoteSnapshot): void {
  let y = drawHeader(sheet, {
    supplier: quote.supplier,
    title: quote.title,
    facts: [
      [NUMBER_LABELS.quote, quote.number],
      ['Version', String(quote.version)],
      ['Date of issue', quote.issueDate],
      ['Valid until', quote.validUntil],
      ...purchaseOrderFacts(quote.purchaseOrder),
      ...gstFacts(quote),
    ],
  });
  y = drawParties(
    sheet,
    {
      recipient: quote.recipient,
      settlement: {
        heading: 'QUOTE',
        rows: [
          ['For', quote.reference.label],
          ['Valid until', quote.validUntil],
          ['Total', rupees(quote.totals.totalPaise)],
        ],
      },
      description: quote.description,
    },
    y,
  );
  y = drawTable(sheet, quoteLineColumns(quote), quote.lines, y);
  y = drawTotals(
    sheet,
    {
      rows: totalRows(quote.totals, quote.taxType, quote.ratePercent),
      amountInWords: quote.amountInWords,
      notes: [gstNote(quote.taxType, quote.pricesIncludeGst, quote.ratePercent)],
    },
    y,
  );
  y = drawSectionHeading(sheet, 'PAYMENT MILESTONES', y, 60);
  y = drawTable(sheet, milestoneColumns(quote), quote.milestones, y);
  if (quote.terms) {
    sheet.doc.font('regular').fontSize(8.5);
    const height = sheet.doc.heightOfString(quote.terms, { width: CONTENT_WIDTH });
    y = drawSectionHeading(sheet, 'TERMS', y + 4, Math.min(height + 16, sheet.bottomLimit - PAGE.margin));
    sheet.text(quote.terms, sheet.left, y, { size: 8.5, width: CONTENT_WIDTH });
  }
  drawFooter(sheet, quote);
}

// ---- A statement of account ----------------------------------------------------------------------

/** A signed amount as a statement prints it: '₹1,500.00', '-₹200.00' (in the customer's favour). */
const signedRupees = (paise: number) => (paise < 0 ? `-${rupees(-paise)}` : rupees(paise));
const blankUnlessNonZero = (paise: number) => (paise ? rupees(paise) : '');

/** The statement's lines: date, what (type, reference, description), PO, debit, credit and balance. */
function statementLineColumns(): Array<Column<StatementLine>> {
  const fixed: Array<Column<StatementLine>> = [
    { title: 'Date', width: 64, align: 'left', value: (line) => formatDay(line.day) },
    { title: 'PO number', width: 62, align: 'left', value: (line) => line.poNumber ?? '' },
    { title: 'Debit', width: 70, align: 'right', value: (line) => blankUnlessNonZero(line.debitPaise) },
    { title: 'Credit', width: 70, align: 'right', value: (line) => blankUnlessNonZero(line.creditPaise) },
    { title: 'Balance', width: 76, align: 'right', value: (line) => signedRupees(line.balancePaise) },
  ];
  const used = fixed.reduce((sum, column) => sum + column.width, 0);
  const what: Column<StatementLine> = {
    title: 'Particulars',
    width: CONTENT_WIDTH - used,
    align: 'left',
    value: (line) => [`${line.label}: ${line.reference}`, line.description].filter(Boolean).join('\n'),
  };
  return [fixed[0]!, what, ...fixed.slice(1)];
}

/** The open bills: which, PO, issued, due, days past due, what is open, and section 16 interest. */
function openItemColumns(withInterest: boolean): Array<Column<OpenItem>> {
  const fixed: Array<Column<OpenItem>> = [
    { title: 'PO number', width: 66, align: 'left', value: (item) => item.purchaseOrder?.poNumber ?? '' },
    { title: 'Issued', width: 64, align: 'left', value: (item) => formatDay(item.issueDay) },
    { title: 'Due', width: 64, align: 'left', value: (item) => formatDay(item.dueDay) },
    {
      title: 'Days late',
      width: 52,
      align: 'right',
      value: (item) => (item.daysPastDue > 0 ? String(item.daysPastDue) : '—'),
    },
    { title: 'Open', width: 74, align: 'right', value: (item) => rupees(item.openPaise) },
    ...(withInterest
      ? [
          {
            title: 'Interest (s.16)',
            width: 70,
            align: 'right' as const,
            value: (item: OpenItem) => rupees(item.interestPaise ?? 0),
          },
        ]
      : []),
  ];
  const used = fixed.reduce((sum, column) => sum + column.width, 0);
  return [{ title: 'Bill', width: CONTENT_WIDTH - used, align: 'left', value: (item) => item.label }, ...fixed];
}

/** The ageing: a row per bucket of days past due, then the total (which is the closing balance). */
function drawAgeing(sheet: Sheet, snapshot: StatementSnapshot, startY: number): number {
  const { statement } = snapshot;
  const rows: Array<[string, number]> = [
    ...statement.ageing.map((bucket): [string, number] => [bucket.label, bucket.amountPaise]),
    ['Total (the closing balance)', statement.closingPaise],
  ];
  const columns: Array<Column<[string, number]>> = [
    { title: 'Days past due', width: CONTENT_WIDTH - 120, align: 'left', value: ([label]) => label },
    { title: 'Amount', width: 120, align: 'right', value: ([, paise]) => signedRupees(paise) },
  ];
  // The heading, the header row and every bucket stay on one page.
  const y = drawSectionHeading(sheet, 'AGEING OF WHAT IS OPEN', startY, 16 + 18 * (rows.length + 1));
  return drawTable(sheet, columns, rows, y);
}

/** A statement: header, parties with the summary, the lines with a running balance, totals, ageing, open bills, terms. */
function drawStatement(sheet: Sheet, snapshot: StatementSnapshot): void {
  const { statement } = snapshot;
  const period = `${formatDay(statement.from)} to ${formatDay(statement.to)}`;
  let y = drawHeader(sheet, {
    supplier: snapshot.supplier,
    title: snapshot.title,
    facts: [
      ['From', formatDay(statement.from)],
      ['To', formatDay(statement.to)],
      ['Date of issue', snapshot.issueDate],
      ...(snapshot.vendorCode ? [['Vendor code', snapshot.vendorCode] as [string, string]] : []),
    ],
  });
  y = drawParties(
    sheet,
    {
      recipient: snapshot.recipient,
      settlement: {
        heading: 'SUMMARY',
        rows: [
          ['Opening balance', signedRupees(statement.openingPaise)],
          ['Debits', rupees(statement.debitsPaise)],
          ['Credits', rupees(statement.creditsPaise)],
          ['Closing balance', signedRupees(statement.closingPaise)],
          ...(statement.interest
            ? [['Interest (s.16)', rupees(statement.interest.totalPaise)] as [string, string]]
            : []),
        ],
      },
    },
    y,
  );
  const opening: StatementLine = {
    day: statement.from,
    kind: 'proforma',
    label: 'Opening balance',
    reference: period,
    description: '',
    poNumber: null,
    debitPaise: 0,
    creditPaise: 0,
    balancePaise: statement.openingPaise,
  };
  y = drawTable(sheet, statementLineColumns(), [opening, ...statement.lines], y);
  const closing = statement.closingPaise;
  y = drawTotals(
    sheet,
    {
      rows: [
        ['Opening balance', signedRupees(statement.openingPaise)],
        ['Debits', rupees(statement.debitsPaise)],
        ['Credits', rupees(statement.creditsPaise)],
        ['Closing balance', signedRupees(closing)],
      ],
      amountInWords: `${amountInWords(Math.abs(closing))}${closing < 0 ? ' (in your favour)' : ''}`,
      notes: [
        'Debits are our bills and refunds paid to you; credits are your payments, TDS you deducted, credit notes and cancelled bills.',
      ],
    },
    y,
  );
  y = drawAgeing(sheet, snapshot, y);
  if (statement.openItems.length > 0) {
    y = drawSectionHeading(sheet, 'OPEN BILLS', y + 4, 60);
    y = drawTable(sheet, openItemColumns(statement.interest !== null), statement.openItems, y);
  }
  if (statement.interest) {
    y = sheet.room(y, 20);
    y =
      sheet.text(
        `Interest under section 16 of the MSMED Act on what is overdue: ${rupees(statement.interest.totalPaise)}`,
        sheet.left,
        y,
        { font: 'bold', size: 9, width: CONTENT_WIDTH },
      ) + 8;
  }
  if (snapshot.msme) y = drawParagraphs(sheet, 'PAYMENT TERMS (MSMED ACT, 2006)', snapshot.msme.lines, y);
  if (snapshot.payOnlineUrl) {
    y = sheet.room(y, 16);
    sheet.text(
      `Pay what is open online: ${snapshot.payOnlineUrl} (sign in), or with each bill's pay link.`,
      sheet.left,
      y,
      {
        size: 8.5,
        color: MUTED,
        width: CONTENT_WIDTH,
      },
    );
  }
  drawFooter(sheet, snapshot);
}

/** The PDF of an issued document (or a quote), drawn section by section from its snapshot. */
export function renderDocumentPdf(snapshot: PrintedDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    font: REGULAR,
    info: {
      Title: `${snapshot.title} ${snapshot.number}`,
      Author: snapshot.supplier.name,
      Subject: `${snapshot.title} for ${snapshot.reference.label}`,
    },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const sheet = new Sheet(doc, snapshot.note);
  if (snapshot.kind === 'quote') drawQuote(sheet, snapshot);
  else if (snapshot.kind === 'statement') drawStatement(sheet, snapshot);
  else drawTaxDocument(sheet, snapshot);
  doc.end();
  return done;
}
