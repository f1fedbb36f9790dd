import { describe, expect, it } from 'vitest';
import { payableLabel, payableLines, pricePayable, PRICING_MESSAGES, readPayable } from '@/domain/payable';
import type { TaxSettings } from '@/domain/tax';

const INCLUSIVE: TaxSettings = { registered: true, ratePercent: 18, pricesIncludeGst: true };
const EXCLUSIVE: TaxSettings = { registered: true, ratePercent: 18, pricesIncludeGst: false };
const order = (stored: Record<string, unknown>) => readPayable({ type: 'product_order', docId: 'o1' }, stored);
const invoice = (stored: Record<string, unknown>) => readPayable({ type: 'invoice', docId: 'i1' }, stored);

describe('readPayable', () => {
  it('when a payable is read, then its stored rupees become paise once and odd fields are left out', () => {
    expect(order({ total: 110000, orderNumber: ' ORD-1 ', items: 'not a list' })).toMatchObject({
      totalPaise: 11_000_000,
      orderNumber: 'ORD-1',
      items: [],
    });
    expect(
      invoice({ amount: 2500.5, lines: [{ description: 'Build', amountPaise: 250_050 }, { description: 7 }] }),
    ).toMatchObject({ amountPaise: 250_050, lines: [{ description: 'Build', amountPaise: 250_050 }] });
    expect(invoice({ amount: '100' }).amountPaise).toBeNull();
  });
});

describe('pricePayable (charging)', () => {
  it('when an order total agrees with the catalogue, then it charges the catalogue price', () => {
    expect(pricePayable(order({ items: [{ id: 'manufacturing-Starter' }], total: 110000 }), INCLUSIVE)).toMatchObject({
      ok: true,
      listedPaise: 11_000_000,
      chargedPaise: 11_000_000,
    });
  });

  it('when an order total disagrees, or an item is no longer sold, then it cannot be charged, with the reason', () => {
    expect(pricePayable(order({ items: [{ id: 'manufacturing-Starter' }], total: 1 }), INCLUSIVE)).toEqual({
      ok: false,
      message: PRICING_MESSAGES.totalChanged,
    });
    expect(pricePayable(order({ items: [{ id: 'gone-Plan' }], total: 1 }), INCLUSIVE)).toEqual({
      ok: false,
      message: PRICING_MESSAGES.itemNotSold('gone-Plan'),
    });
  });

  it('when an invoice has a decimal amount, then paise are rounded whole; below ₹1 or not a number cannot be charged', () => {
    expect(pricePayable(invoice({ amount: 10.105 }), INCLUSIVE)).toMatchObject({ ok: true, chargedPaise: 1011 });
    expect(pricePayable(invoice({ amount: 0.5 }), INCLUSIVE)).toEqual({
      ok: false,
      message: PRICING_MESSAGES.noInvoiceAmount,
    });
    expect(pricePayable(invoice({ amount: '100' }), INCLUSIVE).ok).toBe(false);
  });

  it('when prices exclude GST, then each line is charged with its GST, as its tax invoice prints it', () => {
    const pricing = pricePayable(
      invoice({
        amount: 300,
        lines: [
          { description: 'Design', amountPaise: 10_000 },
          { description: 'Build', amountPaise: 20_000 },
        ],
      }),
      EXCLUSIVE,
    );
    expect(pricing).toMatchObject({ ok: true, listedPaise: 30_000, chargedPaise: 35_400 });
  });
});

describe('payableLines and payableLabel (printing)', () => {
  it('when a plan is no longer sold, then its stored name and price text are printed (never charged)', () => {
    const payable = order({ items: [{ id: 'gone-Plan', name: 'Plan', category: 'Gone', price: '₹1,500' }] });
    expect(payableLines(payable)).toEqual([{ sacKey: '', description: 'Gone: Plan', listedPaise: 150_000 }]);
  });

  it('when it is labelled, then an order is named by its number and an invoice by its number or id', () => {
    expect(payableLabel(order({ orderNumber: 'ORD-17' }))).toBe('Order ORD-17');
    expect(payableLabel(invoice({ invoiceId: 'inv-7' }))).toBe('Invoice inv-7');
    expect(payableLabel(invoice({ invoiceId: 'INV-0001', number: 'INV-0001' }))).toBe('Invoice INV-0001');
    expect(payableLabel(invoice({}))).toBe('Invoice i1');
  });
});

describe('lines with their own SAC', () => {
  it("when an issued invoice's line carries a SAC, then it is read with it; a malformed one is left out", () => {
    const payable = invoice({
      kind: 'proforma',
      lines: [
        { description: 'Deposit: Design', amountPaise: 90_000, sac: '998315' },
        { description: 'Deposit: Training', amountPaise: 30_000, sac: 'nonsense' },
      ],
    });
    expect(payableLines(payable)).toEqual([
      { sacKey: 'invoice', sac: '998315', description: 'Deposit: Design', listedPaise: 90_000 },
      { sacKey: 'invoice', description: 'Deposit: Training', listedPaise: 30_000 },
    ]);
  });
});
