import { addDays, addMonths, daysBetween } from './ist';
import { INCOME_TAX_ACT_2025_FROM } from './tds';

/**
 * Payment terms of a micro or small enterprise (MSE) under the Micro, Small and Medium
 * Enterprises Development Act, 2006 (MSMED Act), when the seller is one (SELLER_UDYAM set): its
 * Udyam registration number, the longest term a buyer may be given, and the interest a late buyer
 * owes. Pure: the server prints it on proformas, tax invoices and statements, and the statement
 * works out the interest here.
 *
 * The law, as it reads (sections 2(b), 15 and 16):
 * - s.15: "Where any supplier supplies any goods or renders any services to any buyer, the buyer
 *   shall make payment therefor on or before the date agreed upon between him and the supplier in
 *   writing or, where there is no agreement in this behalf, before the appointed day: Provided that
 *   in no case the period agreed upon between the supplier and the buyer in writing shall exceed
 *   forty-five days from the day of acceptance or the day of deemed acceptance."
 * - s.2(b): "appointed day" means the day following immediately after the expiry of the period of
 *   fifteen days from the day of acceptance or the day of deemed acceptance of any goods or any
 *   services by a buyer from a supplier.
 * - s.16: "Where any buyer fails to make payment of the amount to the supplier, as required under
 *   section 15, the buyer shall, notwithstanding anything contained in any agreement between the
 *   buyer and the supplier or in any law for the time being in force, be liable to pay compound
 *   interest with monthly rests to the supplier on that amount from the appointed day or, as the
 *   case may be, from the date immediately following the date agreed upon, at three times of the
 *   bank rate notified by the Reserve Bank."
 * - A supplier is a micro or small enterprise only (s.2(n)): a medium enterprise's Udyam number
 *   gives no such right, so SELLER_UDYAM is for a micro or small one.
 *
 * The rule implemented (`section16InterestPaise`):
 * - The day of acceptance is the document's date of issue (the bill is the written agreement of
 *   its due date). The date agreed is its due date, but never later than 45 days after issue
 *   (the proviso): interest runs from the day after the earlier of the two.
 * - Interest accrues for every day from that start up to and including the statement's date, at
 *   R = 3 × the bank rate a year. Monthly rests: on each monthly anniversary of the start (the
 *   same day of the month, or the month's last day when it has none) the month's interest, R/12
 *   of the amount, is added to it; the days after the last rest earn R × days / 365 on the amount
 *   reached, without compounding.
 * - Amount = principal × (1 + R/12)^months × (1 + R × days/365), worked out in exact integer
 *   arithmetic; the interest (amount − principal) is rounded ONCE, to the nearest paisa (half up),
 *   per document. A statement adds those per-document figures.
 * - The principal is what is still unpaid of the bill on the statement's last day (a statement
 *   shows what the law adds to what is open). A part paid late earned interest until it was paid;
 *   that is not added here, so for a bill paid in parts after its due date the figure is a floor.
 *   Interest is shown, never billed or entered in the ledger: claiming it is the seller's decision.
 * - One bank rate (the setting) for the whole period. The Calcutta High Court (V.K. Patel & Co v.
 *   Simplex Infrastructure, 2024) applies the rate in force at each monthly rest; over a period
 *   in which RBI changed its Bank Rate the figure is therefore an estimate, and says so.
 */

/** Udyam registration: 'UDYAM-' + two letters (the state) + two digits (the district) + seven digits. */
export const UDYAM_PATTERN = /^UDYAM-[A-Z]{2}-\d{2}-\d{7}$/;
export const UDYAM_MESSAGE =
  'A Udyam registration number is UDYAM-XX-00-0000000 (UDYAM, the state letters, two digits, seven digits).';

/** The longest period a buyer may agree to pay in (the proviso to section 15). */
export const MSME_MAX_TERM_DAYS = 45;

/** The Udyam number as printed: capitals, no spaces. */
export const normaliseUdyam = (value: string) => value.trim().toUpperCase().replace(/\s+/g, '');

/** Why a text is not a Udyam registration number, or null when it is one. */
export function udyamProblem(value: string): string | null {
  return UDYAM_PATTERN.test(normaliseUdyam(value)) ? null : UDYAM_MESSAGE;
}

/** The days a bill gives to pay (issue to due date), as printed: at most MSME_MAX_TERM_DAYS. */
export function termDays(issueDay: string, dueDay: string): number {
  return Math.max(0, Math.min(daysBetween(issueDay, dueDay), MSME_MAX_TERM_DAYS));
}

/** The last day to pay without interest: the due date, or 45 days after issue when that is earlier. */
export function statutoryDueDay(issueDay: string, dueDay: string): string {
  const latest = addDays(issueDay, MSME_MAX_TERM_DAYS);
  return dueDay < latest ? dueDay : latest;
}

export const LONG_TERM_REASON_REQUIRED = `A due date more than ${MSME_MAX_TERM_DAYS} days after the date of issue needs a reason: section 15 of the MSMED Act lets a buyer agree to at most ${MSME_MAX_TERM_DAYS} days.`;

/**
 * Why a due date may not be given (null when it may): beyond 45 days it needs a reason, which is
 * then recorded (and audited) with the bill; interest still runs from the 46th day.
 */
