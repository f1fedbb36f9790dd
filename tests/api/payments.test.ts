import { FieldValue } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { findCatalogueEntry } from '@/domain/catalogue';
import { PAYMENT_ORDER_FAILED } from '../../server/payments/payment-orders';
import type { PaymentGateway } from '../../server/payments/gateway';
import { SandboxGateway } from '../../server/payments/sandbox';
import { paymentWebhookBody } from '../../server/payments/webhook-event';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore } from '../helpers/emulators';
import {
  createPaymentOrder,
  docData,
  line,
  newUser,
  orderPath,
  paymentsFor,
  sandboxPay,
  seedInvoice,
  seedOrder,
  waitFor,
} from './payments-fixtures';

// website-Basic (₹20,000) + manufacturing-Starter (₹1,10,000)
const EXPECTED_PAISE = 130_000 * 100;

beforeEach(async () => {
  await clearFirestore();
});

function deliverWebhook(
  app: Parameters<typeof request>[0],
  webhook: { rawBody: Buffer; signature: string; eventId: string },
) {
  return request(app)
    .post('/api/payments/webhook')
    .set('Content-Type', 'application/json')
    .set('X-Razorpay-Signature', webhook.signature)
    .set('X-Razorpay-Event-Id', webhook.eventId)
    .send(webhook.rawBody.toString());
}

function sandboxOf(gateway: PaymentGateway): SandboxGateway {
  if (!(gateway instanceof SandboxGateway)) throw new Error('tests run on the sandbox gateway');
  return gateway;
}

