import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  Timestamp,
  updateDoc,
  where,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { rulesTestbed } from '../helpers/rules-env';

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
    await assertSucceeds(getDoc(doc(alice(), 'supportRequests/r1')));
    await assertSucceeds(getDoc(doc(alice(), 'supportRequests/r1/messages/m1')));
    await assertFails(getDoc(doc(alice(), 'supportRequests/r1/messages/note')));
    await assertSucceeds(
      getDocs(
        query(
          collection(alice(), 'supportRequests/r1/messages'),
          where('uid', '==', 'alice'),
          where('internal', '==', false),
        ),
      ),
    );
    await assertFails(getDocs(collection(alice(), 'supportRequests/r1/messages')));
  });

  it('when another customer or a visitor reads them, then it is denied', async () => {
    for (const db of [bob(), visitor()]) {
      await assertFails(getDoc(doc(db, 'supportRequests/r1')));
      await assertFails(getDoc(doc(db, 'supportRequests/r1/messages/m1')));
      await assertFails(getDoc(doc(db, 'files/f1')));
      await assertFails(getDoc(doc(db, 'files/f1/chunks/0000')));
    }
  });

  it('when staff read everything, then it is allowed', async () => {
    await assertSucceeds(getDoc(doc(staff(), 'supportRequests/r1')));
    await assertSucceeds(getDoc(doc(staff(), 'supportRequests/r1/messages/note')));
    await assertSucceeds(getDoc(doc(staff(), 'files/f1/chunks/0000')));
    await assertSucceeds(getDoc(doc(staff(), 'supportInbound/i1')));
    await assertSucceeds(getDoc(doc(staff(), 'settings/businessCalendar')));
    await assertFails(getDoc(doc(alice(), 'supportInbound/i1')));
    await assertFails(getDoc(doc(alice(), 'settings/businessCalendar')));
  });

  it('when anyone, staff included, writes a request, message, file or the calendar from a browser, then it is denied', async () => {
    for (const db of [alice(), staff()]) {
      await assertFails(setDoc(doc(db, 'supportRequests/new'), { uid: 'alice', status: 'New' }));
      await assertFails(updateDoc(doc(db, 'supportRequests/r1'), { status: 'Closed' }));
      await assertFails(
        setDoc(doc(db, 'supportRequests/r1/messages/m2'), { uid: 'alice', internal: false, body: 'x' }),
      );
      await assertFails(deleteDoc(doc(db, 'supportRequests/r1/messages/m1')));
      await assertFails(setDoc(doc(db, 'files/f2'), { ownerUid: 'alice' }));
      await assertFails(setDoc(doc(db, 'files/f1/chunks/0001'), { data: 'x' }));
      await assertFails(setDoc(doc(db, 'settings/businessCalendar'), { holidays: [] }));
    }
  });
});
