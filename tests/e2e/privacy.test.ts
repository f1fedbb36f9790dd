import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MARKETING_CONSENT_WORDING } from '@/domain/consent';
import { makeOrderNumber } from '@/domain/order-number';
import { readExport } from '../helpers/account-export';
import { sharedBrowser } from '../helpers/browser';
import { expectAccessible, shownDialog } from '../helpers/e2e';
import { admin } from '../helpers/emulators';
import { createLogin, pageHeading, signInAndOpen } from '../helpers/logins';
import { pendingOrder, payInSandbox } from '../helpers/sandbox-payments';
import { toast } from '../helpers/shop';

// Privacy rights in the browser: a customer downloads everything we hold about them, and deletes
// their account knowing what the law makes us keep; staff then see what is left.

const browser = sharedBrowser();

/** A paid order of the customer's: created as the browser does, paid in the sandbox through the API. */
async function paidOrder(customer: { uid: string; email: string }) {
  const orderId = await pendingOrder(customer.uid, {
    orderNumber: makeOrderNumber(),
    items: [{ id: 'website-Basic', name: 'Basic', category: 'Websites & E-commerce', price: '₹20,000' }],
    total: 20000,
  });
  const paymentId = (await payInSandbox(customer, orderId, 'product_order')).razorpay_payment_id!;
  // Numbered right after the payment commits.
  const document = admin().db.doc(`documents/${paymentId}`);
  await expect.poll(async () => (await document.get()).get('status'), { timeout: 20_000 }).toBe('issued');
  return { orderId, paymentId, number: String((await document.get()).get('number')) };
}

