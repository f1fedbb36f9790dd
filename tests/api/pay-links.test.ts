import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { INVOICE_ALREADY_PENDING, INVOICE_ID_RESERVED } from '../../server/payments/customer-invoices';
import { PAY_LINK_CANCELLED, PAY_LINK_NOT_FOUND } from '../../server/payments/pay-links';
import { PAY_LINK_RATE_LIMIT_MESSAGE } from '../../server/routes/pay';
import { testApp } from '../helpers/api-app';
import { admin } from '../helpers/emulators';
import { download, pdfText, REGISTERED_SELLER, seedProfile } from './documents-fixtures';
import { docData, newUser, waitFor } from './payments-fixtures';
import { issueProforma, proformaBody, staffPerFile } from './staff-fixtures';

type App = ReturnType<typeof testApp>['app'];
const staff = staffPerFile('pay-link-staff');

/** Staff issue a proforma to the customer; its id, number and pay link token. */
async function issue(
  app: App,
  uid: string,
  lines = [{ description: 'Machine integration', amountPaise: 2_80_000_00 }],
) {
  return issueProforma(
    app,
    staff.idToken,
    proformaBody(uid, { description: 'Production monitoring for the Pune plant', lines }),
  );
}

/** Pays through the pay link, as its page does, with no account: order, sandbox checkout, verify. */
async function payByLink(app: App, token: string) {
  const order = await request(app).post(`/api/pay/${token}/orders`).send({}).expect(201);
  const paid = await request(app)
    .post(`/api/pay/${token}/sandbox`)
    .send({ razorpay_order_id: order.body.id, outcome: 'success', webhook: 'drop' })
    .expect(200);
  const verified = await request(app).post(`/api/pay/${token}/verify`).send(paid.body.result);
  return { order, paid, verified };
}

