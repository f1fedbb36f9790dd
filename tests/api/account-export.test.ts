import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_LIMIT_MESSAGE, EXPORT_LIMIT_PER_HOUR } from '../../server/routes/account';
import { readExport } from '../helpers/account-export';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createUserWithToken } from '../helpers/emulators';
import { download, payThroughCheckout, pdfText, REGISTERED_SELLER, seedProfile } from './documents-fixtures';
import { waitFor } from './payments-fixtures';

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function exportOf(app: Parameters<typeof request>[0], idToken: string) {
  const response = await download(app, '/api/account/export', idToken);
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="nimbus-bespoke-my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  return readExport(new Uint8Array(response.body as Buffer));
}

beforeEach(() => clearFirestore());

describe('GET /api/account/export', () => {
  it("when a customer with a paid order downloads their data, then the ZIP holds their profile, order, payment, enquiries, quotes, services and mail, and the tax invoice's PDF, and nobody else's", async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });
    const { db } = admin();
    const emailA = `owner-${unique()}@example.com`;
    const a = await createUserWithToken(emailA);
    // Proved to be theirs (a clicked link, or Google): only then does the address find the enquiry
    // they sent as a visitor (server/account/person.ts).
    await admin().auth.updateUser(a.uid, { emailVerified: true });
    const b = await createUserWithToken(`other-${unique()}@example.com`);
    await seedProfile(a.uid, { name: 'Asha Owner', email: emailA });
    await seedProfile(b.uid, { name: 'Bala Other', email: 'bala@example.com' });
    const paid = await payThroughCheckout(app, a, { items: ['website-Basic'] });
    const other = await payThroughCheckout(app, b, { items: ['gym-Digital Gym Companion'] });
    // Numbered right after the payments commit.
    for (const id of [paid.paymentId, other.paymentId]) {
      await waitFor(
        async () => (await db.doc(`documents/${id}`).get()).get('status'),
        (status) => status === 'issued',
      );
    }
    // A query as a signed-in customer, and an enquiry from their address as a visitor (other case).
    for (const [token, email] of [
      [a.idToken, emailA],
      [null, emailA.toUpperCase()],
      [b.idToken, 'bala@example.com'],
    ] as const) {
      const sent = request(app).post('/api/contact');
      if (token) void sent.set('Authorization', `Bearer ${token}`);
      expect((await sent.send({ name: 'Someone', email, message: 'A question about plans.' })).status).toBe(201);
    }
    // Quotes are stored by uid (the paid plan's yearly maintenance is a service under the account).
    await db.doc('quotes/q-a').set({ uid: a.uid, number: 'QT/2026-27/0001', createdAt: Timestamp.now() });
    await db.doc('quotes/q-b').set({ uid: b.uid, number: 'QT/2026-27/0002', createdAt: Timestamp.now() });

    const { files, data } = await exportOf(app, a.idToken);

    expect(data.account).toMatchObject({ uid: a.uid, email: emailA });
    expect(data.profile).toMatchObject({ uid: a.uid, name: 'Asha Owner', email: emailA });
    expect(data.collections.orders!.map((order) => order.fields.status)).toEqual(['Paid']);
    expect(data.collections.queries).toHaveLength(1);
    expect(data.collections.services!.map((service) => service.fields.planId)).toEqual(['website-Basic']);
    expect(data.payments.map((payment) => [payment.id, payment.fields.amountPaise])).toEqual([
      [paid.paymentId, paid.amountPaise],
    ]);
    expect(data.enquiries).toHaveLength(2);
    expect(data.quotes.map((quote) => quote.id)).toEqual(['q-a']);
    // Their mails: the receipt (to the account) and the acknowledgements (to their address).
    // (The visitor's was sent to the address in other letters: still theirs.)
    expect(data.mail.map((mail) => mail.fields.template).sort()).toEqual(['enquiry-ack', 'enquiry-ack', 'payment-receipt']);
    const [document] = data.documents;
    expect(document).toMatchObject({ id: paid.paymentId, fields: { kind: 'tax-invoice', status: 'issued' } });
    const number = (document!.fields as { number: string }).number;
    expect(document!.pdf).toBe(`documents/Tax-Invoice-${number.replace(/\//g, '-')}.pdf`);
    const pdf = Buffer.from(files[document!.pdf!]!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdf)).toContain(number);
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'data.json', document!.pdf!].sort());
    // Times read as ISO strings, not Firestore objects.
    expect(data.payments[0]!.fields.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Nothing of the other customer anywhere in it.
    const everything = JSON.stringify(data);
    for (const theirs of [b.uid, other.paymentId, 'bala@example.com', 'Bala Other', 'q-b']) {
      expect(everything).not.toContain(theirs);
    }

    // The other customer's export holds only theirs.
    const { data: theirs } = await exportOf(app, b.idToken);
    expect(theirs.profile).toMatchObject({ uid: b.uid, name: 'Bala Other' });
    expect(theirs.payments.map((payment) => payment.id)).toEqual([other.paymentId]);
    expect(theirs.quotes.map((quote) => quote.id)).toEqual(['q-b']);
    expect(JSON.stringify(theirs)).not.toContain(a.uid);
    expect(JSON.stringify(theirs)).not.toContain(emailA);

    // Each export is recorded, naming no one but the account.
    const audits = await db.collection('auditLog').where('action', '==', 'account.export').get();
    expect(audits.docs.map((doc) => doc.get('target')).sort()).toEqual([`users/${a.uid}`, `users/${b.uid}`].sort());
  });

  it('when nobody is signed in, then it answers 401', async () => {
    const response = await request(testApp().app).get('/api/account/export');
    expect(response.status).toBe(401);
  });

  it('when one account downloads its data too often in an hour, then it answers 429', async () => {
    const { app } = testApp();
    const user = await createUserWithToken(`often-${unique()}@example.com`);
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let index = 0; index <= EXPORT_LIMIT_PER_HOUR; index += 1) {
      last = await download(app, '/api/account/export', user.idToken);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(EXPORT_LIMIT_PER_HOUR).fill(200), 429]);
    expect(JSON.parse((last!.body as Buffer).toString())).toEqual({ message: EXPORT_LIMIT_MESSAGE });
  });
});
