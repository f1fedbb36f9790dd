/**
 * One reconciliation pass, for cron or by hand: `npm run reconcile`.
 * Marks 'Paid' every pending order or invoice whose gateway order (older than 15 minutes) has a
 * captured payment. Uses the same configuration as the API (Razorpay keys or the sandbox).
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../server/config';
import { initFirebase } from '../server/firebase';
import { createLogger } from '../server/logger';
import { createGateway } from '../server/payments/create-gateway';
import { reconcilePass } from '../server/payments/reconcile';

// The same .env as the API (see server/index.ts); variables already set win.
if (process.env.LOAD_DOTENV !== 'false' && existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
const logger = createLogger(config);
const { db } = initFirebase(config.FIREBASE_PROJECT_ID);
const gateway = createGateway(config, db);

try {
  const report = await reconcilePass({ db, gateway, documents: config.documents, logger });
  logger.info({ ...report, gateway: gateway.mode }, 'reconciliation finished');
  process.exit(report.failed > 0 ? 1 : 0);
} catch (error) {
  logger.error({ err: error }, 'reconciliation failed');
  process.exit(1);
}
