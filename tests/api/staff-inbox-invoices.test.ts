import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_NOT_FOUND, NUMBER_TAKEN, ONLY_PENDING_CANCEL } from '../../server/staff/invoices';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createStaffWithToken } from '../helpers/emulators';
import { seedProfile } from './documents-fixtures';
import { createPaymentOrder, docData, newUser, sandboxPay, uniqueEmail } from './payments-fixtures';

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
    expect(enquiry!.data()).toMatchObject({ source: 'visitor', uid: null, nameLower: 'kavya' });
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

describe('issued invoices', () => {
  const invoiceBody = (uid: string, overrides: Record<string, unknown> = {}) => ({
    uid,
    number: 'INV-0001',
    description: 'Factory dashboard, phase 1',
    lines: [
      { description: 'Design', amountPaise: 15_000_00 },
      { description: 'Build', amountPaise: 2_65_000_00 },
    ],
    ...overrides,
  });

  it("when staff issue an invoice, then it is the customer's Pending invoice for the sum of its lines, its mail is queued and it is audited", async () => {
    const { app } = testApp();
    const customer = await newUser('billed');
    await seedProfile(customer.uid);

    const response = await asStaff(app).post('/api/staff/invoices', invoiceBody(customer.uid));

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(String), number: 'INV-0001', amountPaise: 2_80_000_00 });
    const path = `users/${customer.uid}/invoices/${response.body.id}`;
    expect(await docData(path)).toMatchObject({
      invoiceId: 'INV-0001',
      number: 'INV-0001',
      issuedBy: 'company',
      amount: 280000,
      currency: 'INR',
      status: 'Pending',
      name: 'Asha Verma',
      lines: invoiceBody(customer.uid).lines,
    });
    const mail = (await docData(`mail/invoice:${customer.uid}:${response.body.id}`))!;
    expect(mail).toMatchObject({ template: 'invoice-issued', status: 'pending', to: { uid: customer.uid } });
    expect(mail.data.payUrl).toMatch(new RegExp(`/profile\\?invoice=${response.body.id}$`));
    expect((await auditEntries()).map((entry) => [entry.action, entry.target])).toEqual([['invoice.issue', path]]);
  });

  it("when the customer pays an issued invoice, then the gateway is asked for the staff's amount, whatever the browser claims", async () => {
    const { app } = testApp();
    const customer = await newUser('payer');
    await seedProfile(customer.uid);
    const issued = await asStaff(app).post('/api/staff/invoices', invoiceBody(customer.uid)).expect(201);

    const order = await createPaymentOrder(app, customer.idToken, {
      firestore_id: issued.body.id,
      type: 'invoice',
      amount: 1,
    });

    expect(order.status).toBe(201);
    expect(order.body.amount).toBe(2_80_000_00);
  });

  it('when the number is already used by this customer (any case), then it answers 409; another customer may use it', async () => {
    const { app } = testApp();
    const first = await newUser('first');
    const second = await newUser('second');
    await seedProfile(first.uid);
    await seedProfile(second.uid);
    await asStaff(app).post('/api/staff/invoices', invoiceBody(first.uid)).expect(201);

    const again = await asStaff(app).post('/api/staff/invoices', invoiceBody(first.uid, { number: 'inv-0001' }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: NUMBER_TAKEN });
    await asStaff(app).post('/api/staff/invoices', invoiceBody(second.uid)).expect(201);
    const next = await asStaff(app).get(`/api/staff/customers/${first.uid}/next-invoice-number`).expect(200);
    expect(next.body).toEqual({ number: 'INV-0002' });
  });

  it('when two staff issue the same number at once, then exactly one succeeds', async () => {
    const { app } = testApp();
    const customer = await newUser('race');
    await seedProfile(customer.uid);
    const responses = await Promise.all([
      asStaff(app).post('/api/staff/invoices', invoiceBody(customer.uid)),
      asStaff(app).post('/api/staff/invoices', invoiceBody(customer.uid)),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect((await admin().db.collection(`users/${customer.uid}/invoices`).get()).size).toBe(1);
  });

  it('when the customer does not exist, then it answers 404', async () => {
    const response = await asStaff(testApp().app).post('/api/staff/invoices', invoiceBody('nobody'));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: CUSTOMER_NOT_FOUND });
  });

  it('when staff cancel an unpaid issued invoice, then it is Cancelled, cannot be paid, and cannot be cancelled twice', async () => {
    const { app } = testApp();
    const customer = await newUser('cancelled');
    await seedProfile(customer.uid);
    const issued = await asStaff(app).post('/api/staff/invoices', invoiceBody(customer.uid)).expect(201);
    // A checkout opened before the cancellation.
    const openCheckout = await createPaymentOrder(app, customer.idToken, {
      firestore_id: issued.body.id,
      type: 'invoice',
    });

    await asStaff(app).post(`/api/staff/customers/${customer.uid}/invoices/${issued.body.id}/cancel`).expect(200);

    const path = `users/${customer.uid}/invoices/${issued.body.id}`;
    expect((await docData(path))!.status).toBe('Cancelled');
    const order = await createPaymentOrder(app, customer.idToken, { firestore_id: issued.body.id, type: 'invoice' });
    expect(order.status).toBe(409);
    // Paying through the checkout left open records the money for a refund; the invoice stays Cancelled.
    const paid = await sandboxPay(app, customer.idToken, openCheckout.body.id as string);
    if (paid.outcome !== 'success') throw new Error('expected success');
    const verify = await request(app)
      .post('/api/payments/verify')
      .set('Authorization', `Bearer ${customer.idToken}`)
      .send(paid.result);
    expect(verify.status).toBe(409);
    expect((await docData(path))!.status).toBe('Cancelled');
    expect((await docData(`payments/${paid.result.razorpay_payment_id}`))!.status).toBe('mismatch');
    const twice = await asStaff(app).post(`/api/staff/customers/${customer.uid}/invoices/${issued.body.id}/cancel`);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: ONLY_PENDING_CANCEL });
  });
});
