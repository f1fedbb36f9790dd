import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_HEADER, COMPANY_NOT_FOUND } from '@/domain/companies';
import { PROJECT_MESSAGES } from '@/domain/projects';
import { QUOTE_MESSAGES } from '@/domain/quotes';
import { defaultStatementRange } from '@/domain/statement';
import { SUPPORT_MESSAGES } from '@/domain/support';
import { ensureCompany } from '../../server/companies/companies';
import { DOCUMENT_NOT_FOUND } from '../../server/documents/read';
import { STATEMENT_NOT_FOUND } from '../../server/statements/access';
import { testApp } from '../helpers/api-app';
import { admin, createStaffWithToken } from '../helpers/emulators';
import { TEST_FROM } from '../helpers/mail-catcher';
import { quoteFields } from '../helpers/quote-fields';
import {
  addMembers,
  COMPANY_NAME,
  companyWithMembers,
  foundCompany,
  join,
  otherCustomer,
  person,
  removeMember,
  seedService,
  type Company,
  type Person,
} from './companies-fixtures';
import { seedInvoice, uniqueEmail } from './payments-fixtures';
import { projectFixtures } from './projects-fixtures';
import { proformaBody } from './staff-fixtures';
import { authenticatedBy, postInbound, postmarkMail, PNG } from './support-fixtures';
import { overdueRenewal } from '../helpers/sample-service';

/**
 * Access by role, enforced by the API for every write and every read it serves: each route reads
 * the membership now (never a token claim) and asks the role table (src/domain/companies.ts).
 * Outside the company: 404, as for a record that does not exist. A role that may not: 403 naming it.
 */

let staff: { uid: string; idToken: string };
beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('access-staff'));
});

const app = () =>
  testApp({
    env: {
      COMPANY_EMAIL: 'access-desk@nimbus.test',
      MAIL_FROM: `${TEST_FROM.name} <${TEST_FROM.address}>`,
      PAYMENT_RATE_LIMIT_PER_MINUTE: '100000',
      PAY_LINK_RATE_LIMIT_PER_MINUTE: '100000',
    },
  }).app;
type App = ReturnType<typeof app>;

const db = () => admin().db;

/** A call as `who`; acting for `companyId` (X-Company-Id) when given. */
function as(who: { idToken: string }, companyId?: string) {
  return (call: request.Test) => {
    call.set('Authorization', `Bearer ${who.idToken}`);
    return companyId ? call.set(COMPANY_HEADER, companyId) : call;
  };
}

/** What a role may not do: 403 and the sentence that names the company and the role. */
const refused = (role: string, doing: string) => [
  403,
  { message: `Your role in ${COMPANY_NAME} (${role}) cannot ${doing}.` },
];
const answer = (response: request.Response) => [response.status, response.body];

const NEW_REQUEST = {
  serviceId: 'order1_Growth',
  subject: 'Machine 3 shows offline',
  description: 'Since this morning machine 3 shows offline on the dashboard.',
};

/** The owner raises a request for their company (no header: their own), as before companies. */
async function ownersRequest(server: App, company: Company) {
  const response = await as(company.owner)(request(server).post('/api/support/requests')).send(NEW_REQUEST);
  expect(response.status).toBe(201);
  return response.body as { id: string; reference: string };
}

const messagesOf = async (id: string) =>
  (await db().collection(`supportRequests/${id}/messages`).orderBy('createdAt').get()).docs.map((doc) => doc.data());

