import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentsContext } from '../../server/app-deps';
import { issuePendingDocuments } from '../../server/documents/issue';
import { GatewayError, type PaymentGateway } from '../../server/payments/gateway';
import { FULLY_REFUNDED, resolvePendingRefunds } from '../../server/payments/refunds';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createStaffWithToken } from '../helpers/emulators';
import { documentData, payThroughCheckout, seedProfile } from './documents-fixtures';
import { docData, newUser, sandboxPay, waitFor } from './payments-fixtures';

let staff: { uid: string; idToken: string };

beforeAll(async () => {
  staff = (await createStaffWithToken(`refund-staff-${Date.now()}@example.com`)) as typeof staff;
});
beforeEach(() => clearFirestore());

type App = ReturnType<typeof testApp>['app'];

const refund = (app: App, paymentId: string, body: Record<string, unknown> = {}) =>
  request(app)
    .post(`/api/staff/payments/${paymentId}/refunds`)
    .set('Authorization', `Bearer ${staff.idToken}`)
    .send({ requestId: randomUUID(), ...body });

async function sandboxRefunds(paymentId: string) {
  return (await admin().db.collection('sandboxRefunds').where('paymentId', '==', paymentId).get()).docs;
}

async function paidInvoice(app: App, rupees = 15_000) {
  const customer = await newUser('refunded');
  await seedProfile(customer.uid);
  const paid = await payThroughCheckout(app, customer, { invoiceRupees: rupees });
  // Its tax document is numbered in the background (payments/after-paid.ts). A refund at that very
  // moment contends with it for the document, which the emulator settles by making one wait: 2-3 s
  // a refund, against 0.1 s once it is numbered (staff never refund within the same second).
  await waitFor(
    () => documentData(paid.paymentId),
    (document) => document?.status === 'issued',
  );
  return { customer, ...paid, path: `users/${customer.uid}/invoices/${paid.docId}` };
}

