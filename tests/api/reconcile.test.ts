import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { paymentsContext } from '../../server/app-deps';
import { reconcilePayments } from '../../server/payments/reconcile';
import { testApp } from '../helpers/api-app';
import { clearFirestore } from '../helpers/emulators';
import {
  createPaymentOrder,
  docData,
  newUser,
  orderPath,
  paymentsFor,
  sandboxPay,
  seedInvoice,
  seedOrder,
} from './payments-fixtures';

const SIXTEEN_MINUTES = 16 * 60_000;

beforeEach(async () => {
  await clearFirestore();
});

describe('reconcilePayments', () => {
  it('when the browser never verifies and the webhook is lost, then reconciliation ends the order Paid exactly once', async () => {
    const { app, deps } = testApp();
    const user = await newUser();
    const orderId = await seedOrder(user.uid);
    const order = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });
    const paid = await sandboxPay(app, user.idToken, order.body.id as string, 'success', 'drop');

    const tooEarly = await reconcilePayments(paymentsContext(deps));
    expect(tooEarly.paid).toBe(0);
    expect((await docData(orderPath(user.uid, orderId)))?.status).toBe('Pending');

    const first = await reconcilePayments(paymentsContext(deps), { now: Date.now() + SIXTEEN_MINUTES });
    const second = await reconcilePayments(paymentsContext(deps), { now: Date.now() + SIXTEEN_MINUTES });

    expect(first).toMatchObject({ paid: 1, failed: 0 });
    expect(second.paid).toBe(0);
    const stored = await docData(orderPath(user.uid, orderId));
    expect(stored).toMatchObject({
      status: 'Paid',
      paymentId: paid.outcome === 'success' ? paid.result.razorpay_payment_id : '',
    });
    const payments = await paymentsFor(order.body.id as string);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.get('source')).toBe('reconcile');
  });

  it('when more abandoned orders than one page precede a captured newer one, then the newer one ends Paid exactly once', async () => {
    const { app, deps } = testApp();
    const user = await newUser();
    const now = Date.now() + SIXTEEN_MINUTES;
    // Abandoned checkouts of other customers (a customer's own are replaced by their newer order):
    // gateway orders with no payment, older than the newer one.
    const abandoned = await Promise.all(
      Array.from({ length: 7 }, (_, index) =>
        seedOrder(`${user.uid}-other-${index}`, ['website-Basic'], {
          gatewayOrderId: `order_Abandoned${String(index).padStart(5, '0')}`,
          gatewayOrderAmount: 20_000 * 100,
          gatewayOrderCreatedAt: Timestamp.fromMillis(now - 60 * 60_000 - index * 1000),
        }),
      ),
    );
    // Outside the window (older than 7 days): never asked about again.
    await seedOrder(`${user.uid}-ancient`, ['website-Basic'], {
      gatewayOrderId: 'order_Ancient000000',
      gatewayOrderAmount: 20_000 * 100,
      gatewayOrderCreatedAt: Timestamp.fromMillis(now - 8 * 24 * 60 * 60_000),
    });
    const orderId = await seedOrder(user.uid);
    const order = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });
    await sandboxPay(app, user.idToken, order.body.id as string, 'success', 'drop');

    const first = await reconcilePayments(paymentsContext(deps), { now, limit: 5 });
    const second = await reconcilePayments(paymentsContext(deps), { now, limit: 5 });

    expect(first).toMatchObject({ checked: abandoned.length + 1, paid: 1, failed: 0 });
    expect(second).toMatchObject({ checked: abandoned.length, paid: 0 });
    expect((await docData(orderPath(user.uid, orderId)))?.status).toBe('Paid');
    expect(await paymentsFor(order.body.id as string)).toHaveLength(1);
  });

  it('when the only attempt failed, then the invoice stays Pending', async () => {
    const { app, deps } = testApp();
    const user = await newUser();
    const invoiceId = await seedInvoice(user.uid, 2500);
    const order = await createPaymentOrder(app, user.idToken, { firestore_id: invoiceId, type: 'invoice' });
    await sandboxPay(app, user.idToken, order.body.id as string, 'failure', 'drop');

    const report = await reconcilePayments(paymentsContext(deps), { now: Date.now() + SIXTEEN_MINUTES });

    expect(report).toMatchObject({ checked: 1, paid: 0 });
    expect((await docData(`users/${user.uid}/invoices/${invoiceId}`))?.status).toBe('Pending');
  });
});
