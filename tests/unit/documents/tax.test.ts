import { describe, expect, it } from 'vitest';
import {
  addExclusiveTax,
  allocatePaise,
  chargedAmountPaise,
  splitInclusiveAmount,
  taxLinesForPayment,
  taxTypeOf,
  type TaxSettings,
  type TaxSplit,
} from '@/domain/tax';

const sum = (split: TaxSplit) => split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise;
const REGISTERED: TaxSettings = { registered: true, ratePercent: 18, pricesIncludeGst: true };
/** The taxable value with CGST and SGST of `halfPaise` each. */
const halves = (taxablePaise: number, halfPaise: number) => ({
  taxablePaise,
  cgstPaise: halfPaise,
  sgstPaise: halfPaise,
});
/** A whole split within the state: CGST and SGST halves, no IGST. */
const intraStateSplit = (taxablePaise: number, halfPaise: number, totalPaise: number): TaxSplit => ({
  ...halves(taxablePaise, halfPaise),
  igstPaise: 0,
  totalPaise,
});
/** A whole split from another state: IGST only. */
const interStateSplit = (taxablePaise: number, igstPaise: number, totalPaise: number): TaxSplit => ({
  taxablePaise,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise,
  totalPaise,
});

describe('taxTypeOf', () => {
  it('when the supplier and the place of supply share a state code, then it is intra-state, else inter-state', () => {
    expect(taxTypeOf('29', '29')).toBe('intra-state');
    expect(taxTypeOf('29', '27')).toBe('inter-state');
  });
});

