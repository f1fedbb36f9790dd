import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { addDays, istToday } from '@/domain/ist';
import { tdsQuarterOfDay } from '@/domain/tds-certificates';
import { TDS_MESSAGES } from '../../server/payments/tds';
import { reconcilePass } from '../../server/payments/reconcile';
import { paymentsContext } from '../../server/app-deps';
import { testApp } from '../helpers/api-app';
import { admin } from '../helpers/emulators';
import { REGISTERED_SELLER, seedProfile } from './documents-fixtures';
import { docData, newUser, seedOrder, waitFor } from './payments-fixtures';
import { issueProforma, proformaBody, staffPerFile } from './staff-fixtures';

// Paying a proforma net of TDS: the payer names the kind of payment, the server works out the
// TDS on the taxable value and charges the rest, and received + TDS settle the proforma, with one
// tax invoice for its whole value and a TDS certificate awaited.

type App = ReturnType<typeof testApp>['app'];
const staff = staffPerFile('tds-pay-staff');

const TODAY = istToday();
const QUARTER = tdsQuarterOfDay(TODAY);
const PROFESSIONAL = { kind: 'professional-fees' };

/** Staff issue a ₹1,18,000 proforma (₹1,00,000 + 18 % GST); its id and pay link token. */
async function issue(app: App, uid: string) {
  return issueProforma(
    app,
    staff.idToken,
    proformaBody(uid, {
      description: 'Line monitoring for the Nashik plant',
      lines: [{ description: 'Professional services', amountPaise: 1_18_000_00 }],
      dueDate: addDays(TODAY, 15),
    }),
  );
}

