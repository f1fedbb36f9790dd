import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { financialYearOf } from '@/domain/document-number';
import { CUSTOMER_NOT_FOUND, ONLY_PENDING_CANCEL } from '../../server/payments/proformas';
import { testApp } from '../helpers/api-app';
import { proformaBody } from './staff-fixtures';
import { admin, clearFirestore, createStaffWithToken } from '../helpers/emulators';
import { seedProfile } from './documents-fixtures';
import { createPaymentOrder, docData, newUser, sandboxPay, uniqueEmail, verifyPayment } from './payments-fixtures';

let staff: { uid: string; idToken: string };
const staffEmail = uniqueEmail('inbox-staff');

beforeAll(async () => {
  staff = await createStaffWithToken(staffEmail);
});
beforeEach(() => clearFirestore());

const asStaff = (app: ReturnType<typeof testApp>['app']) => ({
  post: (path: string, body: object = {}) =>
    request(app).post(path).set('Authorization', `Bearer ${staff.idToken}`).send(body),
  get: (path: string) => request(app).get(path).set('Authorization', `Bearer ${staff.idToken}`),
});

async function auditEntries() {
  return (await admin().db.collection('auditLog').get()).docs.map((doc) => doc.data());
}

describe('inbox', () => {
  it("when staff move a customer's query to In progress and then Closed with a note, then both copies change together, the note stays internal and each step is audited", async () => {
    const { app } = testApp();
    const customer = await newUser('asker');
    await request(app)
      .post('/api/contact')
      .set('Authorization', `Bearer ${customer.idToken}`)
      .send({ name: 'Asha Verma', email: 'asha@example.com', message: 'Quote for 8 looms, please.' })
      .expect(201);
    const [query] = (await admin().db.collection(`users/${customer.uid}/queries`).get()).docs;
    const id = query!.id;

    await asStaff(app)
      .post(`/api/staff/enquiries/${id}`, { status: 'In progress', note: 'Called back on Monday.' })
      .expect(200);
    await asStaff(app).post(`/api/staff/enquiries/${id}`, { status: 'Closed' }).expect(200);

    expect((await docData(`users/${customer.uid}/queries/${id}`))!.status).toBe('Closed');
    const enquiry = (await docData(`enquiries/${id}`))!;
    expect(enquiry.status).toBe('Closed');
    expect(enquiry.notes).toEqual([expect.objectContaining({ text: 'Called back on Monday.', by: staffEmail })]);
    expect(await docData(`users/${customer.uid}/queries/${id}`)).not.toHaveProperty('notes');
    const audit = await auditEntries();
    expect(audit.map((entry) => [entry.action, entry.before, entry.after, entry.actorUid])).toEqual(
      expect.arrayContaining([
        ['enquiry.update', { status: 'New' }, { status: 'In progress', note: 'Called back on Monday.' }, staff.uid],
        ['enquiry.update', { status: 'In progress' }, { status: 'Closed' }, staff.uid],
      ]),
    );
    expect(audit).toHaveLength(2);
    expect(audit.every((entry) => entry.target === `enquiries/${id}` && entry.at)).toBe(true);
  });

  it("when staff update a visitor's enquiry, then only the enquiry changes", async () => {
    const { app } = testApp();
    await request(app)
      .post('/api/contact')
      .send({ name: 'Kavya', email: 'kavya@example.com', message: 'Hi' })
      .expect(201);
    const [enquiry] = (await admin().db.collection('enquiries').get()).docs;
    expect(enquiry!.data()).toMatchObject({ source: 'visitor', uid: null });
    expect(enquiry!.get('searchTokens')).toEqual(expect.arrayContaining(['kavya', 'hi']));
    await asStaff(app).post(`/api/staff/enquiries/${enquiry!.id}`, { status: 'Closed' }).expect(200);
    expect((await docData(`enquiries/${enquiry!.id}`))!.status).toBe('Closed');
  });

  it('when the enquiry does not exist, then it answers 404 and audits nothing', async () => {
    const response = await asStaff(testApp().app).post('/api/staff/enquiries/missing', { status: 'Closed' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Enquiry not found.' });
    expect(await auditEntries()).toEqual([]);
  });
});

describe('issued proforma invoices', () => {
  /** A new customer with a profile, and the proforma staff issued them. */
  async function proformaToNewCustomer(app: ReturnType<typeof testApp>['app'], prefix: string) {
    const customer = await newUser(prefix);
    await seedProfile(customer.uid);
    const issued = await asStaff(app).post('/api/staff/invoices', proformaBody(customer.uid)).expect(201);
    /** The customer opens the gateway's checkout for the invoice (`body` adds what a browser might claim). */
    const checkout = (body: Record<string, unknown> = {}) =>
      createPaymentOrder(app, customer.idToken, { firestore_id: issued.body.id, type: 'invoice', ...body });
    return { customer, issued, checkout };
  }

  it('when staff issue a proforma due on a day that does not exist (2099-99-99, 2027-02-29), then it is 400 saying so and nothing is written', async () => {
    const { app } = testApp({ env: { SELLER_UDYAM: 'UDYAM-KR-03-0012345' } });
    const customer = await newUser('billed-bad-date');
    await seedProfile(customer.uid);

    for (const dueDate of ['2099-99-99', '2027-02-29']) {
      const response = await asStaff(app).post('/api/staff/invoices', proformaBody(customer.uid, { dueDate }));

      expect(response.status, dueDate).toBe(400);
      expect(response.body.message).toContain(`${dueDate} is not a day of the calendar.`);
    }
    expect((await admin().db.collection(`users/${customer.uid}/invoices`).get()).size).toBe(0);
  });

  it("when staff issue a proforma, then it is the customer's Pending invoice numbered in the PI series, with its PDF, pay link and mail, audited", async () => {
    const { app } = testApp();
    const customer = await newUser('billed');
    await seedProfile(customer.uid);

    const response = await asStaff(app).post('/api/staff/invoices', proformaBody(customer.uid));

    expect(response.status).toBe(201);
    const number = `PI/${financialYearOf(Date.now())}/0001`;
    expect(response.body).toEqual({
      id: expect.any(String),
      number,
      amountPaise: 2_80_000_00,
      documentId: `proforma_${response.body.id}`,
      payUrl: expect.stringMatching(/\/pay\/[A-Za-z0-9_-]{32}$/),
    });
    const path = `users/${customer.uid}/invoices/${response.body.id}`;
    expect(await docData(path)).toMatchObject({
      invoiceId: number,
      number,
      kind: 'proforma',
      issuedBy: 'company',
      amount: 280000,
      amountsIncludeGst: true,
      dueDate: proformaBody(customer.uid).dueDate,
      currency: 'INR',
      status: 'Pending',
      name: 'Asha Verma',
      description: 'Factory dashboard, phase 1',
      lines: proformaBody(customer.uid).lines,
    });
    expect(await docData(`documents/proforma_${response.body.id}`)).toMatchObject({
      status: 'issued',
      kind: 'proforma',
      series: 'proforma',
      number,
      uid: customer.uid,
      snapshot: { title: 'Proforma Invoice', totals: { totalPaise: 2_80_000_00 } },
    });
    const mail = (await docData(`mail/invoice:${customer.uid}:${response.body.id}`))!;
    expect(mail).toMatchObject({
      template: 'invoice-issued',
      status: 'pending',
      to: { uid: customer.uid },
      attachmentDocumentId: `proforma_${response.body.id}`,
      data: { number, payLink: { uid: customer.uid, type: 'invoice', docId: response.body.id } },
    });
    // The pay link is a bearer token: the stored mail never holds it.
    expect(JSON.stringify(mail)).not.toContain(response.body.payUrl.split('/pay/')[1]);
    expect((await auditEntries()).map((entry) => [entry.action, entry.target])).toEqual([['invoice.issue', path]]);
  });

  it("when the customer pays an issued invoice, then the gateway is asked for the staff's amount, whatever the browser claims", async () => {
    const { app } = testApp();
    const { checkout } = await proformaToNewCustomer(app, 'payer');

    const order = await checkout({ amount: 1 });

    expect(order.status).toBe(201);
    expect(order.body.amount).toBe(2_80_000_00);
  });

  it("when proformas are issued to two customers, also at once, then they never share a number: the series is the company's", async () => {
    const { app } = testApp();
    const first = await newUser('first');
    const second = await newUser('second');
    await seedProfile(first.uid);
    await seedProfile(second.uid);

    const responses = await Promise.all([
      asStaff(app).post('/api/staff/invoices', proformaBody(first.uid)),
      asStaff(app).post('/api/staff/invoices', proformaBody(second.uid)),
      asStaff(app).post('/api/staff/invoices', proformaBody(first.uid)),
    ]);

    expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
    const year = financialYearOf(Date.now());
    expect(responses.map((response) => response.body.number as string).sort()).toEqual([
      `PI/${year}/0001`,
      `PI/${year}/0002`,
      `PI/${year}/0003`,
    ]);
  });

  it('when the customer does not exist, then it answers 404 and numbers nothing', async () => {
    const response = await asStaff(testApp().app).post('/api/staff/invoices', proformaBody('nobody'));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: CUSTOMER_NOT_FOUND });
    expect((await admin().db.collection('counters').get()).size).toBe(0);
  });

  it('when staff cancel an unpaid issued invoice, then it is Cancelled, cannot be paid, and cannot be cancelled twice', async () => {
    const { app } = testApp();
    const { customer, issued, checkout } = await proformaToNewCustomer(app, 'cancelled');
    // A checkout opened before the cancellation.
    const openCheckout = await checkout();

    await asStaff(app).post(`/api/staff/customers/${customer.uid}/invoices/${issued.body.id}/cancel`).expect(200);

    const path = `users/${customer.uid}/invoices/${issued.body.id}`;
    expect((await docData(path))!.status).toBe('Cancelled');
    const order = await checkout();
    expect(order.status).toBe(409);
    // Paying through the checkout left open records the money for a refund; the invoice stays Cancelled.
    const paid = await sandboxPay(app, customer.idToken, openCheckout.body.id as string);
    if (paid.outcome !== 'success') throw new Error('expected success');
    const verify = await verifyPayment(app, customer.idToken, paid.result);
    expect(verify.status).toBe(409);
    expect((await docData(path))!.status).toBe('Cancelled');
    expect((await docData(`payments/${paid.result.razorpay_payment_id}`))!.status).toBe('mismatch');
    const twice = await asStaff(app).post(`/api/staff/customers/${customer.uid}/invoices/${issued.body.id}/cancel`);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: ONLY_PENDING_CANCEL });
  });
});
