import { Writable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { ALERT } from '../../server/alerts';
import { loadConfig } from '../../server/config';
import { JobRunner } from '../../server/jobs/runner';
import { createLogger } from '../../server/logger';
import { drainOutbox } from '../../server/mail/drain';
import { enqueueMail } from '../../server/mail/outbox';
import { createSmtpTransport } from '../../server/mail/transport';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, stack } from '../helpers/emulators';
import { drainOptions, mailServerSwitch } from '../helpers/mail-catcher';
import { deliverWebhook, paidReplacedOrder, waitFor } from './payments-fixtures';

/**
 * The events deploy/monitoring's log-based metrics count (jsonPayload.alert="…"): each is logged,
 * in the JSON Cloud Logging reads, by the code path that meets it.
 */
function cloudLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger(
    loadConfig({ FIREBASE_PROJECT_ID: stack.projectId, LOG_FORMAT: 'json', LOG_LEVEL: 'info' }),
    stream,
  );
  return { logger, alerts: (name: string) => lines.filter((line) => line.alert === name) };
}

beforeEach(() => clearFirestore());

describe('the log lines alerts are built on', () => {
  it('when a webhook arrives with a bad signature, then a webhook-signature-invalid line is logged', async () => {
    const log = cloudLog();
    const { app } = testApp({ logger: log.logger });

    const response = await deliverWebhook(app, {
      rawBody: Buffer.from('{"event":"payment.captured"}'),
      signature: 'forged',
      eventId: 'evt_forged',
    });

    expect(response.status).toBe(400);
    expect(log.alerts(ALERT.webhookSignature)).toEqual([
      expect.objectContaining({ severity: 'WARNING', signature: 'invalid' }),
    ]);
  });

  it('when a payment lands on an order that no longer carries its gateway order, then one payment-mismatch line names it', async () => {
    const log = cloudLog();
    const { app } = testApp({ logger: log.logger });
    const { cheap, payments } = await paidReplacedOrder(app);

    expect(payments[0]!.get('status')).toBe('mismatch');
    // The line is logged once the transaction has committed, so it may follow the record by a moment.
    const lines = await waitFor(
      async () => log.alerts(ALERT.paymentMismatch),
      (found) => found.length > 0,
    );
    expect(lines).toEqual([
      expect.objectContaining({
        severity: 'ERROR',
        paymentId: payments[0]!.id,
        gatewayOrderId: cheap.body.id,
        reason: 'gateway-order-replaced',
      }),
    ]);
  });

  it('when a mail has used up its attempts, then a mail-failed line is logged (a retry is not one)', async () => {
    const log = cloudLog();
    const { db } = admin();
    const mailServer = await mailServerSwitch();
    const smtp = createSmtpTransport(mailServer.url);
    await enqueueMail(db, 'test:alert', {
      template: 'enquiry-ack',
      data: { name: 'Test Person' },
      to: { address: `alert-${Date.now()}@example.com` },
      replyTo: null,
      attachmentDocumentId: null,
    });
    const start = Date.now();

    await drainOutbox(
      db,
      smtp,
      drainOptions({ now: () => start, maxAttempts: 2, retryBaseMs: 1000, logger: log.logger }),
    );
    const afterRetry = log.alerts(ALERT.mailFailed).length;
    await drainOutbox(db, smtp, drainOptions({ now: () => start + 5_000, maxAttempts: 2, logger: log.logger }));

    expect(afterRetry).toBe(0);
    expect(log.alerts(ALERT.mailFailed)).toEqual([expect.objectContaining({ mailId: 'test:alert', attempts: 2 })]);
    smtp.close();
  });

  it('when a job pass fails, then a job-failed line is logged with the error for Error Reporting', async () => {
    const log = cloudLog();
    const runner = new JobRunner(admin().db, log.logger).register({
      name: 'alert-probe',
      everyMs: 0,
      scope: 'every-instance',
      run: () => Promise.reject(new Error('the probe failed')),
    });

    const outcome = await runner.run('alert-probe');

    expect(outcome).toMatchObject({ ok: false });
    expect(log.alerts(ALERT.jobFailed)).toEqual([
      expect.objectContaining({
        severity: 'ERROR',
        job: 'alert-probe',
        stack_trace: expect.stringMatching(/^Error: the probe failed\n/),
      }),
    ]);
  });
});
