import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '@/domain/support';
import { firestoreFileStore } from '../../server/files/file-store';
import { drainOutbox } from '../../server/mail/drain';
import { readExport } from '../helpers/account-export';
import { testApp } from '../helpers/api-app';
import { admin, createStaffWithToken } from '../helpers/emulators';
import { caughtMailPerTest, drainOptions, mailsTo, rawHeader, TEST_FROM } from '../helpers/mail-catcher';
import { download } from './documents-fixtures';
import { uniqueEmail } from './payments-fixtures';
import {
  as,
  attachment,
  COMPANY_INBOX,
  customerWithService,
  forgedAs,
  messagesOf,
  openRequest,
  outboxMailsTo,
  PNG,
  postInbound,
  postmarkMail,
  replyAddressOf,
  supportApp,
  type SupportApp,
} from './support-fixtures';

/**
 * Mail waiting for review is work with an end: staff attach it to a request, open a request with
 * it for a customer, answer its sender once, or dismiss it; each audited, and the Today page's count
 * of what waits falls with each.
 */

const { transport } = caughtMailPerTest();
const drain = () => drainOutbox(admin().db, transport(), drainOptions({ from: TEST_FROM }));

let staff: { uid: string; idToken: string };
beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('review-staff'));
  await admin().auth.updateUser(staff.uid, { displayName: 'Priya Sharma' });
});

const asStaff = (call: request.Test) => as(staff.idToken)(call);

/** A stranger's mail to the support address: it matches nothing and waits for review. */
async function strangerMail(server: SupportApp, input: { from?: string; text?: string; attach?: boolean } = {}) {
  const from = input.from ?? uniqueEmail('stranger');
  const response = await postInbound(
    server,
    postmarkMail({
      from,
      to: 'support@nimbus.test',
      subject: 'Our dashboard is down',
      text: input.text ?? 'Hello, the dashboard shows a blank page since this morning.',
      attachments: input.attach === false ? [] : [attachment('screen.png', PNG, 'image/png')],
    }),
  ).expect(200);
  expect(response.body).toMatchObject({ outcome: 'review' });
  const queue = await asStaff(request(server).get('/api/staff/support/review')).expect(200);
  const mail = (queue.body.mails as Array<{ id: string; from: string }>).find((entry) => entry.from === from)!;
  return { id: mail.id, from };
}

const waitingForReview = async (server: SupportApp) =>
  (await asStaff(request(server).get('/api/staff/support/today')).expect(200)).body.waitingForReview as number;

const auditOf = async (id: string) =>
  (await admin().db.collection('auditLog').where('target', '==', `supportInbound/${id}`).get()).docs.map((doc) =>
    doc.data(),
  );

