import request from 'supertest';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDueTime } from '@/domain/business-hours';
import { OUT_OF_PLAN_MESSAGES, OUT_OF_PLAN_WAY_BACK, SUPPORT_MESSAGES } from '@/domain/support';
import { DEMO_INBOUND_PASSWORD, DEMO_INBOUND_USER } from '../../server/config';
import { drainOutbox } from '../../server/mail/drain';
import { POSTMARK_INBOUND_PATH } from '../../server/routes/support';
import { deleteSupportData, exportSupportData } from '../../server/support/account-data';
import { admin, createStaffWithToken, createUserWithToken } from '../helpers/emulators';
import { caughtMailPerTest, drainOptions, mailsTo, rawHeader, TEST_FROM } from '../helpers/mail-catcher';
import { seedProfile } from './documents-fixtures';
import { newUser, uniqueEmail } from './payments-fixtures';
import { growthService, overdueRenewal } from '../helpers/sample-service';
import {
  as,
  authenticatedBy,
  COMPANY_INBOX,
  messagesOf,
  PNG,
  postmarkMail,
  replyAddressOf,
  supportApp as app,
  type SupportApp as App,
} from './support-fixtures';

const { transport } = caughtMailPerTest();
let staff: { uid: string; idToken: string };
beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('support-staff'));
});

/** A customer with a Factory Management Growth service (₹50,000 a year: Priority), Active unless told. */
async function customerWithService(status = 'Active', extra: Record<string, unknown> = {}) {
  const email = uniqueEmail('support-customer');
  const user = await createUserWithToken(email);
  await seedProfile(user.uid, { name: 'Asha Verma', email });
  await admin()
    .db.doc(`users/${user.uid}/services/order1_Growth`)
    .set(growthService({ status, ...extra }));
  return { ...user, email };
}

async function openRequest(server: App, token: string, body: Record<string, unknown> = {}) {
  const response = await as(token)(request(server).post('/api/support/requests')).send({
    serviceId: 'order1_Growth',
    subject: 'Machine 3 shows offline',
    description: 'Since this morning machine 3 shows offline on the dashboard.',
    ...body,
  });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as {
    id: string;
    reference: string;
    tier: string;
    firstReplyDueAt: number;
    resolutionDueAt: number;
    status: string;
  };
}

const drain = () => drainOutbox(admin().db, transport(), drainOptions({ from: TEST_FROM }));

/** A customer's request with its acknowledgement sent: the ack's Message-ID and the signed reply address. */
async function acknowledgedRequest(server: App) {
  const customer = await customerWithService();
  const created = await openRequest(server, customer.idToken);
  await drain();
  const [ack] = await mailsTo(customer.email);
  const ackId = (await rawHeader(ack!.id, 'message-id'))!;
  return { customer, created, ackId, replyTo: await replyAddressOf(customer.email) };
}

/** Postmark Inbound's JSON for a reply (its documented fields), posted with the webhook's Basic credentials. */
function postmarkReply(input: {
  from: string;
  to: string;
  subject: string;
  text: string;
  inReplyTo?: string;
  references?: string;
  attachments?: Array<{ Name: string; Content: string; ContentType: string; ContentLength: number }>;
}) {
  return {
    ...postmarkMail({
      from: input.from,
      to: input.to,
      subject: input.subject,
      text: input.text,
      html: `<p>${input.text}</p>`,
      attachments: input.attachments,
      headers: [
        ...authenticatedBy(input.from),
        ...(input.inReplyTo ? [{ Name: 'In-Reply-To', Value: input.inReplyTo }] : []),
        ...(input.references ? [{ Name: 'References', Value: input.references }] : []),
      ],
    }),
    Bcc: '',
    BccFull: [],
    ReplyTo: '',
    MailboxHash: '',
    Tag: '',
  };
}

const postInbound = (server: App, body: unknown, credentials = `${DEMO_INBOUND_USER}:${DEMO_INBOUND_PASSWORD}`) =>
  request(server)
    .post(POSTMARK_INBOUND_PATH)
    .set('Authorization', `Basic ${Buffer.from(credentials).toString('base64')}`)
    .send(body as object);