describe('support requests by role', () => {
  let company: Company;
  let outsider: Person;
  beforeAll(async () => {
    [company, outsider] = await Promise.all([companyWithMembers(), otherCustomer()]);
  });

  it('when a technical member raises a request for the company, then it is the company’s with them as its requester, and the owner reads it', async () => {
    const server = app();

    const raised = await as(
      company.technical,
      company.id,
    )(request(server).post('/api/support/requests')).send(NEW_REQUEST);

    expect(raised.status).toBe(201);
    const stored = (await db().doc(`supportRequests/${raised.body.id}`).get()).data();
    expect(stored).toMatchObject({ uid: company.id, requesterUid: company.technical.uid });
    expect(await messagesOf(raised.body.id)).toEqual([
      expect.objectContaining({ uid: company.id, authorUid: company.technical.uid, authorName: 'Meena Iyer' }),
    ]);
    const read = await as(company.owner)(request(server).get(`/api/support/requests/${raised.body.id}`));
    expect(read.status).toBe(200);
    expect(read.body.subject).toBe(NEW_REQUEST.subject);
  });

  it('when a technical member opens the company’s requests, then they list, read and reply to one the owner raised', async () => {
    const server = app();
    const created = await ownersRequest(server, company);
    const technical = as(company.technical, company.id);

    const list = await technical(request(server).get('/api/support/requests'));
    const read = await as(company.technical)(request(server).get(`/api/support/requests/${created.id}`));
    const reply = await as(company.technical)(request(server).post(`/api/support/requests/${created.id}/replies`)).send(
      { body: 'Machine 3 is back after a restart; machine 4 still shows offline.' },
    );

    expect(list.status).toBe(200);
    expect(list.body.requests.map((shown: { id: string }) => shown.id)).toContain(created.id);
    expect(read.status).toBe(200);
    expect(reply.status).toBe(201);
    expect((await messagesOf(created.id)).map((message) => [message.authorUid, message.authorName])).toEqual([
      [company.owner.uid, 'Asha Verma'],
      [company.technical.uid, 'Meena Iyer'],
    ]);
  });

  it('when a billing member asks for the company’s support requests, then every read and write is refused for their role', async () => {
    const server = app();
    const created = await ownersRequest(server, company);
    const billing = as(company.billing, company.id);

    const list = await billing(request(server).get('/api/support/requests'));
    const read = await billing(request(server).get(`/api/support/requests/${created.id}`));
    const raise = await billing(request(server).post('/api/support/requests')).send(NEW_REQUEST);
    const reply = await billing(request(server).post(`/api/support/requests/${created.id}/replies`)).send({
      body: 'Any news?',
    });

    expect(answer(list)).toEqual(refused('Billing', 'see support requests'));
    expect(answer(read)).toEqual(refused('Billing', 'see support requests'));
    expect(answer(raise)).toEqual(refused('Billing', 'open support requests'));
    expect(answer(reply)).toEqual(refused('Billing', 'reply to support requests'));
    expect(await messagesOf(created.id)).toHaveLength(1);
  });

  it('when a viewer opens a request, then they read it but may neither raise one nor reply', async () => {
    const server = app();
    const created = await ownersRequest(server, company);
    const viewer = as(company.viewer, company.id);

    const read = await viewer(request(server).get(`/api/support/requests/${created.id}`));
    const raise = await viewer(request(server).post('/api/support/requests')).send(NEW_REQUEST);
    const reply = await viewer(request(server).post(`/api/support/requests/${created.id}/replies`)).send({
      body: 'Any news?',
    });

    expect(read.status).toBe(200);
    expect(answer(raise)).toEqual(refused('Viewer', 'open support requests'));
    expect(answer(reply)).toEqual(refused('Viewer', 'reply to support requests'));
  });

  it('when another company’s customer asks for a request or the company’s list, then each is a 404 that tells them nothing', async () => {
    const server = app();
    const created = await ownersRequest(server, company);
    const stranger = as(outsider);

    const read = await stranger(request(server).get(`/api/support/requests/${created.id}`));
    const reply = await stranger(request(server).post(`/api/support/requests/${created.id}/replies`)).send({
      body: 'Hello',
    });
    const list = await as(outsider, company.id)(request(server).get('/api/support/requests'));
    const raise = await as(outsider, company.id)(request(server).post('/api/support/requests')).send(NEW_REQUEST);
    const own = await stranger(request(server).get('/api/support/requests'));

    expect(answer(read)).toEqual([404, { message: SUPPORT_MESSAGES.notFound }]);
    expect(answer(reply)).toEqual([404, { message: SUPPORT_MESSAGES.notFound }]);
    expect(answer(list)).toEqual([404, { message: COMPANY_NOT_FOUND }]);
    expect(answer(raise)).toEqual([404, { message: COMPANY_NOT_FOUND }]);
    expect(answer(own)).toEqual([200, { requests: [] }]);
  });

  it('when a member is removed, then their very next call is refused, as a stranger’s is', async () => {
    const server = app();
    const leaving = await companyWithMembers();
    const created = await ownersRequest(server, leaving);
    const technical = as(leaving.technical, leaving.id);
    const read = () => technical(request(server).get(`/api/support/requests/${created.id}`));
    expect((await read()).status).toBe(200);

    await removeMember(leaving.id, leaving.technical);

    const list = await technical(request(server).get('/api/support/requests'));
    const reply = await technical(request(server).post(`/api/support/requests/${created.id}/replies`)).send({
      body: 'Still here?',
    });
    expect(answer(await read())).toEqual([404, { message: SUPPORT_MESSAGES.notFound }]);
    expect(answer(list)).toEqual([404, { message: COMPANY_NOT_FOUND }]);
    expect(answer(reply)).toEqual([404, { message: SUPPORT_MESSAGES.notFound }]);
  });
});