describe('attaching a mail waiting for review to a request', () => {
  it("when staff attach a stranger's mail, then it joins the thread as a staff-only note with its file, and leaves the queue", async () => {
    const server = supportApp();
    const customer = await customerWithService();
    const created = await openRequest(server, customer.idToken);
    const mail = await strangerMail(server);
    expect(await waitingForReview(server)).toBe(1);

    const attached = await asStaff(request(server).post(`/api/staff/support/review/${mail.id}/attach`))
      .send({ reference: created.reference })
      .expect(200);

    expect(attached.body).toEqual({ requestId: created.id, reference: created.reference, as: 'note' });
    const [, note] = await messagesOf(created.id);
    expect(note).toMatchObject({ author: 'staff', internal: true, via: 'mail', mailFrom: mail.from });
    expect(note!.body).toMatch(new RegExp(`^Mail from ${mail.from.replace(/[.+]/g, '\\$&')} attached by staff`));
    expect(note!.body).toContain('the dashboard shows a blank page');
    expect(note!.files).toEqual([expect.objectContaining({ name: 'screen.png', type: 'PNG', size: PNG.length })]);
    // The file is the request's now: staff read it through the request, the bytes as they came.
    const file = await asStaff(request(server).get(`/api/support/files/${note!.files[0].id}`)).expect(200);
    expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);
    // The customer never sees a note.
    const view = await as(customer.idToken)(request(server).get(`/api/support/requests/${created.id}`)).expect(200);
    expect(JSON.stringify(view.body)).not.toContain(mail.from);

    expect(await waitingForReview(server)).toBe(0);
    const queue = await asStaff(request(server).get('/api/staff/support/review')).expect(200);
    expect(queue.body.mails).toEqual([]);
    expect(await auditOf(mail.id)).toEqual([
      expect.objectContaining({ action: 'support.review.attach', actorUid: staff.uid }),
    ]);
    // Done once: a second action is refused, saying what became of the mail.
    const again = await asStaff(request(server).post(`/api/staff/support/review/${mail.id}/dismiss`)).send({});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: REVIEW_MESSAGES.handled(`it was attached to ${created.reference}`) });
  });

  it("when the mail is from the requester's proven address (but unvouched, so it waited), then it joins as the customer's own message and resumes the request", async () => {
    const server = supportApp();
    const customer = await customerWithService();
    const created = await openRequest(server, customer.idToken);
    await asStaff(request(server).post(`/api/staff/support/requests/${created.id}/replies`))
      .send({ body: 'Which machine?', waitOnCustomer: true })
      .expect(201);
    await drain();
    const replyTo = await replyAddressOf(customer.email);
    const waiting = await postInbound(
      server,
      postmarkMail({
        from: customer.email,
        to: replyTo,
        text: 'Machine 3, the one by the door.',
        headers: forgedAs(customer.email),
        attachments: [attachment('door.png', PNG, 'image/png')],
      }),
    ).expect(200);
    expect(waiting.body).toMatchObject({ outcome: 'review' });
    const queue = await asStaff(request(server).get('/api/staff/support/review')).expect(200);
    const id = queue.body.mails[0].id as string;

    const attached = await asStaff(request(server).post(`/api/staff/support/review/${id}/attach`))
      .send({ reference: created.reference.replace('SR-', 'sr') })
      .expect(200);

    expect(attached.body.as).toBe('customer');
    const messages = await messagesOf(created.id);
    expect(messages[2]).toMatchObject({
      author: 'customer',
      internal: false,
      via: 'mail',
      body: 'Machine 3, the one by the door.',
      files: [expect.objectContaining({ name: 'door.png' })],
    });
    expect((await admin().db.doc(`supportRequests/${created.id}`).get()).get('status')).toBe('Open');
    const view = await as(customer.idToken)(request(server).get(`/api/support/requests/${created.id}`)).expect(200);
    expect(view.body.messages.map((message: { body: string }) => message.body)).toContain(
      'Machine 3, the one by the door.',
    );
  });

  it('when the request number is unknown or the request is closed, then it is refused with a message and the mail still waits', async () => {
    const server = supportApp();
    const customer = await customerWithService();
    const created = await openRequest(server, customer.idToken);
    await asStaff(request(server).post(`/api/staff/support/requests/${created.id}`))
      .send({ status: 'Closed' })
      .expect(200);
    const mail = await strangerMail(server, { attach: false });

    const unknown = await asStaff(request(server).post(`/api/staff/support/review/${mail.id}/attach`)).send({
      reference: 'SR-999999',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: REVIEW_MESSAGES.requestNotFound('SR-999999') });
    const closed = await asStaff(request(server).post(`/api/staff/support/review/${mail.id}/attach`)).send({
      reference: created.reference,
    });
    expect(closed.status).toBe(409);
    expect(closed.body).toEqual({ message: REVIEW_MESSAGES.closed(created.reference) });
    const empty = await asStaff(request(server).post(`/api/staff/support/review/${mail.id}/attach`)).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^reference: /);
    expect(await waitingForReview(server)).toBe(1);
  });
});

describe('opening a request from a mail waiting for review', () => {
  it('when staff find the customer and open a request, then the mail is its description with its file, the customer is acknowledged, and the mail leaves the queue', async () => {
    const server = supportApp();
    const customer = await customerWithService();
    // The customer's colleague writes from an address we do not know.
    const mail = await strangerMail(server, { text: 'Hi, machine 5 stopped reporting at 10 am.' });

    const found = await asStaff(
      request(server).get(`/api/staff/support/review/customers?q=${encodeURIComponent(customer.email)}`),
    ).expect(200);
    expect(found.body.customers).toEqual([
      expect.objectContaining({
        uid: customer.uid,
        name: 'Asha Verma',
        email: customer.email,
        services: [expect.objectContaining({ id: 'order1_Growth', name: 'Factory Management – Growth' })],
      }),
    ]);
    const opened = await asStaff(request(server).post(`/api/staff/support/review/${mail.id}/open`))
      .send({ uid: customer.uid, serviceId: 'order1_Growth' })
      .expect(200);

    expect(opened.body.reference).toMatch(/^SR-\d{6}$/);
    const stored = await admin().db.doc(`supportRequests/${opened.body.requestId}`).get();
    expect(stored.data()).toMatchObject({
      uid: customer.uid,
      subject: 'Our dashboard is down',
      tier: 'priority',
      status: 'New',
      via: 'mail',
    });
    const [first] = await messagesOf(opened.body.requestId);
    expect(first).toMatchObject({
      author: 'customer',
      body: 'Hi, machine 5 stopped reporting at 10 am.',
      files: [expect.objectContaining({ name: 'screen.png' })],
    });
    const file = await as(customer.idToken)(request(server).get(`/api/support/files/${first!.files[0].id}`)).expect(
      200,
    );
    expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);
    expect((await outboxMailsTo(customer.uid)).map((entry) => entry.data.kind)).toEqual(['ack']);
    expect(await waitingForReview(server)).toBe(0);
    expect(await auditOf(mail.id)).toEqual([expect.objectContaining({ action: 'support.review.open' })]);
  });

  it('when the chosen account is staff or unknown, then nothing is opened and the mail still waits', async () => {
    const server = supportApp();
    const mail = await strangerMail(server, { attach: false });

    const asStaffAccount = await asStaff(request(server).post(`/api/staff/support/review/${mail.id}/open`)).send({
      uid: staff.uid,
    });
    expect(asStaffAccount.status).toBe(400);
    expect(asStaffAccount.body).toEqual({ message: REVIEW_MESSAGES.staffAccount });
    const unknown = await asStaff(request(server).post(`/api/staff/support/review/${mail.id}/open`)).send({
      uid: 'no-such-uid',
    });
    expect(unknown.status).toBe(400);
    expect(await waitingForReview(server)).toBe(1);
    expect((await admin().db.collection('supportRequests').get()).size).toBe(0);
  });
});

