import { beforeEach, describe, expect, it } from 'vitest';
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
    const { db } = deps.firebase;

    const tooEarly = await reconcilePayments(db, deps.gateway);
    expect(tooEarly.paid).toBe(0);
    expect((await docData(orderPath(user.uid, orderId)))?.status).toBe('Pending');

    const first = await reconcilePayments(db, deps.gateway, { now: Date.now() + SIXTEEN_MINUTES });
    const second = await reconcilePayments(db, deps.gateway, { now: Date.now() + SIXTEEN_MINUTES });

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

  it('when the only attempt failed, then the invoice stays Pending', async () => {
    const { app, deps } = testApp();
    const user = await newUser();
    const invoiceId = await seedInvoice(user.uid, 2500);
    const order = await createPaymentOrder(app, user.idToken, { firestore_id: invoiceId, type: 'invoice' });
    await sandboxPay(app, user.idToken, order.body.id as string, 'failure', 'drop');

    const report = await reconcilePayments(deps.firebase.db, deps.gateway, { now: Date.now() + SIXTEEN_MINUTES });

    expect(report).toMatchObject({ checked: 1, paid: 0 });
    expect((await docData(`users/${user.uid}/invoices/${invoiceId}`))?.status).toBe('Pending');
  });
});
