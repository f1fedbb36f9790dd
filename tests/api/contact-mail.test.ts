import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { COMPANY } from '@/domain/company';
import { drainOutbox } from '../../server/mail/drain';
import { mailIds } from '../../server/mail/outbox';
import { CONTACT_RATE_LIMIT } from '../../server/routes/contact';
import { testApp } from '../helpers/api-app';
import { admin, createUserWithToken } from '../helpers/emulators';
import {
  catcherTransport,
  caughtMailPerTest,
  caughtMails,
  drainOptions,
  mailServerSwitch,
  mailsTo,
  rawHeader,
  silentMailServer,
} from '../helpers/mail-catcher';

const COMPANY_INBOX = 'enquiries@nimbus.test';
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

function app() {
  return testApp({ env: { COMPANY_EMAIL: COMPANY_INBOX } }).app;
}

function form(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Asha Verma',
    businessName: 'Verma Textiles',
    contactNumber: '+91 98450 12345',
    email: `asha-${unique()}@example.com`,
    message: 'We need a factory dashboard for 8 looms.\nDelivery by March.',
    userId: null,
    ...overrides,
  };
}

async function mailDocs() {
  return (await admin().db.collection('mail').get()).docs;
}

const { transport, track } = caughtMailPerTest();

describe('enquiry mails', () => {
  it('when a visitor sends a query, then exactly 2 mails arrive: the ack to the typed address and every field to the company with Reply-To the sender', async () => {
    const body = form();
    const response = await request(app()).post('/api/contact').send(body);
    expect(response.status).toBe(201);

    const report = await drainOutbox(admin().db, transport(), drainOptions());

    expect(report).toMatchObject({ sent: 2, failed: 0, retrying: 0 });
    const mails = await caughtMails();
    expect(mails).toHaveLength(2);
    const [ack] = await mailsTo(body.email);
    const [company] = await mailsTo(COMPANY_INBOX);
    expect(ack!.envelope.to.map((to) => to.address)).toEqual([body.email]);
    expect(ack!.subject).toBe(`We have received your enquiry – ${COMPANY.name}`);
    expect(ack!.text).toContain('Hello Asha Verma,');
    expect(ack!.text).not.toContain('factory dashboard');
    expect(ack!.html).toContain(COMPANY.address);
    expect(await rawHeader(ack!.id, 'reply-to')).toBe('team@nimbus.test');

    expect(company!.envelope.to.map((to) => to.address)).toEqual([COMPANY_INBOX]);
    expect(company!.subject).toBe('New enquiry from Asha Verma (Verma Textiles)');
    for (const value of ['Asha Verma', 'Verma Textiles', '+91 98450 12345', body.email, 'Visitor (not signed in)']) {
      expect(company!.text).toContain(value);
      expect(company!.html).toContain(value);
    }
    expect(company!.text).toContain('We need a factory dashboard for 8 looms.\nDelivery by March.');
    expect(await rawHeader(company!.id, 'reply-to')).toBe(`Asha Verma <${body.email}>`);

    const enquiry = (await admin().db.collection('enquiries').get()).docs[0]!;
    const docs = await mailDocs();
    expect(docs.map((doc) => doc.id).sort()).toEqual(
      [mailIds.enquiryAck(enquiry.id), mailIds.enquiryCompany(enquiry.id)].sort(),
    );
    expect(docs.every((doc) => doc.get('status') === 'sent' && doc.get('via') === 'smtp')).toBe(true);

    // A second pass finds nothing left to send.
    expect(await drainOutbox(admin().db, transport(), drainOptions())).toMatchObject({ sent: 0 });
    expect(await caughtMails()).toHaveLength(2);
  });

  it("when a signed-in customer types another address in the form, then the ack goes only to that address, never the account's", async () => {
    const accountEmail = `member-${unique()}@example.com`;
    const { idToken } = await createUserWithToken(accountEmail);
    const body = form({ email: `typed-${unique()}@example.com` });

    const response = await request(app()).post('/api/contact').set('Authorization', `Bearer ${idToken}`).send(body);
    await drainOutbox(admin().db, transport(), drainOptions());

    expect(response.status).toBe(201);
    expect(await mailsTo(body.email)).toHaveLength(1);
    expect(await mailsTo(accountEmail)).toHaveLength(0);
    const [company] = await mailsTo(COMPANY_INBOX);
    expect(company!.text).toMatch(/Signed-in customer \(uid \w+\)/);
  });

  it('when the name carries CR/LF and a Bcc header, then no header is injected and each mail reaches only its one recipient', async () => {
    const body = form({ name: 'Eve\r\nBcc: victim@example.com\r\nSubject: pills' });
    const response = await request(app()).post('/api/contact').send(body);
    await drainOutbox(admin().db, transport(), drainOptions());

    expect(response.status).toBe(201);
    const mails = await caughtMails();
    expect(mails).toHaveLength(2);
    expect(await mailsTo('victim@example.com')).toHaveLength(0);
    for (const mail of mails) {
      expect(mail.envelope.to).toHaveLength(1);
      expect(mail.to).toHaveLength(1);
      expect(mail.bcc ?? []).toHaveLength(0);
      expect(await rawHeader(mail.id, 'bcc')).toBeUndefined();
    }
    const [company] = await mailsTo(COMPANY_INBOX);
    expect(company!.subject).toBe('New enquiry from Eve Bcc: victim@example.com Subject: pills (Verma Textiles)');
  });

  it('when the email carries CR/LF and another header, then it answers 400 and queues no mail', async () => {
    const response = await request(app())
      .post('/api/contact')
      .send(form({ email: 'asha@example.com\r\nBcc: victim@example.com' }));

    expect(response.status).toBe(400);
    expect(await mailDocs()).toHaveLength(0);
  });

  it('when the rate limit refuses a request, then that request queues no mail', async () => {
    const server = app();
    const statuses: number[] = [];
    for (let index = 0; index <= CONTACT_RATE_LIMIT; index += 1) {
      statuses.push((await request(server).post('/api/contact').send(form())).status);
    }

    expect(statuses).toEqual([...Array(CONTACT_RATE_LIMIT).fill(201), 429]);
    expect(await mailDocs()).toHaveLength(CONTACT_RATE_LIMIT * 2);
  });

  it('when the mail server is stopped, then the query still succeeds at once and its mails go out when the server returns', async () => {
    const mailServer = await mailServerSwitch();
    const smtp = transport(mailServer.url);
    const body = form();

    const started = Date.now();
    const response = await request(app()).post('/api/contact').send(body);
    const elapsedMs = Date.now() - started;
    const whileDown = await drainOutbox(admin().db, smtp, drainOptions());

    expect(response.status).toBe(201);
    expect(elapsedMs).toBeLessThan(2000);
    expect((await admin().db.collection('enquiries').get()).size).toBe(1);
    expect(whileDown).toMatchObject({ sent: 0, retrying: 2 });
    const pending = await mailDocs();
    expect(pending.map((doc) => [doc.get('status'), doc.get('attempts')])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    expect(pending[0]!.get('lastError')).toMatch(/ECONNREFUSED/);
    expect(await caughtMails()).toHaveLength(0);

    await mailServer.start();
    const tooSoon = await drainOutbox(admin().db, smtp, drainOptions());
    const afterBackoff = await drainOutbox(admin().db, smtp, drainOptions({ now: () => Date.now() + 31_000 }));
    await mailServer.stop();

    expect(tooSoon.sent).toBe(0);
    expect(afterBackoff).toMatchObject({ sent: 2, retrying: 0 });
    expect(await mailsTo(body.email)).toHaveLength(1);
    expect(await mailsTo(COMPANY_INBOX)).toHaveLength(1);
  });

  it('when the mail server accepts connections but never answers, then the attempt times out and the mail waits for a retry', async () => {
    const silent = await silentMailServer();
    // A server that never greets times out the same way after 2 s or 0.3 s; each mail waits it out.
    const slow = catcherTransport(silent.url, { greetingTimeoutMs: 300 });
    track(slow);
    const response = await request(app()).post('/api/contact').send(form());

    const started = Date.now();
    const report = await drainOutbox(admin().db, slow, drainOptions());
    const elapsedMs = Date.now() - started;
    await silent.close();

    expect(response.status).toBe(201);
    expect(report).toMatchObject({ sent: 0, retrying: 2 });
    expect(elapsedMs).toBeLessThan(10_000);
    const docs = await mailDocs();
    expect(docs.map((doc) => doc.get('status'))).toEqual(['pending', 'pending']);
    expect(docs.map((doc) => doc.get('lastError'))).toEqual([
      'ETIMEDOUT: Greeting never received',
      'ETIMEDOUT: Greeting never received',
    ]);
  });
});
