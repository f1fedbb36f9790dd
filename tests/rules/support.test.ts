import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, getDocs, query, Timestamp, where } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { expectReadsDenied, list, read, remove, rulesTestbed, update, write } from '../helpers/rules-env';

const rules = rulesTestbed();
const { staff, alice, bob, visitor, seed } = rules;

beforeEach(async () => {
  await seed('supportRequests/r1', { uid: 'alice', reference: 'SR-000001', status: 'New', createdAt: Timestamp.now() });
  await seed('supportRequests/r1/messages/m1', { uid: 'alice', author: 'customer', internal: false, body: 'Help' });
  await seed('supportRequests/r1/messages/note', { uid: 'alice', author: 'staff', internal: true, body: 'Internal' });
  await seed('files/f1', { ownerUid: 'alice', attachedTo: 'support/r1', name: 'a.png', sha256: 'x' });
  await seed('files/f1/chunks/0000', { data: 'bytes' });
  await seed('supportInbound/i1', { from: 'x@y.in', outcome: 'review' });
  await seed('settings/businessCalendar', { holidays: [] });
});

describe('support requests, messages and files', () => {
  it('when the requester reads their request and its messages, then it is allowed, but not an internal note', async () => {
    await assertSucceeds(read(alice(), 'supportRequests/r1'));
    await assertSucceeds(read(alice(), 'supportRequests/r1/messages/m1'));
    await assertFails(read(alice(), 'supportRequests/r1/messages/note'));
    await assertSucceeds(
      getDocs(
        query(
          collection(alice(), 'supportRequests/r1/messages'),
          where('uid', '==', 'alice'),
          where('internal', '==', false),
        ),
      ),
    );
    await assertFails(list(alice(), 'supportRequests/r1/messages'));
  });

  it('when another customer or a visitor reads them, then it is denied', async () => {
    await expectReadsDenied(
      [bob(), visitor()],
      ['supportRequests/r1', 'supportRequests/r1/messages/m1', 'files/f1', 'files/f1/chunks/0000'],
    );
  });

  it('when staff read everything, then it is allowed', async () => {
    await assertSucceeds(read(staff(), 'supportRequests/r1'));
    await assertSucceeds(read(staff(), 'supportRequests/r1/messages/note'));
    await assertSucceeds(read(staff(), 'files/f1/chunks/0000'));
    await assertSucceeds(read(staff(), 'supportInbound/i1'));
    await assertSucceeds(read(staff(), 'settings/businessCalendar'));
    await assertFails(read(alice(), 'supportInbound/i1'));
    await assertFails(read(alice(), 'settings/businessCalendar'));
  });

  it('when anyone, staff included, writes a request, message, file or the calendar from a browser, then it is denied', async () => {
    for (const db of [alice(), staff()]) {
      await assertFails(write(db, 'supportRequests/new', { uid: 'alice', status: 'New' }));
      await assertFails(update(db, 'supportRequests/r1', { status: 'Closed' }));
      await assertFails(write(db, 'supportRequests/r1/messages/m2', { uid: 'alice', internal: false, body: 'x' }));
      await assertFails(remove(db, 'supportRequests/r1/messages/m1'));
      await assertFails(write(db, 'files/f2', { ownerUid: 'alice' }));
      await assertFails(write(db, 'files/f1/chunks/0001', { data: 'x' }));
      await assertFails(write(db, 'settings/businessCalendar', { holidays: [] }));
    }
  });
});
