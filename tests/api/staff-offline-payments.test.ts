import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { addDays, istToday } from '@/domain/ist';
import { renderMail, type MailTemplate } from '../../server/mail/templates';
import { moreThanDue, NOT_PAYABLE, orderInFull } from '../../server/payments/offline';
import { payLinkToken } from '../../server/payments/pay-links';
import { testApp } from '../helpers/api-app';
import { admin } from '../helpers/emulators';
import {
  BUYER_GSTIN,
  allDocuments,
  documentData,
  download,
  pdfText,
  REGISTERED_SELLER,
  seedProfile,
} from './documents-fixtures';
import { proformaBody, staffPerFile } from './staff-fixtures';
import {
  createPaymentOrder,
  docData,
  newUser,
  sandboxPay,
  seedOrder,
  verifyPayment,
  waitFor,
} from './payments-fixtures';

const staff = staffPerFile('receipts-staff');

type App = ReturnType<typeof testApp>['app'];

const asStaff = (app: App, path: string, body: object = {}) =>
  request(app).post(path).set('Authorization', `Bearer ${staff.idToken}`).send(body);

/** A ₹2,80,000 proforma (GST included) to a registered business, issued by staff. */
async function issuedInvoice(app: App) {
  const customer = await newUser('tds-customer');
  await seedProfile(customer.uid, {
    gstin: BUYER_GSTIN,
    legalName: 'Verma Textiles Private Limited',
    pinCode: '411001',
  });
  const issued = await asStaff(app, '/api/staff/invoices', proformaBody(customer.uid)).expect(201);
  const docId = issued.body.id as string;
  return { customer, docId, path: `users/${customer.uid}/invoices/${docId}`, number: issued.body.number as string };
}

const receipt = (uid: string, docId: string, overrides: Record<string, unknown> = {}) => ({
  uid,
  type: 'invoice',
  docId,
  requestId: randomUUID(),
  amountReceivedPaise: 1_00_000_00,
  tdsPaise: 0,
  tdsSection: null,
  receivedOn: istToday(),
  method: 'bank-transfer',
  reference: 'UTR HDFC0001',
  ...overrides,
});

/** Staff record money received outside the gateway (a bank transfer, a cheque). */
const recordOffline = (app: App, body: object) => asStaff(app, '/api/staff/payments/offline', body);

/** Records a receipt (₹1,00,000 by bank transfer unless `overrides` say otherwise) against an issued invoice. */
const recordOfflineFor = (
  app: App,
  invoice: { customer: { uid: string }; docId: string },
  overrides: Record<string, unknown> = {},
) => recordOffline(app, receipt(invoice.customer.uid, invoice.docId, overrides));

async function receiptMail(paymentId: string) {
  const stored = (await admin().db.doc(`mail/payment:${paymentId}`).get()).data() as MailTemplate | undefined;
  return stored ? renderMail(stored).text : null;
}