describe('a support request', () => {
  it("when a Priority customer asks for help, then it gets its reference, due times, the acknowledgement naming the plan and 'We will reply by …', and the company's notice", async () => {
    const server = app();
    const customer = await customerWithService();
    const created = await openRequest(server, customer.idToken);

    expect(created.reference).toMatch(/^SR-\d{6}$/);
    expect(created.tier).toBe('priority');
    expect(created.status).toBe('New');
    const createdAt = (await admin().db.doc(`supportRequests/${created.id}`).get()).get('createdAt').toMillis();
    expect(created.firstReplyDueAt).toBeGreaterThan(createdAt);
    expect(created.resolutionDueAt).toBeGreaterThan(created.firstReplyDueAt);

    expect(await drain()).toMatchObject({ sent: 2, failed: 0 });
    const [ack] = await mailsTo(customer.email);
    const [notice] = await mailsTo(COMPANY_INBOX);
    expect(ack!.subject).toBe(`[${created.reference}] Machine 3 shows offline`);
    expect(ack!.text).toContain('Factory Management – Growth (Priority support)');
    expect(ack!.text).toContain(`We will reply by ${formatDueTime(new Date(created.firstReplyDueAt))}.`);
    expect(ack!.text).toMatch(/We will reply by \w{3} \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m IST\./);
    expect(await rawHeader(ack!.id, 'reply-to')).toMatch(/support\+sr\d{6}-[0-9a-f]{24}@nimbus\.test/);
    expect(notice!.subject).toBe(`[${created.reference}] New request: Machine 3 shows offline`);
    expect(notice!.text).toContain(customer.email);
    expect(notice!.text).toContain('Since this morning machine 3 shows offline');

    // The numbers are company-wide and consecutive.
    const second = await openRequest(server, customer.idToken, { subject: 'Another one' });
    expect(Number(second.reference.slice(3))).toBe(Number(created.reference.slice(3)) + 1);
  });

  it('when staff reply, then the mail carries a Message-ID, In-Reply-To and References pointing to the previous mail; an internal note is never mailed', async () => {
    const server = app();
    const { customer, created, ackId } = await acknowledgedRequest(server);

    await as(staff.idToken)(request(server).post(`/api/staff/support/requests/${created.id}/replies`))
      .send({ body: 'Internal: check the gateway first.', internal: true, minutes: 10 })
      .expect(201);
    await as(staff.idToken)(request(server).post(`/api/staff/support/requests/${created.id}/replies`))
      .send({ body: 'We restarted the gateway; please check now.', minutes: 20 })
      .expect(201);
    expect(await drain()).toMatchObject({ sent: 1 });

    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(2);
    const reply = mails.find((mail) => mail.subject.startsWith('Re:'))!;
    expect(reply.subject).toBe(`Re: [${created.reference}] Machine 3 shows offline`);
    expect(reply.text).toContain('We restarted the gateway');
    expect(reply.text).not.toContain('Internal');
    const replyId = await rawHeader(reply.id, 'message-id');
    expect(replyId).toMatch(/^<.+@nimbus\.test>$/);
    expect(await rawHeader(reply.id, 'in-reply-to')).toBe(ackId);
    expect(await rawHeader(reply.id, 'references')).toBe(ackId);

    const stored = await admin().db.doc(`supportRequests/${created.id}`).get();
    expect(stored.get('status')).toBe('Open');
    expect(stored.get('minutesLogged')).toBe(30);
    // The customer's view has no internal note and no minutes.
    const view = await as(customer.idToken)(request(server).get(`/api/support/requests/${created.id}`)).expect(200);
    expect(view.body.messages.map((message: { body: string }) => message.body)).toEqual([
      'Since this morning machine 3 shows offline on the dashboard.',
      'We restarted the gateway; please check now.',
    ]);
    expect(JSON.stringify(view.body)).not.toContain('minutes"');
  });
});

