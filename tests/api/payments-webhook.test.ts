import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { paymentWebhookBody } from '../../server/payments/webhook-event';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore } from '../helpers/emulators';
import {
  capturedWebhook,
  createPaymentOrder,
  deliverWebhook,
  docData,
  newUser,
  orderPath,
  paidCheckout,
  paymentsFor,
  paidReplacedOrder,
  sandboxOf,
  sandboxPay,
  seedOrder,
  verifyPayment,
  waitFor,
} from './payments-fixtures';

beforeEach(async () => {
  await clearFirestore();
});

describe('POST /api/payments/webhook', () => {
  const deliver = deliverWebhook;

  it('when the same event is delivered twice, then it takes effect once', async () => {
    const { app, deps, user, orderId, gatewayOrderId, result } = await paidCheckout();
    const webhook = await capturedWebhook(deps.gateway, gatewayOrderId, result.razorpay_payment_id);

    const first = await deliver(app, webhook);
    const replay = await deliver(app, webhook);

    expect([first.status, replay.status]).toEqual([200, 200]);
    expect(first.body.outcome).toBe('paid');
    expect(replay.body.outcome).toBe('duplicate-event');
    expect((await docData(orderPath(user.uid, orderId)))?.status).toBe('Paid');
    expect(await paymentsFor(gatewayOrderId)).toHaveLength(1);
    expect((await admin().db.collection('webhookEvents').get()).size).toBe(1);
  });

  it('when the webhook arrives before verify, then the order ends Paid exactly once and verify still succeeds', async () => {
    const { app, deps, user, orderId, gatewayOrderId, result } = await paidCheckout();
    const webhook = await capturedWebhook(deps.gateway, gatewayOrderId, result.razorpay_payment_id);
    const orderPaid = await capturedWebhook(deps.gateway, gatewayOrderId, result.razorpay_payment_id, 'order.paid');

    expect((await deliver(app, webhook)).status).toBe(200);
    const paidAt = (await docData(orderPath(user.uid, orderId)))?.paidAt;
    const verify = await verifyPayment(app, user.idToken, result);
    expect((await deliver(app, orderPaid)).body.outcome).toBe('already-recorded');

    expect(verify.status).toBe(200);
    expect(verify.body.status).toBe('Paid');
    const stored = await docData(orderPath(user.uid, orderId));
    expect(stored).toMatchObject({ status: 'Paid', paymentId: result.razorpay_payment_id });
    expect(stored?.paidAt).toEqual(paidAt);
    const payments = await paymentsFor(gatewayOrderId);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.get('source')).toBe('webhook');
  });

  it('when a failure arrives after the capture (out of order), then the order stays Paid', async () => {
    const { app, deps, user, orderId, gatewayOrderId, result } = await paidCheckout();
    const sandbox = sandboxOf(deps.gateway);
    const payment = (await sandbox.fetchPayment(result.razorpay_payment_id))!;
    await deliver(app, await capturedWebhook(deps.gateway, gatewayOrderId, payment.id));

    const failure = sandbox.signWebhook(
      paymentWebhookBody('payment.failed', {
        ...payment,
        id: 'pay_Late0000000000',
        status: 'failed',
        errorDescription: 'late',
      }),
    );
    const response = await deliver(app, failure);

    expect(response.status).toBe(200);
    const stored = await docData(orderPath(user.uid, orderId));
    expect(stored?.status).toBe('Paid');
    expect(stored?.lastPaymentFailure).toBeUndefined();
  });

  it('when the signature is wrong, then it answers 400 and nothing changes', async () => {
    const { app, deps, user, orderId, gatewayOrderId, result } = await paidCheckout();
    const webhook = await capturedWebhook(deps.gateway, gatewayOrderId, result.razorpay_payment_id);

    const response = await deliver(app, { ...webhook, signature: '0'.repeat(64) });
    const unsigned = await request(app)
      .post('/api/payments/webhook')
      .set('Content-Type', 'application/json')
      .send(webhook.rawBody.toString());

    expect(response.status).toBe(400);
    expect(unsigned.status).toBe(400);
    expect((await docData(orderPath(user.uid, orderId)))?.status).toBe('Pending');
    expect((await admin().db.collection('webhookEvents').get()).size).toBe(0);
  });

  it.each(['payment.captured', 'payment.failed'])(
    'when a signed %s event has no order id (a payment made without an order), then it answers 200 and ignores it',
    async (event) => {
      const { app, deps } = testApp();
      const body = JSON.parse(
        paymentWebhookBody(event as 'payment.captured', {
          id: 'pay_NoOrder0000000',
          orderId: 'order_unused',
          status: event === 'payment.failed' ? 'failed' : 'captured',
          amount: 50_000,
          currency: 'INR',
        }),
      );
      body.payload.payment.entity.order_id = null;

      const response = await deliver(app, sandboxOf(deps.gateway).signWebhook(JSON.stringify(body)));

      expect(response.status).toBe(200);
      expect(response.body.outcome).toBe('ignored');
      expect((await admin().db.collection('payments').get()).size).toBe(0);
    },
  );

  it.each(['../x', 'a/b', 'x'.repeat(65), '__x__.'])(
    'when the event id header is %j (not an id Razorpay sends), then it answers 400 and records nothing',
    async (eventId) => {
      const { app, deps, user, orderId, gatewayOrderId, result } = await paidCheckout();
      const webhook = await capturedWebhook(deps.gateway, gatewayOrderId, result.razorpay_payment_id);

      const response = await deliver(app, { ...webhook, eventId });

      expect(response.status).toBe(400);
      expect((await docData(orderPath(user.uid, orderId)))?.status).toBe('Pending');
      expect((await admin().db.collection('webhookEvents').get()).size).toBe(0);
    },
  );

  it('when the event is of an unknown kind, then it answers 200 and ignores it', async () => {
    const { app, deps } = testApp();
    const webhook = sandboxOf(deps.gateway).signWebhook(
      JSON.stringify({ entity: 'event', event: 'refund.processed', payload: {} }),
    );

    const response = await deliver(app, webhook);

    expect(response.status).toBe(200);
    expect(response.body.outcome).toBe('ignored');
  });

  it('when the sandbox Pay button is pressed, then its webhook alone marks the order Paid', async () => {
    const { app } = testApp();
    const user = await newUser();
    const orderId = await seedOrder(user.uid);
    const order = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });

    await sandboxPay(app, user.idToken, order.body.id as string, 'success', 'deliver');

    const stored = await waitFor(
      () => docData(orderPath(user.uid, orderId)),
      (data) => data?.status === 'Paid',
    );
    expect(stored?.status).toBe('Paid');
    expect(await paymentsFor(order.body.id as string)).toHaveLength(1);
  });
});

describe('an order deleted and re-created under the same id', () => {
  it('when the re-created order never asked for a gateway order, then the webhook of the old one does not mark it Paid', async () => {
    const { app } = testApp();
    const { user, orderId, payments } = await paidReplacedOrder(app);
    expect(payments[0]!.get('status')).toBe('mismatch');
    expect((await docData(orderPath(user.uid, orderId)))?.status).toBe('Pending');
  });
});
