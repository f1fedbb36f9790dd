import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, getDocs, orderBy, query, where } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { list, read, remove, rulesTestbed, update, write } from '../helpers/rules-env';

const rules = rulesTestbed();
const { staff, alice, bob, visitor } = rules;

const SERVICE = 'users/alice/services/o1_website-basic';
const RENEWAL = 'renewals/alice_o1_website-basic_2027-11-10';

beforeEach(async () => {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await write(db, SERVICE, { uid: 'alice', planName: 'Basic', status: 'Active', renewsOn: '2027-11-10' });
    await write(db, RENEWAL, {
      uid: 'alice',
      serviceId: 'o1_website-basic',
      renewsOn: '2027-11-10',
      status: 'Pending',
    });
  });
});

describe('services and their renewals', () => {
  it('when the owner or staff read a service, then it is allowed; another user or a visitor is denied', async () => {
    await assertSucceeds(read(alice(), SERVICE));
    await assertSucceeds(getDocs(query(collection(alice(), 'users/alice/services'), orderBy('renewsOn'))));
    await assertSucceeds(read(staff(), SERVICE));
    await assertSucceeds(
      getDocs(query(collectionGroup(staff(), 'services'), where('status', '==', 'Active'), orderBy('renewsOn'))),
    );
    await assertFails(read(bob(), SERVICE));
    await assertFails(read(visitor(), SERVICE));
    await assertFails(getDocs(collectionGroup(alice(), 'services')));
  });

  it('when anyone writes a service from a client, staff and the owner included, then it is denied', async () => {
    await assertFails(update(alice(), SERVICE, { status: 'Cancelled' }));
    await assertFails(write(alice(), 'users/alice/services/mine', { uid: 'alice', status: 'Active' }));
    await assertFails(remove(alice(), SERVICE));
    await assertFails(update(staff(), SERVICE, { renewsOn: '2030-01-01' }));
  });

  it('when the customer reads their own renewals (by uid), then it is allowed; someone else is denied; nobody writes', async () => {
    const mine = query(
      collection(alice(), 'renewals'),
      where('uid', '==', 'alice'),
      where('serviceId', '==', 'o1_website-basic'),
      orderBy('renewsOn', 'desc'),
    );
    await assertSucceeds(getDocs(mine));
    await assertSucceeds(read(alice(), RENEWAL));
    await assertSucceeds(read(staff(), RENEWAL));
    await assertFails(read(bob(), RENEWAL));
    await assertFails(getDocs(query(collection(bob(), 'renewals'), where('uid', '==', 'alice'))));
    await assertFails(list(alice(), 'renewals'));
    await assertFails(read(visitor(), RENEWAL));
    await assertFails(update(alice(), RENEWAL, { status: 'Paid' }));
    await assertFails(write(staff(), 'renewals/x', { uid: 'sam' }));
  });
});
