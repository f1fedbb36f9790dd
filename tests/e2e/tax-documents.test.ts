import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { GSTIN_MESSAGES, SAMPLE_SELLER_GSTIN } from '@/domain/gst';
import { formatInrWithPaise } from '@/domain/money';
import { LEGAL_NAME_REQUIRED } from '@/domain/profile-schemas';
import { sharedBrowser } from '../helpers/browser';
import {
  axeViolations,
  chooseLocation,
  currentUid,
  guestDetailsStep,
  openLoginDialog,
  submitSignUp,
  uniqueEmail,
} from '../helpers/e2e';
import { admin, appCheckHeaders, createUserWithToken, stack } from '../helpers/emulators';
import { customerAtHome, openHome, ordersOf, payForBasicWebsite } from '../helpers/shop';

const browser = sharedBrowser();

/** A GSTIN with a valid check digit, typed as a customer might (lower case). */
const BUYER_GSTIN = '27AAPFU0939F1ZV';
/** The business that GSTIN is registered to (required with it). */
const LEGAL_NAME = 'Iyer Looms Private Limited';

/** No axe violations at all, of any impact, on what the page shows now. */
async function expectNoAxeViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(violations.map((violation) => `${violation.impact}: ${violation.id}`)).toEqual([]);
}

async function pdfText(path: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
  return (await extractText(pdf, { mergePages: true })).text;
}

