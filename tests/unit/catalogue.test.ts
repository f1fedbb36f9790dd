import { describe, expect, it } from 'vitest';
import { allCatalogueEntries, CATEGORIES, findCatalogueEntry, planItemId } from '@/domain/catalogue';
import { formatInr, priceTextPaise, rupeesToPaise } from '@/domain/money';

// Spec section 9, verbatim (rupees): category, plan, one-time, yearly (null = none).
const PRICE_TABLE: Array<[string, string, number, number | null]> = [
  ['manufacturing', 'Starter', 110000, 25000],
  ['manufacturing', 'Growth', 280000, 50000],
  ['manufacturing', 'Premium AI', 800000, 100000],
  ['website', 'Basic', 20000, 2000],
  ['website', 'Business', 40000, 2000],
  ['website', 'Premium', 60000, 10000],
  ['learning', 'Starter', 140000, 25000],
  ['learning', 'Growth', 240000, 35000],
  ['learning', 'Premium AI', 360000, 55000],
  ['gym', 'Digital Gym Companion', 200000, 25000],
  ['gym', 'Smart Gym Management', 325000, 50000],
  ['gym', 'AI Full Suite', 475000, 75000],
  ['automation', 'Basic', 75000, null],
  ['automation', 'Standard', 160000, null],
  ['automation', 'Premium', 275000, 50000],
];

describe('catalogue', () => {
  it('when listing, then there are five categories of three plans', () => {
    expect(CATEGORIES.map((category) => category.id)).toEqual([
      'manufacturing',
      'website',
      'learning',
      'gym',
      'automation',
    ]);
    expect(allCatalogueEntries()).toHaveLength(15);
  });

  it.each(PRICE_TABLE)('when pricing %s %s, then it matches the spec', (categoryId, planName, oneTime, yearly) => {
    const entry = findCatalogueEntry(`${categoryId}-${planName}`);
    expect(entry).toBeDefined();
    expect(entry!.plan.oneTimePaise).toBe(rupeesToPaise(oneTime));
    expect(priceTextPaise(entry!.plan.price)).toBe(rupeesToPaise(oneTime));
    expect(entry!.plan.price).toBe(formatInr(rupeesToPaise(oneTime)));
    expect(entry!.plan.yearlyPaise).toBe(yearly === null ? null : rupeesToPaise(yearly));
  });

  it('when an id is not in the catalogue, then nothing is found', () => {
    expect(findCatalogueEntry('website-Gold')).toBeUndefined();
    expect(planItemId('gym', 'AI Full Suite')).toBe('gym-AI Full Suite');
  });
});