describe('splitInclusiveAmount (18% included)', () => {
  it('when ₹1 is paid within the state, then CGST and SGST are 8 paise each and the taxable value 84 paise', () => {
    expect(splitInclusiveAmount(100, 18, 'intra-state')).toEqual(intraStateSplit(84, 8, 100));
  });

  it('when ₹1 is paid from another state, then IGST is 15 paise and the taxable value 85 paise', () => {
    expect(splitInclusiveAmount(100, 18, 'inter-state')).toEqual(interStateSplit(85, 15, 100));
  });

  it('when ₹1,10,000 is paid, then the taxable value is ₹93,220.34 and the tax ₹16,779.66 (either way)', () => {
    expect(splitInclusiveAmount(11_000_000, 18, 'intra-state')).toEqual(
      intraStateSplit(9_322_034, 838_983, 11_000_000),
    );
    expect(splitInclusiveAmount(11_000_000, 18, 'inter-state')).toEqual(
      interStateSplit(9_322_034, 1_677_966, 11_000_000),
    );
  });

  it('when ₹8,00,000 is paid, then the taxable value is ₹6,77,966.10 and the tax ₹1,22,033.90', () => {
    expect(splitInclusiveAmount(80_000_000, 18, 'intra-state')).toMatchObject(halves(67_796_610, 6_101_695));
    expect(splitInclusiveAmount(80_000_000, 18, 'inter-state')).toMatchObject({
      taxablePaise: 67_796_610,
      igstPaise: 12_203_390,
    });
  });

  it('when the tax does not divide evenly (₹20,000: IGST ₹3,050.85), then intra-state halves stay equal and the taxable value takes the paisa', () => {
    // 2000000 x 0.09 / 1.18 = 152542.37 -> 152542 each; 2000000 x 0.18 / 1.18 = 305084.75 -> 305085.
    expect(splitInclusiveAmount(2_000_000, 18, 'intra-state')).toMatchObject(halves(1_694_916, 152_542));
    expect(splitInclusiveAmount(2_000_000, 18, 'inter-state')).toMatchObject({
      taxablePaise: 1_694_915,
      igstPaise: 305_085,
    });
  });

  it('when any amount from 1 paisa to ₹1,00,000 is split at 5, 12, 18 or 28%, then taxable value plus taxes is the amount exactly, CGST equals SGST and each is within half a paisa of the exact tax', () => {
    const failures: string[] = [];
    for (const rate of [5, 12, 18, 28]) {
      for (let amount = 1; amount <= 10_000_000; amount += 997) {
        const intra = splitInclusiveAmount(amount, rate, 'intra-state');
        const inter = splitInclusiveAmount(amount, rate, 'inter-state');
        const exactTax = (amount * rate) / (100 + rate);
        if (
          sum(intra) !== amount ||
          sum(inter) !== amount ||
          intra.cgstPaise !== intra.sgstPaise ||
          Math.abs(intra.cgstPaise - exactTax / 2) > 0.5 ||
          Math.abs(inter.igstPaise - exactTax) > 0.5
        ) {
          failures.push(`${amount} at ${rate}%`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('addExclusiveTax and chargedAmountPaise', () => {
  it('when a price excludes GST, then the tax is added on top and is the same in every state', () => {
    expect(addExclusiveTax(2_000_000, 18, 'intra-state')).toEqual(intraStateSplit(2_000_000, 180_000, 2_360_000));
    expect(addExclusiveTax(2_000_000, 18, 'inter-state').totalPaise).toBe(2_360_000);
    // 1.01 x 9% = 9.09 paise -> 9 each, IGST 18 (not 18.18 rounded separately).
    expect(addExclusiveTax(101, 18, 'inter-state')).toMatchObject({ igstPaise: 18, totalPaise: 119 });
  });

  it('when prices include GST (or the seller is unregistered), then the amount charged is the listed amount', () => {
    expect(chargedAmountPaise([2_000_000, 11_000_000], REGISTERED)).toBe(13_000_000);
    expect(chargedAmountPaise([2_000_000], { registered: false, ratePercent: 18, pricesIncludeGst: false })).toBe(
      2_000_000,
    );
  });

  it('when a registered seller lists prices without GST, then each line is charged with its GST', () => {
    expect(chargedAmountPaise([2_000_000, 101], { ...REGISTERED, pricesIncludeGst: false })).toBe(2_360_000 + 119);
  });
});

describe('allocatePaise', () => {
  it('when weights already add up to the total, then the parts are the weights', () => {
    expect(allocatePaise(13_000_000, [2_000_000, 11_000_000])).toEqual([2_000_000, 11_000_000]);
  });

  it('when the total does not divide evenly, then the parts still add up to it exactly', () => {
    const parts = allocatePaise(100, [1, 1, 1]);
    expect(parts).toEqual([34, 33, 33]);
  });
});

describe('taxLinesForPayment', () => {
  const lines = [
    { sac: '998314', description: 'Website - Basic', listedPaise: 2_000_000 },
    { sac: '998314', description: 'Factory Management - Starter', listedPaise: 11_000_000 },
  ];

  it('when prices include GST, then each line is its price split and the totals equal the amount paid', () => {
    const result = taxLinesForPayment(lines, 13_000_000, REGISTERED, 'intra-state');
    expect(result.taxType).toBe('intra-state');
    expect(result.lines.map((line) => line.totalPaise)).toEqual([2_000_000, 11_000_000]);
    expect(result.totals.totalPaise).toBe(13_000_000);
    expect(sum(result.totals)).toBe(13_000_000);
    expect(result.lines[0]).toMatchObject({ ratePercent: 18, cgstPaise: 152_542, sgstPaise: 152_542 });
  });

  it('when prices exclude GST and the price plus GST was paid, then each taxable value is the listed price', () => {
    const settings = { ...REGISTERED, pricesIncludeGst: false };
    const paid = chargedAmountPaise(
      lines.map((line) => line.listedPaise),
      settings,
    );
    const result = taxLinesForPayment(lines, paid, settings, 'inter-state');
    expect(result.lines.map((line) => line.taxablePaise)).toEqual([2_000_000, 11_000_000]);
    expect(result.totals).toMatchObject({ taxablePaise: 13_000_000, igstPaise: 2_340_000, totalPaise: paid });
  });

  it('when the seller is unregistered, then the lines carry no tax and the taxable value is the amount paid', () => {
    const result = taxLinesForPayment(lines, 13_000_000, { ...REGISTERED, registered: false }, 'intra-state');
    expect(result.taxType).toBeNull();
    expect(result.totals).toEqual(intraStateSplit(13_000_000, 0, 13_000_000));
    expect(result.lines.every((line) => line.ratePercent === 0)).toBe(true);
  });

  it('when the amount paid differs from the listed prices (prices changed since), then it is shared over the lines and still adds up', () => {
    const result = taxLinesForPayment(lines, 12_999_999, REGISTERED, 'inter-state');
    expect(result.totals.totalPaise).toBe(12_999_999);
    expect(sum(result.totals)).toBe(12_999_999);
  });
});
