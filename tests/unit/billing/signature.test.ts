import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutPayload, signatureMatches } from '../../../server/payments/signature';

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
