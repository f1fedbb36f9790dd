import { describe, expect, it } from 'vitest';
import { readPayable, type PayableType } from '@/domain/payable';
import { creditNoteSnapshot, listedLinesOf, recipientOf } from '../../../server/documents/snapshot';
import { splitInclusiveAmount } from '@/domain/tax';
import type { TaxDocumentSnapshot } from '@/domain/tax-document';

const KARNATAKA = '29';
const settings = { sacCodes: { learning: '999293', invoice: '998315' }, sacDefault: '998314' };
/** The lines of a payable stored with these fields. */
const linesOf = (type: PayableType, stored: Record<string, unknown>) =>
  listedLinesOf(readPayable({ type, docId: 'd1' }, stored), settings);
const noName = { name: null, email: null };

describe('recipientOf (place of supply)', () => {
  it('when the customer has a valid GSTIN, then the place of supply is the GSTIN state, whatever the address says', () => {
    const { recipient, placeOfSupply } = recipientOf(
      { name: 'Asha', state: 'Karnataka', country: 'India', gstin: '27aapfu0939f1zv' },
      noName,
      KARNATAKA,
    );
    expect(recipient).toMatchObject({ gstin: '27AAPFU0939F1ZV', state: 'Karnataka', stateCode: '29' });
    expect(placeOfSupply).toEqual({ state: 'Maharashtra', stateCode: '27' });
  });

  it('when the stored GSTIN is invalid, then it is not printed and the address decides', () => {
    const { recipient, placeOfSupply } = recipientOf(
      { state: 'Kerala', country: 'India', gstin: '27AAPFU0939F1ZW' },
      noName,
      KARNATAKA,
    );
    expect(recipient.gstin).toBeNull();
    expect(placeOfSupply).toEqual({ state: 'Kerala', stateCode: '32' });
  });

  it('when the customer is abroad, then the place of supply is Foreign Country (96)', () => {
    const { placeOfSupply } = recipientOf({ state: 'California', country: 'United States' }, noName, KARNATAKA);
    expect(placeOfSupply).toEqual({ state: 'Foreign Country', stateCode: '96' });
  });

  it('when there is no profile, then the invoice name is used and the place of supply is the seller state', () => {
    const { recipient, placeOfSupply } = recipientOf(undefined, { name: 'Ravi', email: 'ravi@example.com' }, KARNATAKA);
    expect(recipient).toMatchObject({ name: 'Ravi', email: 'ravi@example.com', state: '', stateCode: '' });
    expect(placeOfSupply).toEqual({ state: 'Karnataka', stateCode: '29' });
  });
});

describe('recipientOf (who the document is made out to)', () => {
  const company = {
    name: 'Rohan Mehta',
    email: 'rohan@mehta-exports.example',
    address: '4 Residency Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    gstin: '29AAAAB0000B1ZV',
    legalName: 'Mehta Exports Private Limited',
    pinCode: '560025',
  };

  it("when the buyer is registered (valid GSTIN), then the recipient is the legal name with the GSTIN and the PIN in the address, not the person's name", () => {
    const { recipient, placeOfSupply } = recipientOf(company, noName, KARNATAKA);
    expect(recipient).toEqual({
      name: 'Mehta Exports Private Limited',
      address: '4 Residency Road, Bengaluru 560025',
      state: 'Karnataka',
      stateCode: '29',
      gstin: '29AAAAB0000B1ZV',
      email: 'rohan@mehta-exports.example',
      country: 'India',
    });
    expect(JSON.stringify(recipient)).not.toContain('Rohan Mehta');
    expect(placeOfSupply).toEqual({ state: 'Karnataka', stateCode: '29' });
  });

  it("when a registered buyer's profile predates the legal name, then the person's name is the fallback", () => {
    const { recipient } = recipientOf({ ...company, legalName: '', pinCode: undefined }, noName, KARNATAKA);
    expect(recipient).toMatchObject({
      name: 'Rohan Mehta',
      address: '4 Residency Road, Bengaluru',
      gstin: '29AAAAB0000B1ZV',
    });
  });

  it('when the buyer has no GSTIN (or an invalid one), then the recipient is the person as before, with the PIN when given', () => {
    const consumer = { ...company, gstin: '' };
    expect(recipientOf(consumer, noName, KARNATAKA).recipient).toMatchObject({
      name: 'Rohan Mehta',
      address: '4 Residency Road, Bengaluru 560025',
      gstin: null,
    });
    expect(recipientOf({ ...company, gstin: '29AAAAB0000B1ZW' }, noName, KARNATAKA).recipient).toMatchObject({
      name: 'Rohan Mehta',
      gstin: null,
    });
    expect(recipientOf({ ...consumer, pinCode: '' }, noName, KARNATAKA).recipient.address).toBe(
      '4 Residency Road, Bengaluru',
    );
  });

  it('when the stored PIN code is not a PIN code, then it is not printed; without a city the PIN follows the street', () => {
    expect(recipientOf({ ...company, pinCode: '012345' }, noName, KARNATAKA).recipient.address).toBe(
      '4 Residency Road, Bengaluru',
    );
    expect(recipientOf({ ...company, city: '', pinCode: 560025 }, noName, KARNATAKA).recipient.address).toBe(
      '4 Residency Road',
    );
    expect(recipientOf({ ...company, city: '' }, noName, KARNATAKA).recipient.address).toBe('4 Residency Road, 560025');
  });
});