describe('POST /api/payments/orders', () => {
  it('when there is no ID token, then both order paths and verify answer 401', async () => {
    const { app } = testApp();
    for (const path of ['/api/payments/orders', '/create-razorpay-order', '/api/payments/verify']) {
      const response = await request(app).post(path).send({ firestore_id: 'x', type: 'product_order' });
      expect(response.status, path).toBe(401);
      expect(response.body.message).toBeTruthy();
    }
  });

  it('when a pending order is paid for, then the amount comes from the catalogue and the gateway order is stored on it', async () => {
    const { app } = testApp();
    const user = await newUser();
    const orderId = await seedOrder(user.uid);

    const response = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      amount: EXPECTED_PAISE,
      currency: 'INR',
      keyId: 'rzp_test_sandbox',
      gateway: 'sandbox',
    });
    expect(response.body.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const stored = await docData(orderPath(user.uid, orderId));
    expect(stored).toMatchObject({
      gatewayOrderId: response.body.id,
      gatewayOrderAmount: EXPECTED_PAISE,
      status: 'Pending',
    });
    const sandboxOrder = await docData(`sandboxOrders/${response.body.id}`);
    expect(sandboxOrder).toMatchObject({
      amount: EXPECTED_PAISE,
      receipt: orderId,
      notes: { uid: user.uid, type: 'product_order', docId: orderId },
    });
  });

  it('when the body carries a tampered amount (spec shape on /create-razorpay-order), then the computed amount is charged', async () => {
    const { app } = testApp();
    const user = await newUser();
    const orderId = await seedOrder(user.uid);

    const response = await createPaymentOrder(
      app,
      user.idToken,
      { amount: 1, currency: 'INR', user_id: 'someone-else', firestore_id: orderId, type: 'product_order' },
      '/create-razorpay-order',
    );

    expect(response.status).toBe(201);
    expect(response.body.amount).toBe(EXPECTED_PAISE);
    expect((await docData(`sandboxOrders/${response.body.id}`))?.amount).toBe(EXPECTED_PAISE);
  });

  it('when the order is asked for again, then the same gateway order is reused', async () => {
    const { app } = testApp();
    const user = await newUser();
    const orderId = await seedOrder(user.uid);

    const first = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });
    const second = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });

    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect((await admin().db.collection('sandboxOrders').get()).size).toBe(1);
  });

  it("when the order belongs to another user, then it answers 404 and the owner's order is untouched", async () => {
    const { app } = testApp();
    const owner = await newUser('owner');
    const intruder = await newUser('intruder');
    const orderId = await seedOrder(owner.uid);

    const response = await createPaymentOrder(app, intruder.idToken, {
      firestore_id: orderId,
      type: 'product_order',
      user_id: owner.uid,
    });

    expect(response.status).toBe(404);
    expect((await docData(orderPath(owner.uid, orderId)))?.gatewayOrderId).toBeUndefined();
  });

  it('when the order holds an item the catalogue does not sell, then it answers 400', async () => {
    const { app } = testApp();
    const user = await newUser();
    const orderId = await seedOrder(user.uid, ['website-Basic', 'website-Platinum']);

    const response = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });

    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/website-Platinum/);
  });

  it('when the stored total disagrees with the catalogue, then it answers 400 and creates no gateway order', async () => {
    const { app } = testApp();
    const user = await newUser();
    const orderId = await seedOrder(user.uid, ['website-Basic'], { total: 100 });

    const response = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });

    expect(response.status).toBe(400);
    expect((await admin().db.collection('sandboxOrders').get()).size).toBe(0);
  });

  it('when the order is already paid, then it answers 409', async () => {
    const { app } = testApp();
    const user = await newUser();
    const orderId = await seedOrder(user.uid, ['website-Basic'], { status: 'Paid' });

    const response = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });

    expect(response.status).toBe(409);
  });

  it('when an invoice is paid for, then its stored amount is charged in paise', async () => {
    const { app } = testApp();
    const user = await newUser();
    const invoiceId = await seedInvoice(user.uid, 1499.5);

    const response = await createPaymentOrder(app, user.idToken, {
      amount: 5,
      firestore_id: invoiceId,
      type: 'invoice',
      userName: 'A',
      userEmail: 'a@b.co',
    });

    expect(response.status).toBe(201);
    expect(response.body.amount).toBe(149_950);
  });

  it('when the document id does not exist, then it answers 404; a malformed type is 400', async () => {
    const { app } = testApp();
    const user = await newUser();
    expect((await createPaymentOrder(app, user.idToken, { firestore_id: 'missing', type: 'invoice' })).status).toBe(
      404,
    );
    expect(
      (await createPaymentOrder(app, user.idToken, { firestore_id: 'missing', type: 'subscription' })).status,
    ).toBe(400);
  });

  it.each(['.', '..', '__x__', '__name__'])(
    "when firestore_id is Firestore's reserved id %j, then it answers 400",
    async (firestoreId) => {
      const { app } = testApp();
      const user = await newUser();

      const response = await createPaymentOrder(app, user.idToken, { firestore_id: firestoreId, type: 'invoice' });

      expect(response.status).toBe(400);
      expect(response.body.message).toBeTruthy();
    },
  );

  it('when the gateway fails, then it answers 502 with the spec message', async () => {
    const base = testApp();
    const failing = Object.assign(Object.create(Object.getPrototypeOf(base.deps.gateway)), base.deps.gateway, {
      createOrder: () => Promise.reject(new Error('gateway down')),
    }) as PaymentGateway;
    const { app } = testApp({ gateway: failing });
    const user = await newUser();
    const orderId = await seedOrder(user.uid);

    const response = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });

    expect(response.status).toBe(502);
    expect(response.body).toEqual({ message: PAYMENT_ORDER_FAILED });
  });
});

async function paidCheckout() {
  const { app, deps } = testApp();
  const user = await newUser();
  const orderId = await seedOrder(user.uid);
  const order = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });
  const paid = await sandboxPay(app, user.idToken, order.body.id as string);
  if (paid.outcome !== 'success') throw new Error('expected success');
  return { app, deps, user, orderId, gatewayOrderId: order.body.id as string, result: paid.result };
}

