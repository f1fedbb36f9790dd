import type { Config } from '../config';
import type { PaymentGateway } from './gateway';

/** Razorpay when keys are set, otherwise the local sandbox. */
export function createGateway(config: Config): PaymentGateway {
  if (config.razorpayEnabled) {
    return { mode: 'razorpay', keyId: config.RAZORPAY_KEY_ID!, createOrder: () => Promise.reject(new Error('not implemented')) };
  }
  return { mode: 'sandbox', keyId: 'rzp_test_sandbox', createOrder: () => Promise.reject(new Error('not implemented')) };
}
