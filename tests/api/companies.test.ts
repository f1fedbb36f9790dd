import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPANY_NOT_FOUND } from '@/domain/companies';
import { actingCompanyId, NOT_A_COMPANY_ID, requireCompanyRole } from '../../server/companies/access';
import { BACKFILL_ACTOR, backfillCompanies } from '../../server/companies/backfill';
import { ensureCompany, membershipOf } from '../../server/companies/companies';
import { HttpError } from '../../server/errors';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createUserWithToken } from '../helpers/emulators';
import { seedProfile } from './documents-fixtures';

beforeEach(() => clearFirestore());

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const db = () => admin().db;
const docData = async (path: string) => (await db().doc(path).get()).data();
const audits = async (target: string) =>
  (await db().collection('auditLog').where('target', '==', target).get()).docs.map((doc) => doc.data());

/** A member of a company, written as the API will write it. */
const addMember = (companyId: string, uid: string, role: string, canApprove = false) =>
  db()
    .doc(`companies/${companyId}/members/${uid}`)
    .set({
      uid,
      role,
      canApprove,
      name: uid,
      companyName: `${companyId} Ltd`,
      invitedBy: companyId,
      noticeSeenAt: null,
    });

/** The HttpError a call ends with (status and message), or null when it succeeds. */
async function refusal(call: Promise<unknown>): Promise<[number, string] | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return [error.status, error.message];
  }
}

describe('GET /api/companies/mine', () => {
  it('when a customer with a profile asks first, then their company is founded from it with them as its one owner, audited', async () => {
    const { app } = testApp();
    const user = await createUserWithToken(`founder-${unique()}@example.com`);
    await seedProfile(user.uid, {
      name: 'Asha Verma',
      email: 'asha@vermatextiles.in',
      legalName: 'Verma Textiles Private Limited',
      gstin: '27ABCDE1234F1Z5',
      pinCode: '411001',
    });

    const response = await request(app).get('/api/companies/mine').set('Authorization', `Bearer ${user.idToken}`);

    expect([response.status, response.body]).toEqual([
      200,
      {
        companies: [
          {
            companyId: user.uid,
            name: 'Verma Textiles Private Limited',
            role: 'owner',
            roleLabel: 'Owner',
            canApprove: false,
          },
        ],
      },
    ]);
    expect(await docData(`companies/${user.uid}`)).toMatchObject({
      name: 'Verma Textiles Private Limited',
      legalName: 'Verma Textiles Private Limited',
      gstin: '27ABCDE1234F1Z5',
      pinCode: '411001',
      address: '21 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      country: 'India',
      memberCount: 1,
      memberEmails: { [user.uid]: 'asha@vermatextiles.in' },
      searchTokens: expect.arrayContaining(['verma', 'textiles', 'asha', 'vermatex', '27abcde1234f']),
    });
    // A company's PO rules are companies/{id}.purchaseOrderRules: no poRequired beside them.
    expect(await docData(`companies/${user.uid}`)).not.toHaveProperty('poRequired');
    const owner = await docData(`companies/${user.uid}/members/${user.uid}`);
    expect(owner).toMatchObject({ uid: user.uid, role: 'owner', name: 'Asha Verma', invitedBy: null });
    // Members other than the owner read member documents: no e-mail on them.
    expect(owner).not.toHaveProperty('email');
    expect(await audits(`companies/${user.uid}`)).toEqual([
      expect.objectContaining({ action: 'company.create', actorUid: user.uid, before: null }),
    ]);
  });

  it('when it is asked again, or many times at once, then there is still exactly one company with one owner', async () => {
    const { app } = testApp();
    const user = await createUserWithToken(`race-${unique()}@example.com`);
    await seedProfile(user.uid);
    const mine = () => request(app).get('/api/companies/mine').set('Authorization', `Bearer ${user.idToken}`);

    const answers = await Promise.all([mine(), mine(), mine(), mine()]);
    const createdAt = (await docData(`companies/${user.uid}`))!.createdAt;
    const again = await mine();

    expect([...answers, again].map((answer) => [answer.status, answer.body.companies.length])).toEqual(
      Array(5).fill([200, 1]),
    );
    expect((await docData(`companies/${user.uid}`))!.createdAt).toEqual(createdAt);
    expect((await db().collection(`companies/${user.uid}/members`).get()).size).toBe(1);
    expect(await audits(`companies/${user.uid}`)).toHaveLength(1);
  });

  it('when someone with no profile yet asks, then they are the owner of their own company and nothing is written', async () => {
    const { app } = testApp();
    const user = await createUserWithToken(`new-${unique()}@example.com`);

    const response = await request(app).get('/api/companies/mine').set('Authorization', `Bearer ${user.idToken}`);

    expect(response.body.companies).toEqual([
      { companyId: user.uid, name: '', role: 'owner', roleLabel: 'Owner', canApprove: false },
    ]);
    expect((await db().doc(`companies/${user.uid}`).get()).exists).toBe(false);
  });

  it('when a person is a member of another company too, then both are listed, their own first, with their role there', async () => {
    const { app } = testApp();
    const user = await createUserWithToken(`consultant-${unique()}@example.com`);
    await seedProfile(user.uid, { name: 'Ravi Kumar', legalName: '' });
    await addMember('acme', user.uid, 'technical', true);

    const response = await request(app).get('/api/companies/mine').set('Authorization', `Bearer ${user.idToken}`);

    expect(response.body.companies).toEqual([
      { companyId: user.uid, name: 'Ravi Kumar', role: 'owner', roleLabel: 'Owner', canApprove: false },
      { companyId: 'acme', name: 'acme Ltd', role: 'technical', roleLabel: 'Technical', canApprove: true },
    ]);
  });

  it('when no one is signed in, then it answers 401', async () => {
    const { app } = testApp();

    const response = await request(app).get('/api/companies/mine');

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Please log in to continue.' });
  });

  it('when a browser on the site asks to send the acting company header, then CORS allows it', async () => {
    const { app } = testApp({ env: { SITE_ORIGIN: 'http://localhost:5173' } });

    const response = await request(app)
      .options('/api/companies/mine')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization,x-company-id');

    expect(response.status).toBe(204);
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('x-company-id');
  });
});

