import { z } from 'zod';
import { addDays } from './ist';
import { tdsActOn } from './tds';

/**
 * TDS certificates: each TDS amount a customer deducted from a payment to us is claimed by us
 * against Form 26AS only once the customer has deposited it and given us its certificate. One
 * record per TDS amount (`tdsCertificates/{paymentId}`, server-only), tracked as
 * awaited → received (the customer or staff uploads the certificate's PDF) → verified (staff,
 * against Form 26AS); a certificate staff reject goes back to awaited with the reason mailed.
 *
 * When it is due (sources, checked with the search tool):
 * - The deductor's quarterly TDS statement is due 31 July, 31 October, 31 January and 31 May for
 *   the quarters ending June, September, December and March (rule 31A(2) as Notification 30/2016
 *   substituted it; caclubindia.com forum 462559 quotes it), and Form 16A "within fifteen days from
 *   the due date for furnishing the statement" (rule 31(3), Table Sl. No. 2; caclubindia.com forum
 *   314964): 15 August, 15 November, 15 February and 15 June, as the Mumbai income-tax office's
 *   page lists them (incometaxmumbai.gov.in/due-dates: "15th Aug. for April-June, 15th November
 *   for July-Sept., 15 Feb. for Oct.-Dec. and 15th June for Jan-March").
 * - From 1 April 2026 (the Income-tax Act, 2025) the statement's due dates are unchanged (rule 219
 *   of the Income-tax Rules, 2026, taxheal.com "TDS Compliance 2.0"), and Form 16A becomes Form 131,
 *   "certificate under section 395(4)" (the draft rules' form list, studycafe.in, 19 Feb 2026).
 *   NOT CONFIRMED: no source gave the 2026 rules' time for the certificate itself; the fifteen days
 *   are kept, so the same four dates apply.
 * - The quarter is that of the day we received the payment: the deductor deducts on paying or
 *   crediting us, whichever is first, and a payment is the only day we know.
 */

export const TDS_CERTIFICATE_STATUSES = ['awaited', 'received', 'verified'] as const;
export type TdsCertificateStatus = (typeof TDS_CERTIFICATE_STATUSES)[number];

export const TDS_CERTIFICATE_STATUS_LABELS: Record<TdsCertificateStatus, string> = {
  awaited: 'Certificate awaited',
  received: 'Certificate received',
  verified: 'Verified',
};

export const isTdsCertificateStatus = (value: unknown): value is TdsCertificateStatus =>
  typeof value === 'string' && (TDS_CERTIFICATE_STATUSES as readonly string[]).includes(value);

/** An Indian financial year's quarter, and when its TDS certificates are due. */
export interface TdsQuarter {
  /** '2026-27-Q1': sorts in time order. */
  key: string;
  /** '2026-27'. */
  financialYear: string;
  quarter: 1 | 2 | 3 | 4;
  /** 'Q1 2026-27 (Apr–Jun 2026)'. */
  label: string;
  /** The quarter's first and last days (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
  /** The day the deductor must give the certificate by (YYYY-MM-DD): 15 Aug, 15 Nov, 15 Feb, 15 Jun. */
  certificateDueOn: string;
}

const QUARTER_KEY = /^(\d{4})-(\d{2})-Q([1-4])$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The quarter `quarter` of the financial year that starts on 1 April `startYear`. */
function quarterOf(startYear: number, quarter: 1 | 2 | 3 | 4): TdsQuarter {
  // Q1 Apr–Jun, Q2 Jul–Sep, Q3 Oct–Dec of startYear; Q4 Jan–Mar of the year after.
  const year = quarter === 4 ? startYear + 1 : startYear;
  const firstMonth = quarter === 4 ? 1 : quarter * 3 + 1;
  const lastMonth = firstMonth + 2;
  const lastDate = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  const financialYear = `${startYear}-${pad((startYear + 1) % 100)}`;
  // Fifteen days after the statement's due date: 15 Aug, 15 Nov, 15 Feb (next year), 15 Jun.
  const due =
    quarter === 1
      ? `${year}-08-15`
      : quarter === 2
        ? `${year}-11-15`
        : quarter === 3
          ? `${year + 1}-02-15`
          : `${year}-06-15`;
  return {
    key: `${financialYear}-Q${quarter}`,
    financialYear,
    quarter,
    label: `Q${quarter} ${financialYear} (${MONTHS[firstMonth - 1]}–${MONTHS[lastMonth - 1]} ${year})`,
    firstDay: `${year}-${pad(firstMonth)}-01`,
    lastDay: `${year}-${pad(lastMonth)}-${pad(lastDate)}`,
    certificateDueOn: due,
  };
}