describe('POST /api/payments/verify', () => {
  it('when the signature is valid, then the order is Paid with paymentId and paidAt, and one payment is recorded', async () => {
    const { app, user, orderId, gatewayOrderId, result } = await paidCheckout();

    const response = await request(app)
      .post('/api/payments/verify')
      .set('Authorization', `Bearer ${user.idToken}`)
      .send(result);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'Paid', paymentId: result.razorpay_payment_id });
    const stored = await docData(orderPath(user.uid, orderId));
    expect(stored).toMatchObject({ status: 'Paid', paymentId: result.razorpay_payment_id });
    expect(stored?.paidAt).toBeTruthy();
    const payments = await paymentsFor(gatewayOrderId);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.data()).toMatchObject({
      amountPaise: EXPECTED_PAISE,
      uid: user.uid,
      docId: orderId,
      source: 'verify',
    });
  });

  it('when verify is called twice (also concurrently), then both succeed and there is one payment record', async () => {
    const { app, user, gatewayOrderId, result } = await paidCheckout();
    const call = () =>
      request(app).post('/api/payments/verify').set('Authorization', `Bearer ${user.idToken}`).send(result);

    const responses = await Promise.all([call(), call()]);
    const again = await call();

    expect([...responses, again].map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await paymentsFor(gatewayOrderId)).toHaveLength(1);
  });

  it('when a second payment of an already paid order is verified, then it answers 409 (not Paid) and is kept for a refund', async () => {
    const { app, user, orderId, gatewayOrderId, result } = await paidCheckout();
    const verify = (body: typeof result) =>
      request(app).post('/api/payments/verify').set('Authorization', `Bearer ${user.idToken}`).send(body);
    expect((await verify(result)).status).toBe(200);
    const second = await sandboxPay(app, user.idToken, gatewayOrderId);
    if (second.outcome !== 'success') throw new Error('expected success');

    const response = await verify(second.result);

    expect(response.status).toBe(409);
    expect(response.body.status).toBeUndefined();
    expect((await docData(orderPath(user.uid, orderId)))?.paymentId).toBe(result.razorpay_payment_id);
    const duplicate = await docData(`payments/${second.result.razorpay_payment_id}`);
    expect(duplicate?.duplicateOf).toBe(result.razorpay_payment_id);
  });

  it('when the signature is wrong, then it answers 400 and nothing changes', async () => {
    const { app, user, orderId, gatewayOrderId, result } = await paidCheckout();
    const before = await docData(orderPath(user.uid, orderId));

    const response = await request(app)
      .post('/api/payments/verify')
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ ...result, razorpay_signature: 'f'.repeat(64) });

    expect(response.status).toBe(400);
    expect(await docData(orderPath(user.uid, orderId))).toEqual(before);
    expect(await paymentsFor(gatewayOrderId)).toHaveLength(0);
  });

  it("when a valid result of one order is replayed against another order's id, then the signature fails", async () => {
    const first = await paidCheckout();
    const otherOrderId = await seedOrder(first.user.uid, ['website-Premium']);
    const other = await createPaymentOrder(first.app, first.user.idToken, {
      firestore_id: otherOrderId,
      type: 'product_order',
    });

    const response = await request(first.app)
      .post('/api/payments/verify')
      .set('Authorization', `Bearer ${first.user.idToken}`)
      .send({ ...first.result, razorpay_order_id: other.body.id });

    expect(response.status).toBe(400);
    expect((await docData(orderPath(first.user.uid, otherOrderId)))?.status).toBe('Pending');
  });

  it('when the checkout failed, then the order stays Pending and the failure is recorded by the webhook', async () => {
    const { app } = testApp();
    const user = await newUser();
    const orderId = await seedOrder(user.uid);
    const order = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });

    const failed = await sandboxPay(app, user.idToken, order.body.id as string, 'failure', 'deliver');

    expect(failed.outcome).toBe('failure');
    const stored = await waitFor(
      () => docData(orderPath(user.uid, orderId)),
      (data) => Boolean(data?.lastPaymentFailure),
    );
    expect(stored).toMatchObject({
      status: 'Pending',
      lastPaymentFailure: { description: 'The test payment was declined.' },
    });
  });
});