/** Presses Download my data in the "Your data" panel and reads the ZIP the browser saved. */
async function downloadMyData(page: Page) {
  const panel = page.getByRole('region', { name: 'Your data' });
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await panel.getByRole('button', { name: 'Download my data' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^nimbus-bespoke-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  return readExport(new Uint8Array(await readFile((await saved.path())!)));
}

describe('privacy rights', () => {
  it("when a customer with a paid order downloads their data, then the ZIP holds their profile, order, payment and the tax document's PDF, and another user gets only their own", async () => {
    const owner = await createLogin('data-owner', { name: 'Asha Owner' });
    const other = await createLogin('data-other', { name: 'Bala Other' });
    const paid = await paidOrder(owner);

    await browser.withPage(async ({ page }) => {
      await signInAndOpen(page, owner.email, '/profile');
      await page.getByRole('region', { name: 'Your data' }).waitFor({ timeout: 20_000 });
      await expectAccessible(page, { include: 'main' });

      const { files, data } = await downloadMyData(page);

      expect(data.account).toMatchObject({ uid: owner.uid, email: owner.email });
      expect(data.profile).toMatchObject({ uid: owner.uid, name: 'Asha Owner', email: owner.email });
      expect(data.collections.orders!.map((order) => [order.id, order.fields.status])).toEqual([
        [paid.orderId, 'Paid'],
      ]);
      expect(data.payments.map((payment) => [payment.id, payment.fields.amountPaise])).toEqual([
        [paid.paymentId, 2_000_000],
      ]);
      const [document] = data.documents;
      expect(document).toMatchObject({ id: paid.paymentId, fields: { number: paid.number, status: 'issued' } });
      const pdf = Buffer.from(files[document!.pdf!]!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(JSON.stringify(data)).not.toContain(other.uid);
    });

    await browser.withPage(async ({ page }) => {
      await signInAndOpen(page, other.email, '/profile');
      const { files, data } = await downloadMyData(page);
      expect(data.profile).toMatchObject({ uid: other.uid, name: 'Bala Other' });
      expect(data.collections.orders ?? []).toEqual([]);
      expect(data.payments).toEqual([]);
      expect(data.documents).toEqual([]);
      expect(Object.keys(files).sort()).toEqual(['README.txt', 'data.json']);
      const everything = JSON.stringify(data);
      for (const theirs of [owner.uid, owner.email, paid.paymentId, paid.number])
        expect(everything).not.toContain(theirs);
    });
  });

  it('when a customer with a paid tax document deletes their account, then the dialog names what is kept, everything else goes, and the console shows the deleted account with that document', async () => {
    const customer = await createLogin('leaving', { name: 'Ira Leaving' });
    const staff = await createLogin('retention-staff', { isStaff: true });
    const paid = await paidOrder(customer);
    const { db } = admin();
    const profile = db.doc(`users/${customer.uid}`);
    await profile.collection('cart').doc('gym-AI Full Suite').set({
      id: 'gym-AI Full Suite',
      name: 'AI Full Suite',
      category: 'Gym',
      price: '₹1,00,000',
    });
    await profile
      .collection('queries')
      .doc('q1')
      .set({ businessName: '', message: 'Hi', status: 'New', submittedAt: new Date() });

    await browser.withPage(async ({ page }) => {
      // Signed in just now: deleting a login needs a recent sign-in.
      await signInAndOpen(page, customer.email, '/profile');
      const panel = page.getByRole('region', { name: 'Delete Account' });
      await panel.getByRole('button', { name: 'Delete My Account' }).click({ timeout: 20_000 });
      const first = await shownDialog(page, 'alertdialog');
      await first.getByText('Are you sure you want to delete your account? This action is irreversible.').waitFor();
      await first.getByText('Kept, because the law requires it:').waitFor();
      for (const kept of [
        'Tax invoices and payment receipts, with the buyer details printed on them.',
        'Credit notes for refunds.',
        'Payment and refund records.',
      ]) {
        await first.getByText(kept).waitFor();
      }
      await first.getByText(/72 months from the due date of the annual GST return/).waitFor();
      await first.getByRole('button', { name: 'Download my data' }).waitFor();
      await expectAccessible(page, { include: '[role="alertdialog"]' });
      await first.getByRole('button', { name: 'Yes, continue' }).click();
      const last = page.getByRole('alertdialog').filter({
        hasText:
          'Please confirm one last time. All your data, including invoices and orders, will be permanently deleted.',
      });
      await last.getByText(/^The only exception is what the law makes us keep/).waitFor();
      await last.getByRole('button', { name: 'Delete Permanently' }).click();
      await toast(page, 'Your account has been successfully deleted.');
      await page.waitForURL((url) => url.pathname === '/');
    });

    // Gone: the login, the profile, the cart and the queries.
    await expect(admin().auth.getUser(customer.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await profile.get()).exists).toBe(false);
    for (const collection of ['cart', 'queries', 'orders']) {
      expect(`${collection}: ${(await profile.collection(collection).count().get()).data().count}`).toBe(
        `${collection}: 0`,
      );
    }
    // Kept: the tax document and the payment, as a deleted account's.
    for (const path of [`documents/${paid.paymentId}`, `payments/${paid.paymentId}`]) {
      expect((await db.doc(path).get()).data()).toMatchObject({ uid: customer.uid, deletedAccount: true });
    }

    await browser.withPage(async ({ page }) => {
      await signInAndOpen(page, staff.email, `/admin/customers/${customer.uid}`);
      await pageHeading(page, 'Deleted account');
      const documents = page.getByRole('region', { name: 'Tax documents' });
      await documents.getByText(paid.number, { exact: false }).waitFor({ timeout: 20_000 });
      await documents.getByText('Ira Leaving', { exact: false }).waitFor();
      await page.getByRole('region', { name: 'Payments' }).getByText(paid.paymentId).waitFor();
      expect(await page.getByText('This customer has no profile.').count()).toBe(0);
      await expectAccessible(page, { include: 'main' });
    });
  });

  it('when a customer asks for news and offers on the profile, then the API records it with its time and words, and their own edits keep it', async () => {
    const customer = await createLogin('news-reader', { name: 'Nina Reader' });
    const profile = admin().db.doc(`users/${customer.uid}`);

    await browser.withPage(async ({ page }) => {
      await signInAndOpen(page, customer.email, '/profile');
      const preferences = page.getByRole('region', { name: 'Email preferences' });
      await preferences.getByText('You have not asked for news and offers.').waitFor({ timeout: 20_000 });
      // The API's transaction and the profile's re-read share the emulators with the API suite: give them time.
      await preferences.getByRole('checkbox', { name: MARKETING_CONSENT_WORDING }).check();
      await preferences.getByText(/^You asked for news and offers on /).waitFor({ timeout: 30_000 });
      await expectAccessible(page, { include: 'main' });
      const consent = (await profile.get()).get('marketingConsent') as Record<string, unknown>;
      expect(consent).toMatchObject({ granted: true, wording: MARKETING_CONSENT_WORDING, source: 'profile' });

      // The rules keep the API's record through the customer's own edits.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByLabel('Phone').fill('9000054321');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Profile updated successfully!');
      expect((await profile.get()).data()).toMatchObject({ phone: '9000054321', marketingConsent: consent });

      await preferences.getByRole('checkbox', { name: MARKETING_CONSENT_WORDING }).uncheck();
      await preferences.getByText(/^You stopped news and offers on /).waitFor({ timeout: 30_000 });
      expect((await profile.get()).get('marketingConsent')).toMatchObject({ granted: false });
    });
  });
});