describe('answering or dismissing a mail waiting for review', () => {
  it('when staff reply, then the sender gets one plain answer (threaded, signed by name) and the mail is marked replied', async () => {
    const server = supportApp();
    const mail = await strangerMail(server, { attach: false });

    await asStaff(request(server).post(`/api/staff/support/review/${mail.id}/reply`))
      .send({ body: 'Which company are you with? Please ask your admin to open a request.' })
      .expect(200);
    const twice = await asStaff(request(server).post(`/api/staff/support/review/${mail.id}/reply`)).send({
      body: 'Again',
    });
    expect(twice.status).toBe(409);

    const outbox = (await admin().db.collection('mail').where('to.address', '==', mail.from).get()).docs;
    expect(outbox).toHaveLength(1);
    expect(await drain()).toMatchObject({ sent: 1, failed: 0 });
    const [answer] = await mailsTo(mail.from);
    expect(answer!.subject).toBe('Re: Our dashboard is down');
    expect(answer!.text).toContain('Which company are you with?');
    expect(answer!.text).toContain('Priya Sharma');
    expect(answer!.text).not.toContain('Hello,');
    expect(await rawHeader(answer!.id, 'in-reply-to')).toMatch(/^<.+@mail\.example\.com>$/);
    const record = await admin().db.doc(`supportInbound/${mail.id}`).get();
    expect(record.get('outcome')).toBe('replied');
    expect(await waitingForReview(server)).toBe(0);
    expect(await auditOf(mail.id)).toEqual([expect.objectContaining({ action: 'support.review.reply' })]);
    expect(await mailsTo(COMPANY_INBOX)).toEqual([]);
  });

  it('when staff dismiss a mail as spam, then it leaves the queue and the count, and its record and file stay', async () => {
    const server = supportApp();
    const spam = await strangerMail(server);
    const other = await strangerMail(server, { attach: false });
    expect(await waitingForReview(server)).toBe(2);

    await asStaff(request(server).post(`/api/staff/support/review/${spam.id}/dismiss`))
      .send({})
      .expect(200);

    expect(await waitingForReview(server)).toBe(1);
    const queue = await asStaff(request(server).get('/api/staff/support/review')).expect(200);
    expect(queue.body.mails.map((entry: { id: string }) => entry.id)).toEqual([other.id]);
    const record = await admin().db.doc(`supportInbound/${spam.id}`).get();
    expect(record.get('outcome')).toBe('dismissed');
    const [kept] = record.get('attachments') as Array<{ fileId: string }>;
    expect((await firestoreFileStore(admin().db).get(kept!.fileId))?.bytes.equals(PNG)).toBe(true);
    expect(await auditOf(spam.id)).toEqual([expect.objectContaining({ action: 'support.review.dismiss' })]);
  });

  it("when a mail's From is no address at all, then the queue still lists it, and answering it is refused with a message", async () => {
    const server = supportApp();
    await strangerMail(server, { attach: false });
    const mail = await strangerMail(server, { from: 'not an address@@example..com', attach: false });

    const queue = await asStaff(request(server).get('/api/staff/support/review')).expect(200);
    expect(queue.body.mails).toHaveLength(2);
    const answer = await asStaff(request(server).post(`/api/staff/support/review/${mail.id}/reply`)).send({
      body: 'Who are you?',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: REVIEW_MESSAGES.unanswerable });
    expect(await waitingForReview(server)).toBe(2);
  });

  it('when a customer who is not staff calls the actions, then they are refused', async () => {
    const server = supportApp();
    const customer = await customerWithService();
    const mail = await strangerMail(server, { attach: false });
    const refused = await as(customer.idToken)(request(server).post(`/api/staff/support/review/${mail.id}/dismiss`));
    expect(refused.status).toBe(403);
    expect(await waitingForReview(server)).toBe(1);
  });
});

