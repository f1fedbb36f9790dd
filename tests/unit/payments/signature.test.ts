import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutPayload, signatureMatches } from '../../../server/payments/signature';
import { payableAmountPaise } from '../../../server/payments/payment-orders';

const SECRET = 'test-secret';
const sign = (payload: string) => createHmac('sha256', SECRET).update(payload).digest('hex');

describe('signatureMatches', () => {
  it("when the signature is Razorpay's HMAC of order_id|payment_id, then it matches", () => {
    const payload = checkoutPayload('order_A', 'pay_B');
    expect(payload).toBe('order_A|pay_B');
    expect(signatureMatches(SECRET, payload, sign(payload))).toBe(true);
  });

  it('when the signature is for other ids, malformed, empty or of another length, then it does not match', () => {
    const payload = checkoutPayload('order_A', 'pay_B');
    expect(signatureMatches(SECRET, payload, sign('order_X|pay_B'))).toBe(false);
    expect(signatureMatches(SECRET, payload, 'zz')).toBe(false);
    expect(signatureMatches(SECRET, payload, '')).toBe(false);
    expect(signatureMatches(SECRET, payload, sign(payload).slice(0, 62))).toBe(false);
    expect(signatureMatches('other-secret', payload, sign(payload))).toBe(false);
  });
});

describe('payableAmountPaise', () => {
  it('when an order total agrees with the catalogue, then the amount is its paise', () => {
    expect(payableAmountPaise('product_order', { items: [{ id: 'manufacturing-Starter' }], total: 110000 })).toBe(
      11_000_000,
    );
  });

  it('when an order total disagrees with the catalogue, then it is a 400', () => {
    expect(() => payableAmountPaise('product_order', { items: [{ id: 'manufacturing-Starter' }], total: 1 })).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });

  it('when an invoice has a decimal amount, then paise are rounded whole; below ₹1 is a 400', () => {
    expect(payableAmountPaise('invoice', { amount: 10.105 })).toBe(1011);
    expect(() => payableAmountPaise('invoice', { amount: 0.5 })).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => payableAmountPaise('invoice', { amount: '100' })).toThrow(expect.objectContaining({ status: 400 }));
  });
});
