import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AMOUNT_FORMAT_MESSAGE } from '@/domain/money';
import { sharedBrowser } from '../helpers/browser';
import {
  currentUid,
  expectAccessible,
  openPublicPage,
  PUBLIC_PAGES,
  shownDialog,
  submitSignUp,
  uniqueEmail,
} from '../helpers/e2e';
import { admin } from '../helpers/emulators';
import {
  customerAtHome,
  enterNewInvoice,
  openHome,
  openInvoiceTabAsCustomer,
  ordersOf,
  planButton,
  sandboxCheckout,
  toast,
} from '../helpers/shop';

const browser = sharedBrowser();

const PHONE = { width: 390, height: 844 };

async function closeCheckout(page: Page) {
  await sandboxCheckout(page);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Test checkout (sandbox)' }).waitFor({ state: 'detached' });
}

const invoicesOf = async (uid: string) =>
  (await admin().db.collection(`users/${uid}/invoices`).get()).docs.map((doc) => doc.data());

/** Buttons (and links styled as buttons) in view whose centre the toast covers. */
function buttonsUnderToasts(page: Page) {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll('[data-testid="toast"]')];
    const controls = [...document.querySelectorAll('button, a[href]')].filter(
      (control) => !toasts.some((toast) => toast.contains(control)),
    );
    return controls.flatMap((control) => {
      const box = control.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (box.width === 0 || y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return [];
      const hit = document.elementFromPoint(x, y);
      return toasts.some((toast) => toast.contains(hit)) ? [control.textContent?.trim() ?? ''] : [];
    });
  });
}