describe('requests opened by mail count against the account', () => {
  it('when a customer has opened their hourly requests on the web, then a new request by mail waits for review instead, saying why', async () => {
    const { app: server } = testApp({
      env: {
        COMPANY_EMAIL: COMPANY_INBOX,
        MAIL_FROM: `${TEST_FROM.name} <${TEST_FROM.address}>`,
        SUPPORT_REQUESTS_PER_HOUR: '2',
      },
    });
    const customer = await customerWithService();
    await openRequest(server, customer.idToken);
    const byMail = await postInbound(
      server,
      postmarkMail({
        from: customer.email,
        to: 'support@nimbus.test',
        subject: 'Another thing',
        text: 'Reports are slow.',
      }),
    ).expect(200);
    expect(byMail.body).toMatchObject({ outcome: 'created' });

    // The mail took the second of two: the web form is refused now, and so is the next mail.
    const web = await as(customer.idToken)(request(server).post('/api/support/requests')).send({
      serviceId: 'order1_Growth',
      subject: 'Third',
      description: 'A third request this hour.',
    });
    expect(web.status).toBe(429);
    const over = await postInbound(
      server,
      postmarkMail({ from: customer.email, to: 'support@nimbus.test', subject: 'And more', text: 'Exports fail.' }),
    ).expect(200);
    expect(over.body).toMatchObject({ outcome: 'review' });
    expect(over.body.reason).toMatch(
      /^the customer has opened 2 support requests in the last hour, so no request was opened/,
    );
    expect((await admin().db.collection('supportRequests').where('uid', '==', customer.uid).get()).size).toBe(2);
  });
});

describe('the mails a person sent to support, in their data', () => {
  it('when a customer downloads their data, then the mails from their proven address are in it with their files; when they delete their account, those are gone and a note made of one names no one', async () => {
    const server = supportApp();
    const customer = await customerWithService();
    const other = await customerWithService();
    const request_ = await openRequest(server, other.idToken);
    // Waits for review: from the customer's address, but neither SPF nor DKIM vouches for it.
    await postInbound(
      server,
      postmarkMail({
        from: customer.email,
        to: 'support@nimbus.test',
        subject: 'About our invoices',
        text: 'Please send our invoices again.',
        headers: forgedAs(customer.email),
        attachments: [attachment('invoice.png', PNG, 'image/png')],
      }),
    ).expect(200);
    // Another from the same person, which staff attach to someone else's request as a note.
    const noted = await postInbound(
      server,
      postmarkMail({
        from: customer.email,
        to: 'support@nimbus.test',
        subject: 'Re: their machines',
        text: 'I saw the same on their machines.',
        headers: forgedAs(customer.email),
      }),
    ).expect(200);
    expect(noted.body.outcome).toBe('review');
    const stranger = await strangerMail(server, { attach: false });
    const queue = await asStaff(request(server).get('/api/staff/support/review')).expect(200);
    const noteMail = (queue.body.mails as Array<{ id: string; subject: string }>).find(
      (mail) => mail.subject === 'Re: their machines',
    )!;
    await asStaff(request(server).post(`/api/staff/support/review/${noteMail.id}/attach`))
      .send({ reference: request_.reference })
      .expect(200);

    const zip = await download(server, '/api/account/export', customer.idToken).expect(200);
    const { data } = readExport(new Uint8Array(zip.body as Buffer));
    const mails = (data as unknown as { supportMail: Array<Record<string, unknown>> }).supportMail;
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['About our invoices', 'Re: their machines']);
    const withFile = mails.find((mail) => mail.subject === 'About our invoices')!;
    expect(withFile.files).toEqual([expect.objectContaining({ name: 'invoice.png', base64: PNG.toString('base64') })]);
    expect(JSON.stringify(mails)).not.toContain(stranger.from);

    const [held] = (await admin().db.collection('files').where('name', '==', 'invoice.png').get()).docs;
    await request(server).post('/api/account/delete').set('Authorization', `Bearer ${customer.idToken}`).expect(200);

    const left = await admin().db.collection('supportInbound').where('from', '==', customer.email.toLowerCase()).get();
    expect(left.size).toBe(0);
    expect((await held!.ref.get()).exists).toBe(false);
    expect((await admin().db.doc(`supportInbound/${stranger.id}`).get()).exists).toBe(true);
    const note = (await messagesOf(request_.id)).find((message) => message.internal === true)!;
    expect(note.body).toMatch(/^Mail from a deleted account attached by staff/);
    expect(note.body).toContain('I saw the same on their machines.');
    expect(JSON.stringify(note)).not.toContain(customer.email.toLowerCase());
  });
});