/** Pays a paid invoice's gateway order a second time (a second tab's checkout): a duplicate capture. */
async function duplicateCapture(app: App, customer: { idToken: string }, gatewayOrderId: string) {
  const second = await sandboxPay(app, customer.idToken, gatewayOrderId, 'success', 'deliver');
  if (second.outcome !== 'success') throw new Error('expected success');
  const paymentId = second.result.razorpay_payment_id;
  for (let i = 0; i < 100 && !(await docData(`payments/${paymentId}`)); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return paymentId;
}

describe('refunds', () => {
  it('when staff refund a paid invoice in full, then the gateway refunds once, the invoice is Refunded, a credit note references the invoice and the customer is mailed', async () => {
    const { app, deps } = testApp();
    const paid = await paidInvoice(app);

    const response = await refund(app, paid.paymentId, { reason: 'Project cancelled' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'processed', amountPaise: 15_000_00 });
    expect(await sandboxRefunds(paid.paymentId)).toHaveLength(1);
    expect(await docData(paid.path)).toMatchObject({ status: 'Refunded', refundedPaise: 15_000_00 });
    expect(await docData(`payments/${paid.paymentId}`)).toMatchObject({
      status: 'refunded',
      refundedPaise: 15_000_00,
      refundPendingPaise: 0,
    });
    await issuePendingDocuments(admin().db, deps.config.documents);
    const original = await documentData(paid.paymentId);
    const note = await documentData(response.body.refundId);
    expect(note).toMatchObject({ status: 'issued', series: 'credit-note', kind: 'credit-note' });
    expect(note!.number).toMatch(/^CN\/\d{4}-\d{2}\/0001$/);
    expect(note!.snapshot.original).toEqual({
      documentId: paid.paymentId,
      number: original!.number,
      issueDate: original!.snapshot.issueDate,
    });
    expect(note!.snapshot.totals.totalPaise).toBe(15_000_00);
    expect(await docData(`mail/refund:${response.body.refundId}`)).toMatchObject({
      template: 'refund-issued',
      attachmentDocumentId: response.body.refundId,
    });
    const audit = (await admin().db.collection('auditLog').get()).docs.map((doc) => doc.data());
    expect(audit).toEqual([
      expect.objectContaining({ action: 'payment.refund', target: `payments/${paid.paymentId}`, actorUid: staff.uid }),
    ]);
  });

  it('when the same request is sent twice (a double press), then the gateway refunds once and both answers agree', async () => {
    // The two presses contend for one refund document; the emulator settles that by making the
    // loser wait, which on a busy two-core CI machine once outlasted the 8 s request budget (a 503
    // for the second press). The budget has its own tests (outage.test.ts); this one is about the
    // double press, so it gives the requests room.
    const { app } = testApp({ env: { REQUEST_TIMEOUT_SECONDS: '30' } });
    const paid = await paidInvoice(app);
    const requestId = randomUUID();

    const [first, second] = await Promise.all([
      refund(app, paid.paymentId, { requestId }),
      refund(app, paid.paymentId, { requestId }),
    ]);
    const third = await refund(app, paid.paymentId, { requestId });

    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(new Set([first.body.refundId, second.body.refundId, third.body.refundId]).size).toBe(1);
    expect(await sandboxRefunds(paid.paymentId)).toHaveLength(1);
    expect((await docData(`payments/${paid.paymentId}`))!.refundedPaise).toBe(15_000_00);
  });

  it('when two tabs each refund the whole payment at once, then exactly one refund is made', async () => {
    const { app } = testApp();
    const paid = await paidInvoice(app);

    const responses = await Promise.all([refund(app, paid.paymentId), refund(app, paid.paymentId)]);

    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.status === 409)!.body).toEqual({ message: FULLY_REFUNDED });
    expect(await sandboxRefunds(paid.paymentId)).toHaveLength(1);
  });

  it('when partial refunds would pass the captured amount, then the one that would is refused with 400 and nothing is refunded for it', async () => {
    const { app } = testApp();
    const paid = await paidInvoice(app, 1_000);

    await refund(app, paid.paymentId, { amountPaise: 600_00 }).expect(200);
    expect((await docData(paid.path))!).toMatchObject({ status: 'Paid', refundedPaise: 600_00 });
    const tooMuch = await refund(app, paid.paymentId, { amountPaise: 400_01 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('The refund cannot be more than ₹400, the amount not yet refunded.');
    await refund(app, paid.paymentId, { amountPaise: 400_00 }).expect(200);

    expect((await sandboxRefunds(paid.paymentId)).map((doc) => doc.get('amount')).sort()).toEqual([400_00, 600_00]);
    expect(await docData(paid.path)).toMatchObject({ status: 'Refunded', refundedPaise: 1_000_00 });
    expect((await refund(app, paid.paymentId)).status).toBe(409);
  });

  it('when staff refund a duplicate capture, then the payment is refunded, the invoice stays Paid by its first payment and no credit note is made', async () => {
    const { app } = testApp();
    const paid = await paidInvoice(app);
    const duplicateId = await duplicateCapture(app, paid.customer, paid.gatewayOrderId);
    expect((await docData(`payments/${duplicateId}`))!.status).toBe('duplicate');

    const response = await refund(app, duplicateId);

    expect(response.status).toBe(200);
    expect(await docData(`payments/${duplicateId}`)).toMatchObject({
      status: 'refunded',
      statusBeforeRefund: 'duplicate',
    });
    expect(await docData(paid.path)).toMatchObject({ status: 'Paid', paymentId: paid.paymentId });
    expect(await documentData(response.body.refundId)).toBeUndefined();
    expect(await docData(`mail/refund:${response.body.refundId}`)).toMatchObject({ attachmentDocumentId: null });
  });

  it('when the gateway made the refund but the answer was lost (a crash), then the request stays pending and is settled once by asking the gateway', async () => {
    const base = testApp();
    const paid = await paidInvoice(base.app);
    // The gateway does the refund, then the connection drops before we hear back.
    const lossy: PaymentGateway = Object.assign(Object.create(base.deps.gateway) as PaymentGateway, {
      refund: async (input: Parameters<PaymentGateway['refund']>[0]) => {
        await base.deps.gateway.refund(input);
        throw new Error('socket hang up');
      },
    });
    const { app } = testApp({ gateway: lossy });

    const response = await refund(app, paid.paymentId);
    expect(response.status).toBe(202);
    expect(response.body.status).toBe('pending');
    // A second press meanwhile cannot refund more.
    expect((await refund(app, paid.paymentId)).status).toBe(409);

    const resolved = await resolvePendingRefunds(paymentsContext(base.deps), { olderThanMs: 0 });
    await resolvePendingRefunds(paymentsContext(base.deps), { olderThanMs: 0 });

    expect(resolved).toEqual({ checked: 1, settled: 1 });
    expect(await sandboxRefunds(paid.paymentId)).toHaveLength(1);
    expect(await docData(`refunds/${response.body.refundId}`)).toMatchObject({ status: 'processed' });
    expect(await docData(paid.path)).toMatchObject({ status: 'Refunded' });
  });

  it('when the gateway refuses the refund, then the request fails, the amount is released and a new request may refund it', async () => {
    const base = testApp();
    const paid = await paidInvoice(base.app);
    const refusing: PaymentGateway = Object.assign(Object.create(base.deps.gateway) as PaymentGateway, {
      refund: async () => {
        throw new GatewayError('Razorpay refund failed: insufficient balance', 400);
      },
    });

    const refused = await refund(testApp({ gateway: refusing }).app, paid.paymentId);

    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ status: 'failed' });
    expect((await docData(`payments/${paid.paymentId}`))!.refundPendingPaise).toBe(0);
    await refund(base.app, paid.paymentId).expect(200);
  });

  it('when the payment does not exist, then it answers 404', async () => {
    const response = await refund(testApp().app, 'pay_missing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Payment not found.' });
  });
});

describe('payments export', () => {
  it("when staff export a date range, then the CSV has one row per payment in the range in IST, with the customer's name, what it was for and its status", async () => {
    const { app } = testApp();
    const paid = await paidInvoice(app, 2_500);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const invoiceId = (await docData(paid.path))!.invoiceId as string;
    const document = await waitFor(
      () => documentData(paid.paymentId),
      (stored) => stored?.status === 'issued',
    );

    const response = await request(app)
      .get(`/api/staff/payments.csv?from=${today}&to=${today}`)
      .set('Authorization', `Bearer ${staff.idToken}`);
    const empty = await request(app)
      .get('/api/staff/payments.csv?from=2020-01-01&to=2020-01-31')
      .set('Authorization', `Bearer ${staff.idToken}`);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // For Excel on Windows, which reads a CSV without a UTF-8 byte order mark in the ANSI code page.
    expect(response.text.charCodeAt(0)).toBe(0xfeff);
    const lines = response.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date (IST),Customer,Business name,Email,For,Tax document,Method,Amount,Refunded,TDS,TDS section,Received on,Status,Reference,Payment id,PO number,Vendor code',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${today} \\d\\d:\\d\\d,Asha Verma,,asha@example.com,`));
    expect(lines[1]).toContain(
      `,Invoice ${invoiceId},${document!.number},Card,2500.00,0.00,,,,Paid,,${paid.paymentId},,`,
    );
    expect(empty.text.trim().split('\r\n')).toHaveLength(1);
  });
});
