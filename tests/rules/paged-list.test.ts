import { collectionGroup, orderBy, query, Timestamp, type DocumentData } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { listenToFirstPage, loadPageAfter, type Page } from '@/lib/paged-list';
import { rulesTestbed, write } from '../helpers/rules-env';

const rules = rulesTestbed();

/** 25 orders over three customers, one a minute, newest last. */
async function seedOrders(): Promise<void> {
  await rules.env.withSecurityRulesDisabled(async (context) => {
    for (let index = 0; index < 25; index += 1) {
      await write(context.firestore(), `users/u${index % 3}/orders/o${String(index).padStart(2, '0')}`, {
        status: 'Pending',
        createdAt: Timestamp.fromMillis(1_700_000_000_000 + index * 60_000),
      });
    }
  });
}

describe('the paged-list helper (src/lib/paged-list.ts) under the rules', () => {
  it("when staff page through every customer's orders, then the first page is live and Show more reads on after the cursor until done", async () => {
    await seedOrders();
    const db = rules.staff();
    const newestFirst = query(collectionGroup(db, 'orders'), orderBy('createdAt', 'desc'));

    const first = await new Promise<Page<DocumentData>>((resolve, reject) => {
      const stop = listenToFirstPage(
        newestFirst,
        10,
        (page) => {
          stop();
          resolve(page);
        },
        reject,
      );
    });
    const second = await loadPageAfter(newestFirst, first.last!, 10);
    const third = await loadPageAfter(newestFirst, second.last!, 10);

    expect([first, second, third].map((page) => [page.items.length, page.isFull])).toEqual([
      [10, true],
      [10, true],
      [5, false],
    ]);
    const times = [first, second, third].flatMap((page) =>
      page.items.map((item) => (item.createdAt as Timestamp).toMillis()),
    );
    expect(new Set(times).size).toBe(25);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('when a customer pages the same collection group, then the rules refuse it', async () => {
    await seedOrders();
    const db = rules.env.authenticatedContext('u1').firestore();
    const error = await new Promise<Error>((resolve) => {
      listenToFirstPage(query(collectionGroup(db, 'orders'), orderBy('createdAt', 'desc')), 10, () => {}, resolve);
    });
    expect(String(error)).toMatch(/permission/i);
  });
});