describe('payments staff record as they happen', () => {
  it('when ₹1,00,000 arrives first and then ₹1,52,000 with ₹28,000 TDS under payment code 1027, then the invoice is Partially paid with ₹1,80,000 due, and then Paid with one tax invoice for ₹2,80,000', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const invoice = await issuedInvoice(app);

    const first = await recordOfflineFor(app, invoice);

    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ outcome: 'part-paid', balanceDuePaise: 1_80_000_00 });
    expect(await docData(invoice.path)).toMatchObject({ status: 'Partially paid', settledPaise: 1_00_000_00 });
    expect(await docData(`payments/${first.body.paymentId}`)).toMatchObject({
      status: 'paid',
      source: 'offline',
      amountPaise: 1_00_000_00,
      balanceDuePaise: 1_80_000_00,
      customerName: 'Asha Verma',
      paidFor: `Proforma ${invoice.number} · Factory dashboard, phase 1`,
      receivedOn: istToday(),
    });
    // Nothing is taxed yet: a part payment of a proforma issues no tax invoice.
    expect((await allDocuments()).filter((document) => document.series === 'invoice')).toHaveLength(0);
    expect(await receiptMail(first.body.paymentId)).toContain('₹1,80,000 is still due');

    const second = await recordOfflineFor(app, invoice, {
      amountReceivedPaise: 1_52_000_00,
      tdsPaise: 28_000_00,
      tdsSection: '1027',
      method: 'cheque',
      reference: 'CHQ 004512',
    });

    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ outcome: 'paid', balanceDuePaise: 0 });
    const paymentId = second.body.paymentId as string;
    expect(await docData(invoice.path)).toMatchObject({
      status: 'Paid',
      paymentId,
      settledPaise: 2_80_000_00,
      tdsPaise: 28_000_00,
    });
    const taxInvoices = (await allDocuments()).filter((document) => document.series === 'invoice');
    expect(taxInvoices.map((document) => document.id)).toEqual([paymentId]);
    const issued = await waitFor(
      () => documentData(paymentId),
      (stored) => stored?.status === 'issued',
    );
    expect(issued!.snapshot).toMatchObject({
      kind: 'tax-invoice',
      totals: { totalPaise: 2_80_000_00 },
      recipient: { name: 'Verma Textiles Private Limited', gstin: BUYER_GSTIN },
      payment: { amountPaise: 2_80_000_00, tdsPaise: 28_000_00, tdsSection: '1027', method: 'cheque' },
    });
    // The payment learns its tax invoice's number, and the legal name it is made out to.
    expect(await docData(`payments/${paymentId}`)).toMatchObject({
      amountPaise: 1_52_000_00,
      tdsPaise: 28_000_00,
      customerLegalName: 'Verma Textiles Private Limited',
      taxDocument: { number: issued!.number, kind: 'tax-invoice' },
    });
    expect(await receiptMail(paymentId)).toContain(
      'With ₹28,000 of TDS deducted under section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1027, the invoice is now settled in full.',
    );
    const audit = (await admin().db.collection('auditLog').where('action', '==', 'payment.offline').get()).docs;
    expect(audit.map((entry) => entry.get('after.status')).sort()).toEqual(['Paid', 'Partially paid']);
  });

  it('when TDS on a payment received today and on one received on 31 March 2026 is recorded, then each tax invoice prints the law of its day: the 2025 Act entry and code, or section 194J', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const [today, lastYear] = [await issuedInvoice(app), await issuedInvoice(app)];

    const recorded = await Promise.all([
      recordOfflineFor(app, today, { amountReceivedPaise: 2_52_000_00, tdsPaise: 28_000_00, tdsSection: '1027' }),
      recordOfflineFor(app, lastYear, {
        amountReceivedPaise: 2_52_000_00,
        tdsPaise: 28_000_00,
        tdsSection: '194J',
        receivedOn: '2026-03-31',
      }),
    ]);

    const [todayText, lastYearText] = await Promise.all(
      recorded.map(async (response) => {
        expect(response.status).toBe(201);
        const paymentId = response.body.paymentId as string;
        await waitFor(
          () => documentData(paymentId),
          (stored) => stored?.status === 'issued',
        );
        const pdf = await download(app, `/api/documents/${paymentId}.pdf`, staff.idToken);
        expect(pdf.status).toBe(200);
        return (await pdfText(pdf.body as Buffer)).replace(/\s+/g, ' ');
      }),
    );
    expect(todayText).toContain('TDS deducted: ₹28,000.00');
    expect(todayText).toContain(
      'TDS under: section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1027',
    );
    expect(todayText).not.toContain('194J');
    expect(lastYearText).toContain('TDS under: section 194J of the Income-tax Act, 1961');
    expect(lastYearText).toContain('Paid on: 31 Mar 2026');
  });

  it('when a receipt is retried with the same request, then it is recorded once', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const invoice = await issuedInvoice(app);
    const body = receipt(invoice.customer.uid, invoice.docId);

    const [first, second] = await Promise.all([recordOffline(app, body), recordOffline(app, body)]);

    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.paymentId).toBe(second.body.paymentId);
    expect((await docData(invoice.path))!.settledPaise).toBe(1_00_000_00);
  });

  it('when what is recorded is more than is due, then it is refused with the amount due and nothing is written', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const invoice = await issuedInvoice(app);
    await recordOfflineFor(app, invoice).expect(201);

    const tooMuch = await recordOfflineFor(app, invoice, {
      amountReceivedPaise: 1_60_000_00,
      tdsPaise: 28_000_00,
      tdsSection: '1027',
    });

    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toEqual({ message: moreThanDue(1_80_000_00) });
    expect((await admin().db.collection('payments').get()).size).toBe(1);
    expect((await docData(invoice.path))!.settledPaise).toBe(1_00_000_00);
  });

  it('when TDS has no section, the date is in the future, or nothing is entered, then it answers 400 with the reason', async () => {
    const { app } = testApp();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tdsPaise: 10_00 }, 'Choose the section the TDS was deducted under.'],
      [
        { tdsPaise: 10_00, tdsSection: '194J' },
        'From 1 April 2026 TDS is cited under the Income-tax Act, 2025: choose the payment code that replaced section 194J.',
      ],
      [{ receivedOn: addDays(istToday(), 2) }, 'The date received cannot be in the future.'],
      [{ amountReceivedPaise: 0 }, 'Enter the amount received (and any TDS): at least ₹1 in all.'],
    ];
    for (const [overrides, message] of cases) {
      const response = await recordOffline(app, receipt('u1', 'i1', overrides));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
  });

  it('when staff record an order in part, then it is refused: an order is paid in one go; in full it is Paid with its receipt mail, and not refundable online', async () => {
    const { app } = testApp();
    const customer = await newUser('offline-order');
    await seedProfile(customer.uid);
    const docId = await seedOrder(customer.uid, ['website-Basic']);
    const order = { type: 'product_order', docId };

    const part = await recordOffline(app, receipt(customer.uid, docId, { ...order, amountReceivedPaise: 5_000_00 }));
    const whole = await recordOffline(app, receipt(customer.uid, docId, { ...order, amountReceivedPaise: 20_000_00 }));
    const again = await recordOffline(app, receipt(customer.uid, docId, order));

    expect(part.status).toBe(409);
    expect(part.body).toEqual({ message: orderInFull(20_000_00) });
    expect(whole.status).toBe(201);
    expect(await docData(`users/${customer.uid}/orders/${docId}`)).toMatchObject({
      status: 'Paid',
      paymentId: whole.body.paymentId,
    });
    expect(await docData(`mail/payment:${whole.body.paymentId}`)).toMatchObject({ template: 'payment-receipt' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: NOT_PAYABLE });
    const refund = await request(app)
      .post(`/api/staff/payments/${whole.body.paymentId}/refunds`)
      .set('Authorization', `Bearer ${staff.idToken}`)
      .send({ requestId: randomUUID() });
    expect(refund.status).toBe(409);
  });

  it('when a Partially paid invoice is paid online, then the checkout charges the balance and settling it issues one tax invoice for the whole value', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const invoice = await issuedInvoice(app);
    // A checkout the customer opened before the part payment: it must not settle the old balance again.
    const stale = await createPaymentOrder(app, invoice.customer.idToken, {
      firestore_id: invoice.docId,
      type: 'invoice',
    });
    await recordOfflineFor(app, invoice).expect(201);
    const late = await sandboxPay(app, invoice.customer.idToken, stale.body.id as string);
    if (late.outcome !== 'success') throw new Error('expected success');
    await verifyPayment(app, invoice.customer.idToken, late.result).expect(409);
    expect((await docData(`payments/${late.result.razorpay_payment_id}`))!.status).toBe('mismatch');
    expect((await docData(invoice.path))!.status).toBe('Partially paid');

    const order = await createPaymentOrder(app, invoice.customer.idToken, {
      firestore_id: invoice.docId,
      type: 'invoice',
    });
    expect(order.status).toBe(201);
    expect(order.body.amount).toBe(1_80_000_00);
    expect(order.body.id).not.toBe(stale.body.id);
    const paid = await sandboxPay(app, invoice.customer.idToken, order.body.id as string);
    if (paid.outcome !== 'success') throw new Error('expected success');
    await verifyPayment(app, invoice.customer.idToken, paid.result).expect(200);

    expect(await docData(invoice.path)).toMatchObject({ status: 'Paid', settledPaise: 2_80_000_00 });
    const document = await waitFor(
      () => documentData(paid.result.razorpay_payment_id),
      (stored) => stored?.status === 'issued',
    );
    expect(document!.snapshot).toMatchObject({ totals: { totalPaise: 2_80_000_00 } });
  });
});

