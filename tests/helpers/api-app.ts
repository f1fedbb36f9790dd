import pino from 'pino';
import { createApp } from '../../server/app';
import type { AppDeps } from '../../server/app-deps';
import { loadConfig, type Config } from '../../server/config';
import { initFirebase } from '../../server/firebase';
import { createGateway } from '../../server/payments/create-gateway';
import { stack } from './emulators';

/** The real API on the test emulators, with the sandbox gateway; override any dependency. */
export function testApp(overrides: Partial<AppDeps> & { env?: Record<string, string> } = {}) {
  const config: Config = loadConfig({
    FIREBASE_PROJECT_ID: stack.projectId,
    LOG_LEVEL: 'silent',
    RECONCILE_INTERVAL_MINUTES: '0',
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
