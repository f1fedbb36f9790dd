import { beforeEach, describe, expect, it } from 'vitest';
import { paymentWebhookBody } from '../../server/payments/webhook-event';
import { testApp } from '../helpers/api-app';
import { clearFirestore } from '../helpers/emulators';
import {
  createPaymentOrder,
  deliverWebhook,
  docData,
  EXPECTED_PAISE,
  newUser,
  orderPath,
  paidCheckout,
  paymentsFor,
  recreateDearer,
  sandboxOf,
  sandboxPay,
  seedOrder,
  verifyPayment,
  waitFor,
} from './payments-fixtures';

beforeEach(async () => {
  await clearFirestore();
});

describe('POST /api/payments/verify', () => {
  it('when the signature is valid, then the order is Paid with paymentId and paidAt, and one payment is recorded', async () => {
    const { app, user, orderId, gatewayOrderId, result } = await paidCheckout();

    const response = await verifyPayment(app, user.idToken, result);

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
    const call = () => verifyPayment(app, user.idToken, result);

    const responses = await Promise.all([call(), call()]);
    const again = await call();

    expect([...responses, again].map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await paymentsFor(gatewayOrderId)).toHaveLength(1);
  });

  it('when a second payment of an already paid order is verified, then it answers 409 (not Paid) and is kept for a refund', async () => {
    const { app, user, orderId, gatewayOrderId, result } = await paidCheckout();
    const verify = (body: typeof result) => verifyPayment(app, user.idToken, body);
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

    const response = await verifyPayment(app, user.idToken, { ...result, razorpay_signature: 'f'.repeat(64) });

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

    const response = await verifyPayment(first.app, first.user.idToken, {
      ...first.result,
      razorpay_order_id: other.body.id,
    });

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

describe('an order deleted and re-created under the same id', () => {
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
    const verify = () => verifyPayment(app, user.idToken, paid.result);
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
});