describe('the access check (requireCompanyRole)', () => {
  const ctx = () => ({ db: db() });

  it('when a member acts within their role, then they get their membership; beyond it, a 403 that says why', async () => {
    await ensureCompanyFor('acme', 'Acme Tools');
    await addMember('acme', 'bill', 'billing');
    await addMember('acme', 'tess', 'technical');

    const paying = await requireCompanyRole(ctx(), { uid: 'bill' }, 'acme', 'pay');

    expect(paying).toMatchObject({ companyId: 'acme', uid: 'bill', role: 'billing', implicit: false });
    expect(await refusal(requireCompanyRole(ctx(), { uid: 'bill' }, 'acme', 'raiseSupport'))).toEqual([
      403,
      'Your role in acme Ltd (Billing) cannot open support requests.',
    ]);
    expect(await refusal(requireCompanyRole(ctx(), { uid: 'tess' }, 'acme', 'readBilling'))).toEqual([
      403,
      'Your role in acme Ltd (Technical) cannot see invoices, payments and tax documents.',
    ]);
    expect(await refusal(requireCompanyRole(ctx(), { uid: 'tess' }, 'acme', 'acceptQuote'))).toEqual([
      403,
      'Your role in acme Ltd (Technical) cannot accept quotes without the approve right. Ask the owner for it.',
    ]);
    expect(await refusal(requireCompanyRole(ctx(), { uid: 'acme' }, 'acme', 'manageMembers'))).toBeNull();
  });

  it('when someone is no member, or was removed a moment ago, then it answers 404 as for a company that does not exist', async () => {
    await ensureCompanyFor('acme', 'Acme Tools');
    await addMember('acme', 'tess', 'technical');
    expect(await refusal(requireCompanyRole(ctx(), { uid: 'tess' }, 'acme', 'replySupport'))).toBeNull();

    await db().doc('companies/acme/members/tess').delete();

    expect(await refusal(requireCompanyRole(ctx(), { uid: 'tess' }, 'acme', 'replySupport'))).toEqual([
      404,
      COMPANY_NOT_FOUND,
    ]);
    expect(await refusal(requireCompanyRole(ctx(), { uid: 'mallory' }, 'acme', 'readMembers'))).toEqual([
      404,
      COMPANY_NOT_FOUND,
    ]);
    expect(await refusal(requireCompanyRole(ctx(), { uid: 'mallory' }, 'no-such-company', 'readMembers'))).toEqual([
      404,
      COMPANY_NOT_FOUND,
    ]);
  });

  it('when a role changes, then the next check holds the member to the new one', async () => {
    await ensureCompanyFor('acme', 'Acme Tools');
    await addMember('acme', 'tess', 'technical', true);
    expect(await refusal(requireCompanyRole(ctx(), { uid: 'tess' }, 'acme', 'signOffBilled'))).toBeNull();

    await db().doc('companies/acme/members/tess').update({ canApprove: false });

    expect((await refusal(requireCompanyRole(ctx(), { uid: 'tess' }, 'acme', 'signOffBilled')))?.[0]).toBe(403);
  });

  it("when a login's own company is not written yet, then they own it; once it is written, the membership decides", async () => {
    expect(await membershipOf(db(), 'solo', 'solo')).toMatchObject({ role: 'owner', implicit: true });
    expect(await membershipOf(db(), 'solo', 'someone-else')).toBeNull();

    // Written, and the founder no longer in it (ownership passed on, then removed).
    await db().doc('companies/solo').set({ name: 'Solo Works' });
    await addMember('solo', 'heir', 'owner');

    expect(await membershipOf(db(), 'solo', 'solo')).toBeNull();
    expect(await refusal(requireCompanyRole(ctx(), { uid: 'solo' }, 'solo', 'readBilling'))).toEqual([
      404,
      COMPANY_NOT_FOUND,
    ]);
  });

  it("when a new customer's first call checks a role in their own company, then it is founded then, with them as owner", async () => {
    await seedProfile('newbie', { legalName: 'Newbie Labs' });

    const membership = await requireCompanyRole(ctx(), { uid: 'newbie', email: 'n@example.com' }, 'newbie', 'pay');

    expect(membership).toMatchObject({ role: 'owner', implicit: false, companyName: 'Newbie Labs' });
    expect((await docData('companies/newbie/members/newbie'))!.role).toBe('owner');
    // Without a profile there is nothing to found it from: they stay its implicit owner.
    expect(await requireCompanyRole(ctx(), { uid: 'ghost' }, 'ghost', 'pay')).toMatchObject({ implicit: true });
    expect((await db().doc('companies/ghost').get()).exists).toBe(false);
  });

  it('when a request names its acting company, then a well-formed id is taken (granting nothing by itself) and a malformed one is a 400', () => {
    expect(actingCompanyId({ uid: 'me' }, undefined)).toBe('me');
    expect(actingCompanyId({ uid: 'me' }, '')).toBe('me');
    expect(actingCompanyId({ uid: 'me' }, 'acme')).toBe('acme');
    for (const bad of ['a/b', '..', '__x__', 'x'.repeat(129), 42]) {
      expect(() => actingCompanyId({ uid: 'me' }, bad)).toThrow(NOT_A_COMPANY_ID);
    }
  });
});

