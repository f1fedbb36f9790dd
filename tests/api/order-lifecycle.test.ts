import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { paymentsContext } from '../../server/app-deps';
import { cancelExpiredOrders, replaceOpenOrders } from '../../server/payments/order-lifecycle';
import { PAYMENT_MISMATCH } from '../../server/payments/verify';
import { testApp } from '../helpers/api-app';
import { clearFirestore } from '../helpers/emulators';
import {
  capturedWebhook,
  createPaymentOrder,
  deliverWebhook,
  docData,
  newUser,
  orderPath,
  paymentsFor,
  sandboxPay,
  seedOrder,
  verifyPayment,
} from './payments-fixtures';

const HOUR = 3_600_000;

beforeEach(async () => {
  await clearFirestore();
});

/** Opens the checkout of an order: the API creates its gateway order. */
async function openCheckout(app: Parameters<typeof createPaymentOrder>[0], idToken: string, orderId: string) {
  const response = await createPaymentOrder(app, idToken, { firestore_id: orderId, type: 'product_order' });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body.id as string;
}

/** An order once the replacing, which runs right after the new order's answer, has dealt with it. */
async function afterReplacing(path: string) {
  await expect.poll(async () => (await docData(path))?.status, { timeout: 5000 }).not.toBe('Pending');
  return docData(path);
}

describe('a cart has one open order', () => {
  it('when the customer pays a changed cart, then the order of the old cart is Cancelled and only the new one is payable', async () => {
    const { app } = testApp();
    const user = await newUser();
    const other = await newUser('other');
    const oldOrder = await seedOrder(user.uid, ['website-Basic', 'manufacturing-Premium AI']);
    await openCheckout(app, user.idToken, oldOrder);
    const paidBefore = await seedOrder(user.uid, ['gym-AI Full Suite'], {
      status: 'Paid',
      paymentId: 'pay_Earlier0000000',
    });
    const othersOrder = await seedOrder(other.uid, ['website-Basic']);

    const newOrder = await seedOrder(user.uid, ['website-Basic']);
    await openCheckout(app, user.idToken, newOrder);

    expect(await afterReplacing(orderPath(user.uid, oldOrder))).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'replaced',
    });
    expect((await docData(orderPath(user.uid, newOrder)))?.status).toBe('Pending');
    expect((await docData(orderPath(user.uid, paidBefore)))?.status).toBe('Paid');
    expect((await docData(orderPath(other.uid, othersOrder)))?.status).toBe('Pending');

    const again = await createPaymentOrder(app, user.idToken, { firestore_id: oldOrder, type: 'product_order' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This order cannot be paid.' });
  });

  it('when the old order was in fact paid at the gateway, then replacing it marks it Paid, not Cancelled', async () => {
    const { app } = testApp();
    const user = await newUser();
    const oldOrder = await seedOrder(user.uid, ['website-Basic']);
    const gatewayOrderId = await openCheckout(app, user.idToken, oldOrder);
    // Paid in the checkout, but the browser closed before verify and the webhook was lost.
    await sandboxPay(app, user.idToken, gatewayOrderId, 'success', 'drop');

    const newOrder = await seedOrder(user.uid, ['website-Premium']);
    await openCheckout(app, user.idToken, newOrder);

    expect((await afterReplacing(orderPath(user.uid, oldOrder)))?.status).toBe('Paid');
    expect((await paymentsFor(gatewayOrderId)).map((payment) => payment.get('source'))).toEqual(['reconcile']);
  });

  it('when a payment for a replaced order arrives later (verify or webhook), then it never flips it to Paid and is kept for a refund', async () => {
    const { app, deps } = testApp();
    const user = await newUser();
    const oldOrder = await seedOrder(user.uid, ['website-Basic', 'website-Business']);
    const gatewayOrderId = await openCheckout(app, user.idToken, oldOrder);
    await openCheckout(app, user.idToken, await seedOrder(user.uid, ['website-Basic']));
    expect((await afterReplacing(orderPath(user.uid, oldOrder)))?.status).toBe('Cancelled');

    // The old checkout was still open in another tab, and the customer paid it.
    const paid = await sandboxPay(app, user.idToken, gatewayOrderId, 'success', 'drop');
    if (paid.outcome !== 'success') throw new Error('expected a success');
    const verify = await verifyPayment(app, user.idToken, paid.result);
    const webhook = await deliverWebhook(
      app,
      await capturedWebhook(deps.gateway, gatewayOrderId, paid.result.razorpay_payment_id),
    );

    expect(verify.status).toBe(409);
    expect(verify.body).toEqual({ message: PAYMENT_MISMATCH });
    expect(webhook.status).toBe(200);
    expect((await docData(orderPath(user.uid, oldOrder)))?.status).toBe('Cancelled');
    const [payment] = await paymentsFor(gatewayOrderId);
    expect(payment?.data()).toMatchObject({ status: 'mismatch', mismatchReason: 'cancelled', docId: oldOrder });
  });
});

describe('replaceOpenOrders', () => {
  it('when the cart changed again after an order was kept, then only older orders are replaced, never the newer one', async () => {
    const { deps } = testApp();
    const user = await newUser();
    const older = await seedOrder(user.uid, ['website-Basic'], { createdAt: Timestamp.fromMillis(Date.now() - HOUR) });
    const kept = await seedOrder(user.uid, ['website-Business']);
    const newer = await seedOrder(user.uid, ['website-Premium'], {
      createdAt: Timestamp.fromMillis(Date.now() + HOUR),
    });

    expect(await replaceOpenOrders(paymentsContext(deps), user.uid, kept)).toBe(1);

    expect((await docData(orderPath(user.uid, older)))?.status).toBe('Cancelled');
    expect((await docData(orderPath(user.uid, kept)))?.status).toBe('Pending');
    expect((await docData(orderPath(user.uid, newer)))?.status).toBe('Pending');
  });
});

describe('cancelExpiredOrders', () => {
  it('when a Pending order is older than the expiry time, then it is Cancelled; a younger one, or one paid at the gateway, is not', async () => {
    const { app, deps } = testApp();
    const user = await newUser();
    const payer = await newUser('late-payer');
    const now = Date.now() + 25 * HOUR;
    const abandoned = await seedOrder(user.uid, ['website-Basic']);
    const young = await seedOrder(user.uid, ['website-Business'], { createdAt: Timestamp.fromMillis(now - 2 * HOUR) });
    // Paid in the checkout a day ago; the browser closed and the webhook was lost.
    const paidLate = await seedOrder(payer.uid, ['website-Premium']);
    const gatewayOrderId = await openCheckout(app, payer.idToken, paidLate);
    await sandboxPay(app, payer.idToken, gatewayOrderId, 'success', 'drop');

    const first = await cancelExpiredOrders(paymentsContext(deps), { now, maxAgeMs: 24 * HOUR });
    const second = await cancelExpiredOrders(paymentsContext(deps), { now, maxAgeMs: 24 * HOUR });

    expect(await docData(orderPath(user.uid, abandoned))).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'expired',
    });
    expect((await docData(orderPath(user.uid, young)))?.status).toBe('Pending');
    expect((await docData(orderPath(payer.uid, paidLate)))?.status).toBe('Paid');
    expect(first).toEqual({ checked: 2, cancelled: 1, paid: 1, failed: 0 });
    expect(second).toEqual({ checked: 0, cancelled: 0, paid: 0, failed: 0 });
  });
});
