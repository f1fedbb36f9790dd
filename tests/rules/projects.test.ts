import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, getDocs, query, where } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { expectReadsDenied, list, read, rulesTestbed, update, write } from '../helpers/rules-env';

const rules = rulesTestbed();
const { staff, alice, bob, visitor, seed } = rules;

beforeEach(async () => {
  await seed('projects/p1', { uid: 'alice', title: 'Shop-floor dashboard', status: 'Active', milestones: [] });
  await seed('projects/p1/updates/u1', { kind: 'update', body: 'Designs are ready' });
  await seed('projects/p1/signoffs/0-1', { name: 'Alice', via: 'account', atMs: 1 });
  await seed('projectLinks/h1', { projectId: 'p1', contactId: 'c1', linkNo: 1 });
});

describe('projects, their timeline and sign-offs', () => {
  it('when the customer reads their project, its updates and sign-offs, then it is allowed', async () => {
    await assertSucceeds(read(alice(), 'projects/p1'));
    await assertSucceeds(getDocs(query(collection(alice(), 'projects'), where('uid', '==', 'alice'))));
    await assertSucceeds(read(alice(), 'projects/p1/updates/u1'));
    await assertSucceeds(read(alice(), 'projects/p1/signoffs/0-1'));
  });

  it('when another customer or a visitor reads them, then it is denied', async () => {
    await expectReadsDenied([bob(), visitor()], ['projects/p1', 'projects/p1/updates/u1', 'projects/p1/signoffs/0-1']);
    await assertFails(list(bob(), 'projects'));
  });

  it('when staff read them, then it is allowed; a contact link hash is nobody’s but the server’s', async () => {
    await assertSucceeds(read(staff(), 'projects/p1'));
    await assertSucceeds(read(staff(), 'projects/p1/signoffs/0-1'));
    await expectReadsDenied([alice(), staff(), visitor()], ['projectLinks/h1']);
  });

  it('when anyone but the API writes a project, an update or a sign-off, then it is denied', async () => {
    for (const db of [alice(), staff()]) {
      await assertFails(update(db, 'projects/p1', { status: 'Completed' }));
      await assertFails(write(db, 'projects/p2', { uid: 'alice', title: 'Mine' }));
      await assertFails(write(db, 'projects/p1/updates/u2', { kind: 'comment', body: 'Hi' }));
      await assertFails(write(db, 'projects/p1/signoffs/1-1', { name: 'Alice', via: 'account' }));
    }
  });
});
