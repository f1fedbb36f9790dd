import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '@/domain/catalogue';
import { addDays, istToday } from '@/domain/ist';
import { quoteLinkToken } from '../../server/quotes/store';
import { sharedBrowser } from '../helpers/browser';
import { openLoginDialog, shownDialog } from '../helpers/e2e';
import { signInWithPassword } from '../helpers/emulators';
import { callApi, createLogin } from '../helpers/logins';
import { quoteFields } from '../helpers/quote-fields';
import { planButton } from '../helpers/shop';

// What people stumbled on (issue 31), in the browser: dialogs out of reach, amounts hidden on a
// phone, focus left behind, and a tap on a slow phone that did nothing.

const browser = sharedBrowser();

const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The e2e stack's pay-link secret (server/config.ts's demo value). */
const DEMO_LINK_SECRET = 'local-pay-link-secret-for-the-emulators-only';

/** Whether `locator` lies wholly inside the window as it is now (no scrolling). */
async function isInWindow(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return Boolean(
    box && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height,
  );
}

/** The sign-up dialog's heading and × are in the window and the × closes it. */
async function expectHeadingAndCloseInView(page: Page, dialog: Locator) {
  const heading = dialog.getByRole('heading', { name: 'Create an Account' });
  const close = dialog.getByRole('button', { name: 'Close sign-in dialog' });
  await heading.waitFor();
  expect(await isInWindow(page, heading)).toBe(true);
  expect(await isInWindow(page, close)).toBe(true);
  // Clicked where it is (no scrolling first): the dialog closes.
  const box = (await close.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await dialog.waitFor({ state: 'detached' });
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

describe('the sign-up dialog on any window', () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`when a visitor presses Sign Up at ${viewport.width}×${viewport.height}, then the dialog's heading and close button are in view and clickable`, async () => {
      await browser.withPage(async ({ page }) => {
        await page.goto('/');
        const dialog = await openLoginDialog(page);
        await dialog.getByRole('button', { name: 'Sign Up' }).click();
        await dialog.getByRole('heading', { name: 'Create an Account' }).waitFor();
        await expectHeadingAndCloseInView(page, dialog);
      }, viewport);
    });

    it(`when a signed-out visitor presses Add to Cart at ${viewport.width}×${viewport.height}, then the sign-up dialog says why, with its heading and close button in view`, async () => {
      await browser.withPage(async ({ page }) => {
        await page.goto('/');
        await page.locator('#products').waitFor();
        await (await planButton(page, 'website', 'Websites & E-commerce', 'Business')).click();
        const dialog = await shownDialog(page);
        await dialog.getByText('to add Business to your cart').waitFor();
        await expectHeadingAndCloseInView(page, dialog);
      }, viewport);
    });
  }
});

describe('a slow phone', () => {
  it('when the CPU is slowed 4× and a visitor taps Add to Cart the moment it shows, then the sign-up dialog opens', async () => {
    await browser.withPage(async ({ page }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto('/', { waitUntil: 'commit' });
      // The first category's panel is the one shown: no tab to choose first.
      const button = page.locator(`#panel-${CATEGORIES[0]!.id}`).getByRole('button', { name: 'Add to Cart' }).first();
      // Tapped as soon as it is live (Playwright's own waiting click scrolls the sideways panels
      // while it retries, which moves the plan out of reach).
      await button.evaluate((element) =>
        element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' }),
      );
      await button.and(page.locator(':not([aria-disabled])')).waitFor({ timeout: 60_000 });
      await button.click({ force: true });
      const dialog = await shownDialog(page);
      await dialog.getByRole('heading', { name: 'Create an Account' }).waitFor({ timeout: 60_000 });
    }, PHONE);
  });
});

