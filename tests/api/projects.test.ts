import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PROCESS_STEPS } from '@/domain/process';
import { businessCalendar, DEFAULT_HOLIDAYS } from '@/domain/business-hours';
import { DAY_MS, istDay } from '@/domain/ist';
import { MILESTONE_STATUS, PROJECT_MESSAGES, signOffClock } from '@/domain/projects';
import { drainOutbox } from '../../server/mail/drain';
import { projectLinkDoc, projectLinkToken } from '../../server/projects/links';
import { quoteLinkToken } from '../../server/quotes/store';
import { admin } from '../helpers/emulators';
import { caughtMailPerTest, drainOptions, mailsTo, rawHeader, TEST_FROM } from '../helpers/mail-catcher';
import {
  createPaymentOrder,
  docData,
  newUser,
  sandboxPay,
  seedOrder,
  uniqueEmail,
  verifyPayment,
} from './payments-fixtures';
import { seedProfile } from './documents-fixtures';
import { as, COMPANY_INBOX, PNG, projectFixtures, SECRET } from './projects-fixtures';
import { staffPerFile } from './staff-fixtures';

const { transport } = caughtMailPerTest();
const staff = staffPerFile('project-staff');

const { app, asStaff, acceptedQuote, makeReady, addContact } = projectFixtures(() => staff);

async function invoicesOf(uid: string) {
  return (await admin().db.collection(`users/${uid}/invoices`).get()).docs.map((doc) => doc.data());
}

async function outbox() {
  return (await admin().db.collection('mail').get()).docs.map(
    (doc) => ({ id: doc.id, ...doc.data() }) as Record<string, unknown> & { id: string },
  );
}

describe('a project for everything sold', () => {
  it('when a quote is accepted (twice), then one project opens with its milestones, the deposit invoiced; the customer lists it, another customer gets 404', async () => {
    const server = app();
    const { customer, quoteId, projectId, deposit } = await acceptedQuote(server);
    await request(server)
      .post(`/api/quote-links/${quoteLinkToken(SECRET, quoteId)}/accept`)
      .send({ name: 'Rohan Mehta', agree: true, version: 1 })
      .expect(200);

    const projects = await admin().db.collection('projects').where('uid', '==', customer.uid).get();
    expect(projects.docs.map((doc) => doc.id)).toEqual([projectId]);
    const view = await as(customer.idToken)(request(server).get(`/api/projects/${projectId}`)).expect(200);
    expect(view.body.milestones.map((m: { label: string; status: string }) => [m.label, m.status])).toEqual([
      ['30% deposit on acceptance', 'Not started'],
      ['Delivery of the beta', 'Not started'],
      ['Go-live', 'Not started'],
    ]);
    expect(view.body.milestones[0].invoice).toMatchObject({ number: deposit.number, status: 'Pending' });
    expect(view.body.money).toEqual({
      totalPaise: 4_50_000_00,
      invoicedPaise: 1_35_000_00,
      paidPaise: 0,
      duePaise: 1_35_000_00,
      toBillPaise: 3_15_000_00,
    });
    const mine = await as(customer.idToken)(request(server).get('/api/projects')).expect(200);
    expect(mine.body.projects.map((p: { id: string }) => p.id)).toEqual([projectId]);
    const other = await newUser('project-other');
    const denied = await as(other.idToken)(request(server).get(`/api/projects/${projectId}`));
    expect(denied.status).toBe(404);
    expect(denied.body).toEqual({ message: PROJECT_MESSAGES.notFound });
  });

  it('when a plan is bought from the cart and paid, then a project opens with the four Process steps, unbilled', async () => {
    const server = app();
    const user = await newUser('project-cart');
    await seedProfile(user.uid, { name: 'Asha Verma' });
    const orderId = await seedOrder(user.uid, ['website-Basic']);
    const order = await createPaymentOrder(server, user.idToken, { firestore_id: orderId, type: 'product_order' });
    const paid = await sandboxPay(server, user.idToken, order.body.id as string);
    if (paid.outcome !== 'success') throw new Error('expected a payment');
    await verifyPayment(server, user.idToken, paid.result).expect(200);

    const projects = await admin().db.collection('projects').where('uid', '==', user.uid).get();
    expect(projects.size).toBe(1);
    const project = projects.docs[0]!.data();
    expect(project.source).toMatchObject({ kind: 'cart', orderId });
    expect(project.milestones.map((m: { label: string; amountPaise: number }) => [m.label, m.amountPaise])).toEqual(
      PROCESS_STEPS.map((step) => [step.title, 0]),
    );
    const view = await as(user.idToken)(request(server).get(`/api/projects/${projects.docs[0]!.id}`)).expect(200);
    expect(view.body.money).toMatchObject({ duePaise: 0, toBillPaise: 0 });
    expect(view.body.money.paidPaise).toBe(view.body.money.totalPaise);
  });
});

