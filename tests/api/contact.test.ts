import request from 'supertest';
import { PHONE_MESSAGE } from '@/domain/phone';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONTACT_EMAIL_LIMIT_MESSAGE,
  CONTACT_EMAIL_LIMIT_PER_HOUR,
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_LIMIT_MESSAGE,
  CONTACT_SUCCESS_MESSAGE,
} from '../../server/routes/contact';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createUserWithToken } from '../helpers/emulators';
import { SENDER, unique } from './contact-fixtures';

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    ...SENDER,
    email: 'asha@example.com',
    message: 'We need a factory dashboard for 8 looms.',
    userId: null,
    ...overrides,
  };
}

/** The contact form sent to POST /api/contact, signed out or with `idToken`. */
function postContact(body: object, idToken?: string) {
  const call = request(testApp().app).post('/api/contact');
  return (idToken ? call.set('Authorization', `Bearer ${idToken}`) : call).send(body);
}

/** Nothing reached the staff inbox. */
async function expectNoEnquiry() {
  expect((await admin().db.collection('enquiries').get()).size).toBe(0);
}

describe('POST /api/contact', () => {
  beforeEach(() => clearFirestore());

  it('when a signed-in user sends a query naming another userId, then it is stored under the token uid only, and in the staff inbox linked to it', async () => {
    const { uid, idToken } = await createUserWithToken(`contact-${unique()}@example.com`);
    const response = await postContact(validBody({ userId: 'someone-else' }), idToken);

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: CONTACT_SUCCESS_MESSAGE });
    const { db } = admin();
    const mine = await db.collection(`users/${uid}/queries`).get();
    expect(mine.size).toBe(1);
    const stored = mine.docs[0]!.data();
    expect(stored).toMatchObject({
      name: 'Asha Verma',
      businessName: 'Verma Textiles',
      contactNumber: '+91 98450 12345',
      email: 'asha@example.com',
      message: 'We need a factory dashboard for 8 looms.',
      status: 'New',
    });
    expect(Object.keys(stored).sort()).toEqual(
      ['businessName', 'contactNumber', 'email', 'message', 'name', 'status', 'submittedAt'].sort(),
    );
    expect(stored.submittedAt.toDate()).toBeInstanceOf(Date);
    expect((await db.collection('users/someone-else/queries').get()).size).toBe(0);
    const inbox = await db.collection('enquiries').get();
    expect(inbox.docs.map((doc) => doc.id)).toEqual([mine.docs[0]!.id]);
    expect(inbox.docs[0]!.data()).toMatchObject({
      uid,
      queryId: mine.docs[0]!.id,
      source: 'customer',
      status: 'New',
      searchTokens: expect.arrayContaining(['asha', 'verma', 'as', 'example']),
    });
  });

  it('when a visitor sends a query on the spec path, then it is stored in enquiries', async () => {
    const response = await request(testApp().app)
      .post('/submit-contact-form')
      .send(validBody({ businessName: '', contactNumber: '', userId: 'spoofed-uid' }));

    expect(response.status).toBe(201);
    expect(response.body.message).toBe(CONTACT_SUCCESS_MESSAGE);
    const enquiries = await admin().db.collection('enquiries').get();
    expect(enquiries.size).toBe(1);
    expect(enquiries.docs[0]!.data()).toMatchObject({ name: 'Asha Verma', businessName: '', status: 'New' });
    expect((await admin().db.collection('users/spoofed-uid/queries').get()).size).toBe(0);
  });

  it('when the email is not an email, then it answers 400 with the message and stores nothing', async () => {
    const response = await postContact(validBody({ email: 'not-an-email' }));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Please enter a valid email address.' });
    await expectNoEnquiry();
  });

  it("when the contact number is 'abc', then it answers 400 with the phone rule and stores nothing", async () => {
    const response = await postContact(validBody({ contactNumber: 'abc' }));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: PHONE_MESSAGE });
    await expectNoEnquiry();
  });

  it('when a required field is missing, then it answers 400 naming it', async () => {
    const response = await postContact(validBody({ message: '   ' }));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Message is required.' });
  });

  it('when the token is not valid, then it answers 401 and stores nothing', async () => {
    const response = await postContact(validBody(), 'not-a-token');

    expect(response.status).toBe(401);
    expect(response.body.message).toBeTruthy();
    await expectNoEnquiry();
  });

  it('when the body is huge, then it answers 413 with a message', async () => {
    const response = await postContact(validBody({ message: 'x'.repeat(200_000) }));

    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Request body is too large.' });
  });

  it('when one client floods the endpoint, then it answers 429 with a message after the limit', async () => {
    const { app } = testApp();
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let index = 0; index <= CONTACT_RATE_LIMIT; index += 1) {
      // Alternating paths: both share one allowance.
      last = await request(app)
        .post(index % 2 ? '/submit-contact-form' : '/api/contact')
        // One address each: an address has its own, smaller, hourly allowance.
        .send(validBody({ email: `flood-${index}@example.com`, message: `Enquiry ${index}` }));
      statuses.push(last.status);
    }

    expect(statuses).toEqual([...Array(CONTACT_RATE_LIMIT).fill(201), 429]);
    expect(last!.body).toEqual({ message: CONTACT_RATE_LIMIT_MESSAGE });
    expect((await admin().db.collection('enquiries').get()).size).toBe(CONTACT_RATE_LIMIT);
  });

  it('when a bot fills the hidden honeypot field, then it answers 201 as if it succeeded and writes and mails nothing', async () => {
    const { app } = testApp();
    const { db } = admin();

    for (const path of ['/api/contact', '/submit-contact-form']) {
      const response = await request(app)
        .post(path)
        .send(validBody({ website: 'https://cheap-pills.example' }));
      expect([response.status, response.body]).toEqual([201, { message: CONTACT_SUCCESS_MESSAGE }]);
    }

    // Not even a rate-limit counter: nothing at all was written.
    for (const collection of ['enquiries', 'mail', 'rateLimits']) {
      expect(`${collection}: ${(await db.collection(collection).count().get()).data().count}`).toBe(`${collection}: 0`);
    }
  });

  it('when one email sends a fourth enquiry within the hour from a fourth IP, then it answers 429 and keeps only three', async () => {
    const { app } = testApp({ env: { TRUST_PROXY: '1' } });
    const email = `Busy-${unique()}@Example.com`;
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let index = 0; index <= CONTACT_EMAIL_LIMIT_PER_HOUR; index += 1) {
      last = await request(app)
        .post('/api/contact')
        .set('X-Forwarded-For', `203.0.113.${10 + index}`)
        // The same address, however it is written.
        .send(validBody({ email: index % 2 ? email.toLowerCase() : email, message: `Enquiry ${index}` }));
      statuses.push(last.status);
    }

    expect(statuses).toEqual([...Array(CONTACT_EMAIL_LIMIT_PER_HOUR).fill(201), 429]);
    expect(last!.body).toEqual({ message: CONTACT_EMAIL_LIMIT_MESSAGE });
    const { db } = admin();
    expect((await db.collection('enquiries').count().get()).data().count).toBe(CONTACT_EMAIL_LIMIT_PER_HOUR);
    expect((await db.collection('mail').count().get()).data().count).toBe(2 * CONTACT_EMAIL_LIMIT_PER_HOUR);
    // Counted per hour, under a hash of the address, never the address itself.
    const counters = await db.collection('rateLimits').where('limiter', '>=', '').get();
    const perEmail = counters.docs.filter((doc) => String(doc.get('limiter')).endsWith('.contact-email'));
    expect(perEmail.map((doc) => doc.get('hits'))).toEqual([CONTACT_EMAIL_LIMIT_PER_HOUR + 1]);
    expect(perEmail[0]!.id).not.toContain('example');
    expect(perEmail[0]!.get('resetAt').toMillis() % 3_600_000).toBe(0);
  });
});
