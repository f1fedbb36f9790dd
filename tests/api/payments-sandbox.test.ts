import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../helpers/api-app';
import { clearFirestore } from '../helpers/emulators';
import { createPaymentOrder, newUser, seedOrder } from './payments-fixtures';

beforeEach(async () => {
  await clearFirestore();
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