describe('replies by mail (Postmark Inbound)', () => {
  it('when the requester replies to the signed address, then the reply (trimmed, original kept) is appended and reopens the resolved request', async () => {
    const server = app();
    const customer = await customerWithService();
    const created = await openRequest(server, customer.idToken);
    await as(staff.idToken)(request(server).post(`/api/staff/support/requests/${created.id}`))
      .send({ status: 'Resolved' })
      .expect(200);
    await drain();
    const replyTo = await replyAddressOf(customer.email);

    const text =
      'It is offline again.\n\nOn Mon, 30 Nov 2026 at 13:30, Nimbus wrote:\n> We have marked your request resolved.';
    const response = await postInbound(
      server,
      postmarkReply({ from: customer.email, to: replyTo, subject: `Re: [${created.reference}] Machine 3`, text }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ outcome: 'appended', requestId: created.id, as: 'customer' });

    const messages = await messagesOf(created.id);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({
      author: 'customer',
      via: 'mail',
      body: 'It is offline again.',
      original: text,
    });
    expect((await admin().db.doc(`supportRequests/${created.id}`).get()).get('status')).toBe('Open');
  });

  it('when the same reply comes from another address, then it is not appended and waits for staff review', async () => {
    const server = app();
    const { created, replyTo } = await acknowledgedRequest(server);

    const response = await postInbound(
      server,
      postmarkReply({
        from: 'someone-else@example.com',
        to: replyTo,
        subject: `Re: [${created.reference}]`,
        text: 'Me too',
      }),
    );
    expect(response.body).toMatchObject({ outcome: 'review' });
    expect(await messagesOf(created.id)).toHaveLength(1);
    const review = await as(staff.idToken)(request(server).get('/api/staff/support/review')).expect(200);
    expect(review.body.mails).toEqual([expect.objectContaining({ from: 'someone-else@example.com', text: 'Me too' })]);
  });

  it('when a reply cites our Message-ID (In-Reply-To) from the requester, then it is appended even without the signed address', async () => {
    const server = app();
    const { customer, created, ackId } = await acknowledgedRequest(server);

    const response = await postInbound(
      server,
      postmarkReply({
        from: customer.email,
        to: 'help@nimbus.test',
        subject: 'Re: help',
        text: 'Any news?',
        inReplyTo: ackId,
      }),
    );
    expect(response.body).toMatchObject({ outcome: 'appended', requestId: created.id });
  });

  it('when the webhook is unauthenticated or forged, then it is refused and nothing changes', async () => {
    const server = app();
    const { customer, created, replyTo } = await acknowledgedRequest(server);
    const body = postmarkReply({ from: customer.email, to: replyTo, subject: 'Re:', text: 'Forged' });

    await request(server).post(POSTMARK_INBOUND_PATH).send(body).expect(403);
    await postInbound(server, body, `${DEMO_INBOUND_USER}:wrong-password-of-enough-length`).expect(403);
    // A tampered reply address (another signature) matches nothing either.
    const tampered = replyTo.replace(/-[0-9a-f]{24}@/, '-000000000000000000000000@');
    const forged = await postInbound(
      server,
      postmarkReply({ from: 'stranger@example.com', to: tampered, subject: 'Re:', text: 'Forged' }),
    );
    expect(forged.body).toMatchObject({ outcome: 'review' });

    expect(await messagesOf(created.id)).toHaveLength(1);
    expect((await admin().db.collection('supportInbound').get()).size).toBe(1);
  });

  it("when a stranger's mail names the request's SR number in its subject, then it does not join that request", async () => {
    const server = app();
    const customer = await customerWithService();
    const created = await openRequest(server, customer.idToken);

    const response = await postInbound(
      server,
      postmarkReply({
        from: 'stranger@example.com',
        to: `support@nimbus.test`,
        subject: `Re: [${created.reference}] Machine 3 shows offline`,
        text: 'Please send me the customer list.',
      }),
    );
    expect(response.body).toMatchObject({ outcome: 'review' });
    expect(await messagesOf(created.id)).toHaveLength(1);
  });
});

