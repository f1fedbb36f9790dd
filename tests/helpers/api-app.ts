import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { createApp } from '../../server/app';
import { paymentsContext, type AppDeps } from '../../server/app-deps';
import { loadConfig, type Config } from '../../server/config';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { deadlineFirestore, initFirebase, type FirebaseDeps } from '../../server/firebase';
import { createJobs } from '../../server/jobs';
import { createLogTransport } from '../../server/mail/transport';
import { createGateway } from '../../server/payments/create-gateway';
import { stack } from './emulators';

/**
 * Firebase Admin on the test emulators under an app of its own: its own Firestore client, as
 * another API instance would have (instances share nothing but the database).
 */
export function instanceFirebase(name: string): FirebaseDeps {
  const app =
    getApps().find((existing) => existing.name === name) ?? initializeApp({ projectId: stack.projectId }, name);
  return { auth: getAuth(app), db: deadlineFirestore(app) };
}

/** An API instance with its own Firebase clients (see instanceFirebase), on the sandbox gateway. */
export function testInstance(name: string, env: Record<string, string> = {}) {
  const firebase = instanceFirebase(name);
  const { deps } = testApp({ env });
  return testApp({ env, firebase, gateway: createGateway(deps.config, firebase.db) });
}

/** The real API on the test emulators, with the sandbox gateway; override any dependency. */
export function testApp(overrides: Partial<AppDeps> & { env?: Record<string, string> } = {}) {
  const config: Config = loadConfig({
    FIREBASE_PROJECT_ID: stack.projectId,
    LOG_LEVEL: 'silent',
    RECONCILE_INTERVAL_MINUTES: '0',
    // Each test app counts its own rate limits, unless a test shares a scope on purpose.
    RATE_LIMIT_SCOPE: `test-${randomUUID().slice(0, 8)}`,
    // supertest is no browser: App Check is only logged here; tests/api/app-check.test.ts enforces it.
    APP_CHECK: 'monitor',
    ...overrides.env,
  });
  const deps: AppDeps = {
    config,
    firebase: initFirebase(stack.projectId),
    gateway: createGateway(config),
    logger: pino({ level: 'silent' }),
    ...overrides,
  };
  return { app: createApp(deps), deps };
}

/** Every periodic job of a test app, as the API registers them (createJobs): logging nothing, mailing to a log. */
export function testJobs(deps: AppDeps) {
  const silent = pino({ level: 'silent' });
  return createJobs(
    { config: deps.config, firebase: deps.firebase, payments: paymentsContext(deps), logger: silent },
    createLogTransport(silent),
  );
}
