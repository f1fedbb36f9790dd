import type { Firestore } from 'firebase-admin/firestore';
import { assertSandboxAllowed, type Config } from '../config';
import { initFirebase } from '../firebase';
import type { PaymentGateway } from './gateway';
import { RazorpayGateway } from './razorpay';
import { SandboxGateway } from './sandbox';

/** Razorpay when keys are set, otherwise the local sandbox (which keeps its state in Firestore). */
export function createGateway(config: Config, db?: Firestore): PaymentGateway {
  if (config.razorpayEnabled) {
    return new RazorpayGateway(config.RAZORPAY_KEY_ID!, config.RAZORPAY_KEY_SECRET!, config.RAZORPAY_WEBHOOK_SECRET);
  }
  assertSandboxAllowed(config);
  return new SandboxGateway(db ?? initFirebase(config.FIREBASE_PROJECT_ID).db, config.SANDBOX_SECRET);
}
