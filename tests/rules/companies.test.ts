import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, getDocs, orderBy, query, Timestamp, where } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { can, COMPANY_RECORD_READS, type CompanyRecord, type CompanyRole } from '@/domain/companies';
import { list, read, remove, rulesTestbed, write } from '../helpers/rules-env';

const rules = rulesTestbed();
const { staff, alice, bob, seed } = rules;
/** A person's client, as the testbed opens it. */
type Firestore = ReturnType<typeof bob>;

// Company "alice": founded by alice (its id is her uid), backfilled, so every read goes by membership.
// bob is the member under test: each case writes his membership, so one client covers every role.
const COMPANY = 'alice';
const BOB = `companies/${COMPANY}/members/bob`;

const membership = (role: CompanyRole, canApprove = false) => ({
  uid: 'bob',
  role,
  canApprove,
  name: 'Bob',
  companyName: 'Alice Industries',
  joinedAt: Timestamp.now(),
  invitedBy: 'alice',
  noticeSeenAt: null,
});

beforeEach(async () => {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    const put = (path: string, data: Record<string, unknown>) => write(db, path, data);
    await Promise.all([
      put(`companies/${COMPANY}`, { name: 'Alice Industries', memberEmails: { alice: 'alice@example.com' } }),
      put(`companies/${COMPANY}/members/alice`, { ...membership('owner'), uid: 'alice', name: 'Alice' }),
      put(`companies/${COMPANY}/invitations/inv1`, { role: 'viewer', email: 'dave@example.com' }),
      put(`users/${COMPANY}/invoices/pi1`, { invoiceId: 'PI/2026-27/0001', status: 'Pending', issuedBy: 'company' }),
      put(`users/${COMPANY}/orders/o1`, { orderNumber: 'ORD-1700000000000', status: 'Paid' }),
      put(`users/${COMPANY}/services/s1`, { uid: COMPANY, status: 'Active', renewsOn: '2027-11-10' }),
      put('renewals/r1', { uid: COMPANY, serviceId: 's1', renewsOn: '2027-11-10', status: 'Pending' }),
      put('quotes/q1', { uid: COMPANY, status: 'Sent', createdAt: Timestamp.now() }),
      put('supportRequests/sr1', { uid: COMPANY, reference: 'SR-000001', status: 'New' }),
      put('supportRequests/sr1/messages/m1', { uid: COMPANY, internal: false, body: 'Help' }),
      put('supportRequests/sr1/messages/note', { uid: COMPANY, internal: true, body: 'Internal' }),
      put('files/sf1', { ownerUid: COMPANY, attachedTo: 'support/sr1', name: 'screen.png' }),
      put('projects/p1', { uid: COMPANY, title: 'Dashboard', status: 'Active' }),
      put('projects/p1/updates/u1', { kind: 'update', body: 'Designs are ready' }),
      put('files/pf1', { ownerUid: COMPANY, attachedTo: 'projects/p1', name: 'design.pdf' }),
      put('payments/pay_1', { uid: COMPANY, amountPaise: 100 }),
      put('documents/doc1', { uid: COMPANY, series: 'invoice' }),
      put('payLinks/hash1', { uid: COMPANY, type: 'invoice', docId: 'pi1' }),
    ]);
  });
});

/** Each record of the matrix, read as the pages would (a document, and a list where the pages list). */
const READS: Array<[CompanyRecord | 'supportInternalNote', (db: Firestore) => Promise<unknown>]> = [
  ['invoices', (db) => list(db, `users/${COMPANY}/invoices`)],
  ['orders', (db) => read(db, `users/${COMPANY}/orders/o1`)],
  [
    'renewals',
    (db) => getDocs(query(collection(db, 'renewals'), where('uid', '==', COMPANY), orderBy('renewsOn', 'desc'))),
  ],
  // Pay links, payments and tax documents: server-only, read through the API (see server/companies).
  ['payLinks', (db) => read(db, 'payLinks/hash1')],
  ['payments', (db) => read(db, 'payments/pay_1')],
  ['taxDocuments', (db) => read(db, 'documents/doc1')],
  [
    'quotes',
    (db) => getDocs(query(collection(db, 'quotes'), where('uid', '==', COMPANY), where('status', 'in', ['Sent']))),
  ],
  ['supportRequests', (db) => getDocs(query(collection(db, 'supportRequests'), where('uid', '==', COMPANY)))],
  [
    'supportMessages',
    (db) =>
      getDocs(
        query(
          collection(db, 'supportRequests/sr1/messages'),
          where('uid', '==', COMPANY),
          where('internal', '==', false),
        ),
      ),
  ],
  ['supportInternalNote', (db) => read(db, 'supportRequests/sr1/messages/note')],
  ['supportFiles', (db) => read(db, 'files/sf1')],
  ['projects', (db) => getDocs(query(collection(db, 'projects'), where('uid', '==', COMPANY)))],
  ['projectTimeline', (db) => list(db, 'projects/p1/updates')],
  ['projectFiles', (db) => read(db, 'files/pf1')],
  ['services', (db) => list(db, `users/${COMPANY}/services`)],
  ['members', (db) => list(db, `companies/${COMPANY}/members`)],
  ['companyDetails', (db) => read(db, `companies/${COMPANY}`)],
  ['invitations', (db) => read(db, `companies/${COMPANY}/invitations/inv1`)],
];

/** Records no client reads from Firestore, whatever its role: the API serves them to the roles allowed. */
const API_ONLY = new Set<string>(['payLinks', 'payments', 'taxDocuments', 'supportInternalNote']);

