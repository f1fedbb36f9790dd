import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from '../helpers/browser';
import {
  continueWithNewGoogleAccount,
  expectAccessible,
  saveDetailsStep,
  shownDialog,
  uniqueEmail,
} from '../helpers/e2e';
import { admin, signInWithPassword } from '../helpers/emulators';
import { mailsTo, waitForMails } from '../helpers/mail-catcher';
import { payInSandbox } from '../helpers/sandbox-payments';
import { callApi, createLogin, PASSWORD } from '../helpers/logins';
import { addDays, istToday } from '@/domain/ist';

// Links to signed-in-only pages (the invoice mail's, a receipt's, the staff console's) opened
// signed out: the login modal opens by itself on that same URL and, after signing in, the page the
// link pointed to is there, query string included, with no stop on the home page.

const browser = sharedBrowser();
/** Staff issue the customer a proforma through the console's API (which queues its mail); its id and number. */
async function issueInvoice(customerUid: string): Promise<{ id: string; number: string }> {
  const staff = await createLogin('issuing-staff', { isStaff: true });
  const issued = await callApi(await signInWithPassword(staff.email, PASSWORD), '/api/staff/invoices', {
    uid: customerUid,
    description: 'Clinic booking app, phase 1',
    lines: [{ description: 'Build', amountPaise: 45_000_00 }],
    amountsIncludeGst: true,
    dueDate: addDays(istToday(), 15),
  });
  return { id: String(issued.id), number: String(issued.number) };
}

/**
 * Every URL the page's history held, from its first load: a redirect (to the home page, say)
 * goes through history.replaceState or pushState.
 */
async function recordUrls(page: Page) {
  await page.addInitScript(() => {
    const seen = [location.pathname + location.search];
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        seen.push(location.pathname + location.search);
      };
    }
    Object.assign(window, { __urls: seen });
  });
  return async () => {
    const urls = await page.evaluate(() => (window as unknown as { __urls: string[] }).__urls);
    const current = new URL(page.url());
    return { urls: [...new Set(urls)], current: current.pathname + current.search };
  };
}

/** The login modal the page opened by itself. */
async function loginModal(page: Page): Promise<Locator> {
  const modal = await shownDialog(page);
  await modal.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  return modal;
}

async function logIn(modal: Locator, email: string) {
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password').fill(PASSWORD);
  await modal.getByRole('button', { name: 'Login', exact: true }).click();
  await modal.waitFor({ state: 'detached' });
}

describe('links to signed-in pages survive signing in', () => {
  it("when a customer opens the invoice mail's link signed out, then the login modal opens by itself and after logging in the invoice is there ready to pay", async () => {
    const customer = await createLogin('mailed-customer', { name: 'Nisha Menon' });
    const { id: invoiceId, number } = await issueInvoice(customer.uid);

    // The account link in the mail the site sent.
    const [mail] = await waitForMails(() => mailsTo(customer.email), 1);
    expect(mail?.subject).toContain(`Proforma invoice ${number}`);
    // The HTML part links "your account" to the invoice (the text part names only the page).
    const mailed = new URL(/href="([^"]+)"[^>]*>your account<\/a>/.exec(mail!.html ?? '')![1]!.replaceAll('&amp;', '&'));
    const link = mailed.pathname + mailed.search;
    expect(link).toBe(`/profile?invoice=${invoiceId}`);

    await browser.withPage(async ({ page }) => {
      const history = await recordUrls(page);
      await page.goto(link);
      let modal = await loginModal(page);

      // Closing the modal leaves a panel on the same URL, whose Login opens the modal again.
      await modal.getByRole('button', { name: 'Close sign-in dialog' }).click();
      await modal.waitFor({ state: 'detached' });
      const panel = page.getByRole('region', { name: 'Please log in' });
      await panel.getByText('Log in to view and pay your invoice.').waitFor();
      await panel.getByRole('link', { name: 'Go Back to Homepage' }).waitFor();
      await expectAccessible(page);
      await panel.getByRole('button', { name: 'Login', exact: true }).click();
      modal = await loginModal(page);
      await logIn(modal, customer.email);

      const toPay = page.getByTestId('invoice-to-pay');
      await toPay.getByRole('heading', { name: `Invoice #${number}` }).waitFor({ timeout: 20_000 });
      const pay = toPay.getByRole('button', { name: `Pay Now: Inv #${number}` });
      await expect.poll(() => pay.isEnabled()).toBe(true);
      await expect(toPay.getByText('₹45,000', { exact: true }).isVisible()).resolves.toBe(true);
      await expect(history()).resolves.toEqual({ urls: [link], current: link });
    });
  });

  it("when a customer opens a paid invoice's receipt link signed out, then after logging in in the modal the receipt is there", async () => {
    const customer = await createLogin('receipt-customer');
    const { id: invoiceId } = await issueInvoice(customer.uid);
    // Paid in the sandbox through the API, as the test checkout's Pay button does.
    await payInSandbox(customer, invoiceId, 'invoice');
    const invoice = admin().db.doc(`users/${customer.uid}/invoices/${invoiceId}`);
    await expect.poll(async () => (await invoice.get()).data()?.status, { timeout: 15_000 }).toBe('Paid');
    const link = `/receipts/invoice/${invoiceId}`;

    await browser.withPage(async ({ page }) => {
      const history = await recordUrls(page);
      await page.goto(link);
      const modal = await loginModal(page);
      await page.getByRole('region', { name: 'Please log in' }).getByText('Log in to see your receipt.').waitFor();
      await logIn(modal, customer.email);

      await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 20_000 });
      await expect(page.getByTestId('receipt-amount').textContent()).resolves.toBe('₹45,000');
      await expect(history()).resolves.toEqual({ urls: [link], current: link });
    });
  });

  it('when staff open a console link signed out, then after logging in in the modal they are on that screen', async () => {
    const staff = await createLogin('linked-staff', { isStaff: true });
    const link = '/admin/payments';

    await browser.withPage(async ({ page }) => {
      const history = await recordUrls(page);
      await page.goto(link);
      const modal = await loginModal(page);
      const panel = page.getByRole('region', { name: 'Staff console' });
      await panel.getByText('Log in with your staff account to continue.').waitFor();
      await expectAccessible(page);
      await logIn(modal, staff.email);

      await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor({ timeout: 20_000 });
      await expect(page.getByRole('link', { name: 'Payments' }).getAttribute('aria-current')).resolves.toBe('page');
      await expect(history()).resolves.toEqual({ urls: [link], current: link });
    });
  });

  it('when a new visitor signs up with Google from a profile link, then after the details step the profile is theirs', async () => {
    const email = uniqueEmail('linked-google');
    const link = '/profile';

    await browser.withPage(async ({ page }) => {
      const history = await recordUrls(page);
      await page.goto(link);
      const modal = await loginModal(page);
      await continueWithNewGoogleAccount(modal, { email, name: 'Gopal Iyer' });
      await saveDetailsStep(page, modal, { phone: '9000000002', address: '2 Google Street' });
      await modal.waitFor({ state: 'detached' });

      // The page read the profile the details step saved (not 'Could not find user profile.').
      await page.getByRole('heading', { level: 1, name: /Gopal Iyer/ }).waitFor({ timeout: 20_000 });
      await page.getByTestId('profile-email').filter({ hasText: email }).waitFor();
      await expect(history()).resolves.toEqual({ urls: [link], current: link });
    });
  });
});