describe('sign-off', () => {
  it('when two tabs sign off a billed milestone at once, then one proforma is issued (the same number in both answers) and the sign-off records name, time, IP and the deliverables’ versions', async () => {
    const server = app();
    const { customer, projectId } = await acceptedQuote(server);
    const file = await makeReady(server, projectId, 1);
    const before = Date.now();

    const signOff = () =>
      as(customer.idToken)(request(server).post(`/api/projects/${projectId}/milestones/1/signoff`)).send({
        name: 'Rohan Mehta',
      });
    const [first, second] = await Promise.all([signOff(), signOff()]);

    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.invoice.number).toMatch(/^PI\//);
    expect(second.body.invoice.number).toBe(first.body.invoice.number);
    const invoices = await invoicesOf(customer.uid);
    expect(invoices.map((invoice) => invoice.amount).sort()).toEqual([135000, 180000]);
    expect(invoices.filter((invoice) => invoice.source?.milestone === 1)).toHaveLength(1);
    const quote = await docData(`quotes/${(await docData(`projects/${projectId}`))!.source.quoteId}`);
    expect(quote!.progress.m1).toMatchObject({ state: 'invoiced', invoiceNumber: first.body.invoice.number });

    const stored = (await docData(`projects/${projectId}`))!;
    const record = stored.milestones[1].signOff;
    expect(record).toMatchObject({
      name: 'Rohan Mehta',
      via: 'account',
      ip: expect.stringMatching(/127\.0\.0\.1|::1/),
      deliverables: [
        { name: 'beta-screens.png', version: 1, sha256: file.sha256, url: null },
        { name: 'Staging site', version: 1, sha256: null, url: 'https://staging.example.com' },
      ],
    });
    expect(record.atMs).toBeGreaterThanOrEqual(before);
    expect(stored.milestones[1].status).toBe(MILESTONE_STATUS.signedOff);
    expect(await docData(`projects/${projectId}/signoffs/1-1`)).toMatchObject({ name: 'Rohan Mehta', deemed: false });
    // Staff are told; the proforma's own mail goes to the customer.
    const mails = await outbox();
    expect(mails.filter((mail) => mail.id.startsWith(`project:${projectId}:m1:signoff`))).toHaveLength(1);
    expect(mails.filter((mail) => mail.template === 'invoice-issued')).toHaveLength(2);

    // The file the customer reviewed downloads as it was uploaded.
    const download = await as(customer.idToken)(request(server).get(`/api/projects/${projectId}/files/${file.id}`))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body as Buffer, PNG)).toBe(0);
  });

  it('when the customer asks for changes, then the milestone is back In progress with the comment, staff are mailed, and nothing is issued', async () => {
    const server = app();
    const { customer, projectId } = await acceptedQuote(server);
    await makeReady(server, projectId, 1);

    const response = await as(customer.idToken)(
      request(server).post(`/api/projects/${projectId}/milestones/1/changes`),
    ).send({ comment: 'The shift report needs the night shift too.' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: MILESTONE_STATUS.inProgress });
    const stored = (await docData(`projects/${projectId}`))!;
    expect(stored.milestones[1]).toMatchObject({
      status: MILESTONE_STATUS.inProgress,
      changes: [{ comment: 'The shift report needs the night shift too.', name: 'Rohan Mehta' }],
      invoice: null,
      signOff: null,
    });
    expect((await invoicesOf(customer.uid)).map((invoice) => invoice.amount)).toEqual([135000]);
    const toCompany = (await outbox()).filter(
      (mail) => mail.template === 'project' && (mail.to as { address?: string }).address === COMPANY_INBOX,
    );
    expect(toCompany.map((mail) => (mail.data as { kind: string }).kind)).toEqual(['company-changes']);
    const signing = await as(customer.idToken)(
      request(server).post(`/api/projects/${projectId}/milestones/1/signoff`),
    ).send({ name: 'Rohan Mehta' });
    expect(signing.status).toBe(409);
    expect(signing.body).toEqual({ message: PROJECT_MESSAGES.notReady });
  });

  it("when staff keep holidays in the sign-off period, then its deadline and reminder skip them, as support's clock does", async () => {
    const server = app({ PROJECT_SIGNOFF_DAYS: '3' });
    const { projectId } = await acceptedQuote(server);
    // The company closes for the next week (an offsite): none of those days counts.
    const offsite = [0, 1, 2, 3, 4, 5, 6].map((ahead) => ({
      date: istDay(Date.now() + ahead * DAY_MS),
      name: 'Offsite',
    }));
    const calendar = admin().db.doc('settings/businessCalendar');
    await calendar.set({ holidays: [...DEFAULT_HOLIDAYS, ...offsite] });
    try {
      await makeReady(server, projectId, 1);
    } finally {
      await calendar.delete();
    }

    const beta = (await docData(`projects/${projectId}`))!.milestones[1];
    const kept = signOffClock(beta.readyAtMs, 3, businessCalendar([...DEFAULT_HOLIDAYS, ...offsite]));
    expect({ dueAtMs: beta.dueAtMs, remindAtMs: beta.remindAtMs }).toEqual(kept);
    expect(beta.dueAtMs).toBeGreaterThan(signOffClock(beta.readyAtMs, 3).dueAtMs);
    expect(istDay(beta.remindAtMs) > offsite.at(-1)!.date).toBe(true);
  });

  it('when nobody answers within the sign-off period (PROJECT_SIGNOFF_DAYS=0), then the projects job deems it accepted, issues the proforma once, and mails both sides, threaded', async () => {
    const server = app({ PROJECT_SIGNOFF_DAYS: '0' });
    const { customer, email, projectId } = await acceptedQuote(server);
    await makeReady(server, projectId, 1);

    const first = await asStaff(request(server).post('/api/staff/jobs/projects/run')).send({});
    const second = await asStaff(request(server).post('/api/staff/jobs/projects/run')).send({});

    expect(first.status).toBe(200);
    expect(first.body.report).toMatchObject({ deemed: 1, failed: 0 });
    expect(second.body.report).toMatchObject({ deemed: 0 });
    const stored = (await docData(`projects/${projectId}`))!;
    expect(stored.milestones[1]).toMatchObject({
      status: MILESTONE_STATUS.signedOff,
      signOff: { via: 'deemed', ip: null },
      invoice: { number: expect.stringMatching(/^PI\//) },
    });
    expect((await invoicesOf(customer.uid)).map((invoice) => invoice.amount).sort()).toEqual([135000, 180000]);

    await drainOutbox(admin().db, transport(), drainOptions({ from: TEST_FROM }));
    const customerMails = await mailsTo(email);
    const deemed = customerMails.find((mail) => mail.subject.startsWith('Deemed accepted: Delivery of the beta'));
    expect(deemed).toBeDefined();
    expect(customerMails.some((mail) => mail.subject.includes(stored.milestones[1].invoice.number))).toBe(true);
    const company = await mailsTo(COMPANY_INBOX);
    expect(company.map((mail) => mail.subject)).toContain(`Deemed accepted: Delivery of the beta (${stored.title})`);
    // Threaded: it answers the project's earlier mail (the review request).
    const ready = customerMails.find((mail) => mail.subject.startsWith('Ready for your review'))!;
    expect(await rawHeader(deemed!.id, 'in-reply-to')).toBe(await rawHeader(ready.id, 'message-id'));
  });
});

