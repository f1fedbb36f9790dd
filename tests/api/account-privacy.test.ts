import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { readExport } from '../helpers/account-export';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createUserWithToken, signInWithPassword } from '../helpers/emulators';
import { download, seedProfile } from './documents-fixtures';
import { uniqueEmail } from './payments-fixtures';

/**
 * "This person's records" (server/account/person.ts): their uid, and an email address proved to be
 * theirs (a verified login email). A profile's email, or an unverified login's, is something anyone
 * can type: it must never find, export or delete somebody else's enquiries or mails.
 */
type App = ReturnType<typeof testApp>['app'];

beforeEach(() => clearFirestore());

/** The victim: a visitor who sent an enquiry (and got its acknowledgement mail) with no account. */
async function victimEnquiry(app: App, email: string): Promise<string> {
  await request(app)
    .post('/api/contact')
    .send({ name: 'Vani Victim', contactNumber: '9812345678', email, message: 'Our payroll system, privately.' })
    .expect(201);
  const [enquiry] = (await admin().db.collection('enquiries').where('email', '==', email).get()).docs;
  return enquiry!.id;
}

/** A login with a verified email (Google, or a clicked link): its uid and a fresh ID token. */
async function verifiedUser(email: string) {
  const user = await admin().auth.createUser({ email, password: 'password-123', emailVerified: true });
  return { uid: user.uid, idToken: await signInWithPassword(email) };
}

async function exportOf(app: App, idToken: string) {
  const response = await download(app, '/api/account/export', idToken);
  expect(response.status).toBe(200);
  return readExport(new Uint8Array(response.body as Buffer)).data;
}

const deleteAccount = (app: App, idToken: string) =>
  request(app).post('/api/account/delete').set('Authorization', `Bearer ${idToken}`);

describe("another person's enquiries and mails are never the account's by an address it typed", () => {
  it("when a customer writes someone else's email into their profile and downloads their data, then the ZIP holds none of that person's enquiries or mails", async () => {
    const { app } = testApp();
    const victim = uniqueEmail('victim');
    await victimEnquiry(app, victim);
    const attacker = await createUserWithToken(uniqueEmail('attacker'));
    await seedProfile(attacker.uid, { name: 'Mallory', email: victim });

    const data = await exportOf(app, attacker.idToken);

    expect(data.enquiries).toEqual([]);
    expect(data.mail.map((mail) => mail.fields.to)).not.toContainEqual(expect.objectContaining({ address: victim }));
    const everything = JSON.stringify({ enquiries: data.enquiries, mail: data.mail, collections: data.collections });
    expect(everything).not.toContain('Vani Victim');
    expect(everything).not.toContain('payroll');
  });

  it("when a customer signs up with someone else's address and never verifies it, then their ZIP holds none of that person's enquiries or mails", async () => {
    const { app } = testApp();
    const victim = uniqueEmail('victim');
    await victimEnquiry(app, victim);
    const attacker = await createUserWithToken(victim); // unverified: anyone can type an address

    const data = await exportOf(app, attacker.idToken);

    expect(data.enquiries).toEqual([]);
    expect(data.mail).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('payroll');
  });

  it("when that customer deletes their account, then the other person's enquiry stays in the company's inbox", async () => {
    const { app } = testApp();
    const victim = uniqueEmail('victim');
    const enquiryId = await victimEnquiry(app, victim);
    const byProfile = await createUserWithToken(uniqueEmail('attacker'));
    await seedProfile(byProfile.uid, { name: 'Mallory', email: victim });
    const byLogin = await createUserWithToken(victim.toUpperCase());
    await seedProfile(byLogin.uid, { name: 'Mallory Two', email: victim });

    for (const attacker of [byProfile, byLogin]) {
      const response = await deleteAccount(app, attacker.idToken);
      expect(response.status).toBe(200);
    }

    expect((await admin().db.doc(`enquiries/${enquiryId}`).get()).get('message')).toBe('Our payroll system, privately.');
  });

  it('when a customer with a verified email downloads their data and then deletes the account, then the enquiries they sent before signing up are in the ZIP, and then gone', async () => {
    const { app } = testApp();
    const email = uniqueEmail('verified');
    const before = await victimEnquiry(app, email.toUpperCase());
    const user = await verifiedUser(email);
    await seedProfile(user.uid, { name: 'Vani Victim', email });

    const data = await exportOf(app, user.idToken);
    expect(data.enquiries.map((enquiry) => enquiry.id)).toEqual([before]);
    expect(data.mail.map((mail) => mail.fields.template)).toEqual(['enquiry-ack']);

    const response = await deleteAccount(app, user.idToken);
    expect(response.status).toBe(200);
    expect((await admin().db.doc(`enquiries/${before}`).get()).exists).toBe(false);
  });
});

describe('deleting an account leaves nothing its last ID token could use', () => {
  it('when a customer with quotes, a renewal record and a pay link deletes their account, then those go (the tax records stay), and the tombstone the rules check exists', async () => {
    const { app } = testApp();
    const { db } = admin();
    const user = await createUserWithToken(uniqueEmail('quoted'));
    await seedProfile(user.uid, { name: 'Queenie Quoted' });
    const other = await createUserWithToken(uniqueEmail('other'));
    const now = Timestamp.now();
    await db.doc('quotes/q-mine').set({ uid: user.uid, status: 'Accepted', customerName: 'Queenie Quoted', createdAt: now });
    await db.doc('documents/quote_q-mine').set({ uid: user.uid, kind: 'quote', quoteId: 'q-mine', status: 'issued' });
    await db.doc('quoteLinks/hash-mine').set({ quoteId: 'q-mine', createdAt: now });
    await db.doc('renewals/r-mine').set({ uid: user.uid, serviceId: 's1', number: 'PI/2026-27/0001', createdAt: now });
    await db.doc('payLinks/pay-mine').set({ uid: user.uid, type: 'invoice', docId: 'inv-1' });
    await db.doc('documents/pay_Kept').set({ uid: user.uid, kind: 'tax-invoice', status: 'issued', createdAt: now });
    // Another customer's, untouched.
    await db.doc('quotes/q-theirs').set({ uid: other.uid, status: 'Sent', createdAt: now });
    await db.doc('renewals/r-theirs').set({ uid: other.uid, createdAt: now });

    const response = await deleteAccount(app, user.idToken);

    expect(response.status).toBe(200);
    for (const path of ['quotes/q-mine', 'documents/quote_q-mine', 'quoteLinks/hash-mine', 'renewals/r-mine', 'payLinks/pay-mine']) {
      expect({ path, exists: (await db.doc(path).get()).exists }).toEqual({ path, exists: false });
    }
    for (const path of ['quotes/q-theirs', 'renewals/r-theirs']) {
      expect({ path, exists: (await db.doc(path).get()).exists }).toEqual({ path, exists: true });
    }
    expect((await db.doc('documents/pay_Kept').get()).get('deletedAccount')).toBe(true);
    const tombstone = (await db.doc(`deletedAccounts/${user.uid}`).get()).data()!;
    expect(tombstone).toMatchObject({ uid: user.uid, kept: { documents: 1, payments: 0, refunds: 0 } });
    expect(JSON.stringify(tombstone)).not.toContain('Queenie');
  });
});
