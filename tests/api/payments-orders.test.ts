import type { AddressInfo } from 'node:net';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_AMOUNT_PAISE } from '@/domain/money';
import {
  AMOUNT_TOO_LARGE,
  claimDoc,
  PAYMENT_IN_PROGRESS,
  PAYMENT_ORDER_FAILED,
} from '../../server/payments/payment-orders';
import { PAYMENT_RATE_LIMIT_MESSAGE } from '../../server/routes/payments';
import type { PaymentGateway } from '../../server/payments/gateway';
import { testApp, testInstance } from '../helpers/api-app';
import { admin, clearFirestore } from '../helpers/emulators';
import {
  createPaymentOrder,
  docData,
  EXPECTED_PAISE,
  newUser,
  orderPath,
  seedInvoice,
  seedOrder,
} from './payments-fixtures';

beforeEach(async () => {
  await clearFirestore();
});

/** Another request's claim on a document's gateway order, live until `expiresAtMs`. */
/** How many orders the sandbox gateway has been asked to create. */
const sandboxOrderCount = async () => (await admin().db.collection('sandboxOrders').get()).size;

/** The request was refused with `message`, and the gateway was never asked for an order. */
async function expectRefusedWithNoGatewayOrder(
  response: { status: number; body: unknown },
  status: number,
  message: string,
) {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({ message });
  expect(await sandboxOrderCount()).toBe(0);
}

async function holdClaim(path: string, claimId: string, leaseUntilMs: number) {
  const { db } = admin();
  await claimDoc(db, db.doc(path)).set({
    path,
    claimId,
    leaseUntil: Timestamp.fromMillis(leaseUntilMs),
    expireAt: Timestamp.fromMillis(leaseUntilMs + 60_000),
  });
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
    expect(await sandboxOrderCount()).toBe(1);
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
    expect(await sandboxOrderCount()).toBe(0);
  });

  it('when a stored invoice amount is above ₹1,00,00,000, then it answers 400 and creates no gateway order', async () => {
    const { app } = testApp();
    const user = await newUser();
    // Written with the Admin SDK (or before the rules capped it): the rules are not what stops it.
    const invoiceId = await seedInvoice(user.uid, 1e12);
    const atCap = await seedInvoice(user.uid, 1_00_00_000);

    const response = await createPaymentOrder(app, user.idToken, { firestore_id: invoiceId, type: 'invoice' });
    const allowed = await createPaymentOrder(app, user.idToken, { firestore_id: atCap, type: 'invoice' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: AMOUNT_TOO_LARGE });
    expect(allowed.status).toBe(201);
    expect(allowed.body.amount).toBe(MAX_AMOUNT_PAISE);
    expect(await sandboxOrderCount()).toBe(1);
  });

  it('when an order of catalogue plans adds up to more than ₹1,00,00,000, then it answers 400', async () => {
    const { app } = testApp();
    const user = await newUser();
    // 13 x ₹8,00,000 = ₹1,04,00,000, every line a real plan and the total right.
    const orderId = await seedOrder(user.uid, Array(13).fill('manufacturing-Premium AI'));

    const response = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });

    await expectRefusedWithNoGatewayOrder(response, 400, AMOUNT_TOO_LARGE);
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

  it('when 50 order requests for one document reach five instances at once, then one gateway order is created and all get it', async () => {
    // Five API instances, each with its own Firestore client: only the lease keeps them apart.
    const servers = [1, 2, 3, 4, 5].map((index) =>
      testInstance(`orders-instance-${index}`, { PAYMENT_RATE_LIMIT_PER_MINUTE: '1000' }).app.listen(0, '127.0.0.1'),
    );
    await Promise.all(servers.map((server) => new Promise((resolve) => server.once('listening', resolve))));
    const urls = servers.map(
      (server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/orders`,
    );
    try {
      const user = await newUser();
      const orderId = await seedOrder(user.uid);

      const answers = await Promise.all(
        Array.from({ length: 50 }, async (_, index) => {
          const response = await fetch(urls[index % urls.length]!, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.idToken}` },
            body: JSON.stringify({ firestore_id: orderId, type: 'product_order' }),
          });
          return { status: response.status, body: (await response.json()) as { id?: string; message?: string } };
        }),
      );

      const gatewayOrders = await admin().db.collection('sandboxOrders').get();
      expect(gatewayOrders.size).toBe(1);
      const id = gatewayOrders.docs[0]!.id;
      expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(49).fill(200), 201]);
      expect(new Set(answers.map((answer) => answer.body.id))).toEqual(new Set([id]));
      const stored = await docData(orderPath(user.uid, orderId));
      expect(stored).toMatchObject({ gatewayOrderId: id, gatewayOrderAmount: EXPECTED_PAISE });
      // The claim names the order, for any request that read the document before it was attached.
      const claim = await claimDoc(admin().db, admin().db.doc(orderPath(user.uid, orderId))).get();
      expect(claim.data()).toMatchObject({ orderId: id, amountPaise: EXPECTED_PAISE });
      expect(claim.data()).not.toHaveProperty('claimId');
    } finally {
      for (const server of servers) server.close();
    }
  });

  it('when one client asks for more payment orders than the limit in a minute, then the next gets 429 and no gateway order', async () => {
    const { app } = testApp({ env: { PAYMENT_RATE_LIMIT_PER_MINUTE: '3' } });
    const user = await newUser();
    const orders = [await seedOrder(user.uid), await seedInvoice(user.uid), await seedInvoice(user.uid)];
    const statuses: number[] = [];
    for (const [index, docId] of orders.entries()) {
      const type = index === 0 ? 'product_order' : 'invoice';
      statuses.push((await createPaymentOrder(app, user.idToken, { firestore_id: docId, type })).status);
    }
    const extra = await seedInvoice(user.uid);

    const refused = await createPaymentOrder(app, user.idToken, { firestore_id: extra, type: 'invoice' });

    expect(statuses).toEqual([201, 201, 201]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: PAYMENT_RATE_LIMIT_MESSAGE });
    expect(await sandboxOrderCount()).toBe(3);
    // Its claim was given back: within the next minute's allowance it is paid as usual.
    const claim = await claimDoc(admin().db, admin().db.doc(`users/${user.uid}/invoices/${extra}`)).get();
    expect(claim.exists).toBe(false);
  });

  it("when another request holds the document's lease, then it answers a retryable 409 and creates nothing", async () => {
    const { app } = testApp({ env: { REQUEST_TIMEOUT_SECONDS: '3' } });
    const user = await newUser();
    const orderId = await seedOrder(user.uid);
    await holdClaim(orderPath(user.uid, orderId), 'another-request', Date.now() + 60_000);

    const response = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });

    await expectRefusedWithNoGatewayOrder(response, 409, PAYMENT_IN_PROGRESS);
  });

  it('when the request holding the lease crashed, then its lease lapses and the next request creates the order', async () => {
    const { app } = testApp();
    const user = await newUser();
    const orderId = await seedOrder(user.uid);
    await holdClaim(orderPath(user.uid, orderId), 'crashed-request', Date.now() + 1500);

    const response = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });

    expect(response.status).toBe(201);
    expect(await sandboxOrderCount()).toBe(1);
    const stored = await docData(orderPath(user.uid, orderId));
    expect(stored?.gatewayOrderId).toBe(response.body.id);
    const claim = await claimDoc(admin().db, admin().db.doc(orderPath(user.uid, orderId))).get();
    expect(claim.get('orderId')).toBe(response.body.id);
  });

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