describe('contacts without accounts', () => {
  it('when a contact opens their link, then they see only that project (comment and sign off by name); a revoked or expired link, or another project of the customer, is a 404', async () => {
    const server = app();
    const { customer, projectId } = await acceptedQuote(server);
    const second = await asStaff(request(server).post('/api/staff/projects')).send({
      uid: customer.uid,
      title: 'Mobile app',
      milestones: [{ label: 'Design' }],
    });
    expect(second.status).toBe(201);
    const { contactId, token } = await addContact(server, customer.idToken, projectId, uniqueEmail('cto'));

    const view = await request(server).get(`/api/project-links/${token}`).expect(200);
    expect(view.body).toMatchObject({ id: projectId, viewer: 'contact', contacts: null });
    const comment = await request(server)
      .post(`/api/project-links/${token}/comments`)
      .send({ body: 'Looks good from the tech side.', milestone: 1 });
    expect(comment.status).toBe(201);
    await makeReady(server, projectId, 1);
    const signed = await request(server)
      .post(`/api/project-links/${token}/milestones/1/signoff`)
      .send({ name: 'Meera Iyer' });
    expect(signed.status).toBe(201);
    expect((await docData(`projects/${projectId}`))!.milestones[1].signOff).toMatchObject({
      name: 'Meera Iyer',
      via: 'link',
    });
    // The link names one project: nothing else of the customer is reachable with it.
    for (const path of [`/api/projects/${second.body.id}`, '/api/projects']) {
      expect((await request(server).get(path).set('Authorization', `Bearer ${token}`)).status).toBe(401);
    }
    const otherProjectFile = await request(server).get(`/api/project-links/${token}/files/nope`);
    expect(otherProjectFile.status).toBe(404);

    // Expired: 404. A new link is mailed on request, and the old one stops working.
    await projectLinkDoc(admin().db, token).update({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await request(server).get(`/api/project-links/${token}`);
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual({ message: PROJECT_MESSAGES.linkNotFound });
    await request(server).post(`/api/project-links/${token}/renew`).send({}).expect(200);
    const renewed = projectLinkToken(SECRET, { projectId, contactId, linkNo: 2 });
    await request(server).get(`/api/project-links/${renewed}`).expect(200);

    // Revoked by the customer: 404.
    await as(customer.idToken)(request(server).post(`/api/projects/${projectId}/contacts/${contactId}/revoke`))
      .send({})
      .expect(200);
    const revoked = await request(server).get(`/api/project-links/${renewed}`);
    expect(revoked.status).toBe(404);
    expect((await request(server).post(`/api/project-links/${renewed}/comments`).send({ body: 'Hi' })).status).toBe(
      404,
    );
  });

  it('when a nameless colleague comments, asks for changes and signs off, then another colleague sees "A colleague" and no address but their own; that colleague sees their own; staff see every address', async () => {
    const server = app();
    const { customer, projectId } = await acceptedQuote(server);
    const namelessEmail = uniqueEmail('nameless-cto');
    const added = await as(customer.idToken)(request(server).post(`/api/projects/${projectId}/contacts`)).send({
      email: namelessEmail,
    });
    expect(added.status).toBe(201);
    const nameless = projectLinkToken(SECRET, { projectId, contactId: added.body.id, linkNo: 1 });
    const otherEmail = uniqueEmail('named-cfo');
    const other = await addContact(server, customer.idToken, projectId, otherEmail);
    await request(server).post(`/api/project-links/${nameless}/comments`).send({ body: 'Fine by me.' }).expect(201);
    await makeReady(server, projectId, 1);
    await request(server)
      .post(`/api/project-links/${nameless}/milestones/1/changes`)
      .send({ comment: 'Move the chart up.' })
      .expect(200);
    await makeReady(server, projectId, 1);
    // The name typed to sign off is whatever the signer types: here their own address.
    await request(server)
      .post(`/api/project-links/${nameless}/milestones/1/signoff`)
      .send({ name: namelessEmail })
      .expect(201);
    await request(server).post(`/api/project-links/${other.token}/comments`).send({ body: 'Agreed.' }).expect(201);
    const addresses = (body: unknown) => JSON.stringify(body).match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [];

    const seenByOther = (await request(server).get(`/api/project-links/${other.token}`).expect(200)).body;
    const seenByNameless = (await request(server).get(`/api/project-links/${nameless}`).expect(200)).body;
    const seenByStaff = (await asStaff(request(server).get(`/api/staff/projects/${projectId}`)).expect(200)).body;

    expect(addresses(seenByOther).filter((address) => address !== otherEmail)).toEqual([]);
    const beta = seenByOther.milestones[1];
    expect(beta.signOff).toMatchObject({ name: 'A colleague', contactEmail: null, ip: null, via: 'link' });
    expect(beta.changes.map((change: { name: string }) => change.name)).toEqual(['A colleague']);
    expect(
      seenByOther.updates.map((update: { authorName: string; body: string }) => [update.authorName, update.body]),
    ).toEqual(
      expect.arrayContaining([
        ['A colleague', 'Fine by me.'],
        ['A colleague', 'Changes requested: Move the chart up.'],
        ['Meera (CTO)', 'Agreed.'],
      ]),
    );
    expect(seenByOther.contacts).toBeNull();
    // Their own address is theirs to see.
    expect(addresses(seenByNameless).filter((address) => address !== namelessEmail)).toEqual([]);
    expect(seenByNameless.milestones[1].signOff).toMatchObject({ name: namelessEmail, contactEmail: namelessEmail });
    // Staff see who it was.
    expect(seenByStaff.milestones[1].signOff).toMatchObject({ name: namelessEmail, contactEmail: namelessEmail });
    expect(addresses(seenByStaff)).toEqual(expect.arrayContaining([namelessEmail, otherEmail]));
  });
});
