import type { Logger } from 'pino';
import { COMPANY } from '../../src/domain/company';
import type { Config } from '../config';
import { documentAttachments } from '../documents/attachments';
import { documentsJob } from '../documents/worker';
import type { FirebaseDeps } from '../firebase';
import { accountEmailLookup } from '../mail/recipients';
import type { MailTransport } from '../mail/transport';
import { mailJob } from '../mail/worker';
import type { PaymentGateway } from '../payments/gateway';
import { orderExpiryJob } from '../payments/order-lifecycle';
import { reconcileJob } from '../payments/reconcile';
import { JobRunner } from './runner';

export { JobRunner } from './runner';

/**
 * Every periodic job of the API, one line each (see JobRunner): reconciliation and the expiry of
 * unpaid orders once per interval across instances; the mail outbox and the tax-document
 * numbering on every instance.
 */
export function createJobs(
  {
    config,
    firebase,
    gateway,
    logger,
  }: { config: Config; firebase: FirebaseDeps; gateway: PaymentGateway; logger: Logger },
  transport: MailTransport,
): JobRunner {
  const { db, auth } = firebase;
  const runner = new JobRunner(db, logger)
    .register(reconcileJob(db, gateway, config.RECONCILE_INTERVAL_MINUTES, logger))
    .register(documentsJob(db, config.documents, { intervalSeconds: config.DOCUMENT_INTERVAL_SECONDS, logger }))
    .register(
      mailJob(db, transport, {
        from: config.mailFrom,
        replyTo: { address: config.COMPANY_EMAIL, name: COMPANY.name },
        accountEmail: accountEmailLookup(auth, db),
        // A payment receipt carries its tax document's PDF.
        attachmentsFor: documentAttachments(db, config.documents),
        pollMs: config.MAIL_POLL_SECONDS * 1000,
        logger,
      }),
    );
  // ORDER_EXPIRY_HOURS=0 keeps unpaid orders open.
  if (config.ORDER_EXPIRY_HOURS > 0) {
    const expiry = { intervalMinutes: config.ORDER_EXPIRY_CHECK_MINUTES, maxAgeHours: config.ORDER_EXPIRY_HOURS };
    runner.register(orderExpiryJob(db, gateway, expiry, logger));
  }
  return runner;
}
