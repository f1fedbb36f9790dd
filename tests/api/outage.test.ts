import { FieldValue } from 'firebase-admin/firestore';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrderNumber } from '@/domain/order-number';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../server/errors';
import { initFirebase } from '../../server/firebase';
import { createGateway } from '../../server/payments/create-gateway';
import { testApp } from '../helpers/api-app';
import { createUserWithToken, stack } from '../helpers/emulators';
import { StandaloneFirestore } from '../helpers/standalone-firestore';
import { paymentWebhookBody } from '../../server/payments/webhook-event';
import { deliverWebhook, line, sandboxOf, uniqueEmail } from './payments-fixtures';

// The API on a Firestore emulator of this file's own, which the tests kill and restart.
let firestore: StandaloneFirestore;

beforeAll(async () => {
  firestore = await StandaloneFirestore.start();
}, 90_000);

afterAll(async () => {
  await firestore?.down();
});

/**
 * The requests' budget (REQUEST_TIMEOUT_SECONDS, 8 s by default): the same deadline machinery on a
 * shorter clock, so the outage costs this test seconds, not the default's 8 per wait. Still above
 * /api/ready's own 2 s check, which must answer first; webhooks keep their own fixed 4 s.
 */
const BUDGET_SECONDS = 3;

function outageApp() {
  const db = firestore.db();
  const env = { REQUEST_TIMEOUT_SECONDS: String(BUDGET_SECONDS) };
  const built = testApp({ env });
  return {
    ...testApp({
      env,
      firebase: { auth: initFirebase(stack.projectId).auth, db },
      gateway: createGateway(built.deps.config, db),
    }),
    built,
  };
}

const enquiry = (index: number) => ({
  name: 'Asha Verma',
  businessName: '',
  contactNumber: '',
  // One address per enquiry: an address has its own hourly allowance (CONTACT_EMAIL_LIMIT_PER_HOUR).
  email: `asha-${index}@example.com`,
  message: `Outage enquiry ${index}`,
});

async function seedOrder(uid: string): Promise<string> {
  const item = line('website-Basic');
  const ref = await firestore
    .db()
    .collection(`users/${uid}/orders`)
    .add({
      orderNumber: makeOrderNumber(),
      userId: uid,
      items: [item],
      total: 20_000,
      currency: 'INR',
      status: 'Pending',
      createdAt: FieldValue.serverTimestamp(),
    });
  return ref.id;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = Date.now();
  const result = await work();
  return { ms: Date.now() - started, result };
}

describe('when Firestore goes down under a running API', () => {
  it('then contact and payment orders answer 503 { message } within their budget, /api/ready says so, and all recover after a restart', async () => {
    const { app, built } = outageApp();
    const user = await createUserWithToken(uniqueEmail('outage'));
    const orderId = await seedOrder(user.uid);
    const payOrder = () =>
      request(app)
        .post('/api/payments/orders')
        .set('Authorization', `Bearer ${user.idToken}`)
        .send({ firestore_id: orderId, type: 'product_order' });

    expect((await request(app).post('/api/contact').send(enquiry(0))).status).toBe(201);
    expect((await request(app).get('/api/ready')).status).toBe(200);

    const webhook = sandboxOf(built.deps.gateway).signWebhook(
      paymentWebhookBody('payment.captured', {
        id: 'pay_Outage00000000',
        orderId: 'order_Outage0000000',
        status: 'captured',
        amount: 2_000_000,
        currency: 'INR',
      }),
    );

    await firestore.down();
    const [contact, order, webhookDelivery, ready, health] = await Promise.all([
      timed(() => request(app).post('/api/contact').send(enquiry(1))),
      timed(payOrder),
      timed(() => deliverWebhook(app, webhook)),
      timed(() => request(app).get('/api/ready')),
      timed(() => request(app).get('/api/health')),
    ]);

    for (const { ms, result } of [contact, order]) {
      expect(result.status).toBe(503);
      expect(result.body).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
      expect(result.headers['retry-after']).toBeDefined();
      // The budget, plus the same 2 s of slack the default's 8 s had (within 10 s).
      expect(ms).toBeLessThan((BUDGET_SECONDS + 2) * 1000);
    }
    // Razorpay retries anything but a 2xx within 5 s: a 503 in time is what makes it retry later.
    expect(webhookDelivery.result.status).toBe(503);
    expect(webhookDelivery.ms).toBeLessThan(5_000);
    expect(ready.result.status).toBe(503);
    expect(ready.result.body.checks.firestore.status).toBe('down');
    expect(ready.ms).toBeLessThan(5_000);
    expect(health.result.status).toBe(200);

    // Back up (an emulator restarts empty): the same API recovers on its own.
    await firestore.up();
    const restarted = Date.now();
    let recovered: request.Response | undefined;
    for (let attempt = 0; Date.now() - restarted < 30_000; attempt += 1) {
      recovered = await request(app)
        .post('/api/contact')
        .send(enquiry(10 + attempt));
      if (recovered.status === 201) break;
    }
    expect(recovered?.status).toBe(201);
    const recoveredMs = Date.now() - restarted;
    const newOrderId = await seedOrder(user.uid);
    const paid = await request(app)
      .post('/api/payments/orders')
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ firestore_id: newOrderId, type: 'product_order' });
    expect(paid.status).toBe(201);
    expect((await request(app).get('/api/ready')).status).toBe(200);
    console.info(
      `outage: 503 in ${contact.ms} ms (contact), ${order.ms} ms (order), ${webhookDelivery.ms} ms (webhook); recovered ${recoveredMs} ms after the restart`,
    );
  }, 90_000);
});
