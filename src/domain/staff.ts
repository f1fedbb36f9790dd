import { z } from 'zod';
import { ENQUIRY_STATUSES, PAYMENT_STATUSES } from './console-status';
import { poNumberSchema, vendorCodeSchema } from './purchase-order';
import { TDS_CITATION_IDS, tdsCitationProblem } from './tds';

/**
 * Bodies of the staff console's API calls (`/api/staff/...`): the console validates with them
 * before sending and the server validates again on arrival. Amounts are integer paise.
 */

const trimmed = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters.`);
const required = (message: string, max: number) => trimmed(max).min(1, message);

/** A Firestore document id as it may appear in a URL or body. */
export const documentIdSchema = z
  .string()
  .trim()
  .min(1, 'An id is required.')
  .max(128, 'The id is too long.')
  .regex(/^[^/]+$/, 'Not a document id.')
  .refine((id) => id !== '.' && id !== '..' && !/^__.*__$/.test(id), 'Not a document id.');

/** The largest single invoice line or amount staff may enter: ₹1 crore, as the customer's own form. */
export const MAX_INVOICE_PAISE = 10_000_000 * 100;
/** Razorpay refuses amounts below ₹1. */
const MIN_PAISE = 100;

export const paiseSchema = z
  .number({ message: 'Amount must be a number.' })
  .int('Amount must be whole paise.')
  .min(MIN_PAISE, 'Amount must be at least ₹1.')
  .max(MAX_INVOICE_PAISE, 'Amount is too large.');

export const invoiceLineSchema = z.object({
  description: required('Each line needs a description.', 200),
  amountPaise: paiseSchema,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD.');

/** Days a proforma gives the customer to pay unless staff choose a date (the server's PROFORMA_DUE_DAYS default). */
export const DEFAULT_DUE_DAYS = 15;

/** Today's date in India (YYYY-MM-DD), whatever the clock's own zone. */
export function istToday(nowMs = Date.now()): string {
  return new Date(nowMs + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);
}

/** The day `days` after `day` (YYYY-MM-DD, calendar arithmetic). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A proforma invoice staff issue: what it is for, its lines, whether their amounts include GST
 * (otherwise GST is added on top, when the company is registered), and when it is due. Its number
 * is the next of the PI series, given when it is issued.
 */
export const proformaFieldsSchema = z
  .object({
    /** What the invoice is for, above its lines (printed on the proforma and its tax invoice). */
    description: required('Description is required.', 500),
    lines: z.array(invoiceLineSchema).min(1, 'Add at least one line.').max(20, 'At most 20 lines.'),
    amountsIncludeGst: z.boolean({ message: 'Say whether the amounts include GST.' }),
    dueDate: isoDate.refine((day) => day >= istToday(), 'The due date cannot be in the past.'),
    /** The buyer's purchase order number and our vendor code with them, when they have them. */
    poNumber: poNumberSchema.optional().default(''),
    vendorCode: vendorCodeSchema.optional().default(''),
    /**
     * Why the due date is more than 45 days away: required then when the seller is a micro or small
     * enterprise (section 15 of the MSMED Act; the server checks), kept and audited.
     */
    longTermReason: trimmed(300).optional().default(''),
  })
  .refine((invoice) => invoiceTotalPaise(invoice.lines) <= MAX_INVOICE_PAISE, {
    message: 'Amount is too large.',
    path: ['lines'],
  });
export type ProformaFields = z.infer<typeof proformaFieldsSchema>;

/** A proforma to a customer (an account or a lead's record). */
export const issueProformaSchema = proformaFieldsSchema.and(z.object({ uid: documentIdSchema }));
export type IssueProforma = z.infer<typeof issueProformaSchema>;

/** Exactly what issuing a proforma would mail (its mail and PDF), without issuing anything. */
export interface ProformaPreview {
  /** The number it will get, unless another proforma is issued first. */
  number: string;
  amountPaise: number;
  /** Where the mail goes. */
  to: string;
  subject: string;
  html: string;
  text: string;
  fileName: string;
  /** The PDF it is mailed with, base64. */
  pdfBase64: string;
}

/** What an issued invoice charges: the sum of its lines, in paise. */
export function invoiceTotalPaise(lines: ReadonlyArray<{ amountPaise: number }>): number {
  return lines.reduce((sum, line) => sum + line.amountPaise, 0);
}

/** Invoice ids and numbers are unique per customer regardless of case and surrounding space. */
export const invoiceNumberKey = (number: string) => number.trim().toUpperCase();

export const enquiryUpdateSchema = z
  .object({
    status: z.enum(ENQUIRY_STATUSES).optional(),
    note: trimmed(2000).optional(),
  })
  .refine((update) => update.status !== undefined || (update.note ?? '') !== '', {
    message: 'Give a status or a note.',
  });
export type EnquiryUpdate = z.infer<typeof enquiryUpdateSchema>;

/** Made once when a dialog or form opens: pressing twice (or retrying) repeats the same request. */
const requestIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{10,40}$/, 'requestId must be 10-40 letters, digits, "-" or "_".');

export const refundRequestSchema = z.object({
  requestId: requestIdSchema,
  /** Omitted: the whole amount still refundable. */
  amountPaise: paiseSchema.optional(),
  reason: trimmed(200).optional().default(''),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const OFFLINE_METHODS = ['bank-transfer', 'upi', 'cheque'] as const;
export const OFFLINE_METHOD_LABELS: Record<(typeof OFFLINE_METHODS)[number], string> = {
  'bank-transfer': 'Bank transfer',
  upi: 'UPI',
  cheque: 'Cheque',
};

const paiseReceived = z
  .number({ message: 'Amount must be a number.' })
  .int('Amount must be whole paise.')
  .min(0, 'Amounts cannot be negative.')
  .max(MAX_INVOICE_PAISE, 'Amount is too large.');

/**
 * A payment staff record as it happened, against a Pending (or, an invoice, Partially paid) order
 * or invoice: the amount actually received, the day, how and its reference, and any TDS the
 * customer deducted (with its section). What it settles (received + TDS) may be part of what is
 * due; `requestId`, made when the form opens, makes a retried save one receipt.
 */
export const offlinePaymentSchema = z
  .object({
    uid: documentIdSchema,
    type: z.enum(['product_order', 'invoice']),
    docId: documentIdSchema,
    requestId: requestIdSchema,
    amountReceivedPaise: paiseReceived,
    tdsPaise: paiseReceived.default(0),
    /** A 1961 section before 1 April 2026, the 2025 Act's payment code from then (src/domain/tds.ts). */
    tdsSection: z.enum(TDS_CITATION_IDS, { message: 'Choose the TDS section.' }).nullable().default(null),
    receivedOn: isoDate.refine((day) => day <= istToday(), 'The date received cannot be in the future.'),
    method: z.enum(OFFLINE_METHODS, { message: 'Choose how it was paid.' }),
    reference: required('The transfer, UPI or cheque reference is required.', 100),
  })
  .refine((payment) => payment.amountReceivedPaise + payment.tdsPaise >= MIN_PAISE, {
    message: 'Enter the amount received (and any TDS): at least ₹1 in all.',
    path: ['amountReceivedPaise'],
  })
  .refine((payment) => payment.tdsPaise === 0 || payment.tdsSection !== null, {
    message: 'Choose the section the TDS was deducted under.',
    path: ['tdsSection'],
  })
  // The law of the day received: a 1961 section for a payment from 1 April 2026 makes the
  // customer's and our records disagree with the returns, which quote the 2025 Act's codes.
  .superRefine((payment, context) => {
    const problem =
      payment.tdsPaise > 0 && payment.tdsSection ? tdsCitationProblem(payment.tdsSection, payment.receivedOn) : null;
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['tdsSection'] });
  });
export type OfflinePayment = z.infer<typeof offlinePaymentSchema>;
export type OfflinePaymentInput = z.input<typeof offlinePaymentSchema>;

/** A range of days in India time, both ends included. */
export const dateRangeSchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((range) => range.from <= range.to, { message: 'The start date must not be after the end date.' });
export type DateRange = z.infer<typeof dateRangeSchema>;

/** Midnight in India (UTC+05:30) at the start of a YYYY-MM-DD day, as epoch milliseconds. */
export function istDayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00+05:30`);
}

