import path from 'node:path';
import PDFDocument from 'pdfkit';
import { COMPANY } from '../../src/domain/company';
import { formatInrWithPaise } from '../../src/domain/money';
import { paymentMethodLabel } from '../../src/domain/payments';
import type { TaxLine } from '../../src/domain/tax';
import { PROFORMA_NOTE, type TaxDocumentSnapshot } from '../../src/domain/tax-document';

/**
 * Renders an issued document as an A4 PDF, from its snapshot only (so a re-download is always the
 * document as issued). The fonts are committed (DejaVu Sans, subset with the ₹ sign): nothing is
 * fetched at run time. Up to 15 lines fit on one page; more continue on the next with the header row.
 */

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
interface Column {
  title: string;
  width: number;
  align: Align;
  value: (line: TaxLine, index: number) => string;
}

const rupees = formatInrWithPaise;
const percent = (value: number) => `${Number(value.toFixed(2))}%`;

function columnsFor(snapshot: TaxDocumentSnapshot): Column[] {
  const number: Column = { title: '#', width: 20, align: 'left', value: (_line, index) => String(index + 1) };
  const sac: Column = { title: 'SAC', width: 42, align: 'left', value: (line) => line.sac };
  const amount: Column = { title: 'Amount', width: 74, align: 'right', value: (line) => rupees(line.totalPaise) };
  const taxable: Column = {
    title: 'Taxable value',
    width: 72,
    align: 'right',
    value: (line) => rupees(line.taxablePaise),
  };
  const rate: Column = { title: 'Rate', width: 32, align: 'right', value: (line) => percent(line.ratePercent) };
  const fixed = (columns: Column[]) => {
    const used = columns.reduce((sum, column) => sum + column.width, 0);
    return [
      number,
      {
        title: 'Description',
        width: CONTENT_WIDTH - used - number.width,
        align: 'left' as const,
        value: (line: TaxLine) => line.description,
      },
      ...columns,
    ];
  };
  if (snapshot.taxType === 'intra-state') {
    return fixed([
      sac,
      taxable,
      rate,
      { title: 'CGST', width: 60, align: 'right', value: (line) => rupees(line.cgstPaise) },
      { title: 'SGST', width: 60, align: 'right', value: (line) => rupees(line.sgstPaise) },
      amount,
    ]);
  }
  if (snapshot.taxType === 'inter-state') {
    return fixed([
      sac,
      taxable,
      rate,
      { title: 'IGST', width: 66, align: 'right', value: (line) => rupees(line.igstPaise) },
      amount,
    ]);
  }
  // No GSTIN, no GST: a Payment Receipt prints no GST-only field (SAC, rate, taxes).
  return fixed([amount]);
}

/** The totals block on the right: label and amount per row, the last one emphasised. */
function totalRows(snapshot: TaxDocumentSnapshot): Array<[string, string]> {
  const { totals } = snapshot;
  const half = percent(snapshot.lines[0] ? snapshot.lines[0].ratePercent / 2 : 0);
  const full = percent(snapshot.lines[0]?.ratePercent ?? 0);
  if (snapshot.taxType === null) return [['Total', rupees(totals.totalPaise)]];
  const rows: Array<[string, string]> = [['Taxable value', rupees(totals.taxablePaise)]];
  if (snapshot.taxType === 'intra-state') {
    rows.push([`CGST @ ${half}`, rupees(totals.cgstPaise)], [`SGST @ ${half}`, rupees(totals.sgstPaise)]);
  } else {
    rows.push([`IGST @ ${full}`, rupees(totals.igstPaise)]);
  }
  rows.push(['Total', rupees(totals.totalPaise)]);
  return rows;
}

/** 'Tax Invoice' 'NB/2026-27/0001' -> 'Tax-Invoice-NB-2026-27-0001.pdf'. */
export function documentFileName(snapshot: Pick<TaxDocumentSnapshot, 'title' | 'number'>): string {
  return `${snapshot.title.replace(/\s+/g, '-')}-${snapshot.number.replace(/\//g, '-')}.pdf`;
}