describe('pay links are billing’s', () => {
  it('when the company’s service is overdue, then a technical member raising a request is not given its renewal’s pay page; the owner is', async () => {
    const server = app();
    const company = await companyWithMembers();
    await db()
      .doc(`users/${company.id}/services/order1_Growth`)
      .update({ status: 'Overdue', renewal: overdueRenewal() });
    const technical = as(company.technical, company.id);

    const services = await technical(request(server).get('/api/support/services'));
    const raised = await technical(request(server).post('/api/support/requests')).send(NEW_REQUEST);
    const read = await technical(request(server).get(`/api/support/requests/${raised.body.id}`));
    const owners = await as(company.owner)(request(server).get(`/api/support/requests/${raised.body.id}`));

    expect(services.body.services[0]).toMatchObject({ outOfPlan: 'overdue', payUrl: null });
    expect(raised.body).toMatchObject({ outOfPlan: 'overdue', payUrl: null });
    expect(read.body.payUrl).toBeNull();
    expect(owners.body.payUrl).toMatch(/\/pay\/[\w-]{32}$/);
  });
});

describe("a request's files", () => {
  it('when staff attach a file to an internal note, then no one of the company can download it; a file of a reply they can', async () => {
    const server = app();
    const company = await companyWithMembers();
    const created = await ownersRequest(server, company);
    const upload = async (name: string) => {
      const response = await as(staff)(request(server).post(`/api/staff/support/files?name=${name}`))
        .set('Content-Type', 'application/octet-stream')
        .send(PNG);
      expect(response.status).toBe(201);
      return response.body.id as string;
    };
    const [noteFile, replyFile] = await Promise.all([upload('internal-trace.png'), upload('fixed-screen.png')]);
    await as(staff)(request(server).post(`/api/staff/support/requests/${created.id}/replies`))
      .send({ body: 'Gateway trace, for us only.', internal: true, fileIds: [noteFile] })
      .expect(201);
    await as(staff)(request(server).post(`/api/staff/support/requests/${created.id}/replies`))
      .send({ body: 'Fixed: see the screen.', fileIds: [replyFile] })
      .expect(201);

    const download = (who: Person, id: string) => as(who)(request(server).get(`/api/support/files/${id}`));

    expect(answer(await download(company.owner, noteFile))).toEqual([404, { message: 'File not found.' }]);
    expect((await download(company.technical, noteFile)).status).toBe(404);
    expect((await as(staff)(request(server).get(`/api/support/files/${noteFile}`))).status).toBe(200);
    expect((await download(company.owner, replyFile)).status).toBe(200);
    expect((await download(company.technical, replyFile)).status).toBe(200);
    expect(answer(await download(company.billing, replyFile))).toEqual(refused('Billing', 'see support requests'));
  });
});

