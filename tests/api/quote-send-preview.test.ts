import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createStaffWithToken } from '../helpers/emulators';
import { quoteFields } from '../helpers/quote-fields';
import { BUYER_GSTIN, pdfText, REGISTERED_SELLER, seedProfile } from './documents-fixtures';
import { newUser, uniqueEmail } from './payments-fixtures';

/** Before a quote goes out, staff see exactly what the customer will get: the mail and its PDF. */

let staff: { uid: string; idToken: string };

beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('quote-preview-staff'));
});
beforeEach(() => clearFirestore());

async function countOf(collection: string) {
  return (await admin().db.collection(collection).count().get()).data().count;
}

describe('POST /api/staff/quotes/:id/send-preview', () => {
  it('when staff preview a draft to a registered business, then they get the mail and the PDF billed to its legal name, and nothing is sent or written', async () => {
    const { app } = testApp({ env: { ...REGISTERED_SELLER, COMPANY_EMAIL: 'quotes@nimbus.test' } });
    const asStaff = (call: request.Test) => call.set('Authorization', `Bearer ${staff.idToken}`);
    const customer = await newUser('quote-preview');
    await seedProfile(customer.uid, {
      name: 'Asha Verma',
      email: 'accounts@verma.example',
      legalName: 'Verma Textiles Private Limited',
      gstin: BUYER_GSTIN,
    });
    const created = await asStaff(request(app).post('/api/staff/quotes'))
      .send({ ...quoteFields(), uid: customer.uid })
      .expect(201);
    const id = created.body.id as string;
    const [mailsBefore, documentsBefore] = [await countOf('mail'), await countOf('documents')];

    const preview = await asStaff(request(app).post(`/api/staff/quotes/${id}/send-preview`)).send({});

    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      number: created.body.number,
      version: 1,
      totalPaise: 4_50_000_00,
      to: 'accounts@verma.example',
      fileName: `Quote-${(created.body.number as string).replace(/\//g, '-')}.pdf`,
    });
    expect(preview.body.subject).toContain(`Quote ${created.body.number as string}`);
    expect(preview.body.html).toContain('Read and accept the quote');
    expect(preview.body.text).toContain(`The quote is attached (${preview.body.fileName as string}).`);
    const pdf = await pdfText(Buffer.from(preview.body.pdfBase64 as string, 'base64'));
    expect(pdf).toMatch(/BILLED TO\s+Verma Textiles Private Limited/);
    expect(pdf).toContain(`GSTIN: ${BUYER_GSTIN}`);
    expect([await countOf('mail'), await countOf('documents')]).toEqual([mailsBefore, documentsBefore]);
    expect((await admin().db.doc(`quotes/${id}`).get()).get('status')).toBe('Draft');

    // Sending then mails what was previewed; a sent quote has nothing left to preview.
    await asStaff(request(app).post(`/api/staff/quotes/${id}/send`))
      .send({})
      .expect(200);
    const sent = await asStaff(request(app).post(`/api/staff/quotes/${id}/send-preview`)).send({});
    expect(sent.status).toBe(409);
    expect(sent.body.message).toEqual(expect.any(String));
  });

  it('when the quote does not exist or the caller is not staff, then 404 or 401', async () => {
    const { app } = testApp();

    const missing = await request(app)
      .post('/api/staff/quotes/no-such-quote/send-preview')
      .set('Authorization', `Bearer ${staff.idToken}`)
      .send({});
    expect(missing.status).toBe(404);
    expect((await request(app).post('/api/staff/quotes/no-such-quote/send-preview').send({})).status).toBe(401);
  });
});