type TextOptions = PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string };

/** The document being drawn: pdfkit's document and the text helper every section writes with. */
class Sheet {
  readonly left = PAGE.margin;
  readonly right = PAGE.width - PAGE.margin;
  /** Where the footer's two lines sit, at the bottom of the last page. */
  readonly footerY = PAGE.height - PAGE.margin - 26;
  /** Content ends above the footer. */
  readonly bottomLimit = this.footerY - 12;

  constructor(readonly doc: PDFKit.PDFDocument) {}

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
}

const NUMBER_LABELS: Record<TaxDocumentSnapshot['kind'], string> = {
  'tax-invoice': 'Invoice no.',
  receipt: 'Receipt no.',
  'credit-note': 'Credit note no.',
  proforma: 'Proforma no.',
};

/** The right-hand block of the parties: what was paid, refunded or is due, as label-value rows. */
function settlementFacts(snapshot: TaxDocumentSnapshot): { heading: string; rows: Array<[string, string]> } {
  const { payment, refund } = snapshot;
  const forRow: [string, string] = ['For', snapshot.reference.label];
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
        ['Payment ID', payment.paymentId],
        ['Refund reference', refund.gatewayRefundId ?? refund.refundId],
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
      ['Payment ID', payment.paymentId],
      ['Method', paymentMethodLabel(payment.method)],
      ...(payment.reference ? [['Reference', payment.reference] as [string, string]] : []),
      ['Paid on', payment.paidOn],
      ...(payment.tdsPaise
        ? ([
            ['Amount received', rupees(payment.amountPaise - payment.tdsPaise)],
            [`TDS deducted${payment.tdsSection ? ` (${payment.tdsSection})` : ''}`, rupees(payment.tdsPaise)],
            ['Amount settled', rupees(payment.amountPaise)],
          ] as Array<[string, string]>)
        : [['Amount paid', rupees(payment.amountPaise)] as [string, string]]),
    ],
  };
}

/** Logo and supplier (left), title and the document's numbers (right); returns the y below. */
function drawHeader(sheet: Sheet, snapshot: TaxDocumentSnapshot): number {
  const { doc, left, right } = sheet;
  const top = PAGE.margin;
  doc
    .save()
    .translate(left, top)
    .scale(40 / 32);
  doc.roundedRect(0, 0, 32, 32, 8).fill(BRAND);
  doc.path(LOGO_PATH).fill('#ffffff');
  doc.restore();

  const supplier = snapshot.supplier;
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
  sheet.text(snapshot.title.toUpperCase(), titleX, top, {
    font: 'bold',
    size: 17,
    color: BRAND_INK,
    width: 200,
    align: 'right',
  });
  const facts: Array<[string, string]> = [
    [NUMBER_LABELS[snapshot.kind], snapshot.number],
    ['Date of issue', snapshot.issueDate],
  ];
  if (snapshot.dueDate) facts.push(['Due date', snapshot.dueDate]);
  // Place of supply and reverse charge are GST facts: a document without GST prints neither.
  if (snapshot.taxType !== null) {
    facts.push(
      ['Place of supply', `${snapshot.placeOfSupply.state} (${snapshot.placeOfSupply.stateCode})`],
      ['Reverse charge', snapshot.reverseCharge ? 'Yes' : 'No'],
    );
  }
  if (snapshot.original) {
    facts.push(['Against invoice', `${snapshot.original.number} of ${snapshot.original.issueDate}`]);
  }
  let factsY = top + 26;
  for (const [label, value] of facts) {
    sheet.text(`${label}:`, titleX, factsY, { size: 8.5, color: MUTED, width: 90 });
    sheet.text(value, titleX + 90, factsY, { font: 'bold', size: 8.5, width: 110, align: 'right' });
    factsY += 13;
  }

  y = Math.max(y, factsY) + 12;
  sheet.rule(y, 1, BRAND);
  return y + 12;
}

