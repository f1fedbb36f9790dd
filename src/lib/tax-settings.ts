import type { TaxSettings } from '@/domain/tax';

/**
 * How prices carry GST on this site: compiled in by the build from SELLER_GSTIN, GST_RATE and
 * PRICES_INCLUDE_GST, the variables the API charges by (one parser: src/domain/tax-settings.ts).
 */
export const taxSettings: TaxSettings = __TAX_SETTINGS__;
