import nock from 'nock';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentsContext } from '../../server/app-deps';
import { reconcilePayments } from '../../server/payments/reconcile';
import { hmacHex } from '../../server/payments/signature';
import { paymentWebhookBody } from '../../server/payments/webhook-event';
import { testApp } from '../helpers/api-app';
import { clearFirestore } from '../helpers/emulators';
import {
  createPaymentOrder,
  docData,
  newUser,
  orderPath,
  paymentsFor,
  seedOrder,
  verifyPayment,
} from './payments-fixtures';

// The razorpay SDK always calls https://api.razorpay.com, so its HTTP traffic is intercepted here.
const KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_abc123',
  RAZORPAY_KEY_SECRET: 'key-secret-for-tests',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
};
const RAZORPAY = 'https://api.razorpay.com';
const ORDER_ID = 'order_Rzp00000000001';
const PAYMENT_ID = 'pay_Rzp000000000001';
const AMOUNT = 20_000 * 100;

function paymentEntity(status: 'captured' | 'authorized' | 'failed') {
  return {
    id: PAYMENT_ID,
    entity: 'payment',
    amount: AMOUNT,
    currency: 'INR',
    status,
    order_id: ORDER_ID,
    method: 'upi',
  };
}

beforeAll(() => {
  nock.disableNetConnect();
  nock.enableNetConnect(/127\.0\.0\.1|localhost/);
});
afterAll(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});
beforeEach(async () => {
  await clearFirestore();
});
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

async function razorpayOrder() {
  const { app, deps } = testApp({ env: KEYS });
  const user = await newUser('rzp');
  const orderId = await seedOrder(user.uid, ['website-Basic']);
  let sentBody: Record<string, unknown> = {};
  nock(RAZORPAY)
    .post('/v1/orders', (body: Record<string, unknown>) => {
      sentBody = body;
      return true;
    })
    .basicAuth({ user: KEYS.RAZORPAY_KEY_ID, pass: KEYS.RAZORPAY_KEY_SECRET })
    .reply(200, {
      id: ORDER_ID,
      entity: 'order',
      amount: AMOUNT,
      currency: 'INR',
      receipt: orderId,
      status: 'created',
      created_at: Math.floor(Date.now() / 1000),
    });
  const response = await createPaymentOrder(app, user.idToken, {
    amount: 1,
    firestore_id: orderId,
    type: 'product_order',
  });
  return { app, deps, user, orderId, response, sentBody };
}

/** A Razorpay order whose correctly signed checkout result is verified while the gateway reports the payment `status`. */
async function verifiedWhileGatewaySays(status: 'captured' | 'authorized') {
  const { app, user, orderId } = await razorpayOrder();
  const signature = hmacHex(KEYS.RAZORPAY_KEY_SECRET, `${ORDER_ID}|${PAYMENT_ID}`);
  nock(RAZORPAY).get(`/v1/payments/${PAYMENT_ID}`).reply(200, paymentEntity(status));
  const response = await verifyPayment(app, user.idToken, {
    razorpay_order_id: ORDER_ID,
    razorpay_payment_id: PAYMENT_ID,
    razorpay_signature: signature,
  });
  return { response, user, orderId };
}

describe('Razorpay gateway (real keys, intercepted HTTP)', () => {
  it('when an order is created, then Razorpay gets integer paise, the document id as receipt and our notes', async () => {
    const { response, sentBody, user, orderId } = await razorpayOrder();

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: ORDER_ID,
      amount: AMOUNT,
      currency: 'INR',
      keyId: KEYS.RAZORPAY_KEY_ID,
      gateway: 'razorpay',
    });
    expect(sentBody).toMatchObject({
      amount: AMOUNT,
      currency: 'INR',
      receipt: orderId,
      notes: { uid: user.uid, type: 'product_order', docId: orderId },
    });
  });

  it('when real keys are set, then the sandbox checkout route does not exist', async () => {
    const { app } = testApp({ env: KEYS });
    const user = await newUser('rzp');

    const response = await request(app)
      .post('/api/payments/sandbox/pay')
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ razorpay_order_id: ORDER_ID, outcome: 'success' });

    expect(response.status).toBe(404);
  });

  it('when Razorpay refuses the order, then the API answers 502 with the spec message', async () => {
    const { app } = testApp({ env: KEYS });
    const user = await newUser('rzp');
    const orderId = await seedOrder(user.uid, ['website-Basic']);
    nock(RAZORPAY)
      .post('/v1/orders')
      .reply(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });

    const response = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });

    expect(response.status).toBe(502);
    expect(response.body).toEqual({ message: 'Failed to create payment order.' });
  });

  it('when the checkout result is verified, then the payment is fetched and must be captured', async () => {
    const { response, user, orderId } = await verifiedWhileGatewaySays('captured');

    expect(response.status).toBe(200);
    expect((await docData(orderPath(user.uid, orderId)))?.status).toBe('Paid');
  });

  it('when the payment is only authorized, then verify answers Pending and the order is not marked', async () => {
    const { response, user, orderId } = await verifiedWhileGatewaySays('authorized');

    expect(response.status).toBe(200);
    expect(response.body.status).toBe('Pending');
    expect((await docData(orderPath(user.uid, orderId)))?.status).toBe('Pending');
  });

  it('when a webhook is signed with the webhook secret, then it marks Paid; one signed with the key secret is refused', async () => {
    const { app, user, orderId } = await razorpayOrder();
    const body = paymentWebhookBody('payment.captured', {
      id: PAYMENT_ID,
      orderId: ORDER_ID,
      status: 'captured',
      amount: AMOUNT,
      currency: 'INR',
    });
    const post = (secret: string) =>
      request(app)
        .post('/api/payments/webhook')
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', hmacHex(secret, body))
        .set('X-Razorpay-Event-Id', 'evt_Rzp0000000001')
        .send(body);

    expect((await post(KEYS.RAZORPAY_KEY_SECRET)).status).toBe(400);
    expect((await post(KEYS.RAZORPAY_WEBHOOK_SECRET)).status).toBe(200);
    expect((await docData(orderPath(user.uid, orderId)))?.status).toBe('Paid');
  });

  it('when reconciliation finds a captured payment on an old order, then it marks it Paid once', async () => {
    const { deps, user, orderId } = await razorpayOrder();
    nock(RAZORPAY)
      .get(`/v1/orders/${ORDER_ID}/payments`)
      .twice()
      .reply(200, {
        entity: 'collection',
        count: 2,
        items: [paymentEntity('failed'), { ...paymentEntity('captured'), id: 'pay_Rzp000000000002' }],
      });

    const first = await reconcilePayments(paymentsContext(deps), { now: Date.now() + 16 * 60_000 });
    const second = await reconcilePayments(paymentsContext(deps), { now: Date.now() + 16 * 60_000 });

    // The second pass finds nothing pending, so the second interception stays unused.
    nock.cleanAll();
    expect(first.paid).toBe(1);
    expect(second.checked).toBe(0);
    expect(await docData(orderPath(user.uid, orderId))).toMatchObject({
      status: 'Paid',
      paymentId: 'pay_Rzp000000000002',
    });
    expect(await paymentsFor(ORDER_ID)).toHaveLength(1);
  });
});
