import { strFromU8, unzipSync } from 'fflate';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LONG_TERM_REASON_REQUIRED } from '@/domain/msme';
import { PO_MESSAGES } from '@/domain/purchase-order';
import { searchQueryOf } from '@/domain/search';
import { addDays, istToday } from '@/domain/ist';
import { issuePendingDocuments } from '../../server/documents/issue';
import { quoteLinkToken } from '../../server/quotes/store';
import { testApp } from '../helpers/api-app';
import { admin } from '../helpers/emulators';
import { quoteFields } from '../helpers/quote-fields';
import { parseCsv } from '../helpers/statement-ledgers';
import {
  BUYER_GSTIN,
  download,
  NUMBERED_BY_JOB,
  payThroughCheckout,
  REGISTERED_SELLER,
  seedProfile,
  textOfPdfAt,
} from './documents-fixtures';
import { createPaymentOrder, docData, newUser } from './payments-fixtures';
import { proformaBody, staffPerFile } from './staff-fixtures';

type App = ReturnType<typeof testApp>['app'];
const staff = staffPerFile('po-staff');

const UDYAM = 'UDYAM-KR-03-0012345';

const asStaff = (app: App, path: string, body: object) =>
  request(app).post(path).set('Authorization', `Bearer ${staff.idToken}`).send(body);

