import { addDays, istToday } from '@/domain/ist';

/** The milestones staff most often quote: 30% on acceptance, 40% at the beta, 30% at go-live. */
export const MILESTONES_30_40_30 = [
  { label: '30% deposit on acceptance', percent: 30 },
  { label: 'Delivery of the beta', percent: 40 },
  { label: 'Go-live', percent: 30 },
];

/** A quote's fields as staff enter them: ₹4,50,000 (GST included) in one line, 30/40/30, valid for 30 days. */
export function quoteFields(overrides: Record<string, unknown> = {}) {
  return {
    description: 'Production dashboard for the Pune plant',
    lines: [{ description: 'Dashboard build', sac: '998314', quantity: 1, ratePaise: 4_50_000_00 }],
    amountsIncludeGst: true,
    validUntil: addDays(istToday(), 30),
    milestones: MILESTONES_30_40_30,
    terms: 'Hosting is billed yearly from go-live.',
    ...overrides,
  };
}
