import { describe, expect, it } from 'vitest';
import { sharedBrowser } from '../helpers/browser';
import {
  currentUid,
  expectAccessible,
  expectLandmarks,
  guestDetailsStep,
  saveDetailsStep,
  submitSignUp,
  uniqueEmail,
} from '../helpers/e2e';
import { admin } from '../helpers/emulators';
import { createLogin, pageHeading, signInAndOpen } from '../helpers/logins';
import {
  customerAtHome,
  enterNewInvoice,
  openHome,
  openInvoiceTabAsCustomer,
  ordersOf,
  planButton,
  sandboxCheckout,
  storeLocalCart,
  toast,
} from '../helpers/shop';

const browser = sharedBrowser();

describe('cart and payments', () => {
  it('when a guest adds two plans, signs up and pays in the sandbox, then the cart merges, the order is Paid on the profile and the cart is empty', async () => {
    await browser.withPage(async ({ page, context, errors }) => {
      await openHome(page);

      // Continue as a guest through the modal.
      const modal = await guestDetailsStep(page);
      await modal.getByLabel('Full Name').fill('Guest Shopper');
      await saveDetailsStep(page, modal, { phone: '9000054321', address: '3 Park Street' });
      await page.getByRole('region', { name: 'Guest account notice' }).waitFor();

      // A second tab opened now has not seen the adds below.
      const secondTab = await context.newPage();
      await secondTab.goto('/');
      await secondTab.getByRole('region', { name: 'Guest account notice' }).waitFor();
      const secondBasic = await planButton(secondTab, 'website', 'Websites & E-commerce', 'Basic');
      await expect(secondBasic.textContent()).resolves.toBe('Add to Cart');

      // A guest's cart lives in local storage. (Back to the first tab: a tab in the background gets
      // no animation frames, so its smooth scrolls and clicks would stall for seconds.)
      await page.bringToFront();
      const basic = await planButton(page, 'website', 'Websites & E-commerce', 'Basic');
      await basic.click();
      await toast(page, 'Basic from Websites & E-commerce has been added to your cart!');
      await expect.poll(() => basic.textContent(), { timeout: 5_000 }).toBe('Added to Cart');
      await expect(basic.isDisabled()).resolves.toBe(true);
      await (await planButton(page, 'manufacturing', 'Factory Management', 'Starter')).click();
      await toast(page, 'Starter from Factory Management has been added to your cart!');
      await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
      const local = await page.evaluate(
        () => JSON.parse(localStorage.getItem('cart-items') ?? '[]') as Array<{ id: string }>,
      );
      expect(local.map((item) => item.id)).toEqual(['website-Basic', 'manufacturing-Starter']);

      // A second tab, opened before the adds, refuses the duplicate.
      await secondTab.bringToFront();
      await secondBasic.click();
      await toast(secondTab, 'Basic is already in your cart.');
      await secondTab.close();

      // Sign up from the guest banner: the local cart is merged into the new account's stored cart.
      const email = uniqueEmail('guest-buyer');
      await page
        .getByRole('region', { name: 'Guest account notice' })
        .getByRole('button', { name: 'Create Account' })
        .click();
      await submitSignUp(page, page.getByRole('dialog'), {
        name: 'Meera Iyer',
        email,
        phone: '9000067890',
        password: 'secret-pass-1',
        address: '8 Lake Road',
      });
      await page.getByRole('region', { name: 'Guest account notice' }).waitFor({ state: 'detached' });
      const uid = await currentUid(page);
      await expect
        .poll(async () => (await admin().db.collection(`users/${uid}/cart`).get()).docs.map((doc) => doc.id).sort(), {
          timeout: 10_000,
        })
        .toEqual(['manufacturing-Starter', 'website-Basic']);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('cart-items'))).toBeNull();

      // The cart page: lines, en-IN amounts and total.
      await page.getByRole('link', { name: 'Cart, 2 items' }).click();
      await page.getByRole('heading', { name: 'Your Shopping Cart' }).waitFor();
      await expect(page.getByTestId('cart-line-amount').allTextContents()).resolves.toEqual(['₹20,000', '₹1,10,000']);
      await expect(page.getByTestId('cart-total').textContent()).resolves.toBe('₹1,30,000');
      await expectAccessible(page, { include: 'main' });

      // Pay in the sandbox checkout.
      await page.getByRole('button', { name: 'Proceed to Pay' }).click();
      const checkout = await sandboxCheckout(page);
      await expect(checkout.getByText('₹1,30,000').isVisible()).resolves.toBe(true);
      await expectAccessible(page, { include: '[data-testid="sandbox-checkout"]' });
      await checkout.getByRole('button', { name: 'Pay', exact: true }).click();

      // The receipt replaces the spec's jump to /profile; the profile lists the order Paid.
      await page.waitForURL('**/receipts/order/*');
      await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 15_000 });
      await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();
      await page.getByRole('link', { name: 'Back to My Profile' }).click();
      const orders = page.locator('section[aria-labelledby="my-orders"]');
      await orders.getByText('Paid', { exact: true }).waitFor({ timeout: 15_000 });
      expect((await admin().db.collection(`users/${uid}/cart`).get()).size).toBe(0);
      const stored = await ordersOf(uid);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ status: 'Paid', total: 130000, currency: 'INR' });
      expect(String(stored[0]!.orderNumber)).toMatch(/^ORD-\d{13}$/);
      expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);

      // Each plan opened a project, which the console's Projects list names after the buyer and
      // finds by their name.
      const staff = await createLogin('cart-projects-staff', { isStaff: true });
      await browser.withPage(
        async ({ page: staffPage }) => {
          await signInAndOpen(staffPage, staff.email, '/admin/projects');
          await pageHeading(staffPage, 'Projects');
          const search = staffPage.getByLabel('Search projects');
          await search.fill('nobody-by-this-name');
          await staffPage.getByText('No project under “Active” matches your search.', { exact: false }).waitFor();
          await search.fill('meera iyer');
          const rows = staffPage
            .getByRole('list', { name: 'Projects: Active' })
            .getByRole('listitem')
            .filter({ hasText: `Order ${String(stored[0]!.orderNumber)}` });
          await rows.first().waitFor({ timeout: 20_000 });
          expect(
            (await rows.allInnerTexts()).map((row) => row.split('\n').filter(Boolean).slice(0, 2).join(' · ')).sort(),
          ).toEqual(['Factory Management – Starter · Meera Iyer', 'Websites & E-commerce – Basic · Meera Iyer']);
          await expectAccessible(staffPage);
          await expectLandmarks(staffPage);
        },
        { width: 1280, height: 900 },
      );
    });
  });

  it('when the sandbox checkout fails, then the spec error shows and the order stays Pending; Pay Now on the profile then flips it to Paid live', async () => {
    await browser.withPage(async ({ page }) => {
      const uid = await customerAtHome(page, uniqueEmail('failing-buyer'));
      await (await planButton(page, 'gym', 'Gym & Fitness', 'Digital Gym Companion')).click();
      await page.getByRole('link', { name: 'Cart, 1 item' }).click();

      await page.getByRole('button', { name: 'Proceed to Pay' }).click();
      await (await sandboxCheckout(page)).getByRole('button', { name: 'Fail' }).click();

      await toast(page, 'An error occurred during payment: The test payment was declined.');
      await page.getByRole('button', { name: 'Proceed to Pay' }).waitFor();
      expect(page.url()).toMatch(/\/cart$/);
      await expect.poll(async () => (await ordersOf(uid)).map((order) => order.status)).toEqual(['Pending']);
      await expect
        .poll(async () => Boolean((await ordersOf(uid))[0]?.lastPaymentFailure), { timeout: 10_000 })
        .toBe(true);

      // The profile's Pay Now reuses the payment flow; the live list shows Paid without a reload.
      await page.getByRole('link', { name: 'Profile' }).click();
      const orders = page.locator('section[aria-labelledby="my-orders"]');
      await orders.getByText('Pending', { exact: true }).waitFor();
      await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
      await orders.getByRole('button', { name: /^Pay Now/ }).click();
      await (await sandboxCheckout(page)).getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL('**/receipts/order/*');
      await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 15_000 });
      await expect(page.getByTestId('receipt-payment-id').textContent()).resolves.toMatch(/^pay_/);
      await page.getByRole('link', { name: 'Back to My Profile' }).click();
      await orders.getByText('Paid', { exact: true }).waitFor({ timeout: 15_000 });
      await expect(page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).resolves.toBe(1);
    });
  });

  it('when a customer closes the checkout, then fails, then pays, then the cart has exactly one order and it is Paid', async () => {
    await browser.withPage(async ({ page }) => {
      const uid = await customerAtHome(page, uniqueEmail('retrying-buyer'));
      await (await planButton(page, 'website', 'Websites & E-commerce', 'Basic')).click();
      await toast(page, 'Basic from Websites & E-commerce has been added to your cart!');
      await page.getByRole('link', { name: 'Cart, 1 item' }).click();
      const proceed = page.getByRole('button', { name: 'Proceed to Pay' });

      // Escape closes the checkout without an error; the order stays Pending.
      await proceed.click();
      await sandboxCheckout(page);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Test checkout (sandbox)' }).waitFor({ state: 'detached' });
      await proceed.waitFor();
      await expect.poll(async () => (await ordersOf(uid)).map((order) => order.status)).toEqual(['Pending']);
      const [first] = await ordersOf(uid);

      // A declined payment, then a successful one: both retries pay that same order.
      await proceed.click();
      await (await sandboxCheckout(page)).getByRole('button', { name: 'Fail' }).click();
      await toast(page, 'An error occurred during payment: The test payment was declined.');
      await proceed.waitFor();
      await proceed.click();
      const checkout = await sandboxCheckout(page);
      await expect(checkout.getByText(`Payment for Order #${String(first!.orderNumber)}`).isVisible()).resolves.toBe(
        true,
      );
      await checkout.getByRole('button', { name: 'Pay', exact: true }).click();

      await page.waitForURL('**/receipts/order/*');
      await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 15_000 });
      // The decline's toast does not stay next to the success.
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
      const stored = await ordersOf(uid);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        id: first!.id,
        orderNumber: first!.orderNumber,
        status: 'Paid',
        total: 20000,
        currency: 'INR',
        userId: uid,
      });
    });
  });

  it('when a signed-in user pays invoices on the contact tab, then duplicates are refused and a paid invoice leaves the list', async () => {
    await browser.withPage(async ({ page }) => {
      const uid = await openInvoiceTabAsCustomer(page, uniqueEmail('invoice-payer'));
      const invoiceId = `INV-${Date.now()}`;

      // A new invoice whose payment fails stays pending in the list.
      await enterNewInvoice(page, invoiceId, '2500');
      const checkout = await sandboxCheckout(page);
      await expect(checkout.getByText(`Payment for Invoice #${invoiceId}`).isVisible()).resolves.toBe(true);
      await checkout.getByRole('button', { name: 'Fail' }).click();
      await page.getByRole('alert').filter({ hasText: 'The test payment was declined.' }).waitFor();
      const pending = page.getByTestId('pending-invoice');
      await pending.filter({ hasText: `Invoice #${invoiceId}` }).waitFor();
      await expect(page.getByLabel('Invoice ID').inputValue()).resolves.toBe(invoiceId);

      // The same id with another amount is refused (the same amount would pay that same invoice).
      await page.getByLabel('Amount (INR)').fill('2400');
      await page.getByRole('button', { name: 'Pay Invoice', exact: true }).click();
      await page.getByText('This invoice is already pending. Please pay from the list above.').waitFor();
      await expectAccessible(page, { include: '#contact' });

      // Pay it from the list.
      await page.getByRole('button', { name: `Pay invoice ${invoiceId}` }).click();
      await (await sandboxCheckout(page)).getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByText(`Payment successful for Invoice #${invoiceId}! The status will update shortly.`).waitFor();
      await pending.filter({ hasText: `Invoice #${invoiceId}` }).waitFor({ state: 'detached', timeout: 10_000 });

      // A brand-new invoice paid straight away: success, the form clears, and the list stays without it.
      const secondId = `${invoiceId}-B`;
      await page.getByLabel('Invoice ID').fill(secondId);
      await page.getByRole('button', { name: 'Pay Invoice', exact: true }).click();
      await (await sandboxCheckout(page)).getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByText(`Payment successful for Invoice #${secondId}! The status will update shortly.`).waitFor();
      await expect(page.getByLabel('Invoice ID').inputValue()).resolves.toBe('');
      // The list is live: the paid invoice leaves it once the server has marked it Paid.
      await page.getByText('No pending invoices.').waitFor({ timeout: 10_000 });

      const invoices = (await admin().db.collection(`users/${uid}/invoices`).get()).docs.map((doc) => doc.data());
      expect(invoices.map((invoice) => [invoice.invoiceId, invoice.status]).sort()).toEqual([
        [invoiceId, 'Paid'],
        [secondId, 'Paid'],
      ]);
    });
  });

  it('when a visitor tries to pay a cart, then they are asked to log in and the login modal opens', async () => {
    await browser.withPage(async ({ page }) => {
      await page.goto('/');
      await page.evaluate(storeLocalCart, [
        { id: 'website-Premium', name: 'Premium', category: 'Websites & E-commerce', price: '₹60,000' },
      ]);
      await page.goto('/cart');
      await page.getByRole('button', { name: 'Login / Sign Up' }).waitFor();

      await page.getByRole('button', { name: 'Proceed to Pay' }).click();

      await toast(page, 'Please log in or sign up to proceed with the payment.');
      await page.getByRole('dialog').getByRole('heading', { name: 'Welcome Back' }).waitFor();
    });
  });

  it('when the cart is empty, then it says so and links back to the products', async () => {
    await browser.withPage(async ({ page }) => {
      await page.goto('/cart');
      await page.getByText('Your cart is currently empty.').waitFor();
      await expect(page.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).resolves.toBe(
        '/#products',
      );
      await expect(page.getByRole('button', { name: 'Proceed to Pay' }).count()).resolves.toBe(0);
    });
  });
});