/** Pays a pay link's gateway order in the sandbox (its webhook dropped): the checkout's signed result. */
async function payInSandbox(app: App, token: string, orderId: string) {
  const paid = await request(app)
    .post(`/api/pay/${token}/sandbox`)
    .send({ razorpay_order_id: orderId, outcome: 'success', webhook: 'drop' })
    .expect(200);
  return paid.body.result as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

/** Pays a pay link's gateway order and verifies it, as the page does. */
async function payOrder(app: App, token: string, orderId: string) {
  const result = await payInSandbox(app, token, orderId);
  const verified = await request(app).post(`/api/pay/${token}/verify`).send(result).expect(200);
  return verified.body as { paymentId: string; status: string };
}

async function customerWithProforma(app: App, prefix: string) {
  const customer = await newUser(prefix);
  await seedProfile(customer.uid);
  return { customer, ...(await issue(app, customer.uid)) };
}

/** A member of a company, written as the API writes it. */
/** Expects the proforma settled by ₹1,08,000 paid and ₹10,000 TDS withheld; the payment that did it. */
async function settledWithTds(uid: string, invoiceId: string, paymentId: string) {
  expect(await docData(`users/${uid}/invoices/${invoiceId}`)).toMatchObject({
    status: 'Paid',
    paymentId,
    settledPaise: 1_18_000_00,
    tdsPaise: 10_000_00,
  });
  const payment = await docData(`payments/${paymentId}`);
  expect(payment).toMatchObject({ status: 'paid', amountPaise: 1_08_000_00, tdsPaise: 10_000_00 });
  return payment;
}

const addMember = (companyId: string, uid: string, role: string) =>
  admin()
    .db.doc(`companies/${companyId}/members/${uid}`)
    .set({ uid, role, canApprove: false, name: uid, companyName: 'Verma Textiles', invitedBy: companyId });

describe('paying a proforma net of TDS through its pay link', () => {
  it('when the clerk declares 10 % TDS on a ₹1,18,000 proforma, then ₹1,08,000 is charged, received + TDS settle it, one tax invoice of ₹1,18,000 is issued and the certificate is awaited', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const { customer, id, token } = await customerWithProforma(app, 'tds-link');

    const view = await request(app).get(`/api/pay/${token}`).expect(200);
    const order = await request(app).post(`/api/pay/${token}/orders`).send({ tds: PROFESSIONAL }).expect(201);
    const { paymentId } = await payOrder(app, token, order.body.id as string);

    expect(view.body.tds).toMatchObject({ taxablePaise: 1_00_000_00, certificateForm: 'Form 131' });
    expect(view.body.tds.choices[0]).toEqual({
      kind: 'professional-fees',
      name: 'Fees for professional services',
      rate: '10%',
      citation: 'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1027',
      tdsPaise: 10_000_00,
      payPaise: 1_08_000_00,
    });
    expect(order.body).toMatchObject({ amount: 1_08_000_00, tds: { tdsPaise: 10_000_00, tdsSection: '1027' } });
    expect(await settledWithTds(customer.uid, id, paymentId)).toMatchObject({ uid: customer.uid, tdsSection: '1027' });
    // One tax invoice, for the whole value.
    const taxInvoice = await waitFor(
      () => docData(`documents/${paymentId}`),
      (stored) => stored?.status === 'issued',
    );
    expect(taxInvoice).toMatchObject({ amountPaise: 1_18_000_00, tdsPaise: 10_000_00, tdsSection: '1027' });
    expect(
      (await admin().db.collection('documents').where('paymentId', '==', paymentId).get()).docs.map((doc) => doc.id),
    ).toEqual([paymentId]);
    expect((await docData(`mail/payment:${paymentId}`))?.data).toMatchObject({
      amountPaise: 1_08_000_00,
      settledPaise: 1_18_000_00,
      tdsPaise: 10_000_00,
      tdsSection: '1027',
      balanceDuePaise: 0,
    });
    expect(await docData(`tdsCertificates/${paymentId}`)).toMatchObject({
      uid: customer.uid,
      paymentId,
      payable: { type: 'invoice', docId: id },
      tdsPaise: 10_000_00,
      tdsSection: '1027',
      receivedOn: TODAY,
      quarter: QUARTER.key,
      certificateDueOn: QUARTER.certificateDueOn,
      form: 'Form 131',
      status: 'awaited',
      file: null,
    });
    const audit = await admin().db.collection('auditLog').where('target', '==', `tdsCertificates/${paymentId}`).get();
    expect(audit.docs.map((doc) => [doc.get('action'), doc.get('after.status')])).toEqual([
      ['tds-certificate.awaited', 'awaited'],
    ]);
    // payments.csv (the Payments screen's export) shows the TDS with the citation of its day.
    const csv = await request(app)
      .get(`/api/staff/payments.csv?from=${TODAY}&to=${TODAY}`)
      .set('Authorization', `Bearer ${staff.idToken}`)
      .expect(200);
    expect(csv.text).toContain(
      '108000.00,0.00,10000.00,"section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1027"',
    );
  });

  it('when the browser sends amounts of its own, then they are ignored: the TDS and the charge are the server’s', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const { token } = await customerWithProforma(app, 'tds-tamper');

    const order = await request(app)
      .post(`/api/pay/${token}/orders`)
      .send({ tds: { kind: 'professional-fees', tdsPaise: 1_17_000_00, ratePercent: 99 }, amount: 100 })
      .expect(201);

    expect(order.body).toMatchObject({ amount: 1_08_000_00, tds: { tdsPaise: 10_000_00 } });
  });

  it('when the payer declares another kind or none, then a new order is made for that net, and a repeat of the same one reuses it', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const { token } = await customerWithProforma(app, 'tds-reuse');

    const first = await request(app).post(`/api/pay/${token}/orders`).send({ tds: PROFESSIONAL }).expect(201);
    const again = await request(app).post(`/api/pay/${token}/orders`).send({ tds: PROFESSIONAL }).expect(200);
    const technical = await request(app)
      .post(`/api/pay/${token}/orders`)
      .send({ tds: { kind: 'technical-fees' } })
      .expect(201);
    const inFull = await request(app).post(`/api/pay/${token}/orders`).send({}).expect(201);

    expect(again.body.id).toBe(first.body.id);
    expect(technical.body).toMatchObject({ amount: 1_16_000_00, tds: { tdsPaise: 2_000_00, tdsSection: '1026' } });
    expect(technical.body.id).not.toBe(first.body.id);
    expect(inFull.body.amount).toBe(1_18_000_00);
    expect(inFull.body.tds).toBeUndefined();
  });

  it('when the capture is reported by reconciliation instead of the browser, then the TDS the order carried settles the proforma just the same', async () => {
    const { app, deps } = testApp({ env: REGISTERED_SELLER });
    const { customer, id, token } = await customerWithProforma(app, 'tds-reconcile');
    const order = await request(app).post(`/api/pay/${token}/orders`).send({ tds: PROFESSIONAL }).expect(201);
    const { razorpay_payment_id: paymentId } = await payInSandbox(app, token, order.body.id as string);
    await admin()
      .db.doc(`users/${customer.uid}/invoices/${id}`)
      .update({ gatewayOrderCreatedAt: new Date(Date.now() - 60 * 60_000) });

    await reconcilePass(paymentsContext(deps));

    expect(await docData(`users/${customer.uid}/invoices/${id}`)).toMatchObject({
      status: 'Paid',
      paymentId,
      settledPaise: 1_18_000_00,
    });
    expect(await docData(`tdsCertificates/${paymentId}`)).toMatchObject({ status: 'awaited', tdsPaise: 10_000_00 });
  });

  it('when the payer opens checkout with TDS, then in full, and pays the first, then it settles the proforma on its own terms: ₹1,08,000 + ₹10,000 TDS', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const { customer, id, token } = await customerWithProforma(app, 'tds-superseded');
    const withTds = await request(app).post(`/api/pay/${token}/orders`).send({ tds: PROFESSIONAL }).expect(201);
    await request(app).post(`/api/pay/${token}/orders`).send({}).expect(201);

    const { paymentId, status } = await payOrder(app, token, withTds.body.id as string);

    expect(status).toBe('Paid');
    await settledWithTds(customer.uid, id, paymentId);
    expect(await docData(`tdsCertificates/${paymentId}`)).toMatchObject({ status: 'awaited', tdsPaise: 10_000_00 });
  });

  it('when the payer opens checkout in full, then with TDS, and pays the first, then ₹1,18,000 settles it with no TDS', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const { customer, id, token } = await customerWithProforma(app, 'tds-superseded-full');
    const inFull = await request(app).post(`/api/pay/${token}/orders`).send({}).expect(201);
    await request(app).post(`/api/pay/${token}/orders`).send({ tds: PROFESSIONAL }).expect(201);

    const { paymentId, status } = await payOrder(app, token, inFull.body.id as string);

    expect(status).toBe('Paid');
    const invoice = await docData(`users/${customer.uid}/invoices/${id}`);
    expect(invoice).toMatchObject({ status: 'Paid', paymentId });
    expect(invoice?.tdsPaise ?? 0).toBe(0);
    expect(await docData(`tdsCertificates/${paymentId}`)).toBeUndefined();
  });

  it('when both checkouts are paid, then the first settles the proforma and the second is kept for a refund (409); a balance changed since is a mismatch', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const { customer, id, token } = await customerWithProforma(app, 'tds-both');
    const withTds = await request(app).post(`/api/pay/${token}/orders`).send({ tds: PROFESSIONAL }).expect(201);
    const inFull = await request(app).post(`/api/pay/${token}/orders`).send({}).expect(201);
    const [first, second] = await Promise.all([
      payInSandbox(app, token, withTds.body.id as string),
      payInSandbox(app, token, inFull.body.id as string),
    ]);

    const verified = await Promise.all(
      [first, second].map((result) => request(app).post(`/api/pay/${token}/verify`).send(result)),
    );

    expect(verified.map((response) => response.status).sort()).toEqual([200, 409]);
    const invoice = await docData(`users/${customer.uid}/invoices/${id}`);
    expect(invoice?.status).toBe('Paid');
    expect([first.razorpay_payment_id, second.razorpay_payment_id]).toContain(invoice?.paymentId);
    const statuses = await Promise.all(
      [first, second].map(async (result) => (await docData(`payments/${result.razorpay_payment_id}`))?.status),
    );
    expect(statuses.sort()).toEqual(['duplicate', 'paid']);

    // A balance changed after the order was made: that order no longer fits, and waits for a refund.
    const other = await customerWithProforma(app, 'tds-changed');
    const stale = await request(app).post(`/api/pay/${other.token}/orders`).send({ tds: PROFESSIONAL }).expect(201);
    await request(app).post(`/api/pay/${other.token}/orders`).send({}).expect(201);
    await admin().db.doc(`users/${other.customer.uid}/invoices/${other.id}`).update({ settledPaise: 59_000_00 });
    const result = await payInSandbox(app, other.token, stale.body.id as string);
    const refused = await request(app).post(`/api/pay/${other.token}/verify`).send(result);
    expect(refused.status).toBe(409);
    expect(await docData(`users/${other.customer.uid}/invoices/${other.id}`)).toMatchObject({ status: 'Pending' });
    expect(await docData(`payments/${result.razorpay_payment_id}`)).toMatchObject({
      status: 'mismatch',
      mismatchReason: 'gateway-order-replaced',
    });
  });

  it('when ₹59,000 was received before, then TDS is on the taxable share of the ₹59,000 balance and the rest settles it', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const { customer, id, token } = await customerWithProforma(app, 'tds-balance');
    await request(app)
      .post('/api/staff/payments/offline')
      .set('Authorization', `Bearer ${staff.idToken}`)
      .send({
        uid: customer.uid,
        type: 'invoice',
        docId: id,
        amountReceivedPaise: 59_000_00,
        receivedOn: TODAY,
        method: 'bank-transfer',
        reference: 'UTR0001',
        requestId: 'tds-balance-request-1',
      })
      .expect(201);

    const order = await request(app).post(`/api/pay/${token}/orders`).send({ tds: PROFESSIONAL }).expect(201);
    const { paymentId } = await payOrder(app, token, order.body.id as string);

    expect(order.body).toMatchObject({ amount: 54_000_00, tds: { tdsPaise: 5_000_00 } });
    expect(await docData(`users/${customer.uid}/invoices/${id}`)).toMatchObject({
      status: 'Paid',
      settledPaise: 1_18_000_00,
      tdsPaise: 5_000_00,
    });
    expect(await docData(`documents/${paymentId}`)).toMatchObject({ amountPaise: 1_18_000_00 });
  });

  it('when TDS is declared on a cart order or with an unknown kind, then it answers 400 with the reason', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const customer = await newUser('tds-order');
    const orderId = await seedOrder(customer.uid);
    const { token } = await customerWithProforma(app, 'tds-kind');

    const onOrder = await request(app)
      .post('/api/payments/orders')
      .set('Authorization', `Bearer ${customer.idToken}`)
      .send({ type: 'product_order', firestore_id: orderId, tds: PROFESSIONAL });
    const unknown = await request(app)
      .post(`/api/pay/${token}/orders`)
      .send({ tds: { kind: 'purchase-of-goods' } });

    expect([onOrder.status, onOrder.body]).toEqual([400, { message: TDS_MESSAGES.invoicesOnly }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Choose what kind of payment your company deducts TDS for.');
    expect((await admin().db.collection('sandboxOrders').get()).size).toBe(0);
  });
});

