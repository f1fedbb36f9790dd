import type { Express } from 'express';
import { beforeEach, describe, expect, it } from 'vitest';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { firstRenewsOn, renewsOnFrom } from '@/domain/renewals';
import { addDays, istToday } from '@/domain/ist';
import { backfillServices } from '../../server/renewals/backfill';
import { paymentsContext } from '../../server/app-deps';
import { reconcilePayments } from '../../server/payments/reconcile';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createUserWithToken } from '../helpers/emulators';
import {
  capturedWebhook,
  createPaymentOrder,
  deliverWebhook,
  sandboxPay,
  seedOrder,
  uniqueEmail,
  verifyPayment,
} from './payments-fixtures';

const SIXTEEN_MINUTES = 16 * 60_000;

beforeEach(() => clearFirestore());

function verify(app: Express, idToken: string, result: Record<string, string>) {
  return verifyPayment(app, idToken, result);
}

async function servicesOf(uid: string) {
  return (await admin().db.collection(`users/${uid}/services`).orderBy('planId').get()).docs;
}

describe('services started by a paid order', () => {
  it('when an order with two plans that have yearly fees is paid and verify, the webhook and reconciliation all report it, then exactly two services renew a year after the payment day in India', async () => {
    const { app, deps } = testApp();
    const user = await createUserWithToken(uniqueEmail('services'));
    // Two plans with a yearly fee, and one without (Home Automation Basic has none).
    const orderId = await seedOrder(user.uid, ['manufacturing-Growth', 'automation-Basic', 'website-Premium']);
    const order = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });
    const gatewayOrderId = order.body.id as string;
    const paid = await sandboxPay(app, user.idToken, gatewayOrderId, 'success', 'drop');
    if (paid.outcome !== 'success') throw new Error('sandbox payment failed');
    const paymentId = paid.result.razorpay_payment_id;
    const webhook = () =>
      capturedWebhook(deps.gateway, gatewayOrderId, paymentId).then((hook) => deliverWebhook(app, hook));
    const reconcile = () => reconcilePayments(paymentsContext(deps), { now: Date.now() + SIXTEEN_MINUTES });

    const reconciled = await reconcile();
    await verify(app, user.idToken, paid.result).expect(200);
    await webhook();
    await Promise.all([verify(app, user.idToken, paid.result), webhook(), reconcile()]);

    expect(reconciled.paid).toBe(1);
    const payment = await admin().db.doc(`payments/${paymentId}`).get();
    const paidOn = istToday(payment.get('createdAt').toMillis());
    const services = await servicesOf(user.uid);
    expect(services.map((service) => service.id)).toEqual([
      `${orderId}_manufacturing-growth`,
      `${orderId}_website-premium`,
    ]);
    expect(services.map((service) => service.data())).toEqual([
      expect.objectContaining({
        uid: user.uid,
        planId: 'manufacturing-Growth',
        planName: 'Growth',
        category: 'Factory Management',
        yearlyFeePaise: 50_000_00,
        startedOn: paidOn,
        renewsOn: firstRenewsOn(paidOn),
        status: 'Active',
        renewal: null,
        orderId,
        paymentId,
      }),
      expect.objectContaining({
        planId: 'website-Premium',
        category: 'Websites & E-commerce',
        yearlyFeePaise: 10_000_00,
        startedOn: paidOn,
        renewsOn: firstRenewsOn(paidOn),
        status: 'Active',
      }),
    ]);
  });

  it('when a paid order has no plan with a yearly fee, then it starts no service', async () => {
    const { app } = testApp();
    const user = await createUserWithToken(uniqueEmail('no-services'));
    const orderId = await seedOrder(user.uid, ['automation-Basic', 'automation-Standard']);
    const order = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });
    const paid = await sandboxPay(app, user.idToken, order.body.id as string, 'success', 'drop');
    if (paid.outcome !== 'success') throw new Error('sandbox payment failed');

    await verify(app, user.idToken, paid.result).expect(200);

    expect(await servicesOf(user.uid)).toHaveLength(0);
  });

  it('when orders were paid before renewals were billed, then the backfill gives them their services once, renewing on the next anniversary from today', async () => {
    const { db } = admin();
    const user = await createUserWithToken(uniqueEmail('backfill'));
    const paidOn = (daysAgo: number) => Timestamp.fromMillis(Date.now() - daysAgo * 86_400_000);
    const order = (items: string[], status: string, paidAt: Timestamp) =>
      db.collection(`users/${user.uid}/orders`).add({
        orderNumber: `ORD-${Date.now()}`,
        userId: user.uid,
        items: items.map((id) => ({ id, name: id, category: 'x', price: '₹1' })),
        total: 1,
        currency: 'INR',
        status,
        paymentId: 'pay_old',
        paidAt,
        createdAt: FieldValue.serverTimestamp(),
      });
    const recent = await order(['website-Basic', 'automation-Basic'], 'Paid', paidOn(90));
    const old = await order(['gym-AI Full Suite'], 'Paid', paidOn(800));
    await order(['learning-Growth'], 'Pending', paidOn(10));
    await order(['learning-Starter'], 'Refunded', paidOn(10));

    const first = await backfillServices(db);
    const again = await backfillServices(db);

    expect([first, again]).toEqual([2, 0]);
    const services = await servicesOf(user.uid);
    expect(services.map((service) => service.id).sort()).toEqual(
      [`${recent.id}_website-basic`, `${old.id}_gym-ai-full-suite`].sort(),
    );
    const recentStart = istToday(Date.now() - 90 * 86_400_000);
    expect((await db.doc(`users/${user.uid}/services/${recent.id}_website-basic`).get()).data()).toMatchObject({
      startedOn: recentStart,
      renewsOn: firstRenewsOn(recentStart),
      status: 'Active',
      yearlyFeePaise: 2_000_00,
      paymentId: 'pay_old',
      backfilled: true,
    });
    // Paid 800 days ago: its first renewal passed before billing existed; it renews next from today.
    const oldService = (await db.doc(`users/${user.uid}/services/${old.id}_gym-ai-full-suite`).get()).data()!;
    expect(oldService.renewsOn >= istToday()).toBe(true);
    expect(oldService.renewsOn <= addDays(istToday(), 366)).toBe(true);
    expect(oldService.renewsOn).toBe(renewsOnFrom(oldService.startedOn, istToday()));
  });
});
