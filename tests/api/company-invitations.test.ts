import request from 'supertest';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_NOT_FOUND } from '@/domain/companies';
import { COMPANY_MEMBER_MESSAGES as MESSAGES, MAX_COMPANY_MEMBERS } from '@/domain/company-members';
import { invitationLinkDoc, invitationToken, type InvitationLinkRef } from '../../server/companies/invitations';
import { ensureCompany } from '../../server/companies/companies';
import { drainOutbox } from '../../server/mail/drain';
import { testApp } from '../helpers/api-app';
import { admin, createStaffWithToken, createUserWithToken, signInWithPassword } from '../helpers/emulators';
import { caughtMailPerTest, drainOptions, mailsTo, TEST_FROM } from '../helpers/mail-catcher';
import { seedProfile } from './documents-fixtures';

// Invitations and members (server/companies/invitations.ts, members.ts, routes/companies.ts): the
// owner invites by e-mail, the invitee accepts with the invited address, the owner (or staff)
// changes roles, removes, hands ownership on; every change audited.

const { transport } = caughtMailPerTest();
let staff: { uid: string; idToken: string };
beforeAll(async () => {
  staff = await createStaffWithToken(`invite-staff-${unique()}@example.com`);
});

function unique() {
  return `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}
const db = () => admin().db;
const docData = async (path: string) => (await db().doc(path).get()).data();
const audits = async (companyId: string) =>
  (await db().collection('auditLog').where('target', '==', `companies/${companyId}`).get()).docs
    .map((doc) => doc.data())
    .sort((a, b) => a.at.toMillis() - b.at.toMillis());

/** A customer with a profile and a founded company (Verma Textiles), signed in. */
async function owner(name = 'Asha Verma') {
  const email = `owner-${unique()}@example.com`;
  const user = await createUserWithToken(email);
  await seedProfile(user.uid, { name, email, legalName: 'Verma Textiles Private Limited' });
  await ensureCompany(db(), user.uid, { uid: user.uid, email });
  return { ...user, email };
}

function api() {
  const { app, deps } = testApp();
  const secret = deps.config.payLinkSecret;
  const as = (token: string) => ({
    get: (path: string) => request(app).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: object = {}) =>
      request(app).post(path).set('Authorization', `Bearer ${token}`).send(body),
  });
  /** The token of an invitation's current link, as the mail the outbox holds for it would carry. */
  const tokenOf = async (companyId: string, invitationId: string) => {
    const invitation = await docData(`companies/${companyId}/invitations/${invitationId}`);
    const ref: InvitationLinkRef = { companyId, invitationId, linkNo: invitation!.linkNo as number };
    return invitationToken(secret, ref);
  };
  return { app, secret, as, tokenOf };
}

describe('invitations', () => {
  it('when the owner invites a billing and a technical member, then each is mailed one link and joins with the role: one with the login they had, one with a login made for it', async () => {
    const { app, as, tokenOf } = api();
    const boss = await owner();
    const billingEmail = `accounts-${unique()}@example.com`;
    const technicalEmail = `it-lead-${unique()}@example.com`;
    // The accounts clerk already has a login (verified); the IT lead has none yet.
    const clerk = await createUserWithToken(billingEmail);
    await admin().auth.updateUser(clerk.uid, { emailVerified: true, displayName: 'Priya Nair' });

    const billing = await as(boss.idToken)
      .post(`/api/companies/${boss.uid}/invitations`, { email: billingEmail.toUpperCase(), role: 'billing' })
      .expect(201);
    const technical = await as(boss.idToken)
      .post(`/api/companies/${boss.uid}/invitations`, {
        email: technicalEmail,
        name: 'Ravi Kumar',
        role: 'technical',
        canApprove: true,
      })
      .expect(201);

    // One outbox entry per invitation, to the address invited; the mail carries the accept link.
    const outbox = (await db().collection('mail').get()).docs;
    expect(outbox.map((doc) => [doc.get('template'), doc.get('to').address]).sort()).toEqual(
      [
        ['company-invitation', billingEmail],
        ['company-invitation', technicalEmail],
      ].sort(),
    );
    await drainOutbox(db(), transport(), drainOptions({ from: TEST_FROM }));
    const [mail] = await mailsTo(technicalEmail);
    expect(mail!.subject).toBe('Asha Verma invited you to Verma Textiles Private Limited on Nimbus Bespoke Software');
    const technicalToken = await tokenOf(boss.uid, technical.body.id);
    expect(mail!.text).toMatch(new RegExp(`Accept the invitation: https?://\\S+/invite/${technicalToken}\\n`));
    expect(mail!.text).toContain('Technical (may approve)');

    // The page the link opens: the company, the role, the address; nothing else.
    const page = await request(app).get(`/api/company-invitations/${technicalToken}`).expect(200);
    expect(page.body).toEqual({
      companyName: 'Verma Textiles Private Limited',
      role: 'technical',
      roleLabel: 'Technical (may approve)',
      canApprove: true,
      email: technicalEmail,
      invitedByName: 'Asha Verma',
      expiresAt: expect.any(String),
    });

    // The clerk accepts with the login they had.
    const joined = await as(clerk.idToken)
      .post(`/api/company-invitations/${await tokenOf(boss.uid, billing.body.id)}/accept`)
      .expect(200);
    expect(joined.body).toEqual({
      companyId: boss.uid,
      companyName: 'Verma Textiles Private Limited',
      role: 'billing',
      roleLabel: 'Billing',
    });
    // The IT lead signs up with the invited address (not verified yet) and accepts.
    const lead = await createUserWithToken(technicalEmail);
    await as(lead.idToken).post(`/api/company-invitations/${technicalToken}/accept`).expect(200);

    expect(await docData(`companies/${boss.uid}/members/${clerk.uid}`)).toMatchObject({
      role: 'billing',
      canApprove: false,
      name: 'Priya Nair',
      invitedBy: boss.uid,
      noticeSeenAt: null,
    });
    expect(await docData(`companies/${boss.uid}/members/${lead.uid}`)).toMatchObject({
      role: 'technical',
      canApprove: true,
    });
    // The link proved the address.
    expect((await admin().auth.getUser(lead.uid)).emailVerified).toBe(true);
    const company = await docData(`companies/${boss.uid}`);
    expect(company).toMatchObject({
      memberCount: 3,
      memberEmails: { [boss.uid]: boss.email, [clerk.uid]: billingEmail, [lead.uid]: technicalEmail },
    });
    expect(company!.searchTokens).toEqual(expect.arrayContaining(['priya', 'nair', 'it', 'lead']));
    expect((await audits(boss.uid)).map((entry) => [entry.action, entry.actorUid])).toEqual([
      ['company.create', boss.uid],
      ['company.invite', boss.uid],
      ['company.invite', boss.uid],
      ['company.member.join', clerk.uid],
      ['company.member.join', lead.uid],
    ]);
    // Each sees the company among theirs, with their role; the owner's view lists them with e-mails.
    const mine = await as(clerk.idToken).get('/api/companies/mine').expect(200);
    expect(mine.body.companies).toEqual([
      expect.objectContaining({ companyId: boss.uid, role: 'billing', name: 'Verma Textiles Private Limited' }),
    ]);
    const ownerView = await as(boss.idToken).get(`/api/companies/${boss.uid}`).expect(200);
    expect(ownerView.body.members.map((m: { email: string; roleLabel: string }) => [m.email, m.roleLabel])).toEqual([
      [boss.email, 'Owner'],
      [billingEmail, 'Billing'],
      [technicalEmail, 'Technical (may approve)'],
    ]);
    expect(ownerView.body.invitations).toEqual([]);
    // A member reads names and roles, not e-mails; and is told once what the company sees of them.
    const memberView = await as(lead.idToken).get(`/api/companies/${boss.uid}`).expect(200);
    expect(memberView.body.members.every((m: { email: string | null }) => m.email === null)).toBe(true);
    expect(memberView.body).toMatchObject({ canManage: false, invitations: [], me: { needsNotice: true } });
    await as(lead.idToken).post(`/api/companies/${boss.uid}/notice`).expect(200);
    const seen = await as(lead.idToken).get(`/api/companies/${boss.uid}`).expect(200);
    expect(seen.body.me.needsNotice).toBe(false);
  });

  it('when an invitation link is used again, expired, revoked, replaced by a resend, tampered with or guessed, then it answers a plain 404', async () => {
    const { app, as, tokenOf, secret } = api();
    const boss = await owner();
    const invite = (email: string) =>
      as(boss.idToken).post(`/api/companies/${boss.uid}/invitations`, { email, role: 'viewer' }).expect(201);
    const [usedEmail, expiredEmail, revokedEmail, resentEmail] = ['used', 'expired', 'revoked', 'resent'].map(
      (name) => `${name}-${unique()}@example.com`,
    ) as [string, string, string, string];
    const used = await invite(usedEmail);
    const expired = await invite(expiredEmail);
    const revoked = await invite(revokedEmail);
    const resent = await invite(resentEmail);
    const usedToken = await tokenOf(boss.uid, used.body.id);
    const user = await createUserWithToken(usedEmail);
    await as(user.idToken).post(`/api/company-invitations/${usedToken}/accept`).expect(200);
    const expiredToken = await tokenOf(boss.uid, expired.body.id);
    // Seven days on: the link's own expiry is what the API reads.
    await invitationLinkDoc(db(), expiredToken).update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const revokedToken = await tokenOf(boss.uid, revoked.body.id);
    await as(boss.idToken).post(`/api/companies/${boss.uid}/invitations/${revoked.body.id}/revoke`).expect(200);
    const oldToken = await tokenOf(boss.uid, resent.body.id);
    await as(boss.idToken).post(`/api/companies/${boss.uid}/invitations/${resent.body.id}/resend`).expect(200);
    const tampered = `${usedToken.slice(0, -1)}${usedToken.endsWith('A') ? 'B' : 'A'}`;
    const guessed = invitationToken(secret, { companyId: boss.uid, invitationId: 'no-such-invitation', linkNo: 1 });
    const expiredUser = await createUserWithToken(expiredEmail);

    for (const token of [usedToken, expiredToken, revokedToken, oldToken, tampered, guessed, 'short', '../etc']) {
      const shown = await request(app).get(`/api/company-invitations/${encodeURIComponent(token)}`);
      expect([token, shown.status, shown.body]).toEqual([token, 404, { message: MESSAGES.invitationNotFound }]);
    }
    for (const token of [usedToken, expiredToken]) {
      const accepted = await as(expiredUser.idToken).post(`/api/company-invitations/${token}/accept`);
      expect([accepted.status, accepted.body]).toEqual([404, { message: MESSAGES.invitationNotFound }]);
    }
    // The resent invitation's new link works: one more mail, one outbox entry per link.
    await request(app)
      .get(`/api/company-invitations/${await tokenOf(boss.uid, resent.body.id)}`)
      .expect(200);
    const resentMails = await db().collection('mail').where('to.address', '==', resentEmail).get();
    expect(resentMails.size).toBe(2);
    expect(await docData(`companies/${boss.uid}`)).toMatchObject({ memberCount: 2 });
  });

  it('when the signed-in login has another address, then accepting is refused with what to do, and the invitation still waits', async () => {
    const { as, tokenOf } = api();
    const boss = await owner();
    const invited = `invited-${unique()}@example.com`;
    const sent = await as(boss.idToken)
      .post(`/api/companies/${boss.uid}/invitations`, { email: invited, role: 'billing' })
      .expect(201);
    const token = await tokenOf(boss.uid, sent.body.id);
    const other = await createUserWithToken(`someone-else-${unique()}@example.com`);

    const refused = await as(other.idToken).post(`/api/company-invitations/${token}/accept`);
    const signedOut = await request(api().app).post(`/api/company-invitations/${token}/accept`);

    expect([refused.status, refused.body]).toEqual([403, { message: MESSAGES.wrongEmail(invited) }]);
    expect(signedOut.status).toBe(401);
    expect(await docData(`companies/${boss.uid}/invitations/${sent.body.id}`)).toMatchObject({ status: 'pending' });
    expect(await docData(`companies/${boss.uid}/members/${other.uid}`)).toBeUndefined();
    // The owner cannot invite someone twice, nor a member.
    const again = await as(boss.idToken).post(`/api/companies/${boss.uid}/invitations`, {
      email: invited,
      role: 'viewer',
    });
    const self = await as(boss.idToken).post(`/api/companies/${boss.uid}/invitations`, {
      email: boss.email,
      role: 'viewer',
    });
    expect([again.status, again.body.message]).toEqual([409, MESSAGES.alreadyInvited(invited)]);
    expect([self.status, self.body.message]).toEqual([
      409,
      MESSAGES.alreadyMember(boss.email, 'Verma Textiles Private Limited'),
    ]);
  });

  it(`when a company has ${MAX_COMPANY_MEMBERS} members and invitations waiting, then one more invitation is refused`, async () => {
    const { as } = api();
    const boss = await owner();
    const batch = db().batch();
    for (let index = 0; index < MAX_COMPANY_MEMBERS - 2; index += 1) {
      batch.create(db().doc(`companies/${boss.uid}/invitations/seeded-${index}`), {
        email: `seeded-${index}@example.com`,
        role: 'viewer',
        status: 'pending',
        linkNo: 1,
        expiresAt: Timestamp.fromMillis(Date.now() + 86_400_000),
      });
    }
    await batch.commit();
    await as(boss.idToken)
      .post(`/api/companies/${boss.uid}/invitations`, { email: `last-${unique()}@example.com`, role: 'viewer' })
      .expect(201);

    const over = await as(boss.idToken).post(`/api/companies/${boss.uid}/invitations`, {
      email: `over-${unique()}@example.com`,
      role: 'viewer',
    });

    expect([over.status, over.body]).toEqual([409, { message: MESSAGES.full }]);
  });

  it('when the invitation is made from a project contact of the company, then it takes the contact’s address and name; another company’s contact is refused', async () => {
    const { as } = api();
    const boss = await owner();
    const contactEmail = `cto-${unique()}@example.com`;
    await db()
      .doc('projects/p-dashboard')
      .set({
        uid: boss.uid,
        title: 'Production dashboard',
        contacts: [
          { id: 'c1', email: contactEmail, name: 'Meera Iyer', linkNo: 1, revoked: false, addedBy: 'customer' },
          { id: 'c2', email: 'gone@example.com', name: 'Gone', linkNo: 1, revoked: true, addedBy: 'customer' },
        ],
      });
    await db()
      .doc('projects/p-other')
      .set({ uid: 'another-company', title: 'Other', contacts: [{ id: 'c9', email: 'x@example.com', name: 'X' }] });

    const listed = await as(boss.idToken).get(`/api/companies/${boss.uid}/project-contacts`).expect(200);
    const made = await as(boss.idToken)
      .post(`/api/companies/${boss.uid}/invitations`, {
        email: 'typed-over@example.com',
        role: 'technical',
        fromContact: { projectId: 'p-dashboard', contactId: 'c1' },
      })
      .expect(201);
    const foreign = await as(boss.idToken).post(`/api/companies/${boss.uid}/invitations`, {
      email: 'x@example.com',
      role: 'viewer',
      fromContact: { projectId: 'p-other', contactId: 'c9' },
    });
    const after = await as(boss.idToken).get(`/api/companies/${boss.uid}/project-contacts`).expect(200);

    expect(listed.body.contacts).toEqual([
      {
        projectId: 'p-dashboard',
        contactId: 'c1',
        projectTitle: 'Production dashboard',
        email: contactEmail,
        name: 'Meera Iyer',
      },
    ]);
    expect(await docData(`companies/${boss.uid}/invitations/${made.body.id}`)).toMatchObject({
      email: contactEmail,
      name: 'Meera Iyer',
      fromContact: { projectId: 'p-dashboard', contactId: 'c1' },
    });
    expect([foreign.status, foreign.body.message]).toEqual([404, MESSAGES.noSuchContact]);
    // Invited now: no longer offered.
    expect(after.body.contacts).toEqual([]);
  });
});

