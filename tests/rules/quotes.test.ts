import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, getCountFromServer, getDocs, orderBy, query, Timestamp, where } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { read, remove, rulesTestbed, update, write } from '../helpers/rules-env';

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
    await assertSucceeds(read(alice(), 'quotes/sent'));
    await assertFails(read(alice(), 'quotes/draft'));
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
    await assertFails(read(bob(), 'quotes/sent'));
    await assertFails(read(visitor(), 'quotes/sent'));
  });

  it('when staff read or count quotes of any status, then it is allowed', async () => {
    await assertSucceeds(read(staff(), 'quotes/draft'));
    await assertSucceeds(getCountFromServer(query(collection(staff(), 'quotes'), where('status', '==', 'Sent'))));
  });

  it('when anyone, staff or customer, writes a quote, then it is denied (only the API writes them)', async () => {
    await assertFails(update(alice(), 'quotes/sent', { status: 'Accepted' }));
    await assertFails(write(alice(), 'quotes/new', quote('Accepted')));
    await assertFails(update(staff(), 'quotes/sent', { status: 'Withdrawn' }));
    await assertFails(remove(staff(), 'quotes/draft'));
  });

  it('when anyone reads or writes a quote link, then it is denied', async () => {
    await assertFails(read(staff(), 'quoteLinks/hash'));
    await assertFails(read(alice(), 'quoteLinks/hash'));
    await assertFails(write(alice(), 'quoteLinks/other', { quoteId: 'sent' }));
  });
});
