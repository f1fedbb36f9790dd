import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { MILESTONE_STATUS, PROJECT_MESSAGES } from '@/domain/projects';
import { drainOutbox } from '../../server/mail/drain';
import { projectLinkToken } from '../../server/projects/links';
import { admin, createStaffWithToken } from '../helpers/emulators';
import { caughtMailPerTest, drainOptions, mailsTo, rawHeader, TEST_FROM } from '../helpers/mail-catcher';
import { docData, uniqueEmail } from './payments-fixtures';
import { as, projectFixtures, SECRET } from './projects-fixtures';

// What a project's mails carry: the invoice to the colleague who pays, the project's link and the
// deliverables each mail announces; and a milestone made ready without files.

let staff: { uid: string; idToken: string };
const { transport } = caughtMailPerTest();
beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('projects-mail-staff'));
});

const { app, asStaff, acceptedQuote, makeReady, uploadPng } = projectFixtures(() => staff);

async function outbox() {
  return (await admin().db.collection('mail').get()).docs.map(
    (doc) =>
      ({ id: doc.id, ...doc.data() }) as Record<string, unknown> & {
        id: string;
      },
  );
}

const drain = () => drainOutbox(admin().db, transport(), drainOptions({ from: TEST_FROM }));

describe('what project mails carry', () => {
  it('when staff make a milestone ready with a file and a staging link, or post an update with them, then each mail lists them and carries the project link (the customer’s page, a contact’s signed link)', async () => {
    const server = app();
    const { customer, email, projectId } = await acceptedQuote(server);
    const colleague = uniqueEmail('project-cto');
    await as(customer.idToken)(request(server).post(`/api/projects/${projectId}/contacts`))
      .send({ email: colleague })
      .expect(201);
    await makeReady(server, projectId, 1);
    const file = await uploadPng(server, 'floor-layout.png');
    await asStaff(request(server).post(`/api/staff/projects/${projectId}/updates`))
      .send({
        body: 'The plant floor layout, for your comments.',
        links: [{ name: 'Layout board', url: 'https://board.example.com/layout' }],
        fileIds: [file.id],
      })
      .expect(201);

    await drain();
    const customerMails = await mailsTo(email);
    const ready = customerMails.find((mail) => mail.subject.startsWith('Ready for your review'))!;
    expect(ready.text).toContain('What to review:\n- beta-screens.png (a file: download it from the project page)');
    expect(ready.text).toContain('- Staging site: https://staging.example.com');
    expect(ready.text).toMatch(new RegExp(`Review and sign off: http\\S+/projects/${projectId}`));
    expect(ready.html).toContain('href="https://staging.example.com"');
    const update = customerMails.find((mail) => mail.subject.startsWith('Update:'))!;
    expect(update.text).toContain('Attached:\n- Layout board: https://board.example.com/layout');
    expect(update.text).toContain('- floor-layout.png (a file: download it from the project page)');
    expect(update.text).toMatch(new RegExp(`Open the project: http\\S+/projects/${projectId}`));
    const toColleague = (await mailsTo(colleague)).find((mail) => mail.subject.startsWith('Ready for your review'))!;
    expect(toColleague.text).toContain('- Staging site: https://staging.example.com');
    expect(toColleague.text).toMatch(/Review and sign off: http\S+\/project-links\/\S+/);
  });
});

describe('a milestone ready for review', () => {
  it('when staff make it ready without files (with a link, or with only a note), then it is accepted; with nothing to review, it is refused and says what to add', async () => {
    const server = app();
    const { projectId } = await acceptedQuote(server);
    const ready = (index: number, body: object) =>
      asStaff(request(server).post(`/api/staff/projects/${projectId}/milestones/${index}`)).send({
        status: MILESTONE_STATUS.ready,
        ...body,
      });

    const withLink = await ready(1, {
      links: [{ name: 'Staging site', url: 'https://staging.example.com' }],
      fileIds: [],
    });
    const withNote = await ready(2, {
      note: 'We went through the go-live checklist together on the call.',
      fileIds: [],
    });
    const empty = await ready(0, { note: '  ', links: [], fileIds: [] });

    expect(withLink.status).toBe(200);
    expect(withNote.status).toBe(200);
    expect((await docData(`projects/${projectId}`))!.milestones[2]).toMatchObject({
      status: MILESTONE_STATUS.ready,
      note: 'We went through the go-live checklist together on the call.',
      deliverables: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: PROJECT_MESSAGES.noDeliverables });
  });
});

