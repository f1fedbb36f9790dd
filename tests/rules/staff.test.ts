import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  doc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type Query,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { list, read, remove, rulesTestbed, update, write } from '../helpers/rules-env';
import { profile as aliceProfile } from './fixtures';

const rules = rulesTestbed();
const { staff, alice, visitor, seed } = rules;

/** A signed-in customer who set a look-alike claim value: only `staff == true` counts. */
const pretender = () => rules.env.authenticatedContext('mallory', { staff: 'true' }).firestore();
const guest = () =>
  rules.env.authenticatedContext('guest', { firebase: { sign_in_provider: 'anonymous' } }).firestore();

const issuedInvoice = {
  invoiceId: 'INV-0001',
  number: 'INV-0001',
  issuedBy: 'company',
  description: 'Website build',
  lines: [{ description: 'Design', amountPaise: 1_000_000 }],
  amount: 10000,
  currency: 'INR',
  status: 'Pending',
  createdAt: Timestamp.now(),
};

async function seedAcrossUsers(): Promise<void> {
  await seed('users/alice', { uid: 'alice', name: 'Alice', email: 'alice@example.com', createdAt: Timestamp.now() });
  await seed('users/alice/orders/o1', { status: 'Pending', total: 100, createdAt: Timestamp.now() });
  await seed('users/alice/invoices/i1', issuedInvoice);
  await seed('users/alice/queries/q1', { status: 'New', submittedAt: Timestamp.now() });
  await seed('users/bob/orders/o2', { status: 'Paid', total: 200, createdAt: Timestamp.now() });
}

/** A console list's search: the records carrying one typed word, newest first, a page at a time. */
const searchFor = (records: Query, word: string) =>
  query(records, where('searchTokens', 'array-contains', word), orderBy('createdAt', 'desc'), limit(20));

const STAFF_READABLE = [
  'enquiries',
  'payments',
  'refunds',
  'documents',
  'mail',
  'auditLog',
  'leases',
  'deletedAccounts',
];

describe('staff reads', () => {
  it("when staff read a customer's profile, orders, invoices and queries, then it is allowed", async () => {
    await seedAcrossUsers();
    await assertSucceeds(read(staff(), 'users/alice'));
    await assertSucceeds(list(staff(), 'users/alice/orders'));
    await assertSucceeds(list(staff(), 'users/alice/invoices'));
    await assertSucceeds(list(staff(), 'users/alice/queries'));
    await assertSucceeds(getDocs(searchFor(collection(staff(), 'users'), 'alice')));
  });

  it('when staff read orders, invoices and queries of every user as collection groups, then it is allowed', async () => {
    await seedAcrossUsers();
    await assertSucceeds(getDocs(query(collectionGroup(staff(), 'orders'), orderBy('createdAt', 'desc'), limit(20))));
    await assertSucceeds(
      getDocs(query(collectionGroup(staff(), 'orders'), where('status', '==', 'Paid'), orderBy('createdAt', 'desc'))),
    );
    await assertSucceeds(getDocs(collectionGroup(staff(), 'invoices')));
    await assertSucceeds(getDocs(collectionGroup(staff(), 'queries')));
    // The Invoices list's search (number, PO number, vendor code, buyer).
    await assertSucceeds(getDocs(searchFor(collectionGroup(staff(), 'invoices'), '4500012345')));
  });

  it.each(STAFF_READABLE)('when staff read %s, then it is allowed, and writing it is denied', async (name) => {
    await seed(`${name}/x`, { any: 'thing', createdAt: Timestamp.now() });
    await assertSucceeds(read(staff(), `${name}/x`));
    await assertSucceeds(getDocs(query(collection(staff(), name), limit(10))));
    await assertFails(write(staff(), `${name}/y`, { any: 'thing' }));
    await assertFails(update(staff(), `${name}/x`, { any: 'other' }));
    await assertFails(remove(staff(), `${name}/x`));
  });

  it.each([
    'webhookEvents',
    'gatewayOrders',
    'gatewayOrderClaims',
    'sandboxOrders',
    'sandboxPayments',
    'counters',
    'rateLimits',
  ])('when staff read %s (not shown in the console), then it is denied', async (name) => {
    await seed(`${name}/x`, { any: 'thing' });
    await assertFails(read(staff(), `${name}/x`));
  });

  it("when staff write a customer's documents from the browser, then it is denied (the API does it)", async () => {
    await seedAcrossUsers();
    await assertFails(update(staff(), 'users/alice/invoices/i1', { status: 'Paid' }));
    await assertFails(update(staff(), 'users/alice/queries/q1', { status: 'Closed' }));
    await assertFails(write(staff(), 'users/alice/invoices/i2', issuedInvoice));
    await assertFails(update(staff(), 'users/alice', { name: 'Renamed' }));
  });
});

