import { z } from 'zod';
import { GSTIN_MESSAGES, gstinProblem, normaliseGstin } from './gst';
import type { TaxSettings } from './tax';
import { namedIssueMessage } from './field-issues';

/**
 * How prices carry GST, from three environment variables that the API (server/config.ts) and the
 * site's build (vite.config.ts) both read through this one module: what the cart says is what the
 * API charges. SELLER_GSTIN set: documents are Tax Invoices; PRICES_INCLUDE_GST=false then adds GST
 * on top of the listed prices. Unset: nothing about GST is charged.
 */
export const taxEnvironmentFields = {
  /** Unset: the business is not registered for GST, so documents are Payment Receipts without tax. */
  SELLER_GSTIN: z.string().optional(),
  /** Percent, at most two decimals. */
  GST_RATE: z.coerce
    .number()
    .min(0)
    .max(40)
    .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, 'at most two decimals')
    .default(18),
  /** 'true': plan prices and invoice amounts include GST; 'false': GST is charged on top of them. */
  PRICES_INCLUDE_GST: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => value !== 'false'),
};

const taxEnvironmentSchema = z.object(taxEnvironmentFields);

/** The seller's GSTIN, normalised; '' when none is set. Throws on one that is not a GSTIN. */
export function sellerGstinOf(value: string | undefined): string {
  const gstin = value ? normaliseGstin(value) : '';
  const problem = gstin ? gstinProblem(gstin) : null;
  if (problem) throw new Error(`SELLER_GSTIN: ${GSTIN_MESSAGES[problem]}`);
  return gstin;
}

/** The parsed variables as TaxSettings (the API also checks the GSTIN against the seller's state). */
export function taxSettingsOf(parsed: z.output<typeof taxEnvironmentSchema>): TaxSettings {
  return {
    registered: Boolean(sellerGstinOf(parsed.SELLER_GSTIN)),
    ratePercent: parsed.GST_RATE,
    pricesIncludeGst: parsed.PRICES_INCLUDE_GST,
  };
}

/** Reads the tax settings from an environment (the site's build); throws naming a bad variable. */
export function taxSettingsFromEnv(env: Record<string, string | undefined>): TaxSettings {
  const parsed = taxEnvironmentSchema.safeParse(env);
  if (!parsed.success) {
    // The field named once (the API's zod messages name it already: server/errors.ts).
    const problems = parsed.error.issues.map(namedIssueMessage).join('; ');
    throw new Error(`Invalid site configuration: ${problems}`);
  }
  try {
    return taxSettingsOf(parsed.data);
  } catch (error) {
    throw new Error(`Invalid site configuration: ${(error as Error).message}`);
  }
}