describe('members', () => {
  /** A company with an owner and a member of `role`, joined through an invitation. */
  async function companyWith(role: 'billing' | 'technical' | 'viewer') {
    const { as, tokenOf, app } = api();
    const boss = await owner();
    const email = `member-${unique()}@example.com`;
    const sent = await as(boss.idToken).post(`/api/companies/${boss.uid}/invitations`, { email, role }).expect(201);
    const member = await createUserWithToken(email);
    await as(member.idToken)
      .post(`/api/company-invitations/${await tokenOf(boss.uid, sent.body.id)}/accept`)
      .expect(200);
    return { as, app, boss, member: { ...member, email } };
  }

  it('when a member who is not the owner invites, changes a role or removes someone, then 403 says only the owner may; a stranger gets the 404 of no company', async () => {
    const { as, boss, member } = await companyWith('billing');
    const stranger = await createUserWithToken(`stranger-${unique()}@example.com`);
    const base = `/api/companies/${boss.uid}`;

    const answers = await Promise.all([
      as(member.idToken).post(`${base}/invitations`, { email: 'friend@example.com', role: 'viewer' }),
      as(member.idToken).post(`${base}/members/${member.uid}`, { role: 'technical' }),
      as(member.idToken).post(`${base}/members/${boss.uid}/remove`),
      as(member.idToken).post(`${base}/transfer`, { uid: member.uid }),
      as(stranger.idToken).post(`${base}/invitations`, { email: 'friend@example.com', role: 'viewer' }),
      as(stranger.idToken).get(base),
    ]);

    const forbidden = 'Your role in Verma Textiles Private Limited (Billing) cannot manage members.';
    expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual([
      [403, forbidden],
      [403, forbidden],
      [403, forbidden],
      [403, forbidden],
      [404, COMPANY_NOT_FOUND],
      [404, COMPANY_NOT_FOUND],
    ]);
    expect((await db().collection('mail').where('to.address', '==', 'friend@example.com').get()).size).toBe(0);
  });

  it('when the owner hands ownership on, then it is audited and the former owner’s invite and remove fail at once, while the new owner’s succeed', async () => {
    const { as, boss, member } = await companyWith('technical');
    const base = `/api/companies/${boss.uid}`;

    await as(boss.idToken).post(`${base}/transfer`, { uid: member.uid, formerOwnerRole: 'billing' }).expect(200);

    const invite = await as(boss.idToken).post(`${base}/invitations`, { email: 'late@example.com', role: 'viewer' });
    const remove = await as(boss.idToken).post(`${base}/members/${member.uid}/remove`);
    expect([invite.status, remove.status]).toEqual([403, 403]);
    expect(invite.body.message).toBe('Your role in Verma Textiles Private Limited (Billing) cannot manage members.');
    expect(await docData(`companies/${boss.uid}/members/${boss.uid}`)).toMatchObject({ role: 'billing' });
    expect(await docData(`companies/${boss.uid}/members/${member.uid}`)).toMatchObject({ role: 'owner' });
    expect((await audits(boss.uid)).at(-1)).toMatchObject({
      action: 'company.transfer',
      actorUid: boss.uid,
      before: { owner: boss.uid, newOwnerRole: 'technical' },
      after: { owner: member.uid, formerOwner: boss.uid, formerOwnerRole: 'billing' },
    });
    // The new owner manages: they may remove the founder, who then reads nothing of it.
    await as(member.idToken).post(`${base}/members/${boss.uid}/remove`).expect(200);
    const founderReads = await as(boss.idToken).get(base);
    expect([founderReads.status, founderReads.body.message]).toEqual([404, COMPANY_NOT_FOUND]);
  });

  it('when the owner removes a member, then the member’s next read through the API is refused and the company forgets their address', async () => {
    const { as, boss, member } = await companyWith('technical');
    const base = `/api/companies/${boss.uid}`;
    await as(member.idToken).get(base).expect(200);

    await as(boss.idToken).post(`${base}/members/${member.uid}/remove`).expect(200);

    const read = await as(member.idToken).get(base);
    expect([read.status, read.body]).toEqual([404, { message: COMPANY_NOT_FOUND }]);
    const mine = await as(member.idToken).get('/api/companies/mine').expect(200);
    expect(mine.body.companies.map((company: { companyId: string }) => company.companyId)).not.toContain(boss.uid);
    const company = await docData(`companies/${boss.uid}`);
    expect(company).toMatchObject({ memberCount: 1, memberEmails: { [boss.uid]: boss.email } });
    expect(company!.searchTokens).not.toContain('member');
    expect((await audits(boss.uid)).at(-1)).toMatchObject({
      action: 'company.member.remove',
      before: { uid: member.uid, role: 'technical' },
      after: null,
    });
    // The owner cannot be removed, nor leave; a member can leave.
    const removeOwner = await as(boss.idToken).post(`${base}/members/${boss.uid}/remove`);
    const ownerLeaves = await as(boss.idToken).post(`${base}/leave`);
    expect([removeOwner.status, removeOwner.body.message]).toEqual([409, MESSAGES.removeOwner]);
    expect([ownerLeaves.status, ownerLeaves.body.message]).toEqual([409, MESSAGES.ownerLeaves]);
  });

  it('when the owner changes a role and the approve right, then it is audited; a member may leave on their own', async () => {
    const { as, boss, member } = await companyWith('viewer');
    const base = `/api/companies/${boss.uid}`;

    const changed = await as(boss.idToken)
      .post(`${base}/members/${member.uid}`, { role: 'technical', canApprove: true })
      .expect(200);
    const ownerRole = await as(boss.idToken).post(`${base}/members/${boss.uid}`, { role: 'viewer' });

    expect(changed.body).toEqual({ changed: true });
    expect(await docData(`companies/${boss.uid}/members/${member.uid}`)).toMatchObject({
      role: 'technical',
      canApprove: true,
    });
    expect([ownerRole.status, ownerRole.body.message]).toEqual([409, MESSAGES.ownerRole]);
    expect((await audits(boss.uid)).at(-1)).toMatchObject({
      action: 'company.member.role',
      before: { uid: member.uid, role: 'viewer', canApprove: false },
      after: { uid: member.uid, role: 'technical', canApprove: true },
    });

    await as(member.idToken).post(`${base}/leave`).expect(200);
    expect(await docData(`companies/${boss.uid}/members/${member.uid}`)).toBeUndefined();
    expect((await audits(boss.uid)).at(-1)).toMatchObject({ action: 'company.member.leave', actorUid: member.uid });
  });
});