describe('everyone else is denied as before', () => {
  const others = {
    'a non-staff customer': alice,
    'a look-alike claim': pretender,
    'a guest': guest,
    'a visitor': visitor,
  };

  it.each(Object.entries(others))('when %s reads across users, then it is denied', async (_who, context) => {
    await seedAcrossUsers();
    await assertFails(getDocs(collectionGroup(context(), 'orders')));
    await assertFails(getDocs(collectionGroup(context(), 'invoices')));
    await assertFails(getDocs(collectionGroup(context(), 'queries')));
    await assertFails(list(context(), 'users'));
    await assertFails(read(context(), 'users/bob/orders/o2'));
  });

  it.each(Object.entries(others))(
    'when %s reads a staff-readable collection, then it is denied',
    async (_who, context) => {
      for (const name of STAFF_READABLE) {
        await seed(`${name}/x`, { any: 'thing' });
        await assertFails(read(context(), `${name}/x`));
      }
    },
  );
});

describe('auditLog', () => {
  it.each([
    ['staff', staff],
    ['a customer', alice],
    ['a visitor', visitor],
  ] as const)('when %s creates, changes or deletes an audit entry, then it is denied', async (_who, context) => {
    await seed('auditLog/a1', { actorUid: 'sam', action: 'invoice.issue', at: Timestamp.now() });
    await assertFails(write(context(), 'auditLog/a2', { actorUid: 'sam', action: 'forged' }));
    await assertFails(update(context(), 'auditLog/a1', { action: 'hidden' }));
    await assertFails(remove(context(), 'auditLog/a1'));
  });
});

describe('invoices issued by the company', () => {
  it('when the customer reads an issued invoice, then it is allowed', async () => {
    await seed('users/alice/invoices/i1', issuedInvoice);
    await assertSucceeds(read(alice(), 'users/alice/invoices/i1'));
  });

  it('when the customer changes its amount, status, lines or issuer, then it is denied', async () => {
    await seed('users/alice/invoices/i1', issuedInvoice);
    const ref = doc(alice(), 'users/alice/invoices/i1');
    await assertFails(updateDoc(ref, { amount: 1 }));
    await assertFails(updateDoc(ref, { status: 'Paid' }));
    await assertFails(updateDoc(ref, { lines: [{ description: 'Design', amountPaise: 100 }] }));
    await assertFails(updateDoc(ref, { issuedBy: 'customer' }));
    await assertFails(setDoc(ref, { ...issuedInvoice, amount: 1, createdAt: serverTimestamp() }));
  });

  it('when the customer deletes an issued invoice, then it is denied, but their own invoice still deletes', async () => {
    await seed('users/alice/invoices/i1', issuedInvoice);
    const { issuedBy: _issuer, lines: _lines, ...own } = issuedInvoice;
    await seed('users/alice/invoices/own', own);
    await assertFails(remove(alice(), 'users/alice/invoices/i1'));
    await assertSucceeds(remove(alice(), 'users/alice/invoices/own'));
  });

  it('when the customer creates an invoice claiming the company issued it, then it is denied', async () => {
    await assertFails(
      write(alice(), 'users/alice/invoices/fake', {
        invoiceId: 'INV-1',
        amount: 1,
        currency: 'INR',
        status: 'Pending',
        issuedBy: 'company',
        createdAt: serverTimestamp(),
      }),
    );
  });
});

describe('the words staff find a profile by', () => {
  const profile = (overrides: Record<string, unknown> = {}) =>
    aliceProfile('alice', { name: 'Alice Rao', email: 'Alice@Example.com', ...overrides });

  it('when a profile carries its search words as a list of at most 300, then it saves', async () => {
    await assertSucceeds(write(alice(), 'users/alice', profile({ searchTokens: ['alice', 'al', 'rao'] })));
    await assertSucceeds(write(alice(), 'users/alice', { searchTokens: ['alice', 'r'] }, { merge: true }));
  });

  it('when search words are not a list, or more than 300, then the profile is denied', async () => {
    await assertFails(write(alice(), 'users/alice', profile({ searchTokens: 'alice rao' })));
    const tooMany = Array.from({ length: 301 }, (_, index) => `w${index}`);
    await assertFails(write(alice(), 'users/alice', profile({ searchTokens: tooMany })));
  });

  it('when a profile from before search words still has its lower-cased copies, then it can still be merged', async () => {
    await seed('users/alice', {
      ...profile({ nameLower: 'alice rao', emailLower: 'alice@example.com' }),
      createdAt: Timestamp.now(),
    });
    await assertSucceeds(write(alice(), 'users/alice', { name: 'Bob' }, { merge: true }));
  });
});