/** Founds company `uid` through ensureCompany from a profile with this legal name. */
async function ensureCompanyFor(uid: string, legalName: string) {
  await seedProfile(uid, { legalName });
  expect(await ensureCompany(db(), uid, { uid, email: null })).toBe('created');
}

describe('npm run backfill: companies', () => {
  /** Every company and member document, by path (what "the same state" means). */
  const companiesState = async () => {
    const companies = await db().collection('companies').get();
    const members = await db().collectionGroup('members').get();
    return Object.fromEntries([...companies.docs, ...members.docs].map((doc) => [doc.ref.path, doc.data()]));
  };

  it('when customers predate companies, then each gets exactly one company with them as its one owner (not leads, not staff-only logins); a second run changes nothing', async () => {
    await seedProfile('u1', { name: 'Asha Verma', legalName: 'Verma Textiles', gstin: '27ABCDE1234F1Z5' });
    await seedProfile('u2', { name: 'Guest', email: 'guest@example.com', isAnonymous: true });
    await seedProfile('u3', { name: 'Kiran Rao' });
    await seedProfile('u4', { name: 'Meera Iyer', legalName: 'Iyer Clinics' });
    await db().doc('users/lead_abc').set({ uid: 'lead_abc', name: 'Lead', email: 'lead@example.com', isLead: true });
    await db()
      .doc('users/lead_def')
      .set({ uid: 'lead_def', name: 'Joined', email: 'joined@example.com', isLead: true, mergedInto: 'u3' });
    // u4 signed in since: their company was founded then, and its owner renamed it.
    expect(await ensureCompany(db(), 'u4', { uid: 'u4', email: null })).toBe('created');
    await db().doc('companies/u4').update({ name: 'Iyer Clinics (Pune)' });
    // A staff-only login has no users/{uid} profile, so the scan never meets it (nor a deleted account).

    const first = await backfillCompanies(db(), { pageSize: 2 });
    const afterFirst = await companiesState();
    const second = await backfillCompanies(db(), { pageSize: 2 });

    expect([first, second]).toEqual([3, 0]);
    expect(await companiesState()).toEqual(afterFirst);
    const companies = (await db().collection('companies').get()).docs.map((doc) => doc.id);
    expect(companies.sort()).toEqual(['u1', 'u2', 'u3', 'u4']);
    for (const uid of companies) {
      const members = await db().collection(`companies/${uid}/members`).get();
      expect(members.docs.map((doc) => [doc.id, doc.get('role')])).toEqual([[uid, 'owner']]);
      expect((await docData(`companies/${uid}`))!.memberCount).toBe(1);
    }
    expect(await docData('companies/u1')).toMatchObject({
      name: 'Verma Textiles',
      legalName: 'Verma Textiles',
      gstin: '27ABCDE1234F1Z5',
      memberEmails: { u1: 'asha@example.com' },
    });
    expect((await docData('companies/u3'))!.name).toBe('Kiran Rao');
    expect((await docData('companies/u4'))!.name).toBe('Iyer Clinics (Pune)');
    expect(await audits('companies/u1')).toEqual([
      expect.objectContaining({ action: 'company.create', actorUid: BACKFILL_ACTOR.uid }),
    ]);
  });
});