describe('staff, from the console', () => {
  it('when staff invite into a customer’s company, then it is mailed and audited as staff’s; they see its members and invitations; a lead has no members', async () => {
    const { as, tokenOf } = api();
    const customer = await createUserWithToken(`customer-${unique()}@example.com`);
    // A customer who has never signed in since companies came: staff's first change founds it.
    await seedProfile(customer.uid, { name: 'Kiran Rao', legalName: 'Rao Foods' });
    const email = `clerk-${unique()}@example.com`;

    const sent = await as(staff.idToken)
      .post(`/api/staff/companies/${customer.uid}/invitations`, { email, role: 'billing' })
      .expect(201);
    const view = await as(staff.idToken).get(`/api/staff/companies/${customer.uid}`).expect(200);
    await db().doc('users/lead_x').set({ uid: 'lead_x', name: 'Lead', email: 'lead@example.com', isLead: true });
    const lead = await as(staff.idToken).post('/api/staff/companies/lead_x/invitations', { email, role: 'viewer' });
    const notStaff = await as(customer.idToken).post(`/api/staff/companies/${customer.uid}/invitations`, {
      email,
      role: 'viewer',
    });

    expect(view.body).toMatchObject({
      name: 'Rao Foods',
      me: null,
      canManage: true,
      members: [expect.objectContaining({ uid: customer.uid, role: 'owner', email: 'asha@example.com' })],
      invitations: [
        expect.objectContaining({ id: sent.body.id, email, role: 'billing', invitedByName: 'Nimbus team' }),
      ],
    });
    expect((await audits(customer.uid)).map((entry) => [entry.action, entry.actorUid])).toEqual([
      ['company.create', staff.uid],
      ['company.invite', staff.uid],
    ]);
    expect((await db().collection('mail').where('to.address', '==', email).get()).size).toBe(1);
    expect([lead.status, lead.body.message]).toEqual([409, MESSAGES.lead]);
    expect(notStaff.status).toBe(403);
    // The clerk accepts staff's invitation like any other.
    const clerk = await createUserWithToken(email);
    await as(clerk.idToken)
      .post(`/api/company-invitations/${await tokenOf(customer.uid, sent.body.id)}/accept`)
      .expect(200);
    expect(await docData(`companies/${customer.uid}/members/${clerk.uid}`)).toMatchObject({ invitedBy: staff.uid });
  });

  it('when staff change a role, remove a member and hand ownership on, then each is audited as staff’s', async () => {
    const { as, tokenOf } = api();
    const boss = await owner();
    const email = `tech-${unique()}@example.com`;
    const sent = await as(boss.idToken).post(`/api/companies/${boss.uid}/invitations`, { email, role: 'viewer' });
    const tech = await createUserWithToken(email);
    await as(tech.idToken)
      .post(`/api/company-invitations/${await tokenOf(boss.uid, sent.body.id)}/accept`)
      .expect(200);
    const base = `/api/staff/companies/${boss.uid}`;

    await as(staff.idToken).post(`${base}/members/${tech.uid}`, { role: 'technical' }).expect(200);
    await as(staff.idToken).post(`${base}/transfer`, { uid: tech.uid }).expect(200);
    await as(staff.idToken).post(`${base}/members/${boss.uid}/remove`).expect(200);

    expect((await audits(boss.uid)).slice(-3).map((entry) => [entry.action, entry.actorUid])).toEqual([
      ['company.member.role', staff.uid],
      ['company.transfer', staff.uid],
      ['company.member.remove', staff.uid],
    ]);
    expect(await docData(`companies/${boss.uid}/members/${tech.uid}`)).toMatchObject({ role: 'owner' });
    // Signed in again: the former owner's own company is not theirs to read any more.
    const again = await signInWithPassword(boss.email);
    const read = await as(again).get(`/api/companies/${boss.uid}`);
    expect(read.status).toBe(404);
  });
});
