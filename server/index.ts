import { existsSync } from 'node:fs';
import pino from 'pino';
import { createApp } from './app';
import { loadConfig } from './config';
import { initFirebase } from './firebase';
import { createGateway } from './payments/create-gateway';
import { startReconcileTimer } from './payments/reconcile';

// A developer's .env, if any (variables already set win). Test stacks opt out so a developer's
// real keys never reach a test run.
if (process.env.LOAD_DOTENV !== 'false' && existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
const logger = pino({ level: config.LOG_LEVEL });
const firebase = initFirebase(config.FIREBASE_PROJECT_ID);
const gateway = createGateway(config);
const app = createApp({ config, firebase, gateway, logger });
const stopReconciling = startReconcileTimer(firebase.db, gateway, config.RECONCILE_INTERVAL_MINUTES, logger);

const server = app.listen(config.API_PORT, '0.0.0.0', () => {
  logger.info({ port: config.API_PORT, payments: gateway.mode }, 'API listening');
});

process.on('unhandledRejection', (reason) => {
  logger.fatal({ err: reason }, 'unhandled rejection');
  process.exit(1);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopReconciling();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
