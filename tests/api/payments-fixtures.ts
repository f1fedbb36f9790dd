import { FieldValue } from 'firebase-admin/firestore';
import request from 'supertest';
import type { Express } from 'express';
import type { PaymentGateway } from '../../server/payments/gateway';
import { SandboxGateway } from '../../server/payments/sandbox';
import { paymentWebhookBody } from '../../server/payments/webhook-event';
import { testApp } from '../helpers/api-app';
import { findCatalogueEntry } from '@/domain/catalogue';
import { makeOrderNumber } from '@/domain/order-number';
import { admin, createUserWithToken } from '../helpers/emulators';

/** What the default seeded order costs: website-Basic (₹20,000) + manufacturing-Starter (₹1,10,000). */
export const EXPECTED_PAISE = 130_000 * 100;

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${(counter += 1)}@example.com`;

export async function newUser(prefix = 'payer') {
  return createUserWithToken(uniqueEmail(prefix));
}

/** The cart line of a catalogue plan, as the browser stores it. */
export function line(itemId: string) {
  const entry = findCatalogueEntry(itemId);
  if (!entry) throw new Error(`no plan ${itemId}`);
  return { id: entry.id, name: entry.plan.name, category: entry.category.name, price: entry.plan.price };
}

/** An order as the browser creates it (status Pending), written with admin rights. */
export async function seedOrder(
  uid: string,
  itemIds: string[] = ['website-Basic', 'manufacturing-Starter'],
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const items = itemIds.map((id) =>
    findCatalogueEntry(id) ? line(id) : { id, name: 'Ghost', category: 'Ghost', price: '₹1,000' },
  );
  const total = items.reduce((sum, item) => sum + (findCatalogueEntry(item.id)?.plan.oneTimePaise ?? 100_000) / 100, 0);
  const ref = await admin()
    .db.collection(`users/${uid}/orders`)
    .add({
      orderNumber: makeOrderNumber(),
      userId: uid,
      items,
      total,
      currency: 'INR',
      status: 'Pending',
      createdAt: FieldValue.serverTimestamp(),
      ...overrides,
    });
  return ref.id;
}

export async function seedInvoice(
  uid: string,
  amount = 1500,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const ref = await admin()
    .db.collection(`users/${uid}/invoices`)
    .add({
      invoiceId: `INV-${Date.now()}-${(counter += 1)}`,
      name: 'Asha Rao',
      email: 'asha@example.com',
      amount,
      currency: 'INR',
      status: 'Pending',
      createdAt: FieldValue.serverTimestamp(),
      ...overrides,
    });
  return ref.id;
}

export const orderPath = (uid: string, id: string) => `users/${uid}/orders/${id}`;

export async function docData(path: string) {
  return (await admin().db.doc(path).get()).data();
}

export async function paymentsFor(gatewayOrderId: string) {
  return (await admin().db.collection('payments').where('gatewayOrderId', '==', gatewayOrderId).get()).docs;
}

export function createPaymentOrder(
  app: Express,
  idToken: string,
  body: Record<string, unknown>,
  path = '/api/payments/orders',
) {
  return request(app).post(path).set('Authorization', `Bearer ${idToken}`).send(body);
}

/** The browser's verify call with a checkout's result (or a tampered one), as `idToken`'s user. */
export function verifyPayment(app: Parameters<typeof request>[0], idToken: string, body: object) {
  return request(app).post('/api/payments/verify').set('Authorization', `Bearer ${idToken}`).send(body);
}

/** Presses the sandbox checkout's Pay (or Fail) button; by default the webhook is dropped. */
export async function sandboxPay(
  app: Express,
  idToken: string,
  orderId: string,
  outcome: 'success' | 'failure' = 'success',
  webhook: 'deliver' | 'drop' = 'drop',
) {
  const response = await request(app)
    .post('/api/payments/sandbox/pay')
    .set('Authorization', `Bearer ${idToken}`)
    .send({ razorpay_order_id: orderId, outcome, webhook });
  if (response.status !== 200)
    throw new Error(`sandbox pay failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as
    | {
        outcome: 'success';
        result: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
      }
    | { outcome: 'failure'; error: { code: string; description: string } };
}

export async function waitFor<T>(read: () => Promise<T>, until: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!until(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** Posts a signed webhook delivery as the gateway would: the raw body with its signature headers. */
export function deliverWebhook(
  app: Parameters<typeof request>[0],
  webhook: { rawBody: Buffer; signature: string; eventId: string },
) {
  return request(app)
    .post('/api/payments/webhook')
    .set('Content-Type', 'application/json')
    .set('X-Razorpay-Signature', webhook.signature)
    .set('X-Razorpay-Event-Id', webhook.eventId)
    .send(webhook.rawBody.toString());
}

export function sandboxOf(gateway: PaymentGateway): SandboxGateway {
  if (!(gateway instanceof SandboxGateway)) throw new Error('tests run on the sandbox gateway');
  return gateway;
}

/** The webhook the sandbox gateway would send for a payment of the gateway order, signed. */
export async function capturedWebhook(
  gateway: PaymentGateway,
  gatewayOrderId: string,
  paymentId: string,
  event: 'payment.captured' | 'order.paid' = 'payment.captured',
) {
  const sandbox = sandboxOf(gateway);
  const payment = await sandbox.fetchPayment(paymentId);
  return sandbox.signWebhook(paymentWebhookBody(event, { ...payment!, orderId: gatewayOrderId }));
}

/** A new user's seeded order with its checkout opened on `app`: the gateway's order id. */
export async function openedCheckout(app: Express) {
  const user = await newUser();
  const orderId = await seedOrder(user.uid);
  const order = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });
  return { user, orderId, gatewayOrderId: order.body.id as string };
}

/** A user's order paid in the sandbox checkout (webhook dropped), not yet verified. */
export async function paidCheckout() {
  const { app, deps } = testApp();
  const { user, orderId, gatewayOrderId } = await openedCheckout(app);
  const paid = await sandboxPay(app, user.idToken, gatewayOrderId);
  if (paid.outcome !== 'success') throw new Error('expected success');
  return { app, deps, user, orderId, gatewayOrderId, result: paid.result };
}

/** What its owner may do with the client SDK: delete the order, then create a dearer one with the same id. */
export async function recreateDearer(uid: string, orderId: string) {
  const ref = admin().db.doc(orderPath(uid, orderId));
  const old = (await ref.get()).data()!;
  await ref.delete();
  await ref.set({
    orderNumber: old.orderNumber,
    userId: uid,
    items: [line('manufacturing-Starter')],
    total: findCatalogueEntry('manufacturing-Starter')!.plan.oneTimePaise / 100,
    currency: 'INR',
    status: 'Pending',
    createdAt: FieldValue.serverTimestamp(),
  });
}

/**
 * A payment that lands on an order no longer carrying its gateway order: a cheap order's gateway
 * order is paid (its webhook delivered) after the order was re-created dearer under the same id.
 */
export async function paidReplacedOrder(app: Express) {
  const user = await newUser();
  const orderId = await seedOrder(user.uid, ['website-Basic']);
  const cheap = await createPaymentOrder(app, user.idToken, { firestore_id: orderId, type: 'product_order' });
  await recreateDearer(user.uid, orderId);

  await sandboxPay(app, user.idToken, cheap.body.id as string, 'success', 'deliver');
  const payments = await waitFor(
    () => paymentsFor(cheap.body.id as string),
    (docs) => docs.length > 0,
  );
  return { user, orderId, cheap, payments };
}