// The stack runs npm start's demo seller (scripts/test.ts, scripts/with-stack.ts): GST-registered
// with the sample GSTIN, so every payment here gets a Tax Invoice.
describe('tax documents in the browser', () => {
  it("when a customer pays for a plan on npm start's demo seller, then the receipt page downloads a Tax Invoice with the sample GSTIN and its GST line", async () => {
    await browser.withPage(async ({ page }) => {
      // A customer in Pune (Maharashtra) buying from Karnataka: IGST.
      const uid = await customerAtHome(page, uniqueEmail('demo-seller'));
      await payForBasicWebsite(page);

      const download = page.getByRole('button', { name: 'Download invoice' });
      await expect.poll(() => download.isEnabled(), { timeout: 20_000 }).toBe(true);
      const file = page.waitForEvent('download');
      await download.click();
      const saved = await file;

      const [order] = await ordersOf(uid);
      const document = (
        await admin()
          .db.doc(`documents/${String(order!.paymentId)}`)
          .get()
      ).data()!;
      expect(document).toMatchObject({ kind: 'tax-invoice', status: 'issued' });
      expect(saved.suggestedFilename()).toBe(`Tax-Invoice-${String(document.number).replace(/\//g, '-')}.pdf`);
      const text = await pdfText((await saved.path())!);
      expect(text).toContain('TAX INVOICE');
      expect(text).toContain(`GSTIN: ${SAMPLE_SELLER_GSTIN}`);
      // ₹20,000 including 18% GST: ₹16,949.15 taxable and ₹3,050.85 IGST.
      expect(text).toMatch(new RegExp(`IGST @ 18%\\s+${formatInrWithPaise(305_085)}`));
      expect(text).toMatch(new RegExp(`Total\\s+${formatInrWithPaise(2_000_000)}`));
    });
  });

  it('when a customer signs up with a GSTIN and pays the cart, then the profile downloads a PDF with its number, their GSTIN and the total; another user gets 404', async () => {
    await browser.withPage(async ({ page }) => {
      await openHome(page);

      // Sign up with a GSTIN: a wrong check digit is refused, a valid one in lower case is saved upper-cased.
      const modal = await openLoginDialog(page);
      await modal.getByRole('button', { name: 'Sign Up' }).click();
      await submitSignUp(page, modal, {
        name: 'Meera Iyer',
        email: uniqueEmail('tax-invoice'),
        phone: '9000012345',
        password: 'secret-pass-1',
        address: '5 FC Road',
        gstin: '27AAPFU0939F1ZA',
      });
      await modal.getByText(GSTIN_MESSAGES['check-digit']).waitFor();
      await expectNoAxeViolations(page);
      await modal.getByLabel('GSTIN (optional)').fill(BUYER_GSTIN.toLowerCase());
      await modal.getByLabel('Legal business name (optional)').fill(LEGAL_NAME);
      await modal.getByLabel('PIN code (optional)').fill('411004');
      await modal.getByRole('button', { name: 'Create Account' }).click();
      await modal.waitFor({ state: 'detached' });
      const uid = await currentUid(page);
      expect((await admin().db.doc(`users/${uid}`).get()).data()).toMatchObject({
        gstin: BUYER_GSTIN,
        legalName: LEGAL_NAME,
        pinCode: '411004',
      });

      // Pay the cart in the sandbox.
      await payForBasicWebsite(page);

      // The profile: the GSTIN among the details, and the paid order's document to download.
      await page.getByRole('link', { name: 'Back to My Profile' }).click();
      await page.getByText('GSTIN', { exact: true }).waitFor();
      const [order] = await ordersOf(uid);
      const paymentId = String(order!.paymentId);
      expect(order).toMatchObject({ status: 'Paid', total: 20000 });
      const myOrders = page.locator('section[aria-labelledby="my-orders"]');
      const download = myOrders.getByRole('button', { name: `Download invoice: Order #${String(order!.orderNumber)}` });
      await expect.poll(() => download.isEnabled(), { timeout: 20_000 }).toBe(true);
      await expectNoAxeViolations(page);
      const file = page.waitForEvent('download');
      await download.click();
      const saved = await file;

      const document = (await admin().db.doc(`documents/${paymentId}`).get()).data()!;
      const number = String(document.number);
      expect(saved.suggestedFilename()).toBe(`Tax-Invoice-${number.replace(/\//g, '-')}.pdf`);
      const path = (await saved.path())!;
      expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(path);
      expect(text).toContain(number);
      expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
      expect(text).toContain(LEGAL_NAME);
      expect(text).toContain('411004');
      expect(text).toMatch(new RegExp(`Total\\s+${formatInrWithPaise(2_000_000)}`));

      // Another customer asking for this document, with their own token, is told it does not exist.
      const stranger = await createUserWithToken(uniqueEmail('stranger'));
      for (const path of [`/api/documents/${paymentId}.pdf`, `/api/documents/${paymentId}`]) {
        const response = await fetch(`${stack.apiUrl}${path}`, {
          headers: { Authorization: `Bearer ${stranger.idToken}`, ...(await appCheckHeaders()) },
        });
        expect(response.status).toBe(404);
        await expect(response.json()).resolves.toEqual({ message: 'Document not found.' });
      }
    });
  });

  it('when a customer edits their details or a guest completes the details step, then the GSTIN field is checked and the forms stay accessible', async () => {
    await browser.withPage(async ({ page }) => {
      await openHome(page);
      const modal = await guestDetailsStep(page);
      await modal.getByLabel('Phone').fill('9000012345');
      await modal.getByLabel('Address').fill('1 Lane');
      await chooseLocation(page);
      await modal.getByLabel('GSTIN (optional)').fill('29ABC');
      await modal.getByRole('button', { name: 'Save & Continue' }).click();
      await modal.getByText(GSTIN_MESSAGES.format).waitFor();
      await expectNoAxeViolations(page);
      await modal.getByLabel('GSTIN (optional)').fill('');
      await modal.getByRole('button', { name: 'Save & Continue' }).click();
      await modal.waitFor({ state: 'detached' });
      const uid = await currentUid(page);
      expect((await admin().db.doc(`users/${uid}`).get()).get('gstin')).toBe('');

      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit' }).click();
      const gstin = page.getByLabel('GSTIN (optional)');
      await gstin.fill('00AAPFU0939F1ZV');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(GSTIN_MESSAGES.state).waitFor();
      await expectNoAxeViolations(page);
      await gstin.fill(` ${BUYER_GSTIN.toLowerCase()} `);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(LEGAL_NAME_REQUIRED).waitFor();
      await page.getByLabel('Legal business name (optional)').fill(LEGAL_NAME);
      await page.getByLabel('PIN code (optional)').fill('411004');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Profile updated successfully!').waitFor();
      await page.getByText(BUYER_GSTIN, { exact: true }).waitFor();
      expect((await admin().db.doc(`users/${uid}`).get()).get('gstin')).toBe(BUYER_GSTIN);
    });
  });
});
