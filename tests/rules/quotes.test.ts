import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getCountFromServer,
  getDoc,
  getDocs,
  orderBy,
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

const quote = (status: string) => ({
  uid: 'alice',
  number: 'QT/2026-27/0001',
  version: 1,
  status,
  totalPaise: 4_50_000_00,
  validUntil: '2026-06-30',
  createdAt: Timestamp.now(),
});

beforeEach(async () => {
  await seed('quotes/sent', quote('Sent'));
  await seed('quotes/draft', quote('Draft'));
  await seed('quoteLinks/hash', { quoteId: 'sent' });
});

describe('quotes', () => {
  it('when its customer reads a sent quote, then it is allowed; a draft of theirs is not', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'quotes/sent')));
    await assertFails(getDoc(doc(alice(), 'quotes/draft')));
  });

  it('when its customer lists their quotes other than drafts, then it is allowed; asking for all of them is not', async () => {
    const mine = collection(alice(), 'quotes');
    await assertSucceeds(
      getDocs(
        query(
          mine,
          where('uid', '==', 'alice'),
          where('status', 'in', ['Sent', 'Accepted', 'Declined', 'Withdrawn']),
          orderBy('createdAt', 'desc'),
        ),
      ),
    );
    await assertFails(getDocs(query(mine, where('uid', '==', 'alice'))));
  });

  it('when another customer or a visitor reads a quote, then it is denied', async () => {
    await assertFails(getDoc(doc(bob(), 'quotes/sent')));
    await assertFails(getDoc(doc(visitor(), 'quotes/sent')));
  });

  it('when staff read or count quotes of any status, then it is allowed', async () => {
    await assertSucceeds(getDoc(doc(staff(), 'quotes/draft')));
    await assertSucceeds(getCountFromServer(query(collection(staff(), 'quotes'), where('status', '==', 'Sent'))));
  });

  it('when anyone, staff or customer, writes a quote, then it is denied (only the API writes them)', async () => {
    await assertFails(updateDoc(doc(alice(), 'quotes/sent'), { status: 'Accepted' }));
    await assertFails(setDoc(doc(alice(), 'quotes/new'), quote('Accepted')));
    await assertFails(updateDoc(doc(staff(), 'quotes/sent'), { status: 'Withdrawn' }));
    await assertFails(deleteDoc(doc(staff(), 'quotes/draft')));
  });

  it('when anyone reads or writes a quote link, then it is denied', async () => {
    await assertFails(getDoc(doc(staff(), 'quoteLinks/hash')));
    await assertFails(getDoc(doc(alice(), 'quoteLinks/hash')));
    await assertFails(setDoc(doc(alice(), 'quoteLinks/other'), { quoteId: 'sent' }));
  });
});
