import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-shaped ids (`order_` / `pay_` + 14 alphanumerics), for the sandbox and test events. */
export function gatewayStyleId(prefix: 'order' | 'pay' | 'evt' | 'rfnd'): string {
  const bytes = randomBytes(14);
  let suffix = '';
  for (const byte of bytes) suffix += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${suffix}`;
}
