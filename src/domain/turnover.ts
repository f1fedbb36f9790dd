import { z } from 'zod';
import { formatInr } from './money';

/**
 * The turnover watch: a financial year's aggregate taxable value (tax invoices less credit notes)
 * against the e-invoicing threshold. Pure: the server adds the year up, the console's Today page
 * shows it with the warning worked out here.
 *
 * The law (Notification 13/2020-Central Tax as amended by 10/2023-Central Tax, from 1 August 2023):
 * a registered person whose aggregate turnover in any financial year since 2017-18 exceeds ₹5 crore
 * issues e-invoices (an IRN from the Invoice Registration Portal) for its B2B invoices, credit and
 * debit notes. A year's turnover past ₹5 crore therefore makes e-invoicing mandatory from the 1 April
 * after it.
 */

/** ₹5,00,00,000: above it, e-invoicing is mandatory (Notification 10/2023-Central Tax). */
export const E_INVOICE_THRESHOLD_PAISE = 5_00_00_000_00;
/** ₹4,00,00,000: the default level from which Today warns (TURNOVER_WARNING_RUPEES). */
export const DEFAULT_TURNOVER_WARNING_RUPEES = 4_00_00_000;

const emptyAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The API's variable (server/config.ts): whole rupees, at most the threshold itself. */
export const turnoverEnvironmentFields = {
  TURNOVER_WARNING_RUPEES: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number()
      .int('must be whole rupees')
      .min(1)
      .max(E_INVOICE_THRESHOLD_PAISE / 100, 'must be at most the ₹5 crore threshold (50000000)')
      .default(DEFAULT_TURNOVER_WARNING_RUPEES),
  ),
};

export const FINANCIAL_YEAR_MESSAGE = 'Choose a financial year (YYYY-YY, e.g. 2026-27).';

/** A financial year as documents print it: '2026-27' (April 2026 to March 2027). */
export const financialYearSchema = z
  .string({ message: FINANCIAL_YEAR_MESSAGE })
  .regex(/^\d{4}-\d{2}$/, FINANCIAL_YEAR_MESSAGE)
  .refine((year) => (Number(year.slice(0, 4)) + 1) % 100 === Number(year.slice(5)), FINANCIAL_YEAR_MESSAGE);

/** The first day of the financial year after `financialYear`, in words: '2026-27' -> '1 April 2027'. */
export const nextFinancialYearStart = (financialYear: string) => `1 April ${Number(financialYear.slice(0, 4)) + 1}`;

/** What GET /api/staff/turnover answers: the year's figure and the levels it is read against. */
export interface Turnover {
  financialYear: string;
  /** Taxable value of the year's tax invoices less that of its credit notes (with GST), in paise. */
  taxablePaise: number;
  invoicesPaise: number;
  creditNotesPaise: number;
  /** TURNOVER_WARNING_RUPEES in paise. */
  warningLevelPaise: number;
  thresholdPaise: number;
}

/** Below the warning level; at or above it (but not past ₹5 crore); past ₹5 crore. */
export type TurnoverStanding = 'below' | 'near' | 'over';

export function turnoverStanding({
  taxablePaise,
  warningLevelPaise,
}: Pick<Turnover, 'taxablePaise' | 'warningLevelPaise'>): TurnoverStanding {
  if (taxablePaise > E_INVOICE_THRESHOLD_PAISE) return 'over';
  return taxablePaise >= warningLevelPaise ? 'near' : 'below';
}

/**
 * What Today says at and above the warning level (null below it): what e-invoicing means, and
 * when it starts; the README's "Tally and e-invoicing" section says what to do.
 */
export function turnoverWarning(turnover: Turnover): string | null {
  const standing = turnoverStanding(turnover);
  if (standing === 'below') return null;
  const from = nextFinancialYearStart(turnover.financialYear);
  const what =
    'every tax invoice, credit note and debit note to a registered buyer needs an IRN from the Invoice Registration Portal, without which it is not a valid invoice';
  if (standing === 'over') {
    return `This year's turnover has passed ${formatInr(E_INVOICE_THRESHOLD_PAISE)}: e-invoicing is mandatory from ${from} (Notification 10/2023-Central Tax). From then ${what}. This site does not issue IRNs: arrange e-invoicing before ${from}.`;
  }
  return `This year's turnover has reached ${formatInr(turnover.warningLevelPaise)}. Once a financial year's aggregate turnover passes ${formatInr(E_INVOICE_THRESHOLD_PAISE)}, e-invoicing is mandatory from the next 1 April (Notification 10/2023-Central Tax): ${what}. Plan for it now.`;
}