describe('the colleague who pays', () => {
  it('when the customer marks a colleague as the one who pays and signs off a billed milestone, then its invoice is one mail addressed to both, with its pay link', async () => {
    const server = app();
    const { customer, email, projectId } = await acceptedQuote(server);
    const reviewer = uniqueEmail('project-reviewer');
    const payer = uniqueEmail('project-accounts');
    const contacts = (body: object) =>
      as(customer.idToken)(request(server).post(`/api/projects/${projectId}/contacts`)).send(body);
    await contacts({ email: reviewer, name: 'Meera (CTO)' }).expect(201);
    const added = await contacts({
      email: payer,
      name: 'Kiran (Accounts)',
      pays: true,
    }).expect(201);
    await makeReady(server, projectId, 1);

    const signed = await as(customer.idToken)(
      request(server).post(`/api/projects/${projectId}/milestones/1/signoff`),
    ).send({ name: 'Rohan Mehta' });
    expect(signed.status).toBe(201);
    const invoiceMails = (await outbox()).filter(
      (mail) => mail.template === 'invoice-issued' && mail.id.endsWith(signed.body.invoice.id),
    );
    expect(invoiceMails).toHaveLength(1);
    expect(invoiceMails[0]).toMatchObject({
      to: { uid: customer.uid },
      alsoTo: [{ address: payer, name: 'Kiran (Accounts)' }],
    });

    await drain();
    const [toPayer] = (await mailsTo(payer)).filter((mail) => mail.subject.includes(signed.body.invoice.number));
    const [toCustomer] = (await mailsTo(email)).filter((mail) => mail.subject.includes(signed.body.invoice.number));
    expect(toPayer).toBeDefined();
    // One mail, a copy each, with the one Message-ID; the payer is greeted by their own name.
    expect(await rawHeader(toPayer!.id, 'message-id')).toBe(await rawHeader(toCustomer!.id, 'message-id'));
    expect(toPayer!.text).toContain('Kiran (Accounts)');
    expect(toPayer!.text).toMatch(/View and pay the invoice: http\S+\/pay\//);
    expect((await mailsTo(reviewer)).filter((mail) => mail.subject.includes(signed.body.invoice.number))).toEqual([]);
    const view = await as(customer.idToken)(request(server).get(`/api/projects/${projectId}`)).expect(200);
    expect(view.body.contacts.map((c: { email: string; pays: boolean }) => [c.email, c.pays])).toEqual([
      [reviewer, false],
      [payer, true],
    ]);

    // Marking the other colleague moves it: one contact pays at a time; a contact's link cannot change it.
    const reviewerId = view.body.contacts[0].id as string;
    await as(customer.idToken)(request(server).post(`/api/projects/${projectId}/contacts/${reviewerId}/pays`))
      .send({ pays: true })
      .expect(200);
    const moved = (await docData(`projects/${projectId}`))!.contacts as Array<{
      email: string;
      pays: boolean;
    }>;
    expect(moved.map((c) => [c.email, c.pays])).toEqual([
      [reviewer, true],
      [payer, false],
    ]);
    const token = projectLinkToken(SECRET, {
      projectId,
      contactId: added.body.id,
      linkNo: 1,
    });
    const byLink = await request(server)
      .post(`/api/project-links/${token}/contacts/${reviewerId}/pays`)
      .send({ pays: false });
    expect(byLink.status).toBe(404);
  });
});
