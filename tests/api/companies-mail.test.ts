import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ensureCompany } from '../../server/companies/companies';
import { drainOutbox, resendMail } from '../../server/mail/drain';
import { invoiceCancelledMail } from '../../server/mail/mails';
import { enqueueMail } from '../../server/mail/outbox';
import { MailSendError, type MailTransport } from '../../server/mail/transport';
import { admin } from '../helpers/emulators';
import { caughtMailPerTest, drainOptions, mailsTo, rawHeader, TEST_FROM } from '../helpers/mail-catcher';
import { seedProfile } from './documents-fixtures';
import { join, person, removeMember } from './companies-fixtures';
import {} from './payments-fixtures';
import { projectFixtures } from './projects-fixtures';
import { as, customerWithService, openRequest, supportApp } from './support-fixtures';
import { proformaBody, staffPerFile } from './staff-fixtures';

/**
 * Mail by role: a company's mail is one outbox entry, sent as one copy to each member its kind
 * names (src/domain/companies.ts: MAIL_AUDIENCES), looked up when it is sent.
 */

const { transport } = caughtMailPerTest();
const staff = staffPerFile('company-mail-staff');

const db = () => admin().db;
const drain = (overrides: Parameters<typeof drainOptions>[0] = {}, through: MailTransport = transport()) =>
  drainOutbox(db(), through, drainOptions({ from: TEST_FROM, ...overrides }));
const outbox = async (template: string) =>
  (await db().collection('mail').where('template', '==', template).get()).docs.map((doc) => ({
    id: doc.id,
    ...doc.data(),
  })) as Array<Record<string, unknown> & { id: string }>;

/** Founds `owner`'s company from their profile (as the backfill or their first visit does). */
async function foundCompany(owner: { uid: string; email: string }, name = 'Asha Verma') {
  await seedProfile(owner.uid, { name, email: owner.email, legalName: 'Verma Textiles Private Limited' });
  expect(await ensureCompany(db(), owner.uid, { uid: owner.uid, email: owner.email })).toBe('created');
  return owner.uid;
}

const subjectsTo = async (who: { email: string }) => (await mailsTo(who.email)).map((mail) => mail.subject);

/** Cancels an invoice by queueing its cancellation mail, as cancelInvoice does (a billing mail, no PDF). */
async function queueCancellation(companyId: string, invoiceDocId: string) {
  const [id, mail] = invoiceCancelledMail(companyId, invoiceDocId, {
    customerName: 'Asha Verma',
    label: `Proforma invoice PI/2026-27/${invoiceDocId}`,
    description: 'Factory dashboard, phase 1',
    amountPaise: 2_80_000_00,
  });
  await enqueueMail(db(), id, mail);
  return id;
}