describe('listedLinesOf', () => {
  it('when an order is paid, then each plan is a line at its catalogue price with its category SAC', () => {
    expect(
      linesOf('product_order', { items: [{ id: 'learning-Starter' }, { id: 'website-Basic', price: '₹1' }] }),
    ).toEqual([
      expect.objectContaining({ sac: '999293', description: 'Learning Apps: Starter plan' }),
      { sac: '998314', description: 'Websites & E-commerce: Basic plan', listedPaise: 2_000_000 },
    ]);
  });

  it('when a plan is no longer sold, then its stored name and price text are used', () => {
    expect(
      linesOf('product_order', { items: [{ id: 'gone-Plan', name: 'Plan', category: 'Gone', price: '₹1,500' }] }),
    ).toEqual([{ sac: '998314', description: 'Gone: Plan', listedPaise: 150_000 }]);
  });

  it('when an invoice is paid, then it is one line for its amount, or its own lines when staff issued them', () => {
    expect(linesOf('invoice', { invoiceId: 'INV-7', amount: 2500.5 })).toEqual([
      { sac: '998315', description: 'Software services as per invoice INV-7', listedPaise: 250_050 },
    ]);
    expect(
      linesOf('invoice', {
        number: 'NB-INV-1',
        amount: 300,
        lines: [
          { description: 'Design', amountPaise: 10_000 },
          { description: 'Build', amountPaise: 20_000 },
        ],
      }),
    ).toEqual([
      { sac: '998315', description: 'Design', listedPaise: 10_000 },
      { sac: '998315', description: 'Build', listedPaise: 20_000 },
    ]);
  });
});

describe('creditNoteSnapshot', () => {
  const original = {
    kind: 'tax-invoice',
    title: 'Tax Invoice',
    number: 'NB/2026-27/0007',
    financialYear: '2026-27',
    issueDate: '01 Apr 2026',
    taxType: 'intra-state',
    pricesIncludeGst: true,
    lines: [
      { sac: '998314', description: 'Design', ratePercent: 18, ...splitInclusiveAmount(40_000_00, 18, 'intra-state') },
      { sac: '998314', description: 'Build', ratePercent: 18, ...splitInclusiveAmount(60_000_00, 18, 'intra-state') },
    ],
    totals: splitInclusiveAmount(1_00_000_00, 18, 'intra-state'),
    payment: {
      paymentId: 'pay_1',
      gatewayOrderId: 'order_1',
      method: 'upi',
      amountPaise: 1_00_000_00,
      paidOn: '01 Apr 2026',
    },
  } as unknown as TaxDocumentSnapshot;
  const input = {
    original,
    originalId: 'pay_1',
    refundId: 'rf_1',
    gatewayRefundId: 'rfnd_Gateway00001',
    reason: 'Duplicate payment',
    refundedAtMs: Date.UTC(2026, 3, 10),
    number: 'CN/2026-27/0001',
    financialYear: '2026-27',
    issuedAtMs: Date.UTC(2026, 3, 10),
  };

  it('when a refund is partial, then the note spreads it over the original lines with the same tax type and references the original', () => {
    const note = creditNoteSnapshot({ ...input, refundPaise: 30_000_00 });
    expect(note).toMatchObject({
      kind: 'credit-note',
      title: 'Credit Note',
      number: 'CN/2026-27/0001',
      taxType: 'intra-state',
    });
    expect(note.totals.totalPaise).toBe(30_000_00);
    expect(note.lines.map((line) => line.totalPaise)).toEqual([12_000_00, 18_000_00]);
    expect(note.lines.every((line) => line.cgstPaise === line.sgstPaise && line.igstPaise === 0)).toBe(true);
    expect(note.original).toEqual({ documentId: 'pay_1', number: 'NB/2026-27/0007', issueDate: '01 Apr 2026' });
    // The refund it records, beside the original payment (kept as it was).
    expect(note.refund).toEqual({
      refundId: 'rf_1',
      gatewayRefundId: 'rfnd_Gateway00001',
      reason: 'Duplicate payment',
      amountPaise: 30_000_00,
      refundedOn: '10 Apr 2026',
    });
    expect(note.payment).toMatchObject({ paymentId: 'pay_1', amountPaise: 1_00_000_00, paidOn: '01 Apr 2026' });
  });

  it('when the refund is the whole payment, then the note reverses exactly the original lines', () => {
    const note = creditNoteSnapshot({ ...input, refundPaise: 1_00_000_00 });
    expect(note.lines).toEqual(original.lines);
    expect(note.totals).toEqual(original.totals);
  });
});