describe('files', () => {
  it('when a customer attaches an 11 MB file or an .exe, then each is refused with a message; a PNG is kept with its SHA-256', async () => {
    const server = app();
    const customer = await customerWithService();
    const upload = (name: string, bytes: Buffer) =>
      as(customer.idToken)(request(server).post(`/api/support/files?name=${encodeURIComponent(name)}`))
        .set('Content-Type', 'application/octet-stream')
        .send(bytes);

    const big = await upload('trace.log', Buffer.alloc(11 * 1024 * 1024, 'a'));
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: SUPPORT_MESSAGES.fileTooLarge('trace.log') });
    const exe = await upload('setup.exe', Buffer.from('MZ\x90\x00binary'));
    expect(exe.status).toBe(415);
    expect(exe.body).toEqual({ message: SUPPORT_MESSAGES.fileType('setup.exe') });
    const disguised = await upload('photo.png', Buffer.from('MZ\x90\x00binary'));
    expect(disguised.status).toBe(415);

    const png = await upload('screen.png', PNG);
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({ name: 'screen.png', type: 'PNG', size: PNG.length });
    expect(png.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    const created = await openRequest(server, customer.idToken, { fileIds: [png.body.id] });
    const file = await as(customer.idToken)(request(server).get(`/api/support/files/${png.body.id}`)).expect(200);
    expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);
    expect((await messagesOf(created.id))[0]!.files).toEqual([
      { id: png.body.id, name: 'screen.png', type: 'PNG', size: PNG.length },
    ]);
  });

  it('when another customer asks for the request or its file, then both are 404; staff read them', async () => {
    const server = app();
    const customer = await customerWithService();
    const other = await newUser('support-other');
    const png = await as(customer.idToken)(request(server).post('/api/support/files?name=a.png'))
      .set('Content-Type', 'application/octet-stream')
      .send(PNG)
      .expect(201);
    const created = await openRequest(server, customer.idToken, { fileIds: [png.body.id] });

    const asOther = as(other.idToken);
    expect((await asOther(request(server).get(`/api/support/requests/${created.id}`))).status).toBe(404);
    expect((await asOther(request(server).get(`/api/support/files/${png.body.id}`))).status).toBe(404);
    expect(
      (await asOther(request(server).post(`/api/support/requests/${created.id}/replies`)).send({ body: 'hi' })).status,
    ).toBe(404);
    await as(staff.idToken)(request(server).get(`/api/support/files/${png.body.id}`)).expect(200);
    await as(staff.idToken)(request(server).get(`/api/staff/support/requests/${created.id}`)).expect(200);
  });
});