describe('paying a company’s proforma net of TDS when signed in', () => {
  /** A company (its founder's uid) with a ₹1,18,000 proforma, and members of each role. */
  async function company(app: App) {
    const founder = await newUser('tds-founder');
    await seedProfile(founder.uid);
    const { id } = await issue(app, founder.uid);
    await addMember(founder.uid, founder.uid, 'owner');
    const members = {
      billing: await newUser('tds-billing'),
      technical: await newUser('tds-technical'),
      viewer: await newUser('tds-viewer'),
      outsider: await newUser('tds-outsider'),
    };
    await Promise.all(
      (['billing', 'technical', 'viewer'] as const).map((role) => addMember(founder.uid, members[role].uid, role)),
    );
    return { companyId: founder.uid, id, ...members };
  }

  const order = (app: App, idToken: string, companyId: string, docId: string) =>
    request(app)
      .post('/api/payments/orders')
      .set('Authorization', `Bearer ${idToken}`)
      .set('X-Company-Id', companyId)
      .send({ type: 'invoice', firestore_id: docId, tds: PROFESSIONAL });

  it('when a billing member declares TDS, then the net is charged and their payment settles the company’s proforma', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const { companyId, id, billing } = await company(app);

    const created = await order(app, billing.idToken, companyId, id).expect(201);
    const paid = await request(app)
      .post('/api/payments/sandbox/pay')
      .set('Authorization', `Bearer ${billing.idToken}`)
      .set('X-Company-Id', companyId)
      .send({ razorpay_order_id: created.body.id, outcome: 'success', webhook: 'drop' })
      .expect(200);
    const verified = await request(app)
      .post('/api/payments/verify')
      .set('Authorization', `Bearer ${billing.idToken}`)
      .set('X-Company-Id', companyId)
      .send(paid.body.result)
      .expect(200);

    expect(created.body).toMatchObject({ amount: 1_08_000_00, tds: { tdsPaise: 10_000_00 } });
    expect(await docData(`users/${companyId}/invoices/${id}`)).toMatchObject({
      status: 'Paid',
      settledPaise: 1_18_000_00,
    });
    expect(await docData(`tdsCertificates/${verified.body.paymentId as string}`)).toMatchObject({
      uid: companyId,
      status: 'awaited',
    });
  });

  it('when a technical member or a viewer declares TDS, then it is refused (403), and a stranger finds no company (404)', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const { companyId, id, technical, viewer, outsider } = await company(app);

    const byTechnical = await order(app, technical.idToken, companyId, id);
    const byViewer = await order(app, viewer.idToken, companyId, id);
    const byOutsider = await order(app, outsider.idToken, companyId, id);

    expect([byTechnical.status, byTechnical.body]).toEqual([
      403,
      { message: 'Your role in Verma Textiles (Technical) cannot pay invoices.' },
    ]);
    expect([byViewer.status, byViewer.body]).toEqual([
      403,
      { message: 'Your role in Verma Textiles (Viewer) cannot pay invoices.' },
    ]);
    expect([byOutsider.status, byOutsider.body]).toEqual([404, { message: 'Company not found.' }]);
    expect((await admin().db.collection('sandboxOrders').get()).size).toBe(0);
    expect((await docData(`users/${companyId}/invoices/${id}`))?.gatewayOrderId).toBeUndefined();
  });
});