/** The quarter a day (YYYY-MM-DD, India) falls in. */
export function tdsQuarterOfDay(day: string): TdsQuarter {
  const match = DAY.exec(day);
  if (!match) throw new Error(`Not a day: ${day}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const startYear = month >= 4 ? year : year - 1;
  const quarter = (month >= 4 ? Math.floor((month - 4) / 3) + 1 : 4) as 1 | 2 | 3 | 4;
  return quarterOf(startYear, quarter);
}

/** A quarter from its key ('2026-27-Q1'); null for anything else. */
export function tdsQuarterFromKey(key: unknown): TdsQuarter | null {
  const match = typeof key === 'string' ? QUARTER_KEY.exec(key) : null;
  if (!match) return null;
  const startYear = Number(match[1]);
  if ((startYear + 1) % 100 !== Number(match[2])) return null;
  return quarterOf(startYear, Number(match[3]) as 1 | 2 | 3 | 4);
}

/** The quarters from `fromDay`'s back `count` quarters, newest first (the console's quarter picker). */
export function recentTdsQuarters(fromDay: string, count: number): TdsQuarter[] {
  const quarters: TdsQuarter[] = [];
  let current = tdsQuarterOfDay(fromDay);
  for (let index = 0; index < count; index += 1) {
    quarters.push(current);
    current = tdsQuarterOfDay(addDays(current.firstDay, -1));
  }
  return quarters;
}

/** The certificate a TDS deducted on `day` is given in: Form 16A under the 1961 Act, Form 131 under the 2025 Act. */
export const tdsCertificateFormOn = (day: string): string =>
  tdsActOn(day) === 'Income-tax Act, 2025' ? 'Form 131' : 'Form 16A';

/** The largest certificate PDF accepted: the same cap as support's attachments (SUPPORT_MAX_FILE_BYTES). */
export const TDS_CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;

export const TDS_CERTIFICATE_MESSAGES = {
  notFound: 'TDS certificate not found.',
  pdfOnly: (name: string) => `${name} is not a PDF. Upload the certificate as the PDF TRACES gives you.`,
  tooLarge: (name: string) => `${name} is larger than 10 MB. Upload the certificate's PDF as TRACES gives it.`,
  empty: (name: string) => `${name} is empty.`,
  noName: 'The file needs a name.',
  alreadyVerified: 'This certificate has been verified already: it cannot be replaced.',
  notReceived: 'There is no certificate to check yet: it is still awaited.',
  verifiedAlready: 'This certificate was verified already.',
} as const;

/** Staff's reason for sending a certificate back (mailed to the customer's billing members). */
export const tdsCertificateRejectSchema = z.object({
  reason: z
    .string({ message: 'Say why the certificate is sent back.' })
    .trim()
    .min(5, 'Say why the certificate is sent back (at least 5 characters).')
    .max(500, 'Keep the reason under 500 characters.'),
});
export type TdsCertificateReject = z.infer<typeof tdsCertificateRejectSchema>;

/** A certificate as the customer's page and the console list it. */
export interface TdsCertificateView {
  /** The payment's id (one certificate per TDS amount). */
  id: string;
  companyId: string;
  customerName: string | null;
  /** What the payment was for: 'Proforma PI/2026-27/0007 · Website Business plan'. */
  paidFor: string | null;
  paymentId: string;
  /** The day the payment was received (YYYY-MM-DD, India). */
  receivedOn: string;
  tdsPaise: number;
  /** The stored citation id ('194J', '1027') and its text. */
  tdsSection: string | null;
  citation: string;
  quarter: string;
  quarterLabel: string;
  certificateDueOn: string;
  /** 'Form 16A' or 'Form 131'. */
  form: string;
  status: TdsCertificateStatus;
  file: { name: string; size: number; uploadedAt: string | null; uploadedBy: 'customer' | 'staff' } | null;
  verifiedAt: string | null;
  /** The last time staff sent it back, and why. */
  rejection: { reason: string; at: string | null } | null;
}
