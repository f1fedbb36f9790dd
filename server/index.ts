import { existsSync } from 'node:fs';
import { createApp } from './app';
import { paymentsContext } from './app-deps';
import { loadConfig } from './config';
import { initFirebase } from './firebase';
import { createJobs } from './jobs';
import { createLogger } from './logger';
import { createMailTransport } from './mail/transport';
import { createGateway } from './payments/create-gateway';

// A developer's .env, if any (variables already set win). Test stacks opt out so a developer's
// real keys never reach a test run.
if (process.env.LOAD_DOTENV !== 'false' && existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
const logger = createLogger(config);
const firebase = initFirebase(config.FIREBASE_PROJECT_ID);
const gateway = createGateway(config);
// Without SMTP_URL mails are logged instead of sent (the transport says so once).
const transport = createMailTransport(config, logger);
// Reconciliation and order expiry (once per interval across instances), the outbox and documents.
const jobs = createJobs(
  { config, firebase, payments: paymentsContext({ config, firebase, gateway, logger }), logger },
  transport,
).start();
const app = createApp({ config, firebase, gateway, logger, jobs });

const server = app.listen(config.API_PORT, '0.0.0.0', () => {
  logger.info(
    { port: config.API_PORT, payments: gateway.mode, appCheck: config.APP_CHECK, instance: jobs.instance },
    'API listening',
  );
});

// No request's bytes take longer than the slowest upload may (UPLOAD_BODY_TIMEOUT_SECONDS, checked
// per upload) and a little more: a sender trickling a body is cut off here at the latest (Node's
// default is 300 s), and its headers must all arrive within 20 s.
server.requestTimeout = config.UPLOAD_BODY_TIMEOUT_SECONDS * 1000 + 30_000;
server.headersTimeout = 20_000;

process.on('unhandledRejection', (reason) => {
  logger.fatal({ err: reason }, 'unhandled rejection');
  process.exit(1);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    // Let a pass in flight finish and be recorded (a mail being sent would end 'failed (interrupted)').
    server.close(
      () =>
        void jobs
          .stop()
          .then(() => transport.close())
          .finally(() => process.exit(0)),
    );
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