describe('cancelling an issued invoice', () => {
  it('when staff cancel it, then the customer is mailed that it is cancelled and its pay link says so; a Partially paid one cannot be cancelled', async () => {
    const { app, deps } = testApp({ env: REGISTERED_SELLER });
    const invoice = await issuedInvoice(app);
    const token = payLinkToken(deps.config.payLinkSecret, {
      uid: invoice.customer.uid,
      type: 'invoice',
      docId: invoice.docId,
    });

    await asStaff(app, `/api/staff/customers/${invoice.customer.uid}/invoices/${invoice.docId}/cancel`).expect(200);

    const stored = (
      await admin().db.doc(`mail/invoice-cancelled:${invoice.customer.uid}:${invoice.docId}`).get()
    ).data();
    expect(stored).toMatchObject({ template: 'invoice-cancelled', to: { uid: invoice.customer.uid } });
    expect(renderMail(stored as MailTemplate).text).toContain(
      `We have cancelled Proforma ${invoice.number} for ₹2,80,000. You do not need to pay it, and its pay link no longer works.`,
    );
    const page = await request(app).get(`/api/pay/${token}`);
    expect(page.status).toBe(404);
    expect(page.body.message).toMatch(/cancelled/i);

    const partial = await issuedInvoice(app);
    await recordOfflineFor(app, partial).expect(201);
    const refused = await asStaff(app, `/api/staff/customers/${partial.customer.uid}/invoices/${partial.docId}/cancel`);
    expect(refused.status).toBe(409);
  });
});