export function dueDateProblem(issueDay: string, dueDay: string, reason: string | null | undefined): string | null {
  return daysBetween(issueDay, dueDay) > MSME_MAX_TERM_DAYS && !reason?.trim() ? LONG_TERM_REASON_REQUIRED : null;
}

/** A bank rate in percent with up to two decimals, as basis points (5.5 -> 550). */
export function bankRateBasisPoints(bankRatePercent: number): number {
  const bps = Math.round(bankRatePercent * 100);
  if (!Number.isFinite(bankRatePercent) || bps < 0 || Math.abs(bps - bankRatePercent * 100) > 1e-6) {
    throw new Error(`Not a bank rate in percent with at most two decimals: ${bankRatePercent}`);
  }
  return bps;
}

/** The annual rate of section 16: three times the bank rate, in percent (5.5 -> 16.5). */
export const section16RatePercent = (bankRatePercent: number) => (3 * bankRateBasisPoints(bankRatePercent)) / 100;

export interface InterestInput {
  /** What is still unpaid of the bill, in paise. */
  principalPaise: number;
  /** The bill's date of issue and due date (YYYY-MM-DD, India). */
  issueDay: string;
  dueDay: string;
  /** The statement's date: interest is worked out up to and including this day. */
  asOfDay: string;
  bankRatePercent: number;
}

export interface InterestBreakdown {
  /** The first day interest runs (the appointed day / the day after the date agreed). */
  fromDay: string;
  /** Complete months (monthly rests) and the days after the last one. */
  months: number;
  days: number;
  interestPaise: number;
}

const roundHalfUp = (numerator: bigint, denominator: bigint) => (2n * numerator + denominator) / (2n * denominator);

/**
 * Section 16 interest on one bill, by the rule at the top of this module; zero until the bill is
 * overdue (or when nothing is unpaid).
 */
export function section16Interest(input: InterestInput): InterestBreakdown {
  const fromDay = addDays(statutoryDueDay(input.issueDay, input.dueDay), 1);
  const endDay = addDays(input.asOfDay, 1);
  if (input.principalPaise <= 0 || endDay <= fromDay) return { fromDay, months: 0, days: 0, interestPaise: 0 };
  let months = 0;
  while (addMonths(fromDay, months + 1) <= endDay) months += 1;
  const days = daysBetween(addMonths(fromDay, months), endDay);
  // R = 3 × bank rate: in basis points a year. R/12 = rate / 120000; R × d / 365 = rate × d / 3650000.
  const rate = BigInt(3 * bankRateBasisPoints(input.bankRatePercent));
  const monthBase = 120_000n;
  const dayBase = 3_650_000n;
  const principal = BigInt(input.principalPaise);
  const denominator = monthBase ** BigInt(months) * dayBase;
  const amount = principal * (monthBase + rate) ** BigInt(months) * (dayBase + rate * BigInt(days));
  const interestPaise = Number(roundHalfUp(amount - principal * denominator, denominator));
  return { fromDay, months, days, interestPaise };
}

export const section16InterestPaise = (input: InterestInput) => section16Interest(input).interestPaise;

/** Who the seller is under the MSMED Act, as printed: the number, and that it is a micro or small enterprise. */
export const udyamLine = (udyam: string) => `Udyam registration no.: ${udyam} (micro or small enterprise)`;

/** The payment term printed on a proforma or tax invoice of an MSE seller. */
export function msmeTermLine(days: number): string {
  return `Payable within ${days} days under section 15 of the MSMED Act, 2006 (never more than ${MSME_MAX_TERM_DAYS}). Later payment carries compound interest with monthly rests at three times the bank rate notified by the RBI (section 16).`;
}

/**
 * What a late payment costs the buyer in tax, by the law of the document's date: a sum payable to a
 * micro or small enterprise beyond the section 15 term is deductible only in the year it is
 * actually paid. Section 43B(h) of the Income-tax Act, 1961 until 31 March 2026; the 2025 Act
 * keeps the rule, but its section number was not confirmed from a primary source, so it is not
 * printed (say the Act, not a guessed section).
 */
export function lateDeductionLine(day: string): string {
  const act =
    day < INCOME_TAX_ACT_2025_FROM
      ? 'section 43B(h) of the Income-tax Act, 1961'
      : 'the Income-tax Act, 2025 (section 43B(h) of the 1961 Act before 1 April 2026)';
  return `A buyer who pays later than that may deduct the amount only in the year it is actually paid (${act}).`;
}

/** The MSME facts a document prints, when the seller set SELLER_UDYAM: stored in its snapshot. */
export interface MsmeSnapshot {
  udyam: string;
  /** The term of this bill, in days (at most 45). */
  termDays: number;
  /** The lines as printed (so an issued document never changes with later wording). */
  lines: string[];
}

/** The MSME block of a document issued on `issueDay` with a `days` term. */
export function msmeSnapshot(udyam: string, days: number, issueDay: string): MsmeSnapshot {
  const term = Math.max(0, Math.min(days, MSME_MAX_TERM_DAYS));
  return { udyam, termDays: term, lines: [udyamLine(udyam), msmeTermLine(term), lateDeductionLine(issueDay)] };
}
