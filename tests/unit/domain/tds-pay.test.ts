import { describe, expect, it } from 'vitest';
import { recentTdsQuarters, tdsCertificateFormOn, tdsQuarterFromKey, tdsQuarterOfDay } from '@/domain/tds-certificates';
import {
  quoteTds,
  roundTdsToRupee,
  taxableValueOfPayment,
  TDS_PAYER_KINDS,
  tdsQuotesOn,
  tdsRateBasisPoints,
} from '@/domain/tds';

const rupees = (value: number) => value * 100;

describe('the TDS a payer declares', () => {
  it('when a clerk declares professional fees on a ₹1,00,000 taxable value, then the TDS is ₹10,000 under the law of the day', () => {
    const before = quoteTds('professional-fees', '2026-03-31', rupees(1_00_000));
    const after = quoteTds('professional-fees', '2026-04-01', rupees(1_00_000));

    expect(before).toMatchObject({ rate: '10%', tdsPaise: rupees(10_000), citation: { id: '194J' } });
    expect(after).toMatchObject({
      rate: '10%',
      tdsPaise: rupees(10_000),
      citation: {
        id: '1027',
        text: 'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1027',
      },
    });
  });

  it.each([
    ['professional-fees', 1000],
    ['technical-fees', 200],
    ['contractor-other', 200],
    ['contractor-individual', 100],
    ['commission', 200],
    ['rent-plant', 200],
    ['rent-land', 1000],
  ] as const)('when %s is paid in 2026, then its rate is %i basis points', (kind, basisPoints) => {
    expect(tdsRateBasisPoints(kind, '2026-11-28')).toBe(basisPoints);
  });

  it('when a rate changed by law, then a payment takes the rate of its own day', () => {
    // Technical fees: 2 % from 1 April 2020 (Finance Act, 2020); commission: 2 % from 1 October 2024.
    expect(tdsRateBasisPoints('technical-fees', '2020-03-31')).toBe(1000);
    expect(tdsRateBasisPoints('technical-fees', '2020-04-01')).toBe(200);
    expect(tdsRateBasisPoints('commission', '2024-09-30')).toBe(500);
    expect(tdsRateBasisPoints('commission', '2024-10-01')).toBe(200);
    expect(tdsRateBasisPoints('e-commerce', '2024-10-01')).toBe(10);
  });

  it('when the TDS has paise, then it is rounded to the nearest rupee, 50 paise up', () => {
    // 10 % of ₹12,345.00 is ₹1,234.50 → ₹1,235; of ₹12,344.90, ₹1,234.49 → ₹1,234.
    expect(quoteTds('professional-fees', '2026-11-28', 12_345_00)?.tdsPaise).toBe(1_235_00);
    expect(quoteTds('professional-fees', '2026-11-28', 12_344_90)?.tdsPaise).toBe(1_234_00);
    expect(roundTdsToRupee(149, 1)).toBe(100);
    expect(roundTdsToRupee(150, 1)).toBe(200);
  });

  it('when the amount is tiny, then the TDS never exceeds the taxable value', () => {
    expect(quoteTds('professional-fees', '2026-11-28', 40)?.tdsPaise).toBe(0);
    expect(quoteTds('rent-land', '2026-11-28', 600)?.tdsPaise).toBe(100);
  });

  it('when a kind is not one a payer of our fees deducts, then nothing is quoted', () => {
    expect(quoteTds('purchase-of-goods', '2025-11-28', rupees(1000))).toBeNull();
    expect(quoteTds('e-commerce', '2025-11-28', rupees(1000))).toBeNull();
    expect(quoteTds('anything', '2025-11-28', rupees(1000))).toBeNull();
    expect(tdsQuotesOn('2026-11-28', rupees(1000)).map((quote) => quote.kind)).toEqual([...TDS_PAYER_KINDS]);
  });

  it('when part of a bill was settled before, then the TDS is on the taxable share of what is paid now', () => {
    const bill = { taxablePaise: rupees(1_00_000), totalPaise: rupees(1_18_000) };

    expect(taxableValueOfPayment(bill, rupees(1_18_000))).toBe(rupees(1_00_000));
    expect(taxableValueOfPayment(bill, rupees(59_000))).toBe(rupees(50_000));
    // ₹1 of a ₹1.18 bill: 84.745… paise → 85.
    expect(taxableValueOfPayment({ taxablePaise: 100, totalPaise: 118 }, 100)).toBe(85);
  });
});

describe('the quarter of a TDS certificate', () => {
  it.each([
    ['2026-04-01', '2026-27-Q1', '2026-08-15', 'Q1 2026-27 (Apr–Jun 2026)'],
    ['2026-06-30', '2026-27-Q1', '2026-08-15', 'Q1 2026-27 (Apr–Jun 2026)'],
    ['2026-07-01', '2026-27-Q2', '2026-11-15', 'Q2 2026-27 (Jul–Sep 2026)'],
    ['2026-12-31', '2026-27-Q3', '2027-02-15', 'Q3 2026-27 (Oct–Dec 2026)'],
    ['2027-01-01', '2026-27-Q4', '2027-06-15', 'Q4 2026-27 (Jan–Mar 2027)'],
    ['2026-03-31', '2025-26-Q4', '2026-06-15', 'Q4 2025-26 (Jan–Mar 2026)'],
    ['2099-11-02', '2099-00-Q3', '2100-02-15', 'Q3 2099-00 (Oct–Dec 2099)'],
  ])('when TDS is deducted on %s, then it is %s and its certificate is due on %s', (day, key, due, label) => {
    const quarter = tdsQuarterOfDay(day);

    expect(quarter).toMatchObject({ key, certificateDueOn: due, label });
    expect(tdsQuarterFromKey(key)).toEqual(quarter);
  });

  it('when a quarter key is malformed, then it is no quarter', () => {
    for (const key of ['2026-28-Q1', '2026-27-Q5', '2026-27', 'x', 7]) expect(tdsQuarterFromKey(key)).toBeNull();
  });

  it('when the console lists recent quarters, then they go back in order across financial years', () => {
    expect(recentTdsQuarters('2026-05-10', 3).map((quarter) => quarter.key)).toEqual([
      '2026-27-Q1',
      '2025-26-Q4',
      '2025-26-Q3',
    ]);
  });

  it('when the 2025 Act governs the day, then the certificate is Form 131; before, Form 16A', () => {
    expect(tdsCertificateFormOn('2026-03-31')).toBe('Form 16A');
    expect(tdsCertificateFormOn('2026-04-01')).toBe('Form 131');
  });
});