describe('the pay link', () => {
  it('when someone without an account opens it, then they see who issued it, to whom, its lines, GST, total, due date and status, and nothing else', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const customer = await newUser('pay-view');
    await seedProfile(customer.uid);
    const { number, token } = await issue(app, customer.uid);

    const view = await request(app).get(`/api/pay/${token}`);

    expect(view.status).toBe(200);
    expect(Object.keys(view.body).sort()).toEqual(
      [
        'amountDuePaise',
        'billedTo',
        'description',
        'dueDate',
        'issueDate',
        'issuer',
        'lines',
        'msmeTerms',
        'number',
        'paid',
        'proformaNote',
        'purchaseOrder',
        'requiresPoNumber',
        'settledPaise',
        'status',
        'taxType',
        'tds',
        'totals',
      ].sort(),
    );
    expect(view.body).toMatchObject({
      status: 'Pending',
      number,
      description: 'Production monitoring for the Pune plant',
      amountDuePaise: 2_80_000_00,
      billedTo: { name: 'Asha Verma' },
      issuer: { name: 'Nimbus Bespoke Software Private Limited', gstin: REGISTERED_SELLER.SELLER_GSTIN },
      taxType: 'inter-state',
      paid: null,
      proformaNote: 'This is a proforma invoice, not a tax invoice. The tax invoice is issued when it is paid.',
      purchaseOrder: null,
      requiresPoNumber: false,
      msmeTerms: null,
    });
    expect(view.body.totals.totalPaise).toBe(2_80_000_00);
    expect(view.body.totals.igstPaise).toBeGreaterThan(0);
    // Nothing of the customer beyond the buyer printed on the invoice.
    expect(JSON.stringify(view.body)).not.toContain(customer.uid);
    const pdf = await download(app, `/api/pay/${token}/proforma.pdf`).expect(200);
    expect(await pdfText(pdf.body as Buffer)).toContain('PROFORMA INVOICE');
  });

  it('when a token is guessed or malformed, then it is a 404 that reveals nothing', async () => {
    const { app } = testApp();
    const customer = await newUser('pay-guess');
    await seedProfile(customer.uid);
    await issue(app, customer.uid);

    for (const token of [randomBytes(24).toString('base64url'), 'short', '../users', 'x'.repeat(33)]) {
      for (const path of ['', '/proforma.pdf', '/tax-invoice.pdf']) {
        const response = await request(app).get(`/api/pay/${encodeURIComponent(token)}${path}`);
        expect(response.status, `${token}${path}`).toBe(404);
        expect(response.body).toEqual({ message: PAY_LINK_NOT_FOUND });
      }
      const order = await request(app)
        .post(`/api/pay/${encodeURIComponent(token)}/orders`)
        .send({});
      expect(order.status).toBe(404);
    }
    expect((await admin().db.collection('sandboxOrders').get()).size).toBe(0);
  });

  it('when the invoice is cancelled, then its link is a 404 that says so, and nothing can be paid through it', async () => {
    const { app } = testApp();
    const customer = await newUser('pay-cancelled');
    await seedProfile(customer.uid);
    const { id, token } = await issue(app, customer.uid);

    await request(app)
      .post(`/api/staff/customers/${customer.uid}/invoices/${id}/cancel`)
      .set('Authorization', `Bearer ${staff.idToken}`)
      .expect(200);

    const view = await request(app).get(`/api/pay/${token}`);
    expect(view.status).toBe(404);
    expect(view.body).toEqual({ message: PAY_LINK_CANCELLED });
    expect((await request(app).post(`/api/pay/${token}/orders`).send({})).status).toBe(404);
    expect((await request(app).get(`/api/pay/${token}/proforma.pdf`)).status).toBe(404);
  });

  it("when a payment is made through one invoice's link, then another invoice's link cannot complete it, and the other invoice stays unpaid", async () => {
    const { app } = testApp();
    const customer = await newUser('pay-other');
    await seedProfile(customer.uid);
    const first = await issue(app, customer.uid);
    const second = await issue(app, customer.uid, [{ description: 'Support', amountPaise: 50_000_00 }]);

    const order = await request(app).post(`/api/pay/${second.token}/orders`).send({}).expect(201);
    // The first invoice's link cannot pay, nor verify, the second's gateway order.
    const wrongSandbox = await request(app)
      .post(`/api/pay/${first.token}/sandbox`)
      .send({ razorpay_order_id: order.body.id, outcome: 'success' });
    expect(wrongSandbox.status).toBe(404);
    const paid = await request(app)
      .post(`/api/pay/${second.token}/sandbox`)
      .send({ razorpay_order_id: order.body.id, outcome: 'success', webhook: 'drop' })
      .expect(200);
    const wrongVerify = await request(app).post(`/api/pay/${first.token}/verify`).send(paid.body.result);
    expect(wrongVerify.status).toBe(404);
    expect(wrongVerify.body).toEqual({ message: 'Payment order not found.' });
    expect((await docData(`users/${customer.uid}/invoices/${second.id}`))?.status).toBe('Pending');
    expect((await docData(`users/${customer.uid}/invoices/${first.id}`))?.status).toBe('Pending');
  });

  it('when the clerk pays through the link, then the invoice is Paid through markPaid for the customer it was issued to, with its tax invoice and receipt', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const customer = await newUser('pay-by-link');
    await seedProfile(customer.uid);
    const { id, number, token } = await issue(app, customer.uid);

    const { order, verified } = await payByLink(app, token);

    expect(order.body).toMatchObject({ amount: 2_80_000_00, prefill: { name: 'Asha Verma' } });
    expect(verified.status).toBe(200);
    const paymentId = verified.body.paymentId as string;
    expect(await docData(`users/${customer.uid}/invoices/${id}`)).toMatchObject({ status: 'Paid', paymentId });
    expect(await docData(`payments/${paymentId}`)).toMatchObject({ uid: customer.uid, docId: id, status: 'paid' });
    expect(await docData(`mail/payment:${paymentId}`)).toMatchObject({ to: { uid: customer.uid } });
    // Numbered right after the payment; the invoice and its link learn the number.
    const invoice = await waitFor(
      () => docData(`users/${customer.uid}/invoices/${id}`),
      (stored) => typeof stored?.taxDocument?.number === 'string',
    );
    const view = await request(app).get(`/api/pay/${token}`).expect(200);
    expect(view.body).toMatchObject({
      status: 'Paid',
      amountDuePaise: 0,
      paid: { paymentId, taxInvoice: { title: 'Tax Invoice', number: invoice!.taxDocument.number } },
    });
    const pdf = await download(app, `/api/pay/${token}/tax-invoice.pdf`).expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(`Proforma ${number}`);
    expect(text).toContain('Production monitoring for the Pune plant');
    // Paid is paid: the link takes no second payment.
    expect((await request(app).post(`/api/pay/${token}/orders`).send({})).status).toBe(409);
  });

  it('when one client asks for more pay links than its limit in a minute, then the next gets 429', async () => {
    const { app } = testApp({ env: { PAY_LINK_RATE_LIMIT_PER_MINUTE: '3' } });
    const token = randomBytes(24).toString('base64url');
    // The limit counts per clock minute (server/rate-limit.ts): start the four lookups in one.
    const leftInMinuteMs = 60_000 - (Date.now() % 60_000);
    if (leftInMinuteMs < 5_000) await new Promise((resolve) => setTimeout(resolve, leftInMinuteMs + 50));

    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push((await request(app).get(`/api/pay/${token}`)).status);

    expect(statuses).toEqual([404, 404, 404, 429]);
    expect((await request(app).get(`/api/pay/${token}`)).body).toEqual({ message: PAY_LINK_RATE_LIMIT_MESSAGE });
  });
});

