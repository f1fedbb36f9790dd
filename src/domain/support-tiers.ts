import { supportTierName } from './catalogue';

/**
 * Support tiers by a plan's yearly fee: defined once here, read by the plan cards and the Terms
 * (kept apart from support.ts so the landing page loads no schemas with it) and by the SLA clocks.
 */
export type SupportTierId = 'standard' | 'priority' | 'premium';

export interface SupportTier {
  id: SupportTierId;
  name: string;
  firstReplyHours: number;
  resolutionDays: number;
}

export const SUPPORT_TIERS: Record<SupportTierId, SupportTier> = {
  standard: { id: 'standard', name: 'Standard', firstReplyHours: 8, resolutionDays: 5 },
  priority: { id: 'priority', name: 'Priority', firstReplyHours: 4, resolutionDays: 3 },
  premium: { id: 'premium', name: 'Premium', firstReplyHours: 1, resolutionDays: 1 },
};

export const SUPPORT_TIER_IDS = Object.keys(SUPPORT_TIERS) as SupportTierId[];

/** Standard below ₹25,000 a year, Priority ₹25,000 to ₹50,000, Premium above; no yearly fee: none. */
export function supportTierFor(yearlyFeePaise: number | null | undefined): SupportTier | null {
  if (!yearlyFeePaise || yearlyFeePaise <= 0) return null;
  return SUPPORT_TIERS[supportTierName(yearlyFeePaise).toLowerCase() as SupportTierId];
}

/** 'Priority support: reply in 4 business hours' — the plan cards' and the Terms' one line. */
export function tierLine(tier: SupportTier): string {
  const hours = tier.firstReplyHours === 1 ? '1 business hour' : `${tier.firstReplyHours} business hours`;
  return `${tier.name} support: reply in ${hours}`;
}

export const SUPPORT_TIER_LIST: SupportTier[] = Object.values(SUPPORT_TIERS);