describe('billing mail', () => {
  it('when staff issue a proforma to a company with owner, billing, technical and viewer members, then exactly the owner and the billing member are mailed, from one outbox entry', async () => {
    const server = supportApp();
    // The founder never verified their email: they are mailed as before companies.
    const owner = await person('Asha Verma', { verified: false });
    const companyId = await foundCompany(owner);
    const [billing, technical, viewer] = await Promise.all([
      person('Ravi Kumar'),
      person('Meena Iyer'),
      person('Vikram Rao'),
    ]);
    await join(companyId, billing, 'billing');
    await join(companyId, technical, 'technical', true);
    await join(companyId, viewer, 'viewer');

    await as(staff.idToken)(request(server).post('/api/staff/invoices')).send(proformaBody(companyId)).expect(201);
    await drain();

    const [entry, ...others] = await outbox('invoice-issued');
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      status: 'sent',
      companyId,
      delivered: [owner.uid, billing.uid],
      sentTo: `${owner.email}, ${billing.email}`,
    });
    const [toOwner] = await mailsTo(owner.email);
    const [toBilling] = await mailsTo(billing.email);
    expect(toOwner!.subject).toMatch(/PI\//);
    expect(toBilling!.subject).toBe(toOwner!.subject);
    expect([await mailsTo(technical.email), await mailsTo(viewer.email)]).toEqual([[], []]);
    // One message to two people: each copy names only its own recipient, each greeted by name.
    expect(toBilling!.to.map((to) => to.address)).toEqual([billing.email]);
    expect(toBilling!.text).toContain('Hello Ravi Kumar,');
    expect(toOwner!.text).toContain('Hello Asha Verma,');
    expect(await rawHeader(toBilling!.id, 'message-id')).toBe(await rawHeader(toOwner!.id, 'message-id'));
  });

  it('when a member is removed, or their login email is unverified, then they get no further mail; the others still do', async () => {
    const owner = await person('Asha Verma');
    const companyId = await foundCompany(owner);
    const [billing, unverified] = await Promise.all([person('Ravi Kumar'), person('Kiran Shah', { verified: false })]);
    await join(companyId, billing, 'billing');
    await join(companyId, unverified, 'billing');

    await queueCancellation(companyId, 'inv1');
    await drain();
    await removeMember(companyId, billing);
    await queueCancellation(companyId, 'inv2');
    await drain();

    expect(await subjectsTo(owner)).toHaveLength(2);
    expect(await subjectsTo(billing)).toEqual(['Proforma invoice PI/2026-27/inv1 cancelled']);
    expect(await subjectsTo(unverified)).toEqual([]);
    expect((await outbox('invoice-cancelled')).map((mail) => [mail.status, mail.delivered])).toEqual([
      ['sent', [owner.uid, billing.uid]],
      ['sent', [owner.uid]],
    ]);
  });

  it('when no member the mail is for has a verified address, then it fails saying so, sent to nobody', async () => {
    const owner = await person('Asha Verma');
    const companyId = await foundCompany(owner);
    const billing = await person('Kiran Shah', { verified: false });
    await join(companyId, billing, 'billing');
    // Ownership moved to the unverified member, and the founder left.
    await db().doc(`companies/${companyId}/members/${billing.uid}`).update({ role: 'owner' });
    await removeMember(companyId, owner);

    const id = await queueCancellation(companyId, 'inv1');
    await drain();

    expect((await db().doc(`mail/${id}`).get()).data()).toMatchObject({
      status: 'failed',
      lastError: 'No member of the company who gets this mail has a verified email address, so it went to nobody.',
    });
    expect([await subjectsTo(owner), await subjectsTo(billing)]).toEqual([[], []]);
  });
});