describe('out of plan, and the queue', () => {
  it('when the service is overdue, then the request is out of plan with the renewal pay link; no due times', async () => {
    const server = app();
    const customer = await customerWithService('Overdue', { renewal: overdueRenewal() });
    const services = await as(customer.idToken)(request(server).get('/api/support/services')).expect(200);
    expect(services.body.services[0]).toMatchObject({ tier: 'priority', outOfPlan: 'overdue' });
    expect(services.body.services[0].payUrl).toMatch(/\/pay\/[\w-]{32}$/);
    const created = await as(customer.idToken)(request(server).post('/api/support/requests'))
      .send({ serviceId: 'order1_Growth', subject: 'Help please', description: 'The dashboard is slow since Monday.' })
      .expect(201);
    expect(created.body).toMatchObject({ outOfPlan: 'overdue', tier: null, firstReplyDueAt: null });
    expect(created.body.payUrl).toBe(services.body.services[0].payUrl);

    // The request's page offers the same way back, and so does the acknowledgement, in whole sentences.
    const page = await as(customer.idToken)(request(server).get(`/api/support/requests/${created.body.id}`)).expect(
      200,
    );
    expect(page.body.payUrl).toBe(services.body.services[0].payUrl);
    await drain();
    const [ack] = await mailsTo(customer.email);
    expect(ack!.text).not.toContain('.:');
    expect(ack!.text).toContain(`${OUT_OF_PLAN_MESSAGES.overdue} ${OUT_OF_PLAN_WAY_BACK.meanwhile}`);
    expect(ack!.text).toContain(`Renew now: ${page.body.payUrl}`);
    expect(ack!.html).toContain(`href="${page.body.payUrl}"`);
  });

  it('when no service is in plan, then "Something else" is out of plan too, with the overdue renewal as the way back; with none to renew, a quote', async () => {
    const server = app();
    const overdue = await customerWithService('Overdue', {
      renewal: { renewalId: 'r1', key: '2027-01-10', invoiceDocId: 'inv1', number: 'PI/2026-27/0001', amountPaise: 1 },
    });
    const created = await openRequest(server, overdue.idToken, { serviceId: 'other' }).catch((error: Error) => error);
    expect(created).not.toBeInstanceOf(Error);
    const stored = await admin()
      .db.doc(`supportRequests/${(created as { id: string }).id}`)
      .get();
    expect(stored.get('outOfPlan')).toBe('none-in-plan');
    const page = await as(overdue.idToken)(
      request(server).get(`/api/support/requests/${(created as { id: string }).id}`),
    ).expect(200);
    expect(page.body.payUrl).toMatch(/\/pay\/[\w-]{32}$/);

    const stopped = await customerWithService('Cancelled');
    const other = await openRequest(server, stopped.idToken, { serviceId: 'other' });
    const otherPage = await as(stopped.idToken)(request(server).get(`/api/support/requests/${other.id}`)).expect(200);
    expect(otherPage.body).toMatchObject({ outOfPlan: 'none-in-plan', payUrl: null });
  });

  it('when staff open the queue, then open requests come sorted by the next due time, filtered by tier', async () => {
    const server = app();
    const customer = await customerWithService();
    const service = (await admin().db.doc(`users/${customer.uid}/services/order1_Growth`).get()).data()!;
    // Standard (8 h), Priority (4 h) and Premium (1 h): opened in that order, due in the reverse one.
    await admin()
      .db.doc(`users/${customer.uid}/services/order2_Basic`)
      .set({ ...service, planName: 'Basic', yearlyFeePaise: 2_000_00 });
    await admin()
      .db.doc(`users/${customer.uid}/services/order3_AI`)
      .set({ ...service, planName: 'Premium AI', yearlyFeePaise: 1_00_000_00 });
    await openRequest(server, customer.idToken, { serviceId: 'order2_Basic', subject: 'Standard one' });
    await openRequest(server, customer.idToken, { serviceId: 'order1_Growth', subject: 'Priority one' });
    await openRequest(server, customer.idToken, { serviceId: 'order3_AI', subject: 'Premium one' });

    const queue = await as(staff.idToken)(request(server).get('/api/staff/support/queue')).expect(200);
    expect(queue.body.rows.map((row: { subject: string }) => row.subject)).toEqual([
      'Premium one',
      'Priority one',
      'Standard one',
    ]);
    const dues = queue.body.rows.map((row: { nextDueAt: number }) => row.nextDueAt);
    expect([...dues].sort((a, b) => a - b)).toEqual(dues);
    const premium = await as(staff.idToken)(request(server).get('/api/staff/support/queue?tier=premium')).expect(200);
    expect(premium.body.rows.map((row: { subject: string }) => row.subject)).toEqual(['Premium one']);
    const bad = await as(staff.idToken)(request(server).get('/api/staff/support/queue?tier=gold'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^tier:/);
  });
});

describe("the console's Today page and queue", () => {
  it('when New requests sit unanswered, out of plan or not, then Today counts them and lists the oldest first; an answered one leaves', async () => {
    const server = app();
    const customer = await customerWithService();
    const lapsed = await customerWithService('Lapsed');
    const first = await openRequest(server, lapsed.idToken, { subject: 'Out of plan, oldest' });
    const second = await openRequest(server, customer.idToken, { subject: 'In plan' });
    const third = await openRequest(server, customer.idToken, { subject: 'Answered' });
    await as(staff.idToken)(request(server).post(`/api/staff/support/requests/${third.id}/replies`))
      .send({ body: 'On it.' })
      .expect(201);

    const today = await as(staff.idToken)(request(server).get('/api/staff/support/today')).expect(200);

    expect(today.body).toMatchObject({ untouched: 2, waitingForReview: 0 });
    expect(today.body.oldestUntouched).toEqual([
      expect.objectContaining({ id: first.id, reference: first.reference, isOutOfPlan: true }),
      expect.objectContaining({ id: second.id, subject: 'In plan', customerName: 'Asha Verma', isOutOfPlan: false }),
    ]);
  });

  it('when out-of-plan requests wait, then the queue lists them after every due one, oldest first', async () => {
    const server = app();
    const customer = await customerWithService();
    const lapsed = await customerWithService('Lapsed');
    const outOfPlan = [];
    for (const subject of ['First out of plan', 'Second out of plan', 'Third out of plan']) {
      outOfPlan.push(await openRequest(server, lapsed.idToken, { subject }));
    }
    await openRequest(server, customer.idToken, { subject: 'Due one' });
    const last = await openRequest(server, lapsed.idToken, { subject: 'Fourth out of plan' });
    // One that waited from before: the support job's pass files it by when it was opened.
    const dayAgo = Date.now() - 86_400_000;
    await admin()
      .db.doc(`supportRequests/${last.id}`)
      .update({
        events: [{ type: 'created', at: Timestamp.fromMillis(dayAgo) }],
        createdAt: Timestamp.fromMillis(dayAgo),
      });
    await as(staff.idToken)(request(server).post('/api/staff/jobs/support/run')).expect(200);

    const queue = await as(staff.idToken)(request(server).get('/api/staff/support/queue')).expect(200);

    // Without the rule they all shared one "nothing due" key and came in the order of their random ids.
    expect(queue.body.rows.map((row: { subject: string }) => row.subject)).toEqual([
      'Due one',
      'Fourth out of plan',
      'First out of plan',
      'Second out of plan',
      'Third out of plan',
    ]);
    expect(queue.body.rows[1]).toMatchObject({ nextDueAt: null, createdAt: dayAgo, outOfPlan: 'lapsed' });
  });

  it("when staff open a request, then its customer's money and dates read as people read them", async () => {
    const server = app();
    const customer = await customerWithService();
    await admin()
      .db.doc(`users/${customer.uid}/invoices/inv1`)
      .set({ number: 'PI/2026-27/0007', amount: 25_000, status: 'Pending', dueDate: '2026-12-05' });
    const created = await openRequest(server, customer.idToken);

    const page = await as(staff.idToken)(request(server).get(`/api/staff/support/requests/${created.id}`)).expect(200);

    expect(page.body.service).toMatchObject({ renewsOn: '10 Jan 2027', yearlyFee: '₹50,000' });
    expect(page.body.unpaidInvoices).toEqual([
      { id: 'inv1', number: 'PI/2026-27/0007', amount: '₹25,000', dueDate: '5 Dec 2026' },
    ]);
  });

  it("when staff read the month's SLA report, then each share comes with the counts behind it", async () => {
    const server = app();
    const customer = await customerWithService();
    const answered = await openRequest(server, customer.idToken);
    await openRequest(server, customer.idToken, { subject: 'Not answered yet' });
    await as(staff.idToken)(request(server).post(`/api/staff/support/requests/${answered.id}/replies`))
      .send({ body: 'Done.' })
      .expect(201);
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);

    const report = await as(staff.idToken)(request(server).get(`/api/staff/support/report?month=${month}`)).expect(200);

    expect(report.body.tiers.find((row: { tier: string }) => row.tier === 'Priority')).toMatchObject({
      requests: 2,
      firstReplyWithinTarget: 100,
      firstReplies: { withinTarget: 1, of: 1 },
      resolutionWithinTarget: null,
      resolutions: { withinTarget: 0, of: 0 },
    });
  });
});

