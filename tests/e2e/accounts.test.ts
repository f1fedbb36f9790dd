import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadFirebaseHooks, sharedBrowser } from '../helpers/browser';
import {
  continueWithNewGoogleAccount,
  currentUid,
  expectAccessible,
  guestDetailsStep,
  openLoginDialog,
  saveDetailsStep,
  shownDialog,
  submitSignUp,
  uniqueEmail,
  type FirebaseHooks,
} from '../helpers/e2e';
import { admin, oobCodes } from '../helpers/emulators';

const browser = sharedBrowser();

async function openHome(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login / Sign Up' }).waitFor();
}

describe('accounts', () => {
  it('when a visitor signs up with every field, then they are signed in with a profile; then logout, wrong password, reset and login work', async () => {
    await browser.withPage(async ({ page }) => {
      const email = uniqueEmail('signup');
      await openHome(page);

      let modal = await openLoginDialog(page);
      await expect(modal.getByRole('heading', { name: 'Welcome Back' }).isVisible()).resolves.toBe(true);
      await expectAccessible(page);

      await modal.getByRole('button', { name: 'Sign Up' }).click();
      await modal.getByRole('heading', { name: 'Create an Account' }).waitFor();
      await expectAccessible(page);

      // Mismatched passwords are refused before anything is sent.
      await submitSignUp(page, modal, {
        name: 'Riya Sharma',
        email,
        phone: '+91 90000 11111',
        password: 'secret-pass-1',
        confirm: 'something-else',
        address: '5 FC Road',
      });
      await modal.getByText('Passwords do not match.').waitFor();

      await modal.getByLabel('Confirm Password').fill('secret-pass-1');
      await modal.getByRole('button', { name: 'Create Account' }).click();
      await modal.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Logout' }).waitFor();

      const uid = await currentUid(page);
      const profile = (await admin().db.doc(`users/${uid}`).get()).data();
      expect(profile).toMatchObject({
        uid,
        name: 'Riya Sharma',
        email,
        phone: '+91 90000 11111',
        address: '5 FC Road',
        country: 'India',
        state: 'Maharashtra',
        city: 'Pune',
        isAnonymous: false,
      });
      expect(profile?.createdAt?.toDate()).toBeInstanceOf(Date);

      await page.getByRole('button', { name: 'Logout' }).click();
      modal = await openLoginDialog(page);
      await modal.getByLabel('Email').fill(email);
      await modal.getByLabel('Password').fill('wrong-password');
      await modal.getByRole('button', { name: 'Login' }).click();
      await modal.getByText('Invalid email or password. Please try again.').waitFor();

      await modal.getByLabel('Email').fill('');
      await modal.getByRole('button', { name: 'Forgot Password?' }).click();
      await modal.getByText('Please enter your email address to reset your password.').waitFor();
      await modal.getByLabel('Email').fill(email);
      await modal.getByRole('button', { name: 'Forgot Password?' }).click();
      await modal.getByText('A password reset link has been sent to your email address.').waitFor();
      expect((await oobCodes()).some((code) => code.email === email && code.requestType === 'PASSWORD_RESET')).toBe(
        true,
      );

      await modal.getByLabel('Password').fill('secret-pass-1');
      await modal.getByRole('button', { name: 'Login' }).click();
      await modal.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      expect(await currentUid(page)).toBe(uid);
    });
  });

  it('when a visitor continues as a guest and later links an email, then the profile stops being a guest one', async () => {
    await browser.withPage(async ({ page }) => {
      const email = uniqueEmail('guest');
      await openHome(page);

      const modal = await guestDetailsStep(page);
      await modal.getByText('Just a few more details to get you started.').waitFor();
      await expectAccessible(page);

      expect(await modal.getByLabel('Full Name').inputValue()).toBe('Guest User');
      await saveDetailsStep(page, modal, { phone: '9000000001', address: '1 Guest Lane' });
      await modal.waitFor({ state: 'detached' });
      await page.getByRole('status').filter({ hasText: 'link an email or Google account in your profile' }).waitFor();
      await page
        .getByText('You are browsing as a Guest. To save your cart and data, please create an account or sign in.')
        .waitFor();
      const uid = await currentUid(page);

      await page.getByRole('link', { name: 'Profile' }).click();
      await page.getByText('Guest Account', { exact: true }).waitFor();
      await page.getByText('No email provided').waitFor();
      await page.getByRole('heading', { name: 'My Invoices' }).waitFor();
      await page.getByText('No invoices found.').waitFor();
      await page.getByText("You haven't submitted any queries.").waitFor();
      await page.getByText('You have not placed any orders yet.').waitFor();
      await expectAccessible(page);

      const form = page.getByRole('form', { name: 'Link an email and password' });
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password', { exact: true }).fill('guest-pass-1');
      await form.getByLabel('Confirm Password').fill('guest-pass-2');
      await form.getByRole('button', { name: 'Link Email & Password' }).click();
      await form.getByText('Passwords do not match.').waitFor();

      await form.getByLabel('Confirm Password').fill('guest-pass-1');
      await Promise.all([
        page.waitForEvent('load'),
        form.getByRole('button', { name: 'Link Email & Password' }).click(),
      ]);
      await page.getByTestId('profile-email').filter({ hasText: email }).waitFor();
      expect(await page.getByText('Guest Account', { exact: true }).count()).toBe(0);

      expect(await currentUid(page)).toBe(uid);
      const profile = (await admin().db.doc(`users/${uid}`).get()).data();
      expect(profile).toMatchObject({ isAnonymous: false, email, name: 'Guest User', city: 'Pune' });
      const authUser = await admin().auth.getUser(uid);
      expect(authUser.email).toBe(email);
      expect(authUser.providerData.map((info) => info.providerId)).toContain('password');
    });
  });

  it('when a new Google user signs in, then the details step comes first; the next time they go straight in', async () => {
    await browser.withPage(async ({ page }) => {
      const email = uniqueEmail('google');
      await openHome(page);

      let modal = await openLoginDialog(page);
      await continueWithNewGoogleAccount(modal, { email, name: 'Gopal Iyer' });
      const emailField = modal.getByLabel('Email (optional)');
      expect(await emailField.inputValue()).toBe(email);
      expect(await emailField.getAttribute('readonly')).not.toBeNull();
      expect(await modal.getByLabel('Full Name').inputValue()).toBe('Gopal Iyer');
      await saveDetailsStep(page, modal, { phone: '9000000002', address: '2 Google Street' });
      await modal.waitFor({ state: 'detached' });
      const uid = await currentUid(page);
      expect((await admin().auth.getUser(uid)).providerData.map((info) => info.providerId)).toEqual(['google.com']);
      expect((await admin().db.doc(`users/${uid}`).get()).data()).toMatchObject({
        email,
        name: 'Gopal Iyer',
        isAnonymous: false,
      });

      await page.getByRole('button', { name: 'Logout' }).click();
      modal = await openLoginDialog(page);
      await modal.getByRole('button', { name: 'Continue with Google' }).click();
      await modal.getByRole('button', { name: `Gopal Iyer (${email})` }).click();
      await modal.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      expect(await currentUid(page)).toBe(uid);

      // Edit profile persists.
      await page.getByRole('link', { name: 'Profile' }).click();
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('heading', { name: 'Edit Details' }).waitFor();
      await page.getByLabel('Phone').fill('9111111111');
      await page.getByLabel('State').selectOption({ label: 'Karnataka' });
      expect(await page.getByLabel('City').inputValue()).toBe('');
      await page.getByLabel('City').selectOption({ label: 'Bengaluru' });
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Profile updated successfully!').waitFor();
      await page.reload();
      await page.getByText('9111111111').waitFor();
      await page.getByText('Bengaluru', { exact: true }).waitFor();
      expect((await admin().db.doc(`users/${uid}`).get()).data()).toMatchObject({
        phone: '9111111111',
        state: 'Karnataka',
        city: 'Bengaluru',
      });
    });
  });

  it('when a user deletes their account, then the login and every document under users/{uid} are gone', async () => {
    await browser.withPage(async ({ page }) => {
      const email = uniqueEmail('delete');
      await openHome(page);
      const modal = await openLoginDialog(page);
      await modal.getByRole('button', { name: 'Sign Up' }).click();
      await submitSignUp(page, modal, {
        name: 'Dev Delete',
        email,
        phone: '9000000003',
        password: 'delete-pass-1',
        address: '3 Gone Road',
      });
      await modal.waitFor({ state: 'detached' });
      const uid = await currentUid(page);

      // More than one batch of 500 deletes, in every sub-collection.
      const { db } = admin();
      const user = db.doc(`users/${uid}`);
      for (let start = 0; start < 510; start += 255) {
        const batch = db.batch();
        for (let index = start; index < start + 255; index++) {
          batch.set(user.collection('invoices').doc(`inv-${index}`), {
            invoiceId: `INV-${index}`,
            amount: 100 + index,
            currency: 'INR',
            status: index === 0 ? 'Pending' : 'Paid',
            createdAt: new Date(Date.now() - index * 1000),
          });
        }
        await batch.commit();
      }
      await user
        .collection('queries')
        .doc('q1')
        .set({ businessName: '', message: 'Hi', status: 'New', submittedAt: new Date() });
      await user
        .collection('orders')
        .doc('o1')
        .set({
          orderNumber: 'ORD-1700000000000',
          userId: uid,
          items: [{ id: 'website-Basic', name: 'Basic', category: 'Website', price: '₹20,000' }],
          total: 20000,
          currency: 'INR',
          status: 'Cancelled',
          createdAt: new Date(),
        });
      await user
        .collection('cart')
        .doc('website-Basic')
        .set({ id: 'website-Basic', name: 'Basic', category: 'Website', price: '₹20,000' });

      await page.getByRole('link', { name: 'Profile' }).click();
      await page.getByText('Inv #INV-0').waitFor();
      await page.getByText('General Query').waitFor();
      expect(await page.getByRole('button', { name: /^Pay Now/ }).count()).toBe(1);

      const confirmBoth = async (checkAccessibility: boolean) => {
        await page.getByRole('button', { name: 'Delete My Account' }).click();
        const first = page.getByRole('alertdialog');
        await first.getByText('Are you sure you want to delete your account? This action is irreversible.').waitFor();
        if (checkAccessibility) {
          await shownDialog(page, 'alertdialog');
          // The page behind was checked in the guest journey; 500 list rows make a full scan slow.
          await expectAccessible(page, { include: '[role="alertdialog"]' });
        }
        await first.getByRole('button', { name: 'Yes, continue' }).click();
        const last = page.getByRole('alertdialog').filter({
          hasText:
            'Please confirm one last time. All your data, including invoices and orders, will be permanently deleted.',
        });
        await last.waitFor();
        await last.getByRole('button', { name: 'Delete Permanently' }).click();
      };

      // A login older than Firebase's 5 minutes: refused before anything is deleted.
      await page.evaluate(() => {
        const realNow = Date.now.bind(Date);
        Object.assign(window, { __realNow: realNow });
        Date.now = () => realNow() + 10 * 60 * 1000;
      });
      await confirmBoth(true);
      await page
        .getByText('Error deleting account. You may need to sign out and sign back in to perform this operation.')
        .waitFor();
      expect((await user.get()).exists).toBe(true);
      expect((await user.collection('invoices').count().get()).data().count).toBe(510);
      expect((await admin().auth.getUser(uid)).uid).toBe(uid);

      // A recent login: everything goes.
      await page.evaluate(() => {
        Date.now = (window as unknown as { __realNow: () => number }).__realNow;
      });
      await confirmBoth(false);
      await page.getByText('Your account has been successfully deleted.').waitFor({ timeout: 60_000 });
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Login / Sign Up' }).waitFor();

      await expect(admin().auth.getUser(uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
      expect((await user.get()).exists).toBe(false);
      for (const collection of await user.listCollections()) {
        expect(`${collection.id}: ${(await collection.count().get()).data().count}`).toBe(`${collection.id}: 0`);
      }
    });
  });

  it('when an order written before the rules checked items holds a null item, then /profile skips and logs it and shows the rest', async () => {
    await browser.withPage(async ({ page, errors }) => {
      const email = uniqueEmail('malformed');
      const { auth, db } = admin();
      const { uid } = await auth.createUser({ email, password: 'password-123' });
      await db.doc(`users/${uid}`).set({
        uid,
        name: 'Meera Iyer',
        email,
        phone: '9000077777',
        address: '4 Lake Road',
        city: 'Pune',
        state: 'Maharashtra',
        country: 'India',
        isAnonymous: false,
        createdAt: new Date(),
      });
      const goodItem = { id: 'website-Basic', name: 'Basic', category: 'Websites & E-commerce', price: '₹20,000' };
      const orders = db.collection(`users/${uid}/orders`);
      const order = (orderNumber: string, items: unknown[], minutesAgo: number) => ({
        orderNumber,
        userId: uid,
        items,
        total: 20000,
        currency: 'INR',
        status: 'Pending',
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      });
      // The Admin SDK writes what the rules now refuse, as old data would be.
      await orders.doc('good-new').set(order('ORD-1700000000003', [goodItem], 1));
      await orders.doc('null-item').set(order('ORD-1700000000002', [goodItem, null], 2));
      await orders.doc('junk-items').set(order('ORD-1700000000001', [1, 'two', null], 3));
      await orders.doc('good-old').set(order('ORD-1700000000000', [goodItem], 4));
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });

      await openHome(page);
      await loadFirebaseHooks(page);
      await page.evaluate(
        async ([address]) => {
          const hooks = (window as unknown as { __fb: FirebaseHooks }).__fb;
          const sdk = await hooks.authSdk();
          await sdk.signInWithEmailAndPassword(hooks.auth, address!, 'password-123');
        },
        [email],
      );
      await page.getByRole('link', { name: 'Profile' }).click();

      const list = page.locator('section[aria-labelledby="my-orders"]');
      await list.getByText('Order #ORD-1700000000003').waitFor();
      await list.getByText('Order #ORD-1700000000000').waitFor();
      expect(await list.getByText('Order #ORD-1700000000002').count()).toBe(0);
      expect(await list.getByText('Order #ORD-1700000000001').count()).toBe(0);
      expect(await list.getByText('Could not load this list. Please reload the page.').count()).toBe(0);
      expect(warnings.filter((text) => text.includes('Skipped a malformed document'))).toHaveLength(2);
      expect(warnings.join('\n')).toContain(`users/${uid}/orders/null-item`);
      expect(errors).toEqual([]);
    });
  });
});
