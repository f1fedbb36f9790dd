import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from '../helpers/browser';
import { currentUid, uniqueEmail } from '../helpers/e2e';
import { admin } from '../helpers/emulators';
import { expectTwoPagesOfOrders, openProfile, pageWeight, seedHistory } from '../helpers/profile-history';
import { signInRegistered } from '../helpers/shop';
import { STATUS } from '../../src/domain/status';

const browser = sharedBrowser();

// A few pages of history prove the paging; how fast the first view is with 1,000 of each is a
// benchmark (npm run bench:profile, tests/bench/profile-scale.test.ts).

/** More than two pages of orders and invoices: reading them all would be over 90 documents. */
const HISTORY = 45;

describe('profile at scale', () => {
  it('when a customer has more orders and invoices than two pages, then /profile reads and shows the newest 20 of each, and Show more pages by cursor', async () => {
    await browser.withPage(async ({ page, errors }) => {
      await page.goto('/');
      const email = uniqueEmail(`history-${HISTORY}`);
      await signInRegistered(page, email);
      await seedHistory(await currentUid(page), email, HISTORY);

      await openProfile(page, 20);
      // A page of each list (20 + 20 + 3 queries, the profile, the cart), not the whole history.
      const { elements, reads } = await pageWeight(page);
      expect(elements).toBeLessThan(2_000);
      expect(reads).toBeGreaterThan(0);
      expect(reads).toBeLessThanOrEqual(60);

      // The newest first (ORD-000044 to ORD-000025), then 'Show more' reads the next 20 (to ORD-000005).
      const { orders, rows } = await expectTwoPagesOfOrders(page, HISTORY - 1);
      // Five more remain.
      await orders.getByRole('button', { name: 'Show more' }).click();
      await rows.nth(44).waitFor();
      expect(await rows.count()).toBe(HISTORY);
      await expect(rows.nth(44).textContent()).resolves.toContain('Order #ORD-000000');
      await expect(orders.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    });
  });

  it('when a payment is confirmed on the server, then the first page flips to Paid without a reload', async () => {
    await browser.withPage(async ({ page }) => {
      const email = uniqueEmail('history-live');
      await page.goto('/');
      await signInRegistered(page, email);
      const uid = await currentUid(page);
      await seedHistory(uid, email, 25);
      await page.goto('/profile');
      const invoices = page.getByRole('region', { name: 'My Invoices' });
      const newest = invoices.getByRole('listitem').filter({ hasText: 'INV-000024' });
      const pending = invoices.getByRole('listitem').filter({ hasText: 'INV-000023' });
      await pending.getByRole('button', { name: /^Pay Now/ }).waitFor();
      await expect(newest.getByText(STATUS.paid).count()).resolves.toBe(1);
      // 25 invoices: one page of 20 and 'Show more'.
      await expect(invoices.getByRole('listitem').count()).resolves.toBe(20);
      await invoices.getByRole('button', { name: 'Show more' }).click();
      await invoices.getByRole('listitem').nth(24).waitFor();
      await expect(invoices.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);

      await admin()
        .db.doc(`users/${uid}/invoices/invoice-000023`)
        .update({ status: STATUS.paid, paymentId: 'pay_seedlive', paidAt: Timestamp.now() });
      await pending.getByRole('link', { name: 'View receipt: Inv #INV-000023' }).waitFor();
      await expect(pending.getByRole('button', { name: /^Pay Now/ }).count()).resolves.toBe(0);
      await expect(invoices.getByRole('listitem').count()).resolves.toBe(25);
    });
  });
});