/** Staff issue a proforma (₹2,80,000, due in 15 days unless changed); its id, number and pay link token. */
async function issue(app: App, uid: string, overrides: Record<string, unknown> = {}) {
  const response = await asStaff(app, '/api/staff/invoices', proformaBody(uid, overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return {
    id: response.body.id as string,
    number: response.body.number as string,
    token: (response.body.payUrl as string).split('/pay/')[1]!,
  };
}

/** Pays a proforma through its pay link (no account), with the PO number the page asked for. */
async function payByLink(app: App, token: string, body: object = {}) {
  const order = await request(app).post(`/api/pay/${token}/orders`).send(body);
  if (order.status !== 201) return { order, paymentId: null };
  const paid = await request(app)
    .post(`/api/pay/${token}/sandbox`)
    .send({ razorpay_order_id: order.body.id, outcome: 'success', webhook: 'drop' })
    .expect(200);
  await request(app).post(`/api/pay/${token}/verify`).send(paid.body.result).expect(200);
  return { order, paymentId: paid.body.result.razorpay_payment_id as string };
}

/** The month's accountant's pack: each CSV's rows as objects keyed by its header. */
async function packOf(app: App) {
  const response = await download(app, `/api/staff/accountant-pack?month=${istToday().slice(0, 7)}`, staff.idToken);
  expect(response.status).toBe(200);
  const files = unzipSync(new Uint8Array(response.body as Buffer));
  return (name: string) => {
    const [header, ...rows] = parseCsv(strFromU8(files[name]!));
    return rows.map((cells) => Object.fromEntries(header!.map((column, index) => [column, cells[index] ?? ''])));
  };
}

describe('a company that requires a PO number', () => {
  it('when its proforma has none, then neither its pay link nor its account can pay it; with one typed on the pay page it is paid, and the PO is on the PDFs, in documents.csv and payments.csv, and found by the console search', async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const customer = await newUser('po-clerk');
    await seedProfile(customer.uid, { gstin: BUYER_GSTIN, legalName: 'Verma Textiles Private Limited' });
    // The company's accounts clerk sets its rules (its statement page calls this).
    const rules = await request(app)
      .post(`/api/companies/${customer.uid}/purchase-order-rules`)
      .set('Authorization', `Bearer ${customer.idToken}`)
      .send({ requirePoNumber: true, vendorCode: 'VND-0042' });
    expect(rules.status).toBe(200);
    expect(rules.body).toEqual({ requirePoNumber: true, vendorCode: 'VND-0042' });
    const { id, number, token } = await issue(app, customer.uid);

    const view = await request(app).get(`/api/pay/${token}`).expect(200);
    const byLink = await payByLink(app, token);
    const byAccount = await createPaymentOrder(app, customer.idToken, { firestore_id: id, type: 'invoice' });

    expect(view.body).toMatchObject({
      requiresPoNumber: true,
      purchaseOrder: { poNumber: null, vendorCode: 'VND-0042' },
    });
    for (const refused of [byLink.order, byAccount]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: PO_MESSAGES.required });
    }
    expect(await docData(`users/${customer.uid}/invoices/${id}`)).not.toHaveProperty('gatewayOrderId');

    const paid = await payByLink(app, token, { poNumber: ' PO/2026/118 ' });
    expect(paid.order.status).toBe(201);
    await issuePendingDocuments(deps.firebase.db, deps.config.documents);

    const invoice = await docData(`users/${customer.uid}/invoices/${id}`);
    expect(invoice).toMatchObject({
      status: 'Paid',
      purchaseOrder: { poNumber: 'PO/2026/118', vendorCode: 'VND-0042' },
    });
    const proformaPdf = await textOfPdfAt(app, `/api/pay/${token}/proforma.pdf`);
    const taxInvoicePdf = await textOfPdfAt(app, `/api/documents/${paid.paymentId}.pdf`, customer.idToken);
    for (const text of [proformaPdf, taxInvoicePdf]) {
      expect(text).toMatch(/PO number:\s+PO\/2026\/118/);
      expect(text).toMatch(/Vendor code:\s+VND-0042/);
    }
    expect(taxInvoicePdf).toContain('TAX INVOICE');

    const csv = await packOf(app);
    const taxInvoiceNumber = ((await docData(`documents/${paid.paymentId}`)) as { number: string }).number;
    expect(csv('documents.csv').find((row) => row.Number === taxInvoiceNumber)).toMatchObject({
      'PO number': 'PO/2026/118',
      'Vendor code': 'VND-0042',
    });
    expect(csv('payments.csv').find((row) => row['Payment id'] === paid.paymentId)).toMatchObject({
      'PO number': 'PO/2026/118',
      'Vendor code': 'VND-0042',
    });
    expect(csv('proformas-and-quotes.csv').find((row) => row.Number === number)).toMatchObject({
      'PO number': 'PO/2026/118',
    });

    // The console's search: one array-contains query on the longest word, the rest checked on the page.
    for (const typed of ['PO/2026/118', 'po2026118', 'vnd-0042']) {
      const asked = searchQueryOf(typed)!;
      const found = await admin()
        .db.collectionGroup('invoices')
        .where('searchTokens', 'array-contains', asked.token)
        .orderBy('createdAt', 'desc')
        .get();
      const rows = found.docs.filter((doc) =>
        asked.others.every((word) => (doc.get('searchTokens') as string[]).includes(word)),
      );
      expect(
        rows.map((doc) => doc.id),
        typed,
      ).toEqual([id]);
    }
  });

  it('when staff set the PO of an open proforma, then it is printed and audited; another customer cannot set the rules of a company not theirs', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const customer = await newUser('po-staff-set');
    const stranger = await newUser('po-stranger');
    await seedProfile(customer.uid);
    const { id, token } = await issue(app, customer.uid);

    const set = await asStaff(app, `/api/staff/companies/${customer.uid}/invoices/${id}/purchase-order`, {
      poNumber: '4500012345',
    });
    const foreign = await request(app)
      .post(`/api/companies/${customer.uid}/purchase-order-rules`)
      .set('Authorization', `Bearer ${stranger.idToken}`)
      .send({ requirePoNumber: true });
    const formula = await asStaff(app, `/api/staff/companies/${customer.uid}/invoices/${id}/purchase-order`, {
      poNumber: '=HYPERLINK("http://x")',
    });

    expect(set.status).toBe(200);
    expect(set.body).toEqual({ purchaseOrder: { poNumber: '4500012345', vendorCode: null } });
    expect(await textOfPdfAt(app, `/api/pay/${token}/proforma.pdf`)).toMatch(/PO number:\s+4500012345/);
    const audit = (await admin().db.collection('auditLog').where('action', '==', 'invoice.purchase-order').get()).docs;
    expect(audit.map((entry) => entry.get('after'))).toEqual([
      { purchaseOrder: { poNumber: '4500012345', vendorCode: null }, via: 'staff' },
    ]);
    expect(foreign.status).toBe(404);
    expect(await docData(`companies/${customer.uid}`)).toBeUndefined();
    expect(formula.status).toBe(400);
    expect(formula.body).toEqual({ message: PO_MESSAGES.poFormat });
  });
});