describe('POST /api/payments/webhook', () => {
  const deliver = deliverWebhook;

  async function capturedWebhook(
    deps: ReturnType<typeof testApp>['deps'],
    gatewayOrderId: string,
    paymentId: string,
    event: 'payment.captured' | 'order.paid' = 'payment.captured',
  ) {
    const sandbox = sandboxOf(deps.gateway);
    const payment = await sandbox.fetchPayment(paymentId);
    return sandbox.signWebhook(paymentWebhookBody(event, { ...payment!, orderId: gatewayOrderId }));
  }

  it('when the same event is delivered twice, then it takes effect once', async () => {
    const { app, deps, user, orderId, gatewayOrderId, result } = await paidCheckout();
    const webhook = await capturedWebhook(deps, gatewayOrderId, result.razorpay_payment_id);

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
    const webhook = await capturedWebhook(deps, gatewayOrderId, result.razorpay_payment_id);
    const orderPaid = await capturedWebhook(deps, gatewayOrderId, result.razorpay_payment_id, 'order.paid');

    expect((await deliver(app, webhook)).status).toBe(200);
    const paidAt = (await docData(orderPath(user.uid, orderId)))?.paidAt;
    const verify = await request(app)
      .post('/api/payments/verify')
      .set('Authorization', `Bearer ${user.idToken}`)
      .send(result);
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
    await deliver(app, await capturedWebhook(deps, gatewayOrderId, payment.id));

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
    const webhook = await capturedWebhook(deps, gatewayOrderId, result.razorpay_payment_id);

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
      const webhook = await capturedWebhook(deps, gatewayOrderId, result.razorpay_payment_id);

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
  /** What its owner may do with the client SDK: delete the order, then create a dearer one with the same id. */
  async function recreateDearer(uid: string, orderId: string) {
    const ref = admin().db.doc(orderPath(uid, orderId));
    const old = (await ref.get()).data()!;
    await ref.delete();
    await ref.set({
      orderNumber: old.orderNumber,
      userId: uid,
      items: [line('manufacturing-Starter')],
      total: findCatalogueEntry('manufacturing-Starter')!.plan.oneTimePaise / 100,
      currency: 'INR',
      status: 'Pending',
      createdAt: FieldValue.serverTimestamp(),
    });
  }

  it('when the old cheap gateway order is paid and verified, then it answers 409, the order stays Pending and the payment is kept as a mismatch', async () => {
    const { app, deps } = testApp();
    const user = await newUser();
    const orderId = await seedOrder(user.uid, ['website-Basic']);
    const cheap = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });
    await recreateDearer(user.uid, orderId);
    const dear = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });
    expect(dear.body.id).not.toBe(cheap.body.id);

    const paid = await sandboxPay(app, user.idToken, cheap.body.id as string);
    if (paid.outcome !== 'success') throw new Error('expected success');
    const verify = () =>
      request(app).post('/api/payments/verify').set('Authorization', `Bearer ${user.idToken}`).send(paid.result);
    const first = await verify();
    const again = await verify();
    const webhook = await deliverWebhook(
      app,
      sandboxOf(deps.gateway).signWebhook(
        paymentWebhookBody('payment.captured', (await deps.gateway.fetchPayment(paid.result.razorpay_payment_id))!),
      ),
    );

    expect([first.status, again.status]).toEqual([409, 409]);
    expect(first.body.message).toMatch(/does not match/);
    expect(webhook.status).toBe(200);
    expect(webhook.body.outcome).toBe('mismatch');
    const stored = await docData(orderPath(user.uid, orderId));
    expect(stored).toMatchObject({ status: 'Pending', gatewayOrderId: dear.body.id });
    expect(stored?.paymentId).toBeUndefined();
    const payments = await paymentsFor(cheap.body.id as string);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.data()).toMatchObject({ status: 'mismatch', amountPaise: 20_000 * 100, docId: orderId });
  });

  it('when the re-created order never asked for a gateway order, then the webhook of the old one does not mark it Paid', async () => {
    const { app } = testApp();
    const user = await newUser();
    const orderId = await seedOrder(user.uid, ['website-Basic']);
    const cheap = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });
    await recreateDearer(user.uid, orderId);

    await sandboxPay(app, user.idToken, cheap.body.id as string, 'success', 'deliver');

    const payments = await waitFor(
      () => paymentsFor(cheap.body.id as string),
      (docs) => docs.length > 0,
    );
    expect(payments[0]!.get('status')).toBe('mismatch');
    expect((await docData(orderPath(user.uid, orderId)))?.status).toBe('Pending');
  });
});

describe('sandbox routes', () => {
  it("when another user presses Pay on someone's order, then it answers 404", async () => {
    const { app } = testApp();
    const owner = await newUser('owner');
    const intruder = await newUser('intruder');
    const orderId = await seedOrder(owner.uid);
    const order = await createPaymentOrder(app, owner.idToken, { firestore_id: orderId, type: 'product_order' });

    const response = await request(app)
      .post('/api/payments/sandbox/pay')
      .set('Authorization', `Bearer ${intruder.idToken}`)
      .send({ razorpay_order_id: order.body.id, outcome: 'success' });

    expect(response.status).toBe(404);
  });
});