describe('forms focus the first field to fix', () => {
  it('when the contact form and the quote request form are sent empty, then Name has the focus', async () => {
    await browser.withPage(async ({ page }) => {
      await page.goto('/');
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Login / Sign Up' }).waitFor();
      await page.getByRole('button', { name: 'Send Query' }).click();
      const name = page.locator('#contact').getByRole('textbox', { name: 'Name', exact: true });
      await page.getByText('Name is required.').first().waitFor();
      expect(await isFocused(name)).toBe(true);

      await page.getByRole('tab', { name: 'Request a Quote' }).click();
      const form = page.getByRole('form', { name: 'Request a quote' });
      await form.getByRole('button', { name: 'Request a Quote' }).click();
      await form.getByText('Name is required.').waitFor();
      expect(await isFocused(form.getByRole('textbox', { name: 'Name', exact: true }))).toBe(true);
    }, LAPTOP);
  });
});

describe('documents on a phone', () => {
  const LONG = 'Nimbus Bespoke Software: integration of the Chennai warehouse with the billing system';

  async function sentQuoteToken(staffToken: string, uid: string) {
    const quote = await callApi(staffToken, '/api/staff/quotes', {
      ...quoteFields({
        lines: [
          { description: LONG, sac: '998314', quantity: 1, ratePaise: 3_00_000_00 },
          { description: 'Training', sac: '998314', quantity: 3, ratePaise: 50_000_00 },
        ],
      }),
      uid,
    });
    await callApi(staffToken, `/api/staff/quotes/${String(quote.id)}/send`, {});
    return quoteLinkToken(DEMO_LINK_SECRET, String(quote.id));
  }

  /** Every line's amount (its last cell) is inside the window once scrolled to, and the page never scrolls sideways. */
  async function expectAmountsInView(page: Page, tableName: string) {
    const rows = page.getByRole('table', { name: tableName }).locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(1);
    for (const row of await rows.all()) {
      const amount = row.locator('td').last();
      await amount.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      expect(await amount.textContent()).toMatch(/₹/);
      expect(await isInWindow(page, amount)).toBe(true);
      // Not hidden by a box that scrolls sideways: the cell itself is what is drawn at its centre.
      const isTop = await amount.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return Boolean(top && element.contains(top));
      });
      expect(isTop).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  it("when a quote link and a pay link are opened at 390 px, then every line's amount is in view without scrolling sideways", async () => {
    const staff = await createLogin('stumble-staff', { isStaff: true });
    const customer = await createLogin('stumble-customer', { profile: { businessName: 'Nimbus Bespoke Software' } });
    const staffToken = await signInWithPassword(staff.email);
    const quoteToken = await sentQuoteToken(staffToken, customer.uid);
    const proforma = await callApi(staffToken, '/api/staff/invoices', {
      uid: customer.uid,
      description: LONG,
      lines: [
        { description: LONG, amountPaise: 1_20_000_00 },
        { description: 'Hosting for a year', amountPaise: 12_000_00 },
      ],
      amountsIncludeGst: true,
      dueDate: addDays(istToday(), 15),
    });
    const payToken = (proforma.payUrl as string).split('/pay/')[1]!;

    await browser.withPage(async ({ page }) => {
      await page.goto(`/quote/${quoteToken}`);
      await expectAmountsInView(page, 'Quote lines');
      await page.goto(`/pay/${payToken}`);
      await expectAmountsInView(page, 'Invoice lines');
    }, PHONE);
  });

  it('when a customer accepts a quote on a phone, then the confirmation with the first invoice comes into view with the focus', async () => {
    const staff = await createLogin('stumble-accept-staff', { isStaff: true });
    const customer = await createLogin('stumble-accept-customer');
    const quoteToken = await sentQuoteToken(await signInWithPassword(staff.email), customer.uid);

    await browser.withPage(async ({ page }) => {
      await page.goto(`/quote/${quoteToken}`);
      const form = page.getByRole('form', { name: 'Accept the quote' });
      await form.getByRole('textbox', { name: 'Your full name' }).fill('Kiran Rao');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: 'Accept the quote' }).click();
      const notice = page.getByTestId('quote-notice');
      await notice.getByText(/The first invoice, .+ for ₹/).waitFor({ timeout: 20_000 });
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'quote-notice');
      // The smooth scroll, if any, settles; then the confirmation is on screen.
      await expect.poll(() => isInWindow(page, notice), { timeout: 5_000 }).toBe(true);
    }, PHONE);
  });
});