describe('inbound mail from members', () => {
  /** A mail answering request `id` by citing its acknowledgement's Message-ID, from `from` (SPF and DKIM passing). */
  async function replyByMail(server: App, id: string, from: string, text: string) {
    const [ackId] = (await db().doc(`supportRequests/${id}`).get()).get('ourMessageIds') as string[];
    return postInbound(
      server,
      postmarkMail({
        from,
        to: 'help@nimbus.test',
        subject: 'Re: Machine 3 shows offline',
        text,
        headers: [...authenticatedBy(from), { Name: 'In-Reply-To', Value: ackId! }],
      }),
    );
  }

  it('when a technical member replies by mail from their proven address to the owner’s request, then it is appended as theirs; from a billing member’s it waits for review', async () => {
    const server = app();
    const company = await companyWithMembers();
    const created = await ownersRequest(server, company);

    const technical = await replyByMail(server, created.id, company.technical.email, 'Machine 4 is offline too.');
    const billing = await replyByMail(server, created.id, company.billing.email, 'Who pays for this?');

    expect(technical.body).toMatchObject({ outcome: 'appended', requestId: created.id });
    expect(billing.body).toEqual({
      outcome: 'review',
      reason: `sender did not raise ${created.reference}, and their role in ${COMPANY_NAME} (Billing) cannot reply to support requests`,
    });
    expect((await messagesOf(created.id)).map((message) => [message.authorUid, message.body])).toEqual([
      [company.owner.uid, NEW_REQUEST.description],
      [company.technical.uid, 'Machine 4 is offline too.'],
    ]);
  });

  it('when a removed member or another customer replies by mail, then it waits for review', async () => {
    const server = app();
    const [company, outsider] = await Promise.all([companyWithMembers(), otherCustomer()]);
    const created = await ownersRequest(server, company);
    await removeMember(company.id, company.technical);

    const removed = await replyByMail(server, created.id, company.technical.email, 'Still here?');
    const stranger = await replyByMail(server, created.id, outsider.email, 'Me too.');

    const notMember = `sender is not a member of the company of ${created.reference} with a verified address`;
    expect(removed.body).toEqual({ outcome: 'review', reason: notMember });
    expect(stranger.body).toEqual({ outcome: 'review', reason: notMember });
    expect(await messagesOf(created.id)).toHaveLength(1);
  });

  it('when a technical member mails support about something new, then a request of their one company opens with them as requester; a billing member’s mail waits for review', async () => {
    const server = app();
    const company = await companyWithMembers();
    const mail = (from: string) =>
      postmarkMail({ from, to: 'help@nimbus.test', subject: 'Reports are slow', text: 'Since Monday.' });

    const technical = await postInbound(server, mail(company.technical.email));
    const billing = await postInbound(server, mail(company.billing.email));

    expect(technical.body).toMatchObject({ outcome: 'created' });
    expect((await db().doc(`supportRequests/${technical.body.requestId}`).get()).data()).toMatchObject({
      uid: company.id,
      requesterUid: company.technical.uid,
    });
    expect(billing.body).toEqual({
      outcome: 'review',
      reason: `no request matched, and their role in ${COMPANY_NAME} (Billing) cannot open support requests`,
    });
  });
});

const fixtures = projectFixtures(() => staff);

/** Staff make a ₹4,50,000 quote (30/40/30) for company `uid` and send it: its id. */
async function sentQuote(server: App, uid: string) {
  const made = await as(staff)(request(server).post('/api/staff/quotes')).send({ ...quoteFields(), uid });
  expect(made.status).toBe(201);
  await as(staff)(request(server).post(`/api/staff/quotes/${made.body.id}/send`))
    .send({})
    .expect(200);
  return made.body.id as string;
}

const ACCEPT = { name: 'Kiran Shah', agree: true, version: 1 };