describe('the support job', () => {
  it('when a request passed its targets, then the company is warned once per 80 % and breach, and a request resolved 8 days ago closes', async () => {
    const server = app();
    const customer = await customerWithService();
    const late = await openRequest(server, customer.idToken, { subject: 'Late one' });
    const done = await openRequest(server, customer.idToken, { subject: 'Done one' });
    const daysAgo = (days: number) => Timestamp.fromMillis(Date.now() - days * 86_400_000);
    await admin()
      .db.doc(`supportRequests/${late.id}`)
      .update({ events: [{ type: 'created', at: daysAgo(30) }] });
    await admin()
      .db.doc(`supportRequests/${done.id}`)
      .update({
        events: [
          { type: 'created', at: daysAgo(10) },
          { type: 'replied', at: daysAgo(9) },
          { type: 'resolved', at: daysAgo(8) },
        ],
        status: 'Resolved',
        isOpen: false,
        resolvedAt: daysAgo(8),
      });
    const run = () => as(staff.idToken)(request(server).post('/api/staff/jobs/support/run')).expect(200);

    const first = await run();
    expect(first.body.report).toMatchObject({ warned: 4, closed: 1 });
    const second = await run();
    expect(second.body.report).toMatchObject({ warned: 0, closed: 0 });

    const warnings = (await admin().db.collection('mail').get()).docs
      .map((doc) => doc.data())
      .filter((mail) => mail.data?.kind === 'sla-warning');
    expect(warnings.map((mail) => mail.data.warning).sort()).toEqual([
      'First reply at 80 % of its target',
      'First reply overdue',
      'Resolution at 80 % of its target',
      'Resolution overdue',
    ]);
    expect(warnings.every((mail) => mail.to.address === COMPANY_INBOX)).toBe(true);
    expect((await admin().db.doc(`supportRequests/${done.id}`).get()).get('status')).toBe('Closed');
    const closedReply = await as(customer.idToken)(
      request(server).post(`/api/support/requests/${done.id}/replies`),
    ).send({
      body: 'One more thing',
    });
    expect(closedReply.status).toBe(409);
    expect(closedReply.body).toEqual({ message: SUPPORT_MESSAGES.closed });
  });
});

