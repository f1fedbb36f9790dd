import type { Express } from 'express';
import { describe, expect, it } from 'vitest';
import { paymentsContext } from '../../server/app-deps';
import { drainOutbox } from '../../server/mail/drain';
import { mailIds } from '../../server/mail/outbox';
import { markPaid } from '../../server/payments/mark-paid';
import { reconcilePayments } from '../../server/payments/reconcile';
import { testApp } from '../helpers/api-app';
import { admin, createUserWithToken } from '../helpers/emulators';
import { caughtMailPerTest, caughtMails, drainOptions, mailServerSwitch, mailsTo } from '../helpers/mail-catcher';
import type { PaymentGateway } from '../../server/payments/gateway';
import {
  capturedWebhook,
  createPaymentOrder,
  deliverWebhook,
  docData,
  orderPath,
  sandboxPay,
  seedInvoice,
  seedOrder,
  uniqueEmail,
  verifyPayment,
} from './payments-fixtures';

const SIXTEEN_MINUTES = 16 * 60_000;

const { transport } = caughtMailPerTest();

async function mailDocs() {
  return (await admin().db.collection('mail').get()).docs;
}

/** A customer who pressed Pay in the sandbox checkout; the webhook is held back. */
async function paidCheckout(type: 'product_order' | 'invoice') {
  const { app, deps } = testApp();
  const email = uniqueEmail('receipt');
  const user = await createUserWithToken(email);
  const docId = type === 'invoice' ? await seedInvoice(user.uid, 2500) : await seedOrder(user.uid);
  const order = await createPaymentOrder(app, user.idToken, { firestore_id: docId, type });
  const gatewayOrderId = order.body.id as string;
  const paid = await sandboxPay(app, user.idToken, gatewayOrderId, 'success', 'drop');
  if (paid.outcome !== 'success') throw new Error('sandbox payment failed');
  return { app, deps, email, user, docId, gatewayOrderId, result: paid.result };
}

function verify(app: Express, idToken: string, result: Record<string, string>) {
  return verifyPayment(app, idToken, result);
}

async function deliverCapturedWebhook(
  app: Express,
  gateway: PaymentGateway,
  gatewayOrderId: string,
  paymentId: string,
) {
  return deliverWebhook(app, await capturedWebhook(gateway, gatewayOrderId, paymentId));
}

describe('payment receipts', () => {
  it("when reconciliation, verify and the webhook all report one payment, then exactly one receipt reaches the customer's account email", async () => {
    const { app, deps, email, user, docId, gatewayOrderId, result } = await paidCheckout('product_order');
    const paymentId = result.razorpay_payment_id;
    const { db } = deps.firebase;

    const reconciled = await reconcilePayments(paymentsContext(deps), { now: Date.now() + SIXTEEN_MINUTES });
    const verified = await verify(app, user.idToken, result);
    const hooked = await deliverCapturedWebhook(app, deps.gateway, gatewayOrderId, paymentId);
    // And all three again, at once.
    await Promise.all([
      verify(app, user.idToken, result),
      deliverCapturedWebhook(app, deps.gateway, gatewayOrderId, paymentId),
      reconcilePayments(paymentsContext(deps), { now: Date.now() + SIXTEEN_MINUTES }),
    ]);
    const reports = [
      await drainOutbox(db, transport(), drainOptions()),
      await drainOutbox(db, transport(), drainOptions()),
    ];

    expect(reconciled.paid).toBe(1);
    expect(verified.body.status).toBe('Paid');
    expect(hooked.body.outcome).toBe('already-recorded');
    expect((await docData(orderPath(user.uid, docId)))?.status).toBe('Paid');
    expect((await mailDocs()).map((doc) => doc.id)).toEqual([mailIds.payment(paymentId)]);
    expect(reports.map((report) => report.sent)).toEqual([1, 0]);
    const mails = await caughtMails();
    expect(mails).toHaveLength(1);
    const [receipt] = mails;
    expect(receipt!.envelope.to.map((to) => to.address)).toEqual([email]);
    expect(receipt!.subject).toMatch(/^Payment receipt: ₹1,30,000 for order ORD-\d+$/);
    expect(receipt!.text).toContain(`Payment ID: ${paymentId}`);
    expect(receipt!.text).toContain('Websites & E-commerce – Basic: ₹20,000');
    expect(receipt!.html).toContain('Nimbus Bespoke Software Private Limited');
  });

  it('when the mail server is stopped, then the payment still succeeds and its receipt goes out when the server returns', async () => {
    const mailServer = await mailServerSwitch();
    const smtp = transport(mailServer.url);
    const { app, deps, email, user, docId, result } = await paidCheckout('invoice');

    const started = Date.now();
    const verified = await verify(app, user.idToken, result);
    const elapsedMs = Date.now() - started;
    const whileDown = await drainOutbox(deps.firebase.db, smtp, drainOptions());

    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe('Paid');
    expect(elapsedMs).toBeLessThan(2000);
    expect((await docData(`users/${user.uid}/invoices/${docId}`))?.status).toBe('Paid');
    expect(whileDown).toMatchObject({ sent: 0, retrying: 1 });
    expect(await caughtMails()).toHaveLength(0);

    await mailServer.start();
    const back = await drainOutbox(deps.firebase.db, smtp, drainOptions({ now: () => Date.now() + 31_000 }));
    await mailServer.stop();

    expect(back.sent).toBe(1);
    const receipts = await mailsTo(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toMatch(/^Payment receipt: ₹2,500 for invoice INV-/);
    // The invoice's own email field is not the account's: the receipt never goes there.
    expect(await mailsTo('asha@example.com')).toHaveLength(0);
  });

  it('when a second payment arrives for an already paid order, then no second receipt is queued', async () => {
    const { app, deps, user, gatewayOrderId, result } = await paidCheckout('product_order');
    await verify(app, user.idToken, result);

    const second = await markPaid(paymentsContext(deps), {
      gatewayOrderId,
      paymentId: 'pay_second000001',
      amountPaise: 13_000_000,
      source: 'webhook',
    });

    expect(second.outcome).toBe('already-paid');
    expect((await mailDocs()).map((doc) => doc.id)).toEqual([mailIds.payment(result.razorpay_payment_id)]);
  });
});
