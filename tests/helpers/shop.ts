import type { Locator, Page } from 'playwright-core';
import { loadFirebaseHooks } from './browser';
import type { FirebaseHooks } from './e2e';
import { admin } from './emulators';
import { SAMPLE_PROFILE } from './sample-profile';

// The shop's journeys share these steps: the landing page, plans, a signed-in customer, the sandbox checkout.

export async function openHome(page: Page) {
  await page.goto('/');
  await page.locator('#products').waitFor();
}

/** The plan card's cart button, after selecting its category tab (and its panel has scrolled in: the others are inert). */
export async function planButton(
  page: Page,
  categoryId: string,
  categoryName: string,
  planName: string,
): Promise<Locator> {
  // A smooth scroll that something interrupts can snap back to another panel: choose the tab again.
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('tab', { name: categoryName }).click();
    try {
      await page.waitForFunction(
        (id) => {
          const panel = document.getElementById(`panel-${id}`)!;
          return !panel.inert && Math.abs(panel.getBoundingClientRect().left) < 2;
        },
        categoryId,
        { timeout: 5_000 },
      );
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  return page.locator(`#panel-${categoryId}`).getByRole('article', { name: planName, exact: true }).getByRole('button');
}

/** A plan as a visitor's or guest's cart keeps it in local storage (src/features/cart/local-cart.ts). */
interface LocalCartItem {
  id: string;
  name: string;
  category: string;
  price: string;
}

/** Puts `items` in the local-storage cart; it runs in the page, so pass it to addInitScript or evaluate. */
export const storeLocalCart = (items: LocalCartItem[]) => localStorage.setItem('cart-items', JSON.stringify(items));

export async function toast(page: Page, text: string) {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

/**
 * Arranges a registered customer with a profile through the page's own SDK (signing up through the
 * modal is covered by the accounts tests and by the guest journeys); returns their uid.
 */
export async function signInRegistered(page: Page, email: string, name = 'Kiran Rao'): Promise<string> {
  await loadFirebaseHooks(page);
  const uid = await page.evaluate(
    async ([address, fullName, profile]) => {
      const hooks = (window as unknown as { __fb: FirebaseHooks }).__fb;
      const [authSdk, fs, db] = await Promise.all([hooks.authSdk(), hooks.firestoreSdk(), hooks.db()]);
      const { user } = await authSdk.createUserWithEmailAndPassword(hooks.auth, address, 'password-123');
      await authSdk.updateProfile(user, { displayName: fullName });
      await fs.setDoc(fs.doc(db, 'users', user.uid), {
        uid: user.uid,
        name: fullName,
        email: address,
        ...profile,
        createdAt: fs.serverTimestamp(),
      });
      return user.uid;
    },
    [email, name, SAMPLE_PROFILE] as const,
  );
  await page.getByRole('link', { name: /^Cart, / }).waitFor();
  return uid;
}

/** The home page, signed in as a newly registered customer (see signInRegistered); returns their uid. */
export async function customerAtHome(page: Page, email: string, name?: string): Promise<string> {
  await openHome(page);
  return signInRegistered(page, email, name);
}

/** Opens the contact section's Pay Invoice tab as a newly registered customer (no pending invoice yet); returns their uid. */
export async function openInvoiceTabAsCustomer(page: Page, email: string): Promise<string> {
  const uid = await customerAtHome(page, email);
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.getByRole('tab', { name: 'Pay Invoice' }).click();
  await page.getByText('No pending invoices.').waitFor();
  return uid;
}

/** Fills the new-invoice form (as Kiran Rao) and presses Pay Invoice. */
export async function enterNewInvoice(page: Page, invoiceId: string, amount: string) {
  await page.getByLabel('Name', { exact: true }).fill('Kiran Rao');
  await page.getByLabel('Email', { exact: true }).fill('kiran@example.com');
  await page.getByLabel('Invoice ID').fill(invoiceId);
  await page.getByLabel('Amount (INR)').fill(amount);
  await page.getByRole('button', { name: 'Pay Invoice', exact: true }).click();
}

export async function sandboxCheckout(page: Page) {
  const checkout = page.getByRole('dialog', { name: 'Test checkout (sandbox)' });
  await checkout.waitFor();
  return checkout;
}

/**
 * From the home page, with an empty cart: puts the Basic website plan in the cart and pays for it in
 * the sandbox checkout, then waits on the receipt page until it says the payment succeeded.
 */
export async function payForBasicWebsite(page: Page) {
  await (await planButton(page, 'website', 'Websites & E-commerce', 'Basic')).click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await (await sandboxCheckout(page)).getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL('**/receipts/order/**');
  await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 15_000 });
}

export async function ordersOf(uid: string) {
  return (await admin().db.collection(`users/${uid}/orders`).get()).docs.map(
    (doc) => ({ id: doc.id, ...doc.data() }) as Record<string, unknown>,
  );
}