describe("a customer's support data", () => {
  it('when exported, then their requests, messages (no internal notes) and files are in it; when deleted, then all of it is gone', async () => {
    const server = app();
    const customer = await customerWithService();
    const png = await as(customer.idToken)(request(server).post('/api/support/files?name=a.png'))
      .set('Content-Type', 'application/octet-stream')
      .send(PNG)
      .expect(201);
    const created = await openRequest(server, customer.idToken, { fileIds: [png.body.id] });
    await as(staff.idToken)(request(server).post(`/api/staff/support/requests/${created.id}/replies`))
      .send({ body: 'Secret note', internal: true })
      .expect(201);

    const exported = await exportSupportData(admin().db, customer.uid);
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ reference: created.reference, subject: 'Machine 3 shows offline' });
    expect(JSON.stringify(exported)).not.toContain('Secret note');
    expect(Buffer.from(exported[0]!.files[0]!.base64, 'base64').equals(PNG)).toBe(true);

    expect(await deleteSupportData(admin().db, customer.uid)).toEqual({ requests: 1, files: 1 });
    expect((await admin().db.collection('supportRequests').where('uid', '==', customer.uid).get()).size).toBe(0);
    expect((await admin().db.doc(`files/${png.body.id}`).get()).exists).toBe(false);
    expect((await admin().db.collection(`files/${png.body.id}/chunks`).get()).size).toBe(0);
  });
});

describe('assigning', () => {
  it('when staff assign a request to themselves, then the queue filters by them; a customer cannot be assigned', async () => {
    const server = app();
    const customer = await customerWithService();
    const mine = await openRequest(server, customer.idToken, { subject: 'Mine' });
    await openRequest(server, customer.idToken, { subject: 'Not mine' });
    await as(staff.idToken)(request(server).post(`/api/staff/support/requests/${mine.id}`))
      .send({ assigneeUid: staff.uid })
      .expect(200);
    const queue = await as(staff.idToken)(request(server).get(`/api/staff/support/queue?assignee=${staff.uid}`)).expect(
      200,
    );
    expect(queue.body.rows.map((row: { subject: string }) => row.subject)).toEqual(['Mine']);
    const unassigned = await as(staff.idToken)(request(server).get('/api/staff/support/queue?assignee=none')).expect(
      200,
    );
    expect(unassigned.body.rows.map((row: { subject: string }) => row.subject)).toEqual(['Not mine']);
    const refused = await as(staff.idToken)(request(server).post(`/api/staff/support/requests/${mine.id}`)).send({
      assigneeUid: customer.uid,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^assigneeUid:/);
  });
});