describe('a checkout a business can trust', () => {
  it('when a customer opens the checkout for two plans, cancels, removes one and pays, then exactly one order is payable and the first is Cancelled', async () => {
    await browser.withPage(async ({ page }) => {
      const uid = await customerAtHome(page, uniqueEmail('stale-order'));
      await (await planButton(page, 'website', 'Websites & E-commerce', 'Basic')).click();
      await toast(page, 'Basic from Websites & E-commerce has been added to your cart!');
      await (await planButton(page, 'manufacturing', 'Factory Management', 'Premium AI')).click();
      await page.getByRole('link', { name: 'Cart, 2 items' }).click();
      await expect(page.getByTestId('cart-total').textContent()).resolves.toBe('₹8,20,000');
      await expectAccessible(page);

      // The checkout of both plans is opened, then closed; one plan is removed and the cart paid.
      await page.getByRole('button', { name: 'Proceed to Pay' }).click();
      await closeCheckout(page);
      await page.getByRole('button', { name: 'Remove Premium AI (Factory Management) from cart' }).click();
      await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
      await page.getByRole('button', { name: 'Proceed to Pay' }).click();
      const checkout = await sandboxCheckout(page);

      // The order of both plans is replaced (right after the checkout opens): only the order of
      // this cart can be paid.
      await expect
        .poll(async () => (await ordersOf(uid)).map((order) => [order.status, order.total]).sort())
        .toEqual([
          ['Cancelled', 820000],
          ['Pending', 20000],
        ]);
      const orders = await ordersOf(uid);
      await expect(checkout.getByText('₹20,000').isVisible()).resolves.toBe(true);
      await checkout.getByRole('button', { name: 'Pay', exact: true }).click();

      // The receipt: order number, items, amount, payment id, date and the document to download.
      const paidOrder = orders.find((order) => order.status === 'Pending')!;
      await page.waitForURL(`**/receipts/order/${String(paidOrder.id)}`);
      await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 15_000 });
      const receipt = page.locator('main');
      await receipt.getByText(String(paidOrder.orderNumber), { exact: true }).waitFor();
      await receipt.getByText('Basic (Websites & E-commerce)').waitFor();
      await expect(page.getByTestId('receipt-amount').textContent()).resolves.toBe('₹20,000');
      await expect(page.getByTestId('receipt-payment-id').textContent()).resolves.toMatch(/^pay_/);
      await receipt.getByText('Paid on').waitFor();
      // The stack's seller is GST-registered (npm start's demo seller): the document is a Tax Invoice.
      const download = page.getByRole('button', { name: 'Download invoice' });
      await expect.poll(() => download.isEnabled(), { timeout: 20_000 }).toBe(true);
      await expectAccessible(page);
      const file = page.waitForEvent('download');
      await download.click();
      const pdf = await readFile((await (await file).path())!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

      // The profile: one Paid order with its receipt, the replaced one Cancelled, nothing to pay.
      await page.getByRole('link', { name: 'Back to My Profile' }).click();
      const myOrders = page.locator('section[aria-labelledby="my-orders"]');
      await myOrders.getByText('Paid', { exact: true }).waitFor({ timeout: 15_000 });
      // The list may first show only the cached Paid order (the receipt page read it); wait for the server's.
      await myOrders.getByText('Cancelled', { exact: true }).waitFor({ timeout: 15_000 });
      await expect(myOrders.getByText('Cancelled', { exact: true }).count()).resolves.toBe(1);
      await expect(myOrders.getByRole('button', { name: /^Pay Now/ }).count()).resolves.toBe(0);
      await expect(myOrders.getByRole('link', { name: /^View receipt/ }).count()).resolves.toBe(1);
      expect((await ordersOf(uid)).map((order) => order.status).sort()).toEqual(['Cancelled', 'Paid']);
    });
  });

  it('when an invoice attempt is abandoned, then entering it again pays that same invoice, and it can be deleted and entered correctly', async () => {
    await browser.withPage(async ({ page }) => {
      const uid = await openInvoiceTabAsCustomer(page, uniqueEmail('invoice-retry'));
      const invoiceId = `INV-${Date.now()}`;

      // An amount with more than two decimals is refused, not rounded.
      await enterNewInvoice(page, invoiceId, '1.005');
      await page.getByText(AMOUNT_FORMAT_MESSAGE).waitFor();
      expect(await invoicesOf(uid)).toEqual([]);

      // Abandoned, then retried with the same id: the same invoice, no "already pending".
      await page.getByLabel('Amount (INR)').fill('2500');
      await page.getByRole('button', { name: 'Pay Invoice', exact: true }).click();
      await closeCheckout(page);
      await page
        .getByTestId('pending-invoice')
        .filter({ hasText: `Invoice #${invoiceId}` })
        .waitFor();
      await page.getByRole('button', { name: 'Pay Invoice', exact: true }).click();
      const retry = await sandboxCheckout(page);
      await expect(retry.getByText(`Payment for Invoice #${invoiceId}`).isVisible()).resolves.toBe(true);
      await closeCheckout(page);
      expect((await invoicesOf(uid)).map((invoice) => [invoice.invoiceId, invoice.status])).toEqual([
        [invoiceId, 'Pending'],
      ]);

      // Delete it, after a confirmation.
      await page.getByRole('button', { name: `Delete invoice ${invoiceId}` }).click();
      const dialog = await shownDialog(page, 'alertdialog');
      await dialog.getByText(`Invoice #${invoiceId} for ₹2,500 has not been paid.`).waitFor();
      await expectAccessible(page, { include: '[role="alertdialog"]' });
      await dialog.getByRole('button', { name: 'Delete Invoice' }).click();
      await page.getByText('No pending invoices.').waitFor();
      await toast(page, `Invoice #${invoiceId} has been deleted.`);
      expect(await invoicesOf(uid)).toEqual([]);

      // Entered again with the right amount, and paid.
      await page.getByLabel('Amount (INR)').fill('2400');
      await page.getByRole('button', { name: 'Pay Invoice', exact: true }).click();
      const checkout = await sandboxCheckout(page);
      await expect(checkout.getByText('₹2,400').isVisible()).resolves.toBe(true);
      await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByText(`Payment successful for Invoice #${invoiceId}! The status will update shortly.`).waitFor();
      await page.getByRole('link', { name: 'View receipt' }).click();
      await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 15_000 });
      await expect(page.getByTestId('receipt-amount').textContent()).resolves.toBe('₹2,400');
    });
  });

  it('when a visitor presses Add to Cart and then signs up, then the plan is in their cart, and the toast covers no button', async () => {
    await browser.withPage(async ({ page }) => {
      await openHome(page);
      await (await planButton(page, 'learning', 'Learning Apps', 'Growth')).click();
      const signup = await shownDialog(page);
      await submitSignUp(
        page,
        signup,
        {
          name: 'Anita Desai',
          email: uniqueEmail('intent'),
          phone: '+91 98450 12345',
          password: 'secret-pass-1',
          address: '4 Lake View',
        },
        { state: 'Karnataka', city: 'Bengaluru' },
      );
      await signup.waitFor({ state: 'detached' });

      await toast(page, 'Growth from Learning Apps has been added to your cart!');
      await expect(buttonsUnderToasts(page)).resolves.toEqual([]);
      await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
      const uid = await currentUid(page);
      await expect
        .poll(async () => (await admin().db.collection(`users/${uid}/cart`).get()).docs.map((doc) => doc.id))
        .toEqual(['learning-Growth']);

      // The toast stays with the page it was shown on.
      await page.getByRole('link', { name: 'Cart, 1 item' }).click();
      await page.getByTestId('cart-line').filter({ hasText: 'Growth' }).waitFor();
      await expect(page.getByTestId('toast').count()).resolves.toBe(0);
    }, PHONE);
  });

  it('when /profile is opened at 320 px with a long name and email, then nothing scrolls sideways', async () => {
    await browser.withPage(
      async ({ page }) => {
        const email = uniqueEmail('a-customer-with-a-rather-long-address');
        expect(email.length).toBeGreaterThan(41);
        const uid = await customerAtHome(page, email, 'Venkataramanasubramaniam Ramakrishnaswamy');
        const user = admin().db.doc(`users/${uid}`);
        const order = {
          orderNumber: `ORD-${Date.now()}`,
          userId: uid,
          items: [{ id: 'website-Basic', name: 'Basic', category: 'Websites & E-commerce', price: '₹20,000' }],
          total: 20000,
          currency: 'INR',
          createdAt: new Date(),
        };
        await user.collection('orders').add({ ...order, status: 'Paid', paymentId: 'pay_Seeded00000001' });
        await user.collection('orders').add({ ...order, status: 'Pending' });
        await user.collection('invoices').add({
          invoiceId: 'INV-A-VERY-LONG-INVOICE-REFERENCE-2025-26',
          amount: 2500,
          currency: 'INR',
          status: 'Pending',
          createdAt: new Date(),
        });

        await page.goto('/profile');
        await page.getByTestId('profile-email').filter({ hasText: email }).waitFor();
        await page.locator('section[aria-labelledby="my-orders"]').getByText('Paid', { exact: true }).waitFor();
        await page.locator('section[aria-labelledby="my-invoices"]').getByText('Pending', { exact: true }).waitFor();

        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(widths.scroll).toBeLessThanOrEqual(widths.client);
        await page.getByRole('button', { name: /^Pay Now: Order/ }).waitFor();
        await page.getByRole('button', { name: /^Delete Inv/ }).waitFor();
        await expectAccessible(page);
      },
      { width: 320, height: 700 },
    );
  });

  it.each(PUBLIC_PAGES)(
    'when %s is shown, then every image on it decodes with a natural width above 0',
    async (path) => {
      await browser.withPage(async ({ page }) => {
        await openPublicPage(page, path);
        if (path === '/') await page.locator('#clients img').first().waitFor({ state: 'attached' });
        const images = await page.evaluate(() =>
          Promise.all(
            [...document.images].map(async (image) => {
              image.loading = 'eager';
              await image.decode().catch(() => undefined);
              return { src: image.getAttribute('src'), width: image.naturalWidth };
            }),
          ),
        );
        expect(images.filter((image) => image.width === 0)).toEqual([]);
        // The landing page: the hero, every product screenshot and the six client logos.
        if (path === '/') expect(images.length).toBeGreaterThanOrEqual(16);
      });
    },
  );
});