describe('PO numbers on quotes', () => {
  it("when staff put the vendor code on a quote and the customer types their PO number as they accept, then the quote prints the vendor code, the quote keeps both for its later milestones, and the deposit's proforma prints both", async () => {
    const { app, deps } = testApp({ env: REGISTERED_SELLER });
    const customer = await newUser('po-quote');
    await seedProfile(customer.uid);
    const made = await asStaff(app, '/api/staff/quotes', {
      ...quoteFields({ vendorCode: 'VND-0042' }),
      uid: customer.uid,
    }).expect(201);
    const quoteId = made.body.id as string;
    await asStaff(app, `/api/staff/quotes/${quoteId}/send`, {}).expect(200);
    const token = quoteLinkToken(deps.config.payLinkSecret, quoteId);

    const quotePdf = await textOfPdfAt(app, `/api/quote-links/${token}/quote.pdf`);
    const accepted = await request(app)
      .post(`/api/quote-links/${token}/accept`)
      .send({ name: 'Rohan Mehta', agree: true, version: 1, poNumber: '4500012345' });

    expect(quotePdf).toMatch(/Vendor code:\s+VND-0042/);
    expect(accepted.status).toBe(201);
    expect(await docData(`quotes/${quoteId}`)).toMatchObject({
      purchaseOrder: { poNumber: '4500012345', vendorCode: 'VND-0042' },
    });
    const invoices = (await admin().db.collection(`users/${customer.uid}/invoices`).get()).docs;
    expect(invoices.map((invoice) => invoice.get('purchaseOrder'))).toEqual([
      { poNumber: '4500012345', vendorCode: 'VND-0042' },
    ]);
    const depositToken = (accepted.body.deposit.payUrl as string).split('/pay/')[1]!;
    expect(await textOfPdfAt(app, `/api/pay/${depositToken}/proforma.pdf`)).toMatch(/PO number:\s+4500012345/);
  });
});

describe('a micro or small enterprise seller (SELLER_UDYAM)', () => {
  const MSME = { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB, SELLER_UDYAM: UDYAM };

  it('when staff give a due date beyond 45 days without a reason, then it is refused and nothing is issued; with a reason it is issued and the reason audited', async () => {
    const { app } = testApp({ env: MSME });
    const customer = await newUser('msme-long');
    await seedProfile(customer.uid);
    const dueDate = addDays(istToday(), 50);

    const refused = await asStaff(app, '/api/staff/invoices', proformaBody(customer.uid, { dueDate }));
    const invoicesAfterRefusal = await admin().db.collection(`users/${customer.uid}/invoices`).get();
    const issued = await issue(app, customer.uid, { dueDate, longTermReason: 'Government buyer: 60-day cycle' });

    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: LONG_TERM_REASON_REQUIRED });
    expect(invoicesAfterRefusal.size).toBe(0);
    expect(await docData(`users/${customer.uid}/invoices/${issued.id}`)).toMatchObject({
      dueDate,
      msmeTermDays: 45,
      longTermReason: 'Government buyer: 60-day cycle',
    });
    const [audit] = (await admin().db.collection('auditLog').where('action', '==', 'invoice.issue').get()).docs;
    expect(audit!.get('after')).toMatchObject({ dueDate, longTermReason: 'Government buyer: 60-day cycle' });
  });

  it('when a proforma is issued and paid, and an order is paid at once, then the proforma and both tax invoices print the Udyam number and the term (at most 45 days) under section 15', async () => {
    const { app, deps } = testApp({ env: MSME });
    const customer = await newUser('msme-pay');
    await seedProfile(customer.uid);
    const { token } = await issue(app, customer.uid);
    const paid = await payByLink(app, token);
    const order = await payThroughCheckout(app, customer, { items: ['website-Basic'] });
    await issuePendingDocuments(deps.firebase.db, deps.config.documents);

    const proforma = await textOfPdfAt(app, `/api/pay/${token}/proforma.pdf`);
    const invoices = await Promise.all(
      [paid.paymentId, order.paymentId].map(
        async (paymentId) => await textOfPdfAt(app, `/api/documents/${paymentId}.pdf`, customer.idToken),
      ),
    );

    for (const text of [proforma, ...invoices]) {
      expect(text).toContain(`Udyam registration no.: ${UDYAM} (micro or small enterprise)`);
      expect(text).toMatch(/Payable within 15 days under section 15 of the MSMED Act, 2006 \(never more than\s+45\)/);
      expect(text).toMatch(/compound interest with monthly rests at three times the bank rate/);
    }
    expect(invoices[0]).toContain('TAX INVOICE');
  });

  it('when the seller is not one (no SELLER_UDYAM), then a due date beyond 45 days needs no reason and nothing MSME is printed', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const customer = await newUser('not-msme');
    await seedProfile(customer.uid);

    const { token } = await issue(app, customer.uid, { dueDate: addDays(istToday(), 50) });

    const text = await textOfPdfAt(app, `/api/pay/${token}/proforma.pdf`);
    expect(text).not.toContain('Udyam');
    expect(text).not.toContain('MSMED');
  });
});