/** Billed to (left) and the payment (right), from `y`; returns the y below. */
function drawParties(sheet: Sheet, snapshot: TaxDocumentSnapshot, y: number): number {
  const { left } = sheet;
  const half = (CONTENT_WIDTH - 20) / 2;
  const recipient = snapshot.recipient;
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
  const settlement = settlementFacts(snapshot);
  let rightY = sheet.text(settlement.heading, payX, y, { font: 'bold', size: 7.5, color: MUTED });
  rightY += 3;
  for (const [label, value] of settlement.rows) {
    sheet.text(`${label}:`, payX, rightY, { size: 8.5, color: MUTED, width: 86 });
    rightY = sheet.text(value, payX + 86, rightY, { size: 8.5, width: half - 86 });
    rightY += 1;
  }
  let bottom = Math.max(leftY, rightY) + 16;
  if (snapshot.description) {
    const labelY = sheet.text('DESCRIPTION', left, bottom, { font: 'bold', size: 7.5, color: MUTED });
    bottom = sheet.text(snapshot.description, left, labelY + 3, { size: 9, width: CONTENT_WIDTH }) + 14;
  }
  return bottom;
}

/** The lines table from `y`, continued on new pages (with its header row) as needed; returns the y below. */
function drawLines(sheet: Sheet, snapshot: TaxDocumentSnapshot, startY: number): number {
  const { doc, left } = sheet;
  const columns = columnsFor(snapshot);
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
  snapshot.lines.forEach((line, index) => {
    doc.font('regular').fontSize(tableSize);
    const heights = columns.map((column) =>
      doc.heightOfString(column.value(line, index), { width: column.width - 2 * cellPadding }),
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
      sheet.text(column.value(line, index), x + cellPadding, y + cellPadding + 1, {
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

/** Totals (right) and the amount in words with the GST note (left), from `y` (on a new page if they do not fit). */
function drawTotals(sheet: Sheet, snapshot: TaxDocumentSnapshot, startY: number): void {
  const { doc, left, right } = sheet;
  const rows = totalRows(snapshot);
  const closingHeight = Math.max(rows.length * 15 + 5, 56);
  let y = startY;
  if (y + closingHeight > sheet.bottomLimit) {
    doc.addPage();
    y = PAGE.margin;
  }
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
  wordsY = sheet.text(snapshot.amountInWords, left, wordsY + 2, { font: 'bold', size: 9, width: wordsWidth });
  const rate = percent(snapshot.lines[0]?.ratePercent ?? 0);
  const notes = [
    snapshot.taxType === null
      ? 'The supplier is not registered for GST: no GST is charged on this supply.'
      : snapshot.pricesIncludeGst
        ? `Prices include GST at ${rate}.`
        : `GST at ${rate} is added to the listed prices.`,
    ...(snapshot.kind === 'proforma' ? [PROFORMA_NOTE] : []),
  ];
  for (const note of notes) wordsY = sheet.text(note, left, wordsY + 4, { size: 8, color: MUTED, width: wordsWidth });
}

/** The computer-generated note and the supplier's contact, at the bottom of the last page. */
function drawFooter(sheet: Sheet, snapshot: TaxDocumentSnapshot): void {
  const { left, footerY } = sheet;
  sheet.doc
    .moveTo(left, footerY - 6)
    .lineTo(sheet.right, footerY - 6)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  const centred = { size: 7.5, color: MUTED, width: CONTENT_WIDTH, align: 'center' as const };
  sheet.text(snapshot.note, left, footerY, centred);
  const supplier = snapshot.supplier;
  sheet.text(`${supplier.name} · ${supplier.email} · ${supplier.phone}`, left, footerY + 10, centred);
}

/** The PDF of an issued document, drawn section by section from its snapshot. */
export function renderDocumentPdf(snapshot: TaxDocumentSnapshot): Promise<Buffer> {
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

  const sheet = new Sheet(doc);
  let y = drawHeader(sheet, snapshot);
  y = drawParties(sheet, snapshot, y);
  y = drawLines(sheet, snapshot, y);
  drawTotals(sheet, snapshot, y);
  drawFooter(sheet, snapshot);
  doc.end();
  return done;
}