describe("a customer's own invoices", () => {
  const enter = (idToken: string, invoiceId: string, amount: unknown = '1,500.50') =>
    request(testApp().app)
      .post('/api/invoices')
      .set('Authorization', `Bearer ${idToken}`)
      .send({ name: 'Asha Rao', email: 'asha@example.com', invoiceId, amount });

  it('when a customer enters inv-1 and then INV-1, then the second is refused: ids are unique per customer in any case', async () => {
    const customer = await newUser('own-invoice');
    const other = await newUser('own-invoice-other');

    const first = await enter(customer.idToken, 'inv-1');
    const second = await enter(customer.idToken, 'INV-1');
    const others = await enter(other.idToken, 'INV-1');

    expect(first.status).toBe(201);
    expect(await docData(`users/${customer.uid}/invoices/${first.body.docId}`)).toMatchObject({
      invoiceId: 'inv-1',
      amount: 1500.5,
      status: 'Pending',
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: INVOICE_ALREADY_PENDING });
    expect(others.status).toBe(201);
    expect((await admin().db.collection(`users/${customer.uid}/invoices`).get()).size).toBe(1);
  });

  it('when two tabs enter the same id at once, then one invoice is created', async () => {
    const customer = await newUser('own-race');
    const responses = await Promise.all([enter(customer.idToken, 'INV-9'), enter(customer.idToken, 'inv-9')]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect((await admin().db.collection(`users/${customer.uid}/invoices`).get()).size).toBe(1);
  });

  it('when the customer deleted their pending invoice, then they may enter its id again', async () => {
    const customer = await newUser('own-again');
    const first = await enter(customer.idToken, 'INV-5');
    await admin().db.doc(`users/${customer.uid}/invoices/${first.body.docId}`).delete();
    expect((await enter(customer.idToken, 'inv-5')).status).toBe(201);
  });

  it('when the amount has more than two decimals, the id is one of our numbers, or there is no sign-in, then it is refused', async () => {
    const customer = await newUser('own-bad');
    expect((await enter(customer.idToken, 'INV-6', '1.005')).status).toBe(400);
    const reserved = await enter(customer.idToken, 'pi/2026-27/0001');
    expect(reserved.status).toBe(409);
    expect(reserved.body).toEqual({ message: INVOICE_ID_RESERVED });
    const visitor = await request(testApp().app)
      .post('/api/invoices')
      .send({ name: 'A', email: 'a@example.com', invoiceId: 'X', amount: 5 });
    expect(visitor.status).toBe(401);
  });
});
