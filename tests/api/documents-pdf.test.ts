import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatInrWithPaise } from '@/domain/money';
import { issuePendingDocuments } from '../../server/documents/issue';
import { DOCUMENT_PENDING } from '../../server/documents/read';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, signInWithPassword } from '../helpers/emulators';
import {
  BUYER_GSTIN,
  download,
  payThroughCheckout,
  pdfText,
  NUMBERED_BY_JOB,
  REGISTERED_SELLER,
  SELLER_GSTIN,
  seedProfile,
} from './documents-fixtures';
import { newUser } from './payments-fixtures';

beforeEach(async () => {
  await clearFirestore();
});

async function issuedInvoice() {
  const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
  const owner = await newUser('owner');
  await seedProfile(owner.uid, { gstin: BUYER_GSTIN });
  const paid = await payThroughCheckout(app, owner, { items: ['website-Basic', 'manufacturing-Starter'] });
  await issuePendingDocuments(deps.firebase.db, deps.config.documents);
  const { number } = (await admin().db.doc(`documents/${paid.paymentId}`).get()).data()!;
  return { app, deps, owner, paid, number: number as string };
}

describe('GET /api/documents/:id.pdf', () => {
  it('when the owner downloads the tax invoice, then the PDF text shows the number, both GSTINs, the tax lines and a total equal to the amount paid', async () => {
    const { app, owner, paid, number } = await issuedInvoice();

    const response = await download(app, `/api/documents/${paid.paymentId}.pdf`, owner.idToken);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Tax-Invoice-${number.replace(/\//g, '-')}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(response.body as Buffer);
    expect(number).toMatch(/^NB\/\d{4}-\d{2}\/0001$/);
    expect(text).toContain(number);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(`GSTIN: ${SELLER_GSTIN}`);
    expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
    expect(text).toContain('Place of supply:');
    expect(text).toContain('Maharashtra (27)');
    // The lines: SAC, taxable value, rate, IGST and amount of each plan.
    expect(text).toMatch(/Websites & E-commerce: Basic plan\s+998314\s+₹16,949.15\s+18%\s+₹3,050.85\s+₹20,000.00/);
    expect(text).toMatch(/Factory Management: Starter plan\s+998314\s+₹93,220.34\s+18%\s+₹16,779.66\s+₹1,10,000.00/);
    expect(text).toMatch(/IGST @ 18%\s+₹19,830.51/);
    expect(text).toMatch(/Taxable value\s+₹1,10,169.49/);
    expect(paid.amountPaise).toBe(13_000_000);
    expect(text).toMatch(new RegExp(`Total\\s+${formatInrWithPaise(paid.amountPaise)}`));
    expect(text).toContain('Rupees One Lakh Thirty Thousand Only');
    expect(text).toContain('Reverse charge:');
    expect(text).toContain(paid.paymentId);
    expect(text).toContain('computer-generated');
  });

  it("when a registered buyer (GSTIN, legal name, PIN) pays, then the tax invoice is made out to the legal name with the GSTIN and PIN, not to the person's name", async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const owner = await newUser('company-buyer');
    await seedProfile(owner.uid, {
      name: 'Rohan Mehta',
      gstin: BUYER_GSTIN,
      legalName: 'Mehta Textiles Private Limited',
      pinCode: '411026',
    });
    const paid = await payThroughCheckout(app, owner, { items: ['website-Basic'] });
    await issuePendingDocuments(deps.firebase.db, deps.config.documents);

    const response = await download(app, `/api/documents/${paid.paymentId}.pdf`, owner.idToken);

    expect(response.status).toBe(200);
    const text = await pdfText(response.body as Buffer);
    expect(text).toContain('TAX INVOICE');
    expect(text).toMatch(/BILLED TO\s+Mehta Textiles Private Limited\s+21 MG Road, Pune 411026/);
    expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
    expect(text).toContain('Maharashtra (27)');
    expect(text).not.toContain('Rohan Mehta');
  });

  it("when another signed-in user asks for the owner's document, then it is 404 (PDF and details alike)", async () => {
    const { app, paid } = await issuedInvoice();
    const stranger = await newUser('stranger');

    const pdf = await download(app, `/api/documents/${paid.paymentId}.pdf`, stranger.idToken);
    const details = await request(app)
      .get(`/api/documents/${paid.paymentId}`)
      .set('Authorization', `Bearer ${stranger.idToken}`);

    expect(pdf.status).toBe(404);
    expect(details.status).toBe(404);
    expect(details.body).toEqual({ message: 'Document not found.' });
  });

  it('when a staff user (custom claim staff: true) asks, then the document is served', async () => {
    const { app, paid } = await issuedInvoice();
    const email = `staff-${Date.now()}@example.com`;
    const { uid } = await admin().auth.createUser({ email, password: 'password-123' });
    await admin().auth.setCustomUserClaims(uid, { staff: true });

    const response = await download(app, `/api/documents/${paid.paymentId}.pdf`, await signInWithPassword(email));

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
  });

  it('when there is no token, then it is 401; when the id is unknown or malformed, then it is 404', async () => {
    const { app, owner, paid } = await issuedInvoice();

    expect((await download(app, `/api/documents/${paid.paymentId}.pdf`)).status).toBe(401);
    expect((await download(app, '/api/documents/pay_Unknown00000000.pdf', owner.idToken)).status).toBe(404);
    expect((await download(app, '/api/documents/..%2Fusers.pdf', owner.idToken)).status).toBe(404);
  });

  it('when the document is still waiting for its number, then the owner gets 409 with a message and the details say pending', async () => {
    const { app } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const owner = await newUser('owner');
    const paid = await payThroughCheckout(app, owner, { invoiceRupees: 1500 });

    const pdf = await request(app)
      .get(`/api/documents/${paid.paymentId}.pdf`)
      .set('Authorization', `Bearer ${owner.idToken}`);
    const details = await request(app)
      .get(`/api/documents/${paid.paymentId}`)
      .set('Authorization', `Bearer ${owner.idToken}`);

    expect(pdf.status).toBe(409);
    expect(pdf.body).toEqual({ message: DOCUMENT_PENDING });
    expect(details.body).toEqual({ id: paid.paymentId, status: 'pending' });
  });
});

describe('GET /api/documents/:id', () => {
  it('when the owner asks, then it answers the kind, number, date, total and the download label', async () => {
    const { app, owner, paid, number } = await issuedInvoice();

    const response = await request(app)
      .get(`/api/documents/${paid.paymentId}`)
      .set('Authorization', `Bearer ${owner.idToken}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: paid.paymentId,
      status: 'issued',
      kind: 'tax-invoice',
      title: 'Tax Invoice',
      number,
      issueDate: expect.stringMatching(/^\d{2} [A-Z][a-z]{2} \d{4}$/),
      totalPaise: 13_000_000,
      downloadLabel: 'Download invoice',
    });
  });
});
