import { existsSync } from 'node:fs';
import { COMPANY } from '../src/domain/company';
import { createApp } from './app';
import { loadConfig } from './config';
import { initFirebase } from './firebase';
import { documentAttachments } from './documents/attachments';
import { startDocumentWorker } from './documents/worker';
import { createLogger } from './logger';
import { accountEmailLookup } from './mail/recipients';
import { createMailTransport } from './mail/transport';
import { startMailWorker } from './mail/worker';
import { createGateway } from './payments/create-gateway';
import { startOrderExpiryTimer } from './payments/order-lifecycle';
import { startReconcileTimer } from './payments/reconcile';

// A developer's .env, if any (variables already set win). Test stacks opt out so a developer's
// real keys never reach a test run.
if (process.env.LOAD_DOTENV !== 'false' && existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
const logger = createLogger(config);
const firebase = initFirebase(config.FIREBASE_PROJECT_ID);
const gateway = createGateway(config);
const app = createApp({ config, firebase, gateway, logger });
const stopReconciling = startReconcileTimer(firebase.db, gateway, config.RECONCILE_INTERVAL_MINUTES, logger);
const stopExpiringOrders = startOrderExpiryTimer(
  firebase.db,
  gateway,
  { intervalMinutes: config.ORDER_EXPIRY_CHECK_MINUTES, maxAgeHours: config.ORDER_EXPIRY_HOURS },
  logger,
);
// Numbers new tax documents right after each payment and every DOCUMENT_INTERVAL_SECONDS (catching up after a restart).
const documentWorker = startDocumentWorker(firebase.db, config.documents, {
  intervalSeconds: config.DOCUMENT_INTERVAL_SECONDS,
  logger,
});
documentWorker.kick();
// Sends the outbox (mail/{id}); without SMTP_URL it logs mails instead, and says so here once.
const mailWorker = startMailWorker(firebase.db, createMailTransport(config, logger), {
  from: config.mailFrom,
  replyTo: { address: config.COMPANY_EMAIL, name: COMPANY.name },
  accountEmail: accountEmailLookup(firebase.auth, firebase.db),
  // A payment receipt carries its tax document's PDF.
  attachmentsFor: documentAttachments(firebase.db, config.documents),
  pollMs: config.MAIL_POLL_SECONDS * 1000,
  logger,
});

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
    stopExpiringOrders();
    documentWorker.stop();
    // Let a send in flight finish and be recorded (else it would end 'failed (interrupted)').
    server.close(() => void mailWorker.stop().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
