import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DUPLICATE_WAIT_MS } from '../../server/payments/event-claims';
import { gatewayStyleId } from '../../server/payments/ids';
import { paymentWebhookBody } from '../../server/payments/webhook-event';
import { testInstance } from '../helpers/api-app';
import { admin, clearFirestore } from '../helpers/emulators';
import {
  deliverWebhook,
  docData,
  openedCheckout,
  orderPath,
  paymentsFor,
  sandboxOf,
  sandboxPay,
} from './payments-fixtures';

let servers: Server[] = [];

beforeEach(async () => {
  await clearFirestore();
});

afterEach(() => {
  for (const server of servers) server.close();
  servers = [];
});

/** Two API instances (own Firestore clients) listening, and an order paid in the sandbox with its webhook dropped. */
async function paidOrderOnTwoInstances() {
  const instances = [testInstance('storm-a'), testInstance('storm-b')];
  servers = instances.map(({ app }) => app.listen(0, '127.0.0.1'));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.once('listening', resolve))));
  const urls = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const { app, deps } = instances[0]!;
  const { user, orderId, gatewayOrderId } = await openedCheckout(app);
  const paid = await sandboxPay(app, user.idToken, gatewayOrderId);
  if (paid.outcome !== 'success') throw new Error('expected a captured payment');
  const sandbox = sandboxOf(deps.gateway);
  const payment = (await sandbox.fetchPayment(paid.result.razorpay_payment_id))!;
  return { instances, urls, user, orderId, gatewayOrderId, sandbox, payment };
}

async function post(url: string, webhook: { rawBody: Buffer; signature: string; eventId: string }) {
  const started = performance.now();
  const response = await fetch(`${url}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Razorpay-Signature': webhook.signature,
      'X-Razorpay-Event-Id': webhook.eventId,
    },
    body: new Uint8Array(webhook.rawBody),
  });
  const body = (await response.json()) as { outcome?: string };
  return { status: response.status, ms: performance.now() - started, outcome: body.outcome };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

describe('a webhook storm', () => {
  it('when one event arrives 50 times at once with 50 other events for the same order, then all answer 2xx within 5 s, one payment is recorded and the order flips to Paid once', async () => {
    const { urls, user, orderId, gatewayOrderId, sandbox, payment } = await paidOrderOnTwoInstances();
    const captured = sandbox.signWebhook(paymentWebhookBody('payment.captured', payment));
    // Razorpay sends payment.captured and order.paid for one payment, each under its own event id.
    const others = Array.from({ length: 50 }, (_, index) =>
      sandbox.signWebhook(
        paymentWebhookBody(index % 2 ? 'order.paid' : 'payment.captured', payment),
        gatewayStyleId('evt'),
      ),
    );

    const deliveries = await Promise.all([
      ...Array.from({ length: 50 }, (_, index) => post(urls[index % 2]!, captured)),
      ...others.map((webhook, index) => post(urls[index % 2]!, webhook)),
    ]);

    const failed = deliveries.filter((delivery) => delivery.status < 200 || delivery.status >= 300);
    const times = deliveries.map((delivery) => delivery.ms);
    console.info(
      `webhook storm: ${deliveries.length} deliveries, p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, ${failed.length} errors`,
    );
    expect(failed).toEqual([]);
    // No delivery queues behind the others (a hundred in a row would take far longer). The 2 s p99
    // target is measured on a quiet machine by \`npm run bench:api -- --webhook-storm\`: here two
    // browsers share the two cores, and one run read 2.2 s.
    expect(Math.max(...times)).toBeLessThan(5000);
    expect(await paymentsFor(gatewayOrderId)).toHaveLength(1);
    const stored = await docData(orderPath(user.uid, orderId));
    expect(stored).toMatchObject({ status: 'Paid', paymentId: payment.id });
    // One flip: exactly one delivery applied the payment; one tax document and one receipt follow it.
    expect(deliveries.filter((delivery) => delivery.outcome === 'paid')).toHaveLength(1);
    expect((await admin().db.collection('documents').get()).size).toBe(1);
    expect((await admin().db.doc(`mail/payment:${payment.id}`).get()).exists).toBe(true);
    const events = await admin().db.collection('webhookEvents').get();
    expect(events.docs.filter((event) => event.get('outcome') === 'paid')).toHaveLength(1);
    expect(events.docs.every((event) => event.get('status') === 'done')).toBe(true);
  }, 60_000);

  it('when the handler of an event died after claiming it, then the next delivery takes the lapsed claim over and does the work once', async () => {
    const { urls, user, orderId, gatewayOrderId, sandbox, payment } = await paidOrderOnTwoInstances();
    const webhook = sandbox.signWebhook(paymentWebhookBody('payment.captured', payment));
    await admin()
      .db.doc(`webhookEvents/${webhook.eventId}`)
      .set({ status: 'processing', claimId: 'dead-handler', leaseUntil: Timestamp.fromMillis(Date.now() - 1) });

    const retried = await post(urls[1]!, webhook);
    const again = await post(urls[0]!, webhook);

    expect([retried.status, retried.outcome]).toEqual([200, 'paid']);
    expect([again.status, again.outcome]).toEqual([200, 'duplicate-event']);
    expect(await paymentsFor(gatewayOrderId)).toHaveLength(1);
    expect((await docData(orderPath(user.uid, orderId)))?.status).toBe('Paid');
    expect((await docData(`webhookEvents/${webhook.eventId}`))?.status).toBe('done');
  });

  it('when the handler died after recording the payment but before closing the event, then the retry finds the work done', async () => {
    const { instances, urls, gatewayOrderId, sandbox, payment } = await paidOrderOnTwoInstances();
    const webhook = sandbox.signWebhook(paymentWebhookBody('payment.captured', payment));
    expect((await deliverWebhook(instances[0]!.app, webhook)).body.outcome).toBe('paid');
    await admin()
      .db.doc(`webhookEvents/${webhook.eventId}`)
      .update({ status: 'processing', claimId: 'dead-handler', leaseUntil: Timestamp.fromMillis(Date.now() - 1) });

    const retried = await post(urls[1]!, webhook);

    expect([retried.status, retried.outcome]).toEqual([200, 'already-recorded']);
    expect(await paymentsFor(gatewayOrderId)).toHaveLength(1);
    expect((await admin().db.collection('documents').get()).size).toBe(1);
  });

  it('when another live handler holds the event, then a duplicate answers 2xx in-progress within its short wait and changes nothing', async () => {
    const { urls, user, orderId, sandbox, payment } = await paidOrderOnTwoInstances();
    const webhook = sandbox.signWebhook(paymentWebhookBody('payment.captured', payment));
    await admin()
      .db.doc(`webhookEvents/${webhook.eventId}`)
      .set({ status: 'processing', claimId: 'live-handler', leaseUntil: Timestamp.fromMillis(Date.now() + 60_000) });

    const duplicate = await post(urls[0]!, webhook);

    expect([duplicate.status, duplicate.outcome]).toEqual([200, 'in-progress']);
    expect(duplicate.ms).toBeLessThan(DUPLICATE_WAIT_MS + 1000);
    expect((await docData(orderPath(user.uid, orderId)))?.status).toBe('Pending');
  });
});
