import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256, the signature scheme of Razorpay's checkout and webhooks. */
export function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/**
 * Compares a received hex signature with the expected one in constant time. Razorpay's own
 * helper uses `===`, which leaks how many leading characters matched.
 */
export function signatureMatches(secret: string, payload: string | Buffer, received: string): boolean {
  if (typeof received !== 'string' || !/^[a-f0-9]{64}$/i.test(received)) return false;
  const expected = Buffer.from(hmacHex(secret, payload), 'hex');
  const actual = Buffer.from(received, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The checkout signature's payload: `order_id|payment_id`. */
export function checkoutPayload(orderId: string, paymentId: string): string {
  return `${orderId}|${paymentId}`;
}