const expected = (record: string, who: { role: CompanyRole; canApprove: boolean }) =>
  !API_ONLY.has(record) && can(who, COMPANY_RECORD_READS[record as CompanyRecord]);

/** Reads every record as `db` and returns what was allowed, by record name. */
async function outcomes(db: Firestore): Promise<Record<string, boolean>> {
  const entries = await Promise.all(
    READS.map(async ([record, read]) => {
      try {
        await read(db);
        return [record, true] as const;
      } catch (error) {
        if ((error as { code?: string }).code !== 'permission-denied') throw error;
        return [record, false] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

describe("a company's records by the member's role", () => {
  const cases: Array<[string, CompanyRole, boolean]> = [
    ['an owner', 'owner', false],
    ['a billing member', 'billing', false],
    ['a technical member', 'technical', false],
    ['a technical member with the approve right', 'technical', true],
    ['a viewer', 'viewer', false],
  ];

  it.each(cases)(
    'when %s reads every kind of record, then each read is allowed or refused as the role table says',
    async (_, role, canApprove) => {
      await seed(BOB, membership(role, canApprove));

      const allowed = await outcomes(bob());

      expect(allowed).toEqual(
        Object.fromEntries(READS.map(([record]) => [record, expected(record, { role, canApprove })])),
      );
    },
  );

  it('when a billing member reads, then invoices and renewals are allowed and no support request, message or file is', async () => {
    // The matrix above, spelled out for the two roles the issue names.
    await seed(BOB, membership('billing'));
    const billing = await outcomes(bob());
    await seed(BOB, membership('technical'));
    const technical = await outcomes(bob());

    expect(billing).toMatchObject({ invoices: true, renewals: true, supportRequests: false, supportFiles: false });
    expect(technical).toMatchObject({ invoices: false, orders: false, renewals: false, supportRequests: true });
  });
});

describe('people outside the company', () => {
  it('when a member of another company reads any record of this one, then every read is refused (and their own company reads)', async () => {
    await seed('companies/carol', { name: 'Carol Traders' });
    await seed('companies/carol/members/bob', { ...membership('owner'), companyName: 'Carol Traders' });
    await seed('users/carol/invoices/pi9', { invoiceId: 'PI/2026-27/0009', status: 'Pending' });

    const allowed = await outcomes(bob());

    expect(Object.entries(allowed).filter(([, isAllowed]) => isAllowed)).toEqual([]);
    await assertSucceeds(list(bob(), 'users/carol/invoices'));
  });

  it('when a member is removed (the membership deleted), then their next read is refused at once', async () => {
    await seed(BOB, membership('technical'));
    await assertSucceeds(read(bob(), 'supportRequests/sr1'));
    await assertSucceeds(getDocs(query(collection(bob(), 'projects'), where('uid', '==', COMPANY))));

    await rules.env.withSecurityRulesDisabled((context) => remove(context.firestore(), BOB));

    await assertFails(read(bob(), 'supportRequests/sr1'));
    await assertFails(getDocs(query(collection(bob(), 'projects'), where('uid', '==', COMPANY))));
    await assertFails(read(bob(), 'files/sf1'));
    await assertFails(list(bob(), `companies/${COMPANY}/members`));
  });

  it('when the founder is no longer the owner of their own company, then its records follow their new role, not their uid', async () => {
    await seed(`companies/${COMPANY}/members/alice`, { ...membership('billing'), uid: 'alice' });

    await assertSucceeds(list(alice(), `users/${COMPANY}/invoices`));
    await assertFails(read(alice(), 'supportRequests/sr1'));
    await assertFails(read(alice(), `companies/${COMPANY}`));
    // Their profile stays theirs: a person's, not the company's.
    await seed(`users/${COMPANY}`, { uid: COMPANY, name: 'Alice' });
    await assertSucceeds(read(alice(), `users/${COMPANY}`));
    await assertFails(read(bob(), `users/${COMPANY}`));
  });
});

describe('memberships', () => {
  it("when a person lists their own memberships across companies, then it is allowed; someone else's, or all, are not", async () => {
    await seed(BOB, membership('viewer'));
    await seed('companies/other/members/bob', { ...membership('billing'), companyName: 'Other' });

    const mine = await getDocs(query(collectionGroup(bob(), 'members'), where('uid', '==', 'bob')));

    expect(mine.docs.map((snapshot) => snapshot.ref.path).sort()).toEqual([BOB, 'companies/other/members/bob']);
    await assertFails(getDocs(query(collectionGroup(bob(), 'members'), where('uid', '==', 'alice'))));
    await assertFails(getDocs(collectionGroup(bob(), 'members')));
    await assertSucceeds(getDocs(collectionGroup(staff(), 'members')));
  });

  it('when the owner or staff read the company and its invitations, then it is allowed; nobody writes any of it', async () => {
    await assertSucceeds(read(alice(), `companies/${COMPANY}`));
    await assertSucceeds(list(alice(), `companies/${COMPANY}/invitations`));
    await assertSucceeds(read(staff(), `companies/${COMPANY}`));
    await assertSucceeds(getDocs(query(collection(staff(), 'companies'), where('name', '==', 'Alice Industries'))));
    for (const db of [alice(), staff()]) {
      await assertFails(write(db, `companies/${COMPANY}`, { name: 'Renamed' }));
      await assertFails(write(db, BOB, membership('owner')));
      await assertFails(write(db, `companies/${COMPANY}/invitations/inv2`, { role: 'owner' }));
      await assertFails(remove(db, `companies/${COMPANY}/members/alice`));
    }
    // Nor may anyone make themselves a member.
    await assertFails(write(bob(), BOB, membership('owner')));
  });
});
