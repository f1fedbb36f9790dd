import { istDayStartMs, istWallClock } from './ist';

/**
 * Financial years and the numbers of tax documents. Rule 46(b) of the CGST Rules: a consecutive
 * serial number, unique for a financial year, of at most 16 characters using only letters, digits,
 * '-' and '/'. Ours: `{prefix}/{financial year}/{sequence}`, e.g. 'NB/2026-27/0001'.
 */

/** The year a financial year (1 April - 31 March, in IST) starts in: 2026 for 1 April 2026 - 31 March 2027. */
export function financialYearStart(instantMs: number): number {
  const ist = istWallClock(instantMs);
  // Months are 0-based: 3 is April.
  return ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
}

/** The financial year of an instant in IST, as printed: '2026-27'. */
export function financialYearOf(instantMs: number): string {
  const start = financialYearStart(instantMs);
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The date of an instant in IST as printed on documents: '01 Apr 2026'. */
export function formatIstDate(instantMs: number): string {
  const ist = istWallClock(instantMs);
  return `${String(ist.getUTCDate()).padStart(2, '0')} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

/** A day (YYYY-MM-DD, India's) as printed on documents: '01 Apr 2026'. */
export const formatIstDay = (day: string): string => formatIstDate(istDayStartMs(day));

export const DOCUMENT_NUMBER_MAX_LENGTH = 16;
export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;
/** A prefix is 1-3 letters, digits or '-', so that prefix/2026-27/0001 fits in 16 characters. */
export const DOCUMENT_PREFIX_PATTERN = /^[A-Za-z0-9-]{1,3}$/;
const MIN_SEQUENCE_DIGITS = 4;

/**
 * The number series: tax invoices and payment receipts (the document for a payment) share one;
 * credit notes, proforma invoices and quotes have their own. Each restarts at 1 every financial year.
 */
export type DocumentSeries = 'invoice' | 'credit-note' | 'proforma' | 'quote';

/** The counter document id of a series in a financial year: 'invoice-2026-27'. */
export function counterId(series: DocumentSeries, financialYear: string): string {
  return `${series}-${financialYear}`;
}

/**
 * 'NB' + '2026-27' + 1 -> 'NB/2026-27/0001'. The sequence takes more digits past 9999 while the
 * whole still fits; beyond that (or with a bad prefix) it throws rather than print an invalid number.
 */
export function formatDocumentNumber(prefix: string, financialYear: string, sequence: number): string {
  if (!DOCUMENT_PREFIX_PATTERN.test(prefix)) throw new Error(`Invalid document prefix: '${prefix}'`);
  if (!/^\d{4}-\d{2}$/.test(financialYear)) throw new Error(`Invalid financial year: '${financialYear}'`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new Error(`Invalid sequence: ${sequence}`);
  const number = `${prefix}/${financialYear}/${String(sequence).padStart(MIN_SEQUENCE_DIGITS, '0')}`;
  if (number.length > DOCUMENT_NUMBER_MAX_LENGTH) {
    throw new Error(`Document number ${number} is longer than ${DOCUMENT_NUMBER_MAX_LENGTH} characters.`);
  }
  return number;
}

/** The parts of a number made by formatDocumentNumber, or null. */
export function parseDocumentNumber(
  number: string,
): { prefix: string; financialYear: string; sequence: number } | null {
  const match = /^([A-Za-z0-9-]{1,3})\/(\d{4}-\d{2})\/(\d{4,})$/.exec(number);
  if (!match || number.length > DOCUMENT_NUMBER_MAX_LENGTH) return null;
  return { prefix: match[1]!, financialYear: match[2]!, sequence: Number(match[3]) };
}
