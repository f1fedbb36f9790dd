import type { Firestore } from 'firebase-admin/firestore';
import { assertSandboxAllowed, type Config } from '../config';
import { withDeadline } from '../deadline';
import { initFirebase } from '../firebase';
import type { PaymentGateway } from './gateway';
import { RazorpayGateway } from './razorpay';
import { SandboxGateway } from './sandbox';

/** No gateway call waits longer than this (nor past the request's budget). */
export const GATEWAY_CALL_TIMEOUT_MS = 6000;

const REMOTE_CALLS = new Set<PropertyKey>(['createOrder', 'fetchPayment', 'fetchOrderPayments']);

/**
 * The gateway with a deadline on every remote call: past it the caller gets a
 * DependencyUnavailableError (503). A Proxy, so `instanceof SandboxGateway` still holds.
 */
export function withGatewayDeadlines<T extends PaymentGateway>(gateway: T, timeoutMs = GATEWAY_CALL_TIMEOUT_MS): T {
  return new Proxy(gateway, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (!REMOTE_CALLS.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        withDeadline('gateway', timeoutMs, () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
    },
  });
}

/** Razorpay when keys are set, otherwise the local sandbox (which keeps its state in Firestore). */
export function createGateway(config: Config, db?: Firestore): PaymentGateway {
  if (config.razorpayEnabled) {
    return withGatewayDeadlines(
      new RazorpayGateway(config.RAZORPAY_KEY_ID!, config.RAZORPAY_KEY_SECRET!, config.RAZORPAY_WEBHOOK_SECRET),
    );
  }
  assertSandboxAllowed(config);
  return withGatewayDeadlines(
    new SandboxGateway(db ?? initFirebase(config.FIREBASE_PROJECT_ID).db, config.SANDBOX_SECRET),
  );
}