describe('quotes by role', () => {
  it('when a quote is sent to the company, then only the owner or a technical member with the approve right may answer it, and only billing readers see its pay pages', async () => {
    const server = app();
    const [company, outsider] = await Promise.all([companyWithMembers(), otherCustomer()]);
    const quoteId = await sentQuote(server, company.id);
    const path = `/api/quotes/${quoteId}`;
    const withoutApprove = (doing: string) => [
      403,
      {
        message: `Your role in ${COMPANY_NAME} (Technical) cannot ${doing} without the approve right. Ask the owner for it.`,
      },
    ];

    expect(answer(await as(company.technical)(request(server).get(path)))).toEqual(withoutApprove('see quotes'));
    expect(answer(await as(company.technical)(request(server).post(`${path}/accept`)).send(ACCEPT))).toEqual(
      withoutApprove('accept quotes'),
    );
    expect((await as(company.billing)(request(server).get(path))).status).toBe(200);
    expect(answer(await as(company.billing)(request(server).post(`${path}/accept`)).send(ACCEPT))).toEqual(
      refused('Billing', 'accept quotes'),
    );
    expect(answer(await as(company.viewer)(request(server).post(`${path}/decline`)).send({ comment: 'No.' }))).toEqual(
      refused('Viewer', 'accept quotes'),
    );
    expect(answer(await as(outsider)(request(server).get(path)))).toEqual([404, { message: QUOTE_MESSAGES.notFound }]);

    const accepted = await as(company.approver)(request(server).post(`${path}/accept`)).send(ACCEPT);

    expect(accepted.status).toBe(201);
    // The deposit's proforma is billing's: the approver gets the acceptance, not its pay page.
    expect(accepted.body).toMatchObject({ status: 'Accepted', outcome: 'accepted', deposit: null });
    expect((await db().doc(`quotes/${quoteId}`).get()).get('acceptance')).toMatchObject({
      name: 'Kiran Shah',
      byUid: company.approver.uid,
      via: 'account',
    });
    const payUrlSeenBy = async (who: Person) =>
      (await as(who)(request(server).get(path)).expect(200)).body.progress[0].invoice.payUrl;
    expect(await payUrlSeenBy(company.approver)).toBeNull();
    expect(await payUrlSeenBy(company.billing)).toMatch(/^\/pay\//);
  });
});

describe('projects by role', () => {
  it('when a billed milestone is ready, then a technical member comments but needs the approve right to sign it off, billing sees no project, and only the owner manages its contacts', async () => {
    const server = fixtures.app();
    const { customer, projectId } = await fixtures.acceptedQuote(server);
    const [members, outsider] = await Promise.all([addMembersTo(customer.uid), otherCustomer()]);
    await fixtures.makeReady(server, projectId, 1);
    const path = `/api/projects/${projectId}`;
    const technical = as(members.technical);

    const view = await technical(request(server).get(path));
    const comment = await technical(request(server).post(`${path}/comments`)).send({ body: 'Looks good on staging.' });
    const signOff = await technical(request(server).post(`${path}/milestones/1/signoff`)).send({ name: 'Meena Iyer' });
    const changes = await technical(request(server).post(`${path}/milestones/1/changes`)).send({ comment: 'Bigger' });
    const contact = await technical(request(server).post(`${path}/contacts`)).send({
      email: uniqueEmail('contact'),
      name: 'Meera',
    });

    expect(view.status).toBe(200);
    // The deposit's proforma is billing's: a technical member sees the milestone, not the invoice.
    expect(view.body.milestones[0].invoice).toBeNull();
    expect((await as(customer)(request(server).get(path))).body.milestones[0].invoice).not.toBeNull();
    expect(comment.status).toBe(201);
    const billedWithoutApprove = [
      403,
      {
        message: `Your role in ${COMPANY_NAME} (Technical) cannot sign off billed milestones without the approve right. Ask the owner for it.`,
      },
    ];
    expect(answer(signOff)).toEqual(billedWithoutApprove);
    expect(answer(changes)).toEqual(billedWithoutApprove);
    expect(answer(contact)).toEqual(refused('Technical', "manage a project's contacts"));
    expect(answer(await as(members.billing)(request(server).get(path)))).toEqual(refused('Billing', 'see projects'));
    expect(answer(await as(outsider)(request(server).get(path)))).toEqual([
      404,
      { message: PROJECT_MESSAGES.notFound },
    ]);

    const approved = await as(members.approver)(request(server).post(`${path}/milestones/1/signoff`)).send({
      name: 'Kiran Shah',
    });
    expect(approved.status).toBe(201);
    expect(approved.body.invoice).toMatchObject({ number: expect.stringMatching(/^PI\//) });
  });

  it('when a milestone bills nothing, then a technical member signs it off without the approve right', async () => {
    const server = fixtures.app();
    const owner = await person('Asha Verma');
    const companyId = await foundCompany(owner);
    const members = await addMembers(companyId);
    const made = await as(staff)(request(server).post('/api/staff/projects')).send({
      uid: companyId,
      title: 'Plant floor tablets',
      milestones: [{ label: 'Pilot on line 1' }],
    });
    expect(made.status).toBe(201);
    await fixtures.makeReady(server, made.body.id, 0);

    const signOff = await as(members.technical)(
      request(server).post(`/api/projects/${made.body.id}/milestones/0/signoff`),
    ).send({ name: 'Meena Iyer' });

    expect(signOff.status).toBe(201);
    expect(signOff.body).toMatchObject({ outcome: 'signed-off', invoice: null });
  });
});

/** The company's statement of account for this financial year. */
const statementPath = (companyId: string) => {
  const { from, to } = defaultStatementRange();
  return `/api/companies/${companyId}/statement?from=${from}&to=${to}`;
};

describe('billing by role', () => {
  let company: Company;
  let outsider: Person;
  beforeAll(async () => {
    [company, outsider] = await Promise.all([companyWithMembers(), otherCustomer()]);
  });

  /** Staff issue a ₹2,80,000 proforma to the company: its document id. */
  async function proforma(server: App) {
    const issued = await as(staff)(request(server).post('/api/staff/invoices')).send(proformaBody(company.id));
    expect(issued.status).toBe(201);
    return issued.body.id as string;
  }

  /** `who` pays the company's proforma through the signed-in checkout, acting for the company. */
  async function pay(server: App, who: Person, docId: string) {
    const acting = as(who, company.id);
    const order = await acting(request(server).post('/api/payments/orders')).send({
      type: 'invoice',
      firestore_id: docId,
    });
    if (order.status !== 201) return { order, verified: null, paymentId: null };
    const paid = await acting(request(server).post('/api/payments/sandbox/pay'))
      .send({ razorpay_order_id: order.body.id, outcome: 'success', webhook: 'drop' })
      .expect(200);
    const verified = await acting(request(server).post('/api/payments/verify')).send(paid.body.result);
    return { order, verified, paymentId: paid.body.result.razorpay_payment_id as string };
  }

  it('when a billing member pays the company’s proforma, then it is paid, and they read its tax invoice and the statement', async () => {
    const server = app();
    const docId = await proforma(server);

    const { order, verified, paymentId } = await pay(server, company.billing, docId);

    expect(order.status).toBe(201);
    expect(verified?.body).toMatchObject({ status: 'Paid' });
    expect((await db().doc(`users/${company.id}/invoices/${docId}`).get()).get('status')).toBe('Paid');
    const billing = as(company.billing);
    expect((await billing(request(server).get(`/api/documents/${paymentId}`))).status).toBe(200);
    expect((await billing(request(server).get(statementPath(company.id)))).status).toBe(200);
  });

  it('when a technical member tries to pay or read the company’s billing, then each is refused for their role; another customer is told none of it exists', async () => {
    const server = app();
    const docId = await proforma(server);
    const { paymentId } = await pay(server, company.owner, docId);
    const technical = as(company.technical, company.id);
    const stranger = as(outsider, company.id);
    const seeBilling = refused('Technical', 'see invoices, payments and tax documents');

    const order = await technical(request(server).post('/api/payments/orders')).send({
      type: 'invoice',
      firestore_id: docId,
    });
    const document = await technical(request(server).get(`/api/documents/${paymentId}`));
    const statement = await technical(request(server).get(statementPath(company.id)));

    expect(answer(order)).toEqual(refused('Technical', 'pay invoices'));
    expect(answer(document)).toEqual(seeBilling);
    expect(answer(statement)).toEqual(seeBilling);
    expect(
      answer(
        await stranger(request(server).post('/api/payments/orders')).send({ type: 'invoice', firestore_id: docId }),
      ),
    ).toEqual([404, { message: COMPANY_NOT_FOUND }]);
    expect(answer(await stranger(request(server).get(`/api/documents/${paymentId}`)))).toEqual([
      404,
      { message: DOCUMENT_NOT_FOUND },
    ]);
    expect(answer(await stranger(request(server).get(statementPath(company.id))))).toEqual([
      404,
      { message: STATEMENT_NOT_FOUND },
    ]);
  });
});

describe('a founder who handed the company on and was removed', () => {
  it('when the new owner removes the former owner, then the former owner reads none of the company’s billing or support, and the new owner and billing do', async () => {
    const server = app();
    const founder = await person('Asha Verma');
    const id = await foundCompany(founder);
    await seedService(id);
    const [heir, billing] = await Promise.all([person('Meena Iyer'), person('Ravi Kumar')]);
    await join(id, heir, 'technical');
    await join(id, billing, 'billing');
    const earlier = await ownersRequest(server, { id, owner: founder } as Company);
    await as(founder)(request(server).post(`/api/companies/${id}/transfer`))
      .send({ uid: heir.uid, formerOwnerRole: 'viewer' })
      .expect(200);
    await as(heir)(request(server).post(`/api/companies/${id}/members/${founder.uid}/remove`)).expect(200);
    const formerOwner = as(founder);

    const statement = await formerOwner(request(server).get(statementPath(id)));
    const poRules = await formerOwner(request(server).post(`/api/companies/${id}/purchase-order-rules`)).send({
      requirePoNumber: true,
    });
    const list = await formerOwner(request(server).get('/api/support/requests'));
    const listNamed = await as(founder, id)(request(server).get('/api/support/requests'));
    const read = await formerOwner(request(server).get(`/api/support/requests/${earlier.id}`));
    const raised = await formerOwner(request(server).post('/api/support/requests')).send(NEW_REQUEST);
    const raisedNamed = await as(founder, id)(request(server).post('/api/support/requests')).send(NEW_REQUEST);
    const mailed = await postInbound(
      server,
      postmarkMail({ from: founder.email, to: 'help@nimbus.test', subject: 'Still mine?', text: 'Please reply.' }),
    );
    const [ackId] = (await db().doc(`supportRequests/${earlier.id}`).get()).get('ourMessageIds') as string[];
    const replied = await postInbound(
      server,
      postmarkMail({
        from: founder.email,
        to: 'help@nimbus.test',
        text: 'Any news?',
        headers: [...authenticatedBy(founder.email), { Name: 'In-Reply-To', Value: ackId! }],
      }),
    );

    expect(answer(statement)).toEqual([404, { message: STATEMENT_NOT_FOUND }]);
    expect(answer(poRules)).toEqual([404, { message: STATEMENT_NOT_FOUND }]);
    expect(answer(list)).toEqual([404, { message: COMPANY_NOT_FOUND }]);
    expect(answer(listNamed)).toEqual([404, { message: COMPANY_NOT_FOUND }]);
    expect(answer(read)).toEqual([404, { message: SUPPORT_MESSAGES.notFound }]);
    expect(answer(raised)).toEqual([404, { message: COMPANY_NOT_FOUND }]);
    expect(answer(raisedNamed)).toEqual([404, { message: COMPANY_NOT_FOUND }]);
    expect(mailed.body).toEqual({
      outcome: 'review',
      reason: 'no request matched, and the sender belongs to no company',
    });
    expect(replied.body).toEqual({
      outcome: 'review',
      reason: `sender is not a member of the company of ${earlier.reference} with a verified address`,
    });
    expect(await messagesOf(earlier.id)).toHaveLength(1);
    const requests = await db().collection('supportRequests').where('uid', '==', id).get();
    expect(requests.docs.map((doc) => doc.id)).toEqual([earlier.id]);
    expect((await db().doc(`companies/${id}`).get()).get('purchaseOrderRules')).toBeUndefined();
    for (const reader of [heir, billing]) {
      expect((await as(reader)(request(server).get(statementPath(id)))).status).toBe(200);
    }
    expect((await as(heir)(request(server).get(`/api/support/requests/${earlier.id}`))).status).toBe(200);
  });
});

describe('a viewer', () => {
  it('when a viewer tries any write the API takes, then every one is refused for their role and nothing changes', async () => {
    const server = fixtures.app();
    const { customer, projectId } = await fixtures.acceptedQuote(server);
    const { viewer } = await addMembersTo(customer.uid);
    await seedService(customer.uid);
    const quoteId = await sentQuote(server, customer.uid);
    await fixtures.makeReady(server, projectId, 1);
    const invoiceId = await seedInvoice(customer.uid);
    const acting = as(viewer, customer.uid);
    const project = `/api/projects/${projectId}`;

    const writes = await Promise.all([
      acting(request(server).post('/api/support/requests')).send(NEW_REQUEST),
      acting(request(server).post('/api/payments/orders')).send({ type: 'invoice', firestore_id: invoiceId }),
      acting(request(server).post('/api/invoices')).send({
        name: 'Vikram Rao',
        email: viewer.email,
        invoiceId: 'INV-77',
        amount: '1500',
      }),
      acting(request(server).post('/api/services/order1_Growth/stop')),
      acting(request(server).post(`/api/companies/${customer.uid}/purchase-order-rules`)).send({
        requirePoNumber: true,
      }),
      acting(request(server).post(`/api/quotes/${quoteId}/accept`)).send(ACCEPT),
      acting(request(server).post(`/api/quotes/${quoteId}/changes`)).send({ comment: 'Cheaper' }),
      acting(request(server).post(`${project}/comments`)).send({ body: 'Hello' }),
      acting(request(server).post(`${project}/milestones/1/signoff`)).send({ name: 'Vikram Rao' }),
      acting(request(server).post(`${project}/contacts`)).send({ email: uniqueEmail('contact'), name: 'Meera' }),
    ]);

    expect(writes.map((write) => write.status)).toEqual(Array(writes.length).fill(403));
    expect(writes.map((write) => write.body.message)).toEqual(
      [
        'open support requests',
        'pay invoices',
        'pay invoices',
        'change renewals',
        'change the purchase-order rules',
        'accept quotes',
        'accept quotes',
        'comment on projects',
        'sign off billed milestones',
        "manage a project's contacts",
      ].map((doing) => `Your role in ${COMPANY_NAME} (Viewer) cannot ${doing}.`),
    );
    expect((await db().doc(`quotes/${quoteId}`).get()).get('status')).toBe('Sent');
    expect((await db().doc(`users/${customer.uid}/services/order1_Growth`).get()).get('status')).toBe('Active');
    expect((await db().doc(`users/${customer.uid}/invoices/${invoiceId}`).get()).get('status')).toBe('Pending');
  });
});

/** Founds a customer's company (their profile is there) and joins a member of each role to it. */
async function addMembersTo(uid: string) {
  const customer = await admin().auth.getUser(uid);
  expect(await ensureCompany(db(), uid, { uid, email: customer.email ?? null })).toBe('created');
  return addMembers(uid);
}