describe('copies of one mail, never twice', () => {
  /** The catcher, except that sending to `address` fails as `kind` (`times` times). */
  function failingFor(address: string, kind: 'retry' | 'permanent', times = 1): MailTransport {
    const through = transport();
    let left = times;
    return {
      kind: through.kind,
      close: () => through.close(),
      send: async (mail) => {
        if (mail.to.address === address && left > 0) {
          left -= 1;
          throw new MailSendError(kind === 'retry' ? '421 try again later' : '550 mailbox unavailable', kind);
        }
        return through.send(mail);
      },
    };
  }

  it('when one copy cannot go yet, then the copies that went are recorded and the retry sends only the rest, once', async () => {
    const owner = await person('Asha Verma');
    const companyId = await foundCompany(owner);
    const [billing, later] = await Promise.all([person('Ravi Kumar'), person('Kiran Shah')]);
    await join(companyId, billing, 'billing');
    await join(companyId, later, 'billing');
    const id = await queueCancellation(companyId, 'inv1');

    const firstPass = await drain({}, failingFor(later.email, 'retry'));
    const afterFirst = (await db().doc(`mail/${id}`).get()).data()!;
    const secondPass = await drain({ now: () => Date.now() + 60 * 60_000 });

    expect(firstPass).toMatchObject({ sent: 0, retrying: 1 });
    expect(afterFirst).toMatchObject({ status: 'pending', lastError: `${later.email}: 421 try again later` });
    expect(afterFirst.delivered).not.toContain(later.uid);
    expect(secondPass).toMatchObject({ sent: 1 });
    for (const member of [owner, billing, later]) expect(await subjectsTo(member)).toHaveLength(1);
    expect((await db().doc(`mail/${id}`).get()).data()).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it("when one member's copy is refused, then the others still go, the mail ends failed naming them, and staff's resend sends only that copy", async () => {
    const owner = await person('Asha Verma');
    const companyId = await foundCompany(owner);
    const [refused, billing] = await Promise.all([person('Kiran Shah'), person('Ravi Kumar')]);
    await join(companyId, refused, 'billing');
    await join(companyId, billing, 'billing');
    const id = await queueCancellation(companyId, 'inv1');

    await drain({}, failingFor(refused.email, 'permanent'));
    const failed = (await db().doc(`mail/${id}`).get()).data()!;
    expect(await resendMail(db(), id)).toBe('queued');
    await drain();

    expect(failed).toMatchObject({ status: 'failed', lastError: `${refused.email}: 550 mailbox unavailable` });
    expect([...failed.delivered].sort()).toEqual([owner.uid, billing.uid].sort());
    for (const member of [owner, billing, refused]) expect(await subjectsTo(member)).toHaveLength(1);
    expect((await db().doc(`mail/${id}`).get()).data()).toMatchObject({ status: 'sent' });
  });
});

describe('support mail', () => {
  it('when staff reply to a request the owner raised, then the reply goes to the owner (the requester) and the technical members, not billing, from one outbox entry', async () => {
    const server = supportApp();
    const owner = await customerWithService();
    const companyId = await foundCompany(owner);
    const [technical, approver, billing] = await Promise.all([
      person('Meena Iyer'),
      person('Arjun Nair'),
      person('Ravi Kumar'),
    ]);
    await join(companyId, technical, 'technical');
    await join(companyId, approver, 'technical', true);
    await join(companyId, billing, 'billing');
    const { id, reference } = await openRequest(server, owner.idToken);

    await as(staff.idToken)(request(server).post(`/api/staff/support/requests/${id}/replies`))
      .send({ body: 'We restarted the gateway; machine 3 is back.', fileIds: [], internal: false, minutes: 10 })
      .expect(201);
    await drain();

    const replies = (await outbox('support')).filter((mail) => (mail.data as { kind: string }).kind === 'reply');
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ status: 'sent', companyId, requesterUid: owner.uid });
    const reply = `Re: [${reference}] Machine 3 shows offline`;
    for (const member of [owner, technical, approver]) expect(await subjectsTo(member)).toContain(reply);
    expect(await subjectsTo(billing)).toEqual([]);
  });
});

describe('project mail', () => {
  const { app, asStaff, acceptedQuote } = projectFixtures(() => staff);

  it("when staff post a project update, then the owner and the technical members are mailed (the table's roles), not billing or viewers, from one outbox entry", async () => {
    const server = app();
    const { customer, email, projectId } = await acceptedQuote(server);
    const owner = { ...customer, email };
    await foundCompany(owner, 'Rohan Mehta');
    const [technical, billing, viewer] = await Promise.all([
      person('Meena Iyer'),
      person('Ravi Kumar'),
      person('Vikram Rao'),
    ]);
    await join(owner.uid, technical, 'technical');
    await join(owner.uid, billing, 'billing');
    await join(owner.uid, viewer, 'viewer');

    await asStaff(request(server).post(`/api/staff/projects/${projectId}/updates`))
      .send({ body: 'The dashboard now shows every loom.', links: [], fileIds: [] })
      .expect(201);
    await drain();

    const updates = (await outbox('project')).filter((mail) => (mail.data as { kind: string }).kind === 'update');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ status: 'sent', companyId: owner.uid, delivered: [owner.uid, technical.uid] });
    const updatesTo = async (who: { email: string }) =>
      (await subjectsTo(who)).filter((subject) => subject.startsWith('Update: '));
    expect(await updatesTo(owner)).toHaveLength(1);
    expect(await updatesTo(technical)).toHaveLength(1);
    expect([await updatesTo(billing), await updatesTo(viewer)]).toEqual([[], []]);
  });
});
