import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, getDocs, query, Timestamp, where } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { list, read, remove, rulesTestbed, write } from '../helpers/rules-env';
import { profile } from './fixtures';

const rules = rulesTestbed();
const { alice, bob, seed } = rules;

const CART_ITEM = { id: 'website-Basic', name: 'Basic', category: 'Website Development', price: '₹15,000' };

beforeEach(async () => {
  // What deletion leaves behind until it finishes (or what an old token could otherwise reach).
  await seed('users/alice', profile('alice'));
  await seed('users/alice/cart/website-Basic', CART_ITEM);
  await seed('quotes/q1', { uid: 'alice', status: 'Sent', number: 'QT/2026-27/0001', createdAt: Timestamp.now() });
  await seed('renewals/r1', { uid: 'alice', serviceId: 's1', renewsOn: '2027-01-01', status: 'Pending' });
  await seed('users/alice/services/s1', { uid: 'alice', status: 'Active', renewsOn: '2027-01-01' });
});

/** What POST /api/account/delete writes first: from then on the account's old ID token is refused. */
const deleteAlice = () => seed('deletedAccounts/alice', { uid: 'alice', deletedAt: Timestamp.now() });

describe("a deleted account's ID token (valid for up to an hour after deletion)", () => {
  it('when the account is live, then its profile, cart, quotes and renewals are readable and writable as before', async () => {
    await assertSucceeds(read(alice(), 'users/alice'));
    await assertSucceeds(write(alice(), 'users/alice/cart/website-Business', { ...CART_ITEM, id: 'website-Business' }));
    await assertSucceeds(read(alice(), 'quotes/q1'));
    await assertSucceeds(read(alice(), 'renewals/r1'));
  });

  it('when the account has a deletion record, then reading its profile, cart, services, quotes and renewals is refused', async () => {
    await deleteAlice();
    await assertFails(read(alice(), 'users/alice'));
    await assertFails(read(alice(), 'users/alice/cart/website-Basic'));
    await assertFails(list(alice(), 'users/alice/cart'));
    await assertFails(read(alice(), 'users/alice/services/s1'));
    await assertFails(read(alice(), 'quotes/q1'));
    await assertFails(
      getDocs(query(collection(alice(), 'quotes'), where('uid', '==', 'alice'), where('status', '==', 'Sent'))),
    );
    await assertFails(read(alice(), 'renewals/r1'));
    await assertFails(getDocs(query(collection(alice(), 'renewals'), where('uid', '==', 'alice'))));
  });

  it('when the account has a deletion record, then re-creating its profile or cart, or deleting anything, is refused', async () => {
    await deleteAlice();
    await rules.env.withSecurityRulesDisabled(async (context) => {
      await remove(context.firestore(), 'users/alice');
      await remove(context.firestore(), 'users/alice/cart/website-Basic');
    });
    await assertFails(write(alice(), 'users/alice', profile('alice')));
    await assertFails(write(alice(), 'users/alice/cart/website-Basic', CART_ITEM));
    await assertFails(remove(alice(), 'quotes/q1'));
    await assertFails(write(alice(), 'renewals/r1', { uid: 'alice' }));
  });

  it("when one account is deleted, then another customer's own records are unaffected", async () => {
    await deleteAlice();
    await assertSucceeds(write(bob(), 'users/bob', profile('bob')));
    await assertSucceeds(read(bob(), 'users/bob'));
  });
});
