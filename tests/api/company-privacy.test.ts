import request from 'supertest';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPANY_NOT_FOUND } from '@/domain/companies';
import { COMPANY_MEMBER_MESSAGES as MESSAGES } from '@/domain/company-members';
import { ensureCompany, membershipOf } from '../../server/companies/companies';
import { testApp } from '../helpers/api-app';
import { readExport } from '../helpers/account-export';
import { admin, clearFirestore, createUserWithToken } from '../helpers/emulators';
import { download, seedProfile } from './documents-fixtures';

// Privacy of company members (server/account/export-data.ts, delete-account.ts, delete-company.ts):
// a member's data export holds their memberships and what they wrote in companies' records;
// deleting a person takes them out of companies without erasing a company others still use;
// deleting a company keeps what the law keeps and leaves a tombstone.

beforeEach(() => clearFirestore());

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const db = () => admin().db;
const docData = async (path: string) => (await db().doc(path).get()).data();
const exists = async (path: string) => (await db().doc(path).get()).exists;

/** A signed-in person with a profile and their own company founded. */
async function person(name: string, legalName = '') {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${unique()}@example.com`;
  const user = await createUserWithToken(email);
  await seedProfile(user.uid, { name, email, legalName });
  await ensureCompany(db(), user.uid, { uid: user.uid, email });
  return { ...user, email, name };
}

/** Adds `who` to company `companyId` as the API does when they accept an invitation. */
async function join(companyId: string, who: { uid: string; email: string; name: string }, role: string) {
  const company = await docData(`companies/${companyId}`);
  await db().doc(`companies/${companyId}/members/${who.uid}`).set({
    uid: who.uid,
    role,
    canApprove: false,
    name: who.name,
    companyName: company!.name,
    joinedAt: Timestamp.now(),
    invitedBy: companyId,
    noticeSeenAt: null,
  });
  await db()
    .doc(`companies/${companyId}`)
    .update({ memberCount: company!.memberCount + 1, [`memberEmails.${who.uid}`]: who.email });
}

/** An app, and Asha Verma's Verma Textiles (founded by her) with Ravi Kumar joined as `role`. */
async function vermaTextilesWithRavi(role: string) {
  const { app } = testApp();
  const owner = await person('Asha Verma', 'Verma Textiles');
  const member = await person('Ravi Kumar');
  await join(owner.uid, member, role);
  return { app, owner, member };
}

const as = (app: ReturnType<typeof testApp>['app'], token: string) => ({
  get: (path: string) => request(app).get(path).set('Authorization', `Bearer ${token}`),
  post: (path: string, body: object = {}) => request(app).post(path).set('Authorization', `Bearer ${token}`).send(body),
});

describe('a member’s data', () => {
  it('when a member downloads their data, then it holds their memberships and what they wrote in the company’s records, not what others wrote', async () => {
    const { app, owner, member } = await vermaTextilesWithRavi('technical');
    const request_ = db().doc('supportRequests/sr1');
    await request_.set({ uid: owner.uid, reference: 'SR-000001', subject: 'Looms offline' });
    await request_.collection('messages').doc('m1').set({ uid: owner.uid, authorUid: owner.uid, body: 'Owner wrote' });
    await request_.collection('messages').doc('m2').set({ uid: owner.uid, authorUid: member.uid, body: 'Ravi wrote' });
    await db().doc('projects/p1/updates/u1').set({ kind: 'comment', authorUid: member.uid, body: 'Looks right' });
    await db().doc('projects/p1/signoffs/1-1').set({ milestone: 1, authorUid: member.uid, name: 'Ravi Kumar' });

    const response = await download(app, '/api/account/export', member.idToken);

    expect(response.status).toBe(200);
    const { data } = readExport(response.body as Buffer);
    const companies = (data as unknown as { companies: CompaniesExport }).companies;
    expect(companies.memberships.map((m) => [m.companyId, m.companyName, m.role, m.invitedBy])).toEqual(
      expect.arrayContaining([
        [member.uid, 'Ravi Kumar', 'owner', null],
        [owner.uid, 'Verma Textiles', 'technical', owner.uid],
      ]),
    );
    expect(companies.written.supportMessages.map((doc) => doc.fields.body)).toEqual(['Ravi wrote']);
    expect(companies.written.projectComments.map((doc) => doc.path)).toEqual(['projects/p1/updates/u1']);
    expect(companies.written.signOffs.map((doc) => doc.path)).toEqual(['projects/p1/signoffs/1-1']);
  });
});

describe('deleting a person', () => {
  it('when a member deletes their account, then they leave the company (audited) and its records stay', async () => {
    const { app, owner, member } = await vermaTextilesWithRavi('billing');
    await db().doc(`users/${owner.uid}/invoices/pi1`).set({ invoiceId: 'PI/2026-27/0001', status: 'Pending' });
    await db().doc('payments/pay_Company').set({ uid: owner.uid, amountPaise: 100 });

    await as(app, member.idToken).post('/api/account/delete').expect(200);

    expect(await exists(`companies/${owner.uid}/members/${member.uid}`)).toBe(false);
    expect(await docData(`companies/${owner.uid}`)).toMatchObject({
      memberCount: 1,
      memberEmails: { [owner.uid]: owner.email },
    });
    expect(await exists(`users/${owner.uid}/invoices/pi1`)).toBe(true);
    expect((await docData('payments/pay_Company'))!.deletedAccount).toBeUndefined();
    const leaving = await db().collection('auditLog').where('target', '==', `companies/${owner.uid}`).get();
    expect(leaving.docs.map((doc) => doc.get('action'))).toContain('company.member.leave');
    // Their own one-member company went with them, leaving a tombstone: nobody owns it again.
    expect(await docData(`companies/${member.uid}`)).toMatchObject({ deletedAt: expect.any(Timestamp) });
    expect(await exists(`companies/${member.uid}/members/${member.uid}`)).toBe(false);
    expect(await membershipOf(db(), member.uid, member.uid)).toBeNull();
  });

  it('when the owner of a company with other members deletes their account, then it is refused until ownership passes on, and nothing changes', async () => {
    const { app, owner } = await vermaTextilesWithRavi('technical');

    const refused = await as(app, owner.idToken).post('/api/account/delete');

    expect([refused.status, refused.body]).toEqual([409, { message: MESSAGES.ownsWithMembers('Verma Textiles') }]);
    expect((await admin().auth.getUser(owner.uid)).uid).toBe(owner.uid);
    expect(await exists(`users/${owner.uid}`)).toBe(true);
    expect(await exists(`deletedAccounts/${owner.uid}`)).toBe(false);
  });

  it('when the founder handed ownership on and then deletes their account, then the company and its records stay, and their profile keeps only the company’s details', async () => {
    const { app, owner: founder, member: heir } = await vermaTextilesWithRavi('technical');
    await db().doc(`users/${founder.uid}/invoices/pi1`).set({ invoiceId: 'PI/2026-27/0001', status: 'Paid' });
    await db().doc(`users/${founder.uid}/cart/website-Basic`).set({ id: 'website-Basic' });
    await db().doc('documents/doc_Company').set({ uid: founder.uid, number: 'NB/2026-27/0001' });
    await as(app, founder.idToken)
      .post(`/api/companies/${founder.uid}/transfer`, { uid: heir.uid, formerOwnerRole: 'viewer' })
      .expect(200);

    await as(app, founder.idToken).post('/api/account/delete').expect(200);

    expect(await docData(`companies/${founder.uid}`)).toMatchObject({ name: 'Verma Textiles', memberCount: 1 });
    expect(await docData(`companies/${founder.uid}/members/${heir.uid}`)).toMatchObject({ role: 'owner' });
    expect(await exists(`users/${founder.uid}/invoices/pi1`)).toBe(true);
    expect(await exists(`users/${founder.uid}/cart/website-Basic`)).toBe(false);
    expect((await docData('documents/doc_Company'))!.deletedAccount).toBeUndefined();
    expect(await docData(`users/${founder.uid}`)).toMatchObject({
      name: 'Verma Textiles',
      legalName: 'Verma Textiles',
      email: '',
      phone: '',
      address: '21 MG Road',
    });
    // The new owner still reads their company.
    await as(app, heir.idToken).get(`/api/companies/${founder.uid}`).expect(200);
  });
});

describe('deleting a company', () => {
  it('when its owner is its only member (not its founder), then its records go, the tax records are kept and marked, and a tombstone stays', async () => {
    const { app, owner: founder, member: heir } = await vermaTextilesWithRavi('technical');
    await as(app, founder.idToken).post(`/api/companies/${founder.uid}/transfer`, { uid: heir.uid }).expect(200);
    await as(app, founder.idToken).post(`/api/companies/${founder.uid}/leave`).expect(200);
    await db().doc(`users/${founder.uid}/invoices/pi1`).set({ invoiceId: 'PI/2026-27/0001', status: 'Paid' });
    await db().doc('payments/pay_Company').set({ uid: founder.uid, amountPaise: 100 });
    await db().doc('supportRequests/sr1').set({ uid: founder.uid, reference: 'SR-000001' });

    const own = await as(app, heir.idToken).post(`/api/companies/${heir.uid}/delete`);
    const deleted = await as(app, heir.idToken).post(`/api/companies/${founder.uid}/delete`).expect(200);

    expect([own.status, own.body.message]).toEqual([409, MESSAGES.deleteOwnCompany]);
    expect(deleted.body).toEqual({ deleted: true, kept: { documents: 0, payments: 1, refunds: 0 } });
    expect(await exists(`users/${founder.uid}/invoices/pi1`)).toBe(false);
    expect(await exists('supportRequests/sr1')).toBe(false);
    expect(await docData('payments/pay_Company')).toMatchObject({ deletedAccount: true });
    // The founder's own profile is theirs, and stays.
    expect(await exists(`users/${founder.uid}`)).toBe(true);
    expect(await docData(`companies/${founder.uid}`)).toEqual({
      deletedAt: expect.any(Timestamp),
      memberCount: 0,
      memberEmails: {},
      searchTokens: [],
    });
    // Nobody reads it any more, the founder (whose uid is its id) included.
    for (const who of [founder, heir]) {
      const read = await as(app, who.idToken).get(`/api/companies/${founder.uid}`);
      expect([read.status, read.body.message]).toEqual([404, COMPANY_NOT_FOUND]);
    }
    const trail = await db().collection('auditLog').where('target', '==', `companies/${founder.uid}`).get();
    expect(trail.docs.map((doc) => doc.get('action'))).toContain('company.delete');
  });

  it('when other members remain, then deleting the company is refused', async () => {
    const { app, owner: founder, member: heir } = await vermaTextilesWithRavi('technical');
    await as(app, founder.idToken).post(`/api/companies/${founder.uid}/transfer`, { uid: heir.uid }).expect(200);

    const refused = await as(app, heir.idToken).post(`/api/companies/${founder.uid}/delete`);

    expect([refused.status, refused.body.message]).toEqual([409, MESSAGES.deleteWithMembers]);
    expect(await docData(`companies/${founder.uid}`)).toMatchObject({ name: 'Verma Textiles', memberCount: 2 });
  });
});

interface CompaniesExport {
  memberships: Array<{ companyId: string; companyName: string; role: string; invitedBy: string | null }>;
  written: Record<
    'supportMessages' | 'projectComments' | 'signOffs',
    Array<{ path: string; fields: Record<string, unknown> }>
  >;
}
