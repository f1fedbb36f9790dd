import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, istToday } from '@/domain/ist';
import { MILESTONE_MESSAGES, QUOTE_MESSAGES } from '@/domain/quotes';
import { quoteLinkToken, QUOTE_LINK_NOT_FOUND } from '../../server/quotes/store';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createStaffWithToken, signInWithPassword } from '../helpers/emulators';
import { download, pdfText, seedProfile } from './documents-fixtures';
import { docData, newUser, uniqueEmail, waitFor } from './payments-fixtures';
import { quoteFields } from '../helpers/quote-fields';

type App = ReturnType<typeof testApp>['app'];
let staff: { uid: string; idToken: string };
const COMPANY_INBOX = 'quotes@nimbus.test';

beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('quote-staff'));
});
beforeEach(() => clearFirestore());

const app = (env: Record<string, string> = {}) =>
  testApp({ env: { COMPANY_EMAIL: COMPANY_INBOX, PAYMENT_RATE_LIMIT_PER_MINUTE: '100000', ...env } });

const asStaff = (call: request.Test) => call.set('Authorization', `Bearer ${staff.idToken}`);

async function makeQuote(server: App, body: Record<string, unknown>) {
  const response = await asStaff(request(server).post('/api/staff/quotes')).send(body);
  if (response.status !== 201) throw new Error(`create: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; number: string; uid: string };
}

/** A customer with an account and a profile, and a quote to them, sent. */
async function sentQuote(server: App, overrides: Record<string, unknown> = {}) {
  const customer = await newUser('quote-customer');
  await seedProfile(customer.uid, { email: uniqueEmail('quote-customer-profile') });
  const quote = await makeQuote(server, { ...quoteFields(overrides), uid: customer.uid });
  await asStaff(request(server).post(`/api/staff/quotes/${quote.id}/send`))
    .send({})
    .expect(200);
  return { customer, quote, token: quoteLinkToken('local-pay-link-secret-for-the-emulators-only', quote.id) };
}

const accept = (server: App, token: string, body: Record<string, unknown> = {}) =>
  request(server)
    .post(`/api/quote-links/${token}/accept`)
    .send({ name: 'Rohan Mehta', agree: true, version: 1, ...body });

async function invoicesOf(uid: string) {
  return (await admin().db.collection(`users/${uid}/invoices`).get()).docs;
}

async function auditActions() {
  return (await admin().db.collection('auditLog').get()).docs.map((doc) => doc.get('action') as string).sort();
}

describe('making a quote', () => {
  it("when a quote's milestones do not add up to its total, then it answers 400 with the message and makes nothing", async () => {
    const { app: server } = app();
    const customer = await newUser('quote-sum');
    await seedProfile(customer.uid);

    const withMilestones = (milestones: object[]) =>
      asStaff(request(server).post('/api/staff/quotes')).send({ ...quoteFields({ milestones }), uid: customer.uid });
    const short = await withMilestones([
      { label: 'Deposit', percent: 30 },
      { label: 'Rest', percent: 60 },
    ]);
    const amounts = await withMilestones([
      { label: 'Deposit', amountPaise: 1_00_000_00 },
      { label: 'Rest', amountPaise: 3_00_000_00 },
    ]);

    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: MILESTONE_MESSAGES.percentages('90') });
    expect(amounts.status).toBe(400);
    expect(amounts.body).toEqual({ message: MILESTONE_MESSAGES.amounts(4_00_000_00, 4_50_000_00) });
    expect((await admin().db.collection('quotes').get()).size).toBe(0);
  });

  it('when staff quote an enquiry from a visitor, then a numbered draft is made for a lead record of their email, and audited', async () => {
    const { app: server } = app();
    const email = uniqueEmail('quote-lead');
    await admin().db.doc('enquiries/e1').set({ name: 'Asha Verma', email, contactNumber: '', kind: 'quote request' });

    const quote = await makeQuote(server, { ...quoteFields(), enquiryId: 'e1' });

    expect(quote.number).toMatch(/^QT\/\d{4}-\d{2}\/0001$/);
    expect(quote.uid).toMatch(/^lead_/);
    expect(await docData(`quotes/${quote.id}`)).toMatchObject({
      uid: quote.uid,
      enquiryId: 'e1',
      customerName: 'Asha Verma',
      status: 'Draft',
      version: 1,
      totalPaise: 4_50_000_00,
      milestones: [
        { label: '30% deposit on acceptance', percentBasisPoints: 3000, amountPaise: 1_35_000_00 },
        { label: 'Delivery of the beta', percentBasisPoints: 4000, amountPaise: 1_80_000_00 },
        { label: 'Go-live', percentBasisPoints: 3000, amountPaise: 1_35_000_00 },
      ],
    });
    expect(await auditActions()).toEqual(['quote.create']);
    const second = await makeQuote(server, { ...quoteFields(), enquiryId: 'e1' });
    expect(second.number).toMatch(/\/0002$/);
    expect(second.uid).toBe(quote.uid);
  });

  it("when a lead who was quoted signs up with the same verified email, then the quote becomes their account's", async () => {
    const { app: server } = app();
    const email = uniqueEmail('quoted-lead');
    await admin().db.doc('enquiries/e2').set({ name: 'Kavya Shah', email, contactNumber: '' });
    const quote = await makeQuote(server, { ...quoteFields(), enquiryId: 'e2' });
    await asStaff(request(server).post(`/api/staff/quotes/${quote.id}/send`))
      .send({})
      .expect(200);
    const user = await admin().auth.createUser({ email, password: 'password-123', emailVerified: true });
    await seedProfile(user.uid, { email, name: 'Kavya Shah' });
    const idToken = await signInWithPassword(email);

    await request(server).post('/api/account/join-lead').set('Authorization', `Bearer ${idToken}`).send({}).expect(200);

    expect(await docData(`quotes/${quote.id}`)).toMatchObject({ uid: user.uid });
    const mine = await request(server).get(`/api/quotes/${quote.id}`).set('Authorization', `Bearer ${idToken}`);
    expect(mine.status).toBe(200);
  });

  it('when a sent quote is edited, then it answers 409 and the quote is unchanged; a draft can be edited', async () => {
    const { app: server } = app();
    const customer = await newUser('quote-edit');
    await seedProfile(customer.uid);
    const draft = await makeQuote(server, { ...quoteFields(), uid: customer.uid });
    const edited = quoteFields({ description: 'Dashboard and mobile app' });

    await asStaff(request(server).post(`/api/staff/quotes/${draft.id}`))
      .send(edited)
      .expect(200);
    await asStaff(request(server).post(`/api/staff/quotes/${draft.id}/send`))
      .send({})
      .expect(200);
    const afterSend = await asStaff(request(server).post(`/api/staff/quotes/${draft.id}`)).send(
      quoteFields({ description: 'Something else' }),
    );

    expect(afterSend.status).toBe(409);
    expect(afterSend.body).toEqual({ message: QUOTE_MESSAGES.sentIsImmutable });
    expect(await docData(`quotes/${draft.id}`)).toMatchObject({
      status: 'Sent',
      description: 'Dashboard and mobile app',
    });
  });
});

describe('sending a quote', () => {
  it('when staff send a draft, then its PDF is kept and mailed with a link that opens it, without an account', async () => {
    const { app: server } = app();
    const { customer, quote, token } = await sentQuote(server);

    const stored = await docData(`quotes/${quote.id}`);
    expect(stored).toMatchObject({ status: 'Sent', documentId: `quote_${quote.id}`, firstSentAt: expect.anything() });
    expect(await docData(`documents/quote_${quote.id}`)).toMatchObject({
      kind: 'quote',
      series: 'quote',
      uid: customer.uid,
      number: quote.number,
    });
    expect(await docData(`mail/quote:${quote.id}`)).toMatchObject({
      template: 'quote-sent',
      to: { uid: customer.uid },
      attachmentDocumentId: `quote_${quote.id}`,
      data: { number: quote.number, totalPaise: 4_50_000_00, quoteLink: { quoteId: quote.id } },
    });
    // The mail names the quote, never its token.
    expect(JSON.stringify(await docData(`mail/quote:${quote.id}`))).not.toContain(token);

    const view = await request(server).get(`/api/quote-links/${token}`).expect(200);
    expect(view.body).toMatchObject({
      id: quote.id,
      status: 'Sent',
      document: {
        number: quote.number,
        version: 1,
        totals: { totalPaise: 4_50_000_00 },
        milestones: [{ totalPaise: 1_35_000_00 }, { totalPaise: 1_80_000_00 }, { totalPaise: 1_35_000_00 }],
      },
      progress: [
        { state: 'pending', invoice: null },
        { state: 'pending', invoice: null },
        { state: 'pending', invoice: null },
      ],
    });
    const pdf = await download(server, `/api/quote-links/${token}/quote.pdf`).expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain(quote.number);
    expect(text).toContain('Delivery of the beta');
  });

  it('when a link is unknown or malformed, then it answers 404 and names no quote', async () => {
    const { app: server } = app();
    const unknown = await request(server).get(`/api/quote-links/${'A'.repeat(32)}`);
    const malformed = await request(server).get('/api/quote-links/short');

    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: QUOTE_LINK_NOT_FOUND });
    expect(malformed.status).toBe(404);
  });
});

describe('accepting a quote', () => {
  it('when the customer accepts, then their name, the time, the address and the version are recorded and the deposit proforma is issued', async () => {
    const { app: server } = app({ TRUST_PROXY: '1' });
    const { customer, quote, token } = await sentQuote(server);

    const response = await accept(server, token).set('X-Forwarded-For', '203.0.113.9');

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: 'Accepted',
      outcome: 'accepted',
      deposit: { number: expect.stringMatching(/^PI\//), amountPaise: 1_35_000_00 },
    });
    expect(response.body.deposit.payUrl).toMatch(/\/pay\/[A-Za-z0-9_-]{32}$/);
    const stored = await docData(`quotes/${quote.id}`);
    expect(stored).toMatchObject({
      status: 'Accepted',
      acceptance: { name: 'Rohan Mehta', version: 1, via: 'link', ip: '203.0.113.9' },
      progress: { m0: { state: 'invoiced', amountPaise: 1_35_000_00 } },
    });
    expect(stored!.acceptance.at.toDate()).toBeInstanceOf(Date);
    const [invoice] = await invoicesOf(customer.uid);
    expect(invoice!.data()).toMatchObject({
      kind: 'proforma',
      amount: 135000,
      status: 'Pending',
      source: { kind: 'quote', quoteId: quote.id, milestone: 0 },
      lines: [{ sac: '998314', amountPaise: 1_35_000_00 }],
    });
    expect(await docData(`mail/quote:${quote.id}:accepted`)).toMatchObject({
      template: 'quote-response',
      to: { address: COMPANY_INBOX },
      data: { response: 'accepted', name: 'Rohan Mehta', deposit: { amountPaise: 1_35_000_00 } },
    });
    expect(await docData(`mail/invoice:${customer.uid}:${invoice!.id}`)).toBeDefined();
  });

  it('when the customer accepts twice, even at once, then one deposit invoice is issued and the repeat says so', async () => {
    const { app: server } = app();
    const { customer, token } = await sentQuote(server);

    const [first, second] = await Promise.all([accept(server, token), accept(server, token)]);
    const third = await accept(server, token, { name: 'Someone Else' });

    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(third.status).toBe(200);
    expect(third.body.outcome).toBe('already-accepted');
    const invoices = await invoicesOf(customer.uid);
    expect(invoices).toHaveLength(1);
    expect(third.body.deposit.number).toBe(invoices[0]!.get('number'));
    expect(
      (await admin().db.collection('counters').get()).docs.find((doc) => doc.id.startsWith('proforma-'))!.get('last'),
    ).toBe(1);
  });

  it('when a quote has expired or was withdrawn, then it cannot be accepted (409) and no invoice is issued', async () => {
    const { app: server } = app();
    const expired = await sentQuote(server);
    await admin()
      .db.doc(`quotes/${expired.quote.id}`)
      .update({ validUntil: addDays(istToday(), -1) });
    const withdrawn = await sentQuote(server);
    await asStaff(request(server).post(`/api/staff/quotes/${withdrawn.quote.id}/withdraw`))
      .send({ reason: 'Client went quiet' })
      .expect(200);

    const tooLate = await accept(server, expired.token);
    const gone = await accept(server, withdrawn.token);

    expect(tooLate.status).toBe(409);
    expect(tooLate.body.message).toMatch(/^This quote expired on \d{2} \w{3} \d{4}/);
    expect(gone.status).toBe(409);
    expect(gone.body).toEqual({ message: QUOTE_MESSAGES.withdrawn });
    expect((await request(server).get(`/api/quote-links/${expired.token}`)).body.status).toBe('Expired');
    expect(await invoicesOf(expired.customer.uid)).toHaveLength(0);
    expect(await invoicesOf(withdrawn.customer.uid)).toHaveLength(0);
  });

  it('when another customer asks for the quote or accepts it through their account, then it answers 404; its own customer can', async () => {
    const { app: server } = app();
    const { customer, quote } = await sentQuote(server);
    const other = await newUser('quote-other');

    const read = await request(server).get(`/api/quotes/${quote.id}`).set('Authorization', `Bearer ${other.idToken}`);
    const pdf = await request(server)
      .get(`/api/quotes/${quote.id}/quote.pdf`)
      .set('Authorization', `Bearer ${other.idToken}`);
    const accepted = await request(server)
      .post(`/api/quotes/${quote.id}/accept`)
      .set('Authorization', `Bearer ${other.idToken}`)
      .send({ name: 'Mallory', agree: true, version: 1 });

    expect(read.status).toBe(404);
    expect(read.body).toEqual({ message: QUOTE_MESSAGES.notFound });
    expect(pdf.status).toBe(404);
    expect(accepted.status).toBe(404);
    expect((await docData(`quotes/${quote.id}`))!.status).toBe('Sent');

    const own = await request(server).get(`/api/quotes/${quote.id}`).set('Authorization', `Bearer ${customer.idToken}`);
    expect(own.status).toBe(200);
    const ownAccept = await request(server)
      .post(`/api/quotes/${quote.id}/accept`)
      .set('Authorization', `Bearer ${customer.idToken}`)
      .send({ name: 'Asha Verma', agree: true, version: 1 });
    expect(ownAccept.status).toBe(201);
    expect((await docData(`quotes/${quote.id}`))!.acceptance).toMatchObject({ via: 'account', byUid: customer.uid });
  });

  it('when the box is not ticked or the name is empty, then it answers 400 with the message', async () => {
    const { app: server } = app();
    const { token } = await sentQuote(server);

    const unticked = await accept(server, token, { agree: false });
    const nameless = await accept(server, token, { name: ' ' });

    expect(unticked.body).toEqual({ message: 'Tick the box to agree to the terms of the quote.' });
    expect(nameless.body).toEqual({ message: 'Type your full name to accept the quote.' });
  });
});

describe('milestones', () => {
  it('when the deposit is paid through its pay link, then the milestone is paid; the customer signs off the next on the project and its invoice is issued once', async () => {
    const { app: server } = app();
    const { customer, quote, token } = await sentQuote(server);
    const { body } = await accept(server, token).expect(201);
    const payToken = (body.deposit.payUrl as string).split('/pay/')[1]!;

    const order = await request(server).post(`/api/pay/${payToken}/orders`).send({}).expect(201);
    expect(order.body.amount).toBe(1_35_000_00);
    const paid = await request(server)
      .post(`/api/pay/${payToken}/sandbox`)
      .send({ razorpay_order_id: order.body.id, outcome: 'success', webhook: 'drop' })
      .expect(200);
    await request(server).post(`/api/pay/${payToken}/verify`).send(paid.body.result).expect(200);

    const afterPayment = await docData(`quotes/${quote.id}`);
    expect(afterPayment).toMatchObject({
      progress: { m0: { state: 'paid', paymentId: paid.body.result.razorpay_payment_id } },
      paidPaise: 1_35_000_00,
      depositPaidAt: expect.anything(),
    });
    expect(
      (await waitFor(
        () => docData(`documents/${paid.body.result.razorpay_payment_id}`),
        (doc) => doc !== undefined,
      ))!.subject.source,
    ).toEqual({ kind: 'quote', quoteId: quote.id, milestone: 0 });

    // The next milestone is invoiced when the customer signs it off on the quote's project.
    const project = `quote_${quote.id}`;
    await asStaff(request(server).post(`/api/staff/projects/${project}/milestones/1`))
      .send({ status: 'Ready for review', links: [{ name: 'Beta', url: 'https://beta.example.com' }] })
      .expect(200);
    const signOff = () =>
      request(server)
        .post(`/api/projects/${project}/milestones/1/signoff`)
        .set('Authorization', `Bearer ${customer.idToken}`)
        .send({ name: 'Rohan Mehta' });
    const reached = await signOff();
    const again = await signOff();

    expect(reached.status).toBe(201);
    expect(reached.body.invoice).toMatchObject({ amountPaise: 1_80_000_00, number: expect.stringMatching(/^PI\//) });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      outcome: 'already-signed-off',
      invoice: { number: reached.body.invoice.number },
    });
    expect((await invoicesOf(customer.uid)).map((invoice) => invoice.get('amount')).sort()).toEqual([135000, 180000]);
    const view = await request(server).get(`/api/quote-links/${token}`).expect(200);
    expect(view.body.progress.map((milestone: { state: string }) => milestone.state)).toEqual([
      'paid',
      'invoiced',
      'pending',
    ]);
    expect(await auditActions()).toEqual(['project.milestone', 'quote.create', 'quote.send'].sort());
  });

  it('when staff try to mark a milestone reached, then there is no such route: the customer’s sign-off invoices it', async () => {
    const { app: server } = app();
    const { quote } = await sentQuote(server);

    const response = await asStaff(request(server).post(`/api/staff/quotes/${quote.id}/milestones/1/reached`)).send({});

    expect(response.status).toBe(404);
  });
});

describe('answers other than yes, and revisions', () => {
  it('when the customer asks for changes, then the quote stays open and staff are mailed; declined, it is closed and staff are mailed', async () => {
    const { app: server } = app();
    const { quote, token } = await sentQuote(server);

    await request(server)
      .post(`/api/quote-links/${token}/changes`)
      .send({ comment: 'Can the beta come a month earlier?' })
      .expect(200);
    const declined = await request(server)
      .post(`/api/quote-links/${token}/decline`)
      .send({ comment: 'We chose another vendor.' });
    const acceptAfter = await accept(server, token);

    expect(declined.body).toEqual({ status: 'Declined' });
    expect(acceptAfter.status).toBe(409);
    expect(acceptAfter.body).toEqual({ message: QUOTE_MESSAGES.declined });
    expect(await docData(`quotes/${quote.id}`)).toMatchObject({
      status: 'Declined',
      declined: { comment: 'We chose another vendor.' },
      changeRequests: [{ comment: 'Can the beta come a month earlier?' }],
    });
    expect(await docData(`mail/quote:${quote.id}:changes:1`)).toMatchObject({ data: { response: 'changes' } });
    expect(await docData(`mail/quote:${quote.id}:declined`)).toMatchObject({
      data: { response: 'declined', comment: 'We chose another vendor.' },
    });
  });

  it('when staff revise a sent quote and send version 2, then version 1 is withdrawn, points to version 2, and cannot be accepted', async () => {
    const { app: server } = app();
    const { customer, quote, token } = await sentQuote(server);

    const revision = await asStaff(request(server).post(`/api/staff/quotes/${quote.id}/revise`))
      .send({})
      .expect(201);
    const twice = await asStaff(request(server).post(`/api/staff/quotes/${quote.id}/revise`)).send({});
    await asStaff(request(server).post(`/api/staff/quotes/${revision.body.id}`))
      .send(
        quoteFields({
          lines: [{ description: 'Dashboard build', sac: '998314', quantity: 1, ratePaise: 4_00_000_00 }],
        }),
      )
      .expect(200);
    await asStaff(request(server).post(`/api/staff/quotes/${revision.body.id}/send`))
      .send({})
      .expect(200);

    expect(revision.body.version).toBe(2);
    expect(twice.status).toBe(409);
    expect(await docData(`quotes/${quote.id}`)).toMatchObject({ status: 'Withdrawn', supersededBy: revision.body.id });
    const oldView = await request(server).get(`/api/quote-links/${token}`).expect(200);
    expect(oldView.body).toMatchObject({ status: 'Withdrawn', revision: { version: 2 } });
    const newToken = (oldView.body.revision.url as string).split('/quote/')[1]!;
    const acceptOld = await accept(server, token);
    expect(acceptOld.body).toEqual({ message: QUOTE_MESSAGES.replaced(2) });

    const acceptNew = await accept(server, newToken, { version: 2 });
    expect(acceptNew.status).toBe(201);
    expect(acceptNew.body.deposit.amountPaise).toBe(1_20_000_00);
    expect((await docData(`quotes/${revision.body.id}`))!.number).toBe(quote.number);
    expect(await invoicesOf(customer.uid)).toHaveLength(1);
  });
});