/** [start, end) of a date range in epoch milliseconds (the end day is included). */
export function dateRangeMs(range: DateRange): { startMs: number; endMs: number } {
  return { startMs: istDayStartMs(range.from), endMs: istDayStartMs(range.to) + 86_400_000 };
}

export const MONTH_MESSAGE = 'Choose a month (YYYY-MM).';

/** A calendar month, as a month input gives it: '2026-11'. */
export const monthSchema = z
  .string({ message: MONTH_MESSAGE })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE);

/** The month after a 'YYYY-MM' month. */
function nextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 1)).toISOString().slice(0, 7);
}

/**
 * [start, end) of a calendar month in India, in epoch milliseconds: '2026-11' is 1 Nov 00:00 IST
 * (31 Oct 18:30 UTC) up to 1 Dec 00:00 IST. The books and GST returns are kept by India's calendar.
 */
export function monthRangeMs(month: string): { startMs: number; endMs: number } {
  return { startMs: istDayStartMs(`${month}-01`), endMs: istDayStartMs(`${nextMonth(month)}-01`) };
}

/** The month before the current one in India ('2026-10' on any day of November, IST). */
export function previousIstMonth(nowMs = Date.now()): string {
  const [year, monthNumber] = istToday(nowMs).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 2, 1)).toISOString().slice(0, 7);
}

export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

/**
 * One CSV cell: quoted when needed, and never read as a formula by a spreadsheet. A negative
 * number stays a number (a credit note's '-500.00'): it cannot run as a formula.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * How the console names a customer: their name, with the legal business name a tax invoice is
 * made out to when it differs ('Meera Iyer (Iyer Sundaram Exports LLP)'); the email when nameless.
 */
export function customerLabel(customer: {
  name?: string | null;
  legalName?: string | null;
  email?: string | null;
}): string {
  const name = customer.name?.trim() ?? '';
  const legalName = customer.legalName?.trim() ?? '';
  if (name && legalName && legalName.toLowerCase() !== name.toLowerCase()) return `${name} (${legalName})`;
  return name || legalName || customer.email?.trim() || 'Customer';
}

/** A column of a CSV file: its header, and what a row puts under it. */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => unknown;
}

/** Rows as a CSV file: the header line, then a line per row, each ending CRLF (RFC 4180). */
export function csvText<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.cell(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The UTF-8 byte order mark. Excel on Windows opens a CSV without it in the machine's ANSI code
 * page, so 'Ramesh Kumār' or '₹' come out garbled; with it, Excel reads UTF-8.
 */
export const UTF8_BOM = '\uFEFF';

/** A CSV file meant for Excel (exports a person opens): csvText behind a UTF-8 byte order mark. */
export const excelCsvText = <Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: readonly Row[]): string =>
  `${UTF8_BOM}${csvText(columns, rows)}`;
