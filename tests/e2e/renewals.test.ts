import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findCatalogueEntry } from '@/domain/catalogue';
import { formatInr } from '@/domain/money';
import { anniversary, forecastMonthRange, formatDay, LIVE_SERVICE_STATUSES, nextMonths } from '@/domain/renewals';
import { addDays, istToday } from '@/domain/ist';
import { sharedBrowser } from '../helpers/browser';
import { expectAccessible, shownDialog } from '../helpers/e2e';
import { admin } from '../helpers/emulators';
import { pendingOrder, payInSandbox } from '../helpers/sandbox-payments';
import { createLogin, pageHeading, signInAndOpen } from '../helpers/logins';

const browser = sharedBrowser();
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A customer's order of Factory Management Growth, paid in the sandbox through the API (as the test checkout does). */
async function buyGrowth(customer: { uid: string; email: string }) {
  const { plan, category, id } = findCatalogueEntry('manufacturing-Growth')!;
  const orderId = await pendingOrder(customer.uid, {
    orderNumber: `ORD-${Date.now()}`,
    items: [{ id, name: plan.name, category: category.name, price: plan.price }],
    total: plan.oneTimePaise / 100,
  });
  await payInSandbox(customer, orderId, 'product_order');
  return admin().db.doc(`users/${customer.uid}/services/${orderId}_manufacturing-growth`);
}

/** What the forecast should add up to now: every live service renewing within its 12 months (the database's own view). */
async function expectedForecastPaise(): Promise<number> {
  const months = nextMonths(istToday(), 12);
  const { to } = forecastMonthRange(months[11]!, false);
  const live = await admin()
    .db.collectionGroup('services')
    .where('status', 'in', LIVE_SERVICE_STATUSES)
    .where('renewsOn', '<', to)
    .get();
  return live.docs.reduce((sum, doc) => sum + (doc.get('yearlyFeePaise') as number), 0);
}

/**
 * Waits until the console's forecast total shows the database's sum, and returns that sum. Other
 * journeys running beside this one may buy a plan between the page's load and the sum, so a page
 * that shows an older sum is opened again (the forecast is read when the page opens).
 */
async function forecastAgreesWithDatabase(page: Page): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const expected = await expectedForecastPaise();
    try {
      await page
        .getByTestId('forecast-total')
        .filter({ hasText: formatInr(expected) })
        .waitFor({ timeout: 5_000 });
      return expected;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.reload();
    }
  }
}

describe('yearly maintenance renewals', () => {
  it('when a service renews in 20 days, then staff see it due and forecast, run renewals, and the customer sees it on /profile and pays the renewal in the sandbox', async () => {
    // A surname of this run only: the search below must find this customer's service, not another run's.
    const surname = `Iyer${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6)}`;
    const customer = await createLogin('renewing-customer', { name: `Meera ${surname}` });
    const staff = await createLogin('renewals-staff', { isStaff: true });
    const service = await buyGrowth(customer);
    await expect.poll(async () => (await service.get()).get('status'), { timeout: 15_000 }).toBe('Active');
    const renewsOn = addDays(istToday(), 20);
    await service.update({ renewsOn, anchorDay: Number(renewsOn.slice(8, 10)) });
    const next = anniversary(renewsOn, 1);

    await browser.withPage(async ({ page: staffPage }) => {
      await signInAndOpen(staffPage, staff.email, '/admin/renewals');
      await pageHeading(staffPage, 'Renewals');
      // The forecast counts it: the total is the database's sum, ₹50,000 of it this service's.
      const expected = await forecastAgreesWithDatabase(staffPage);
      expect(expected).toBeGreaterThanOrEqual(50_000_00);
      const chart = staffPage.getByRole('img', { name: /^Renewal revenue by month/ });
      const month = `${MONTHS[Number(renewsOn.slice(5, 7)) - 1]} ${renewsOn.slice(0, 4)}`;
      await expect(chart.getAttribute('aria-label')).resolves.toMatch(new RegExp(`${month}: ₹[1-9]`));

      const services = staffPage.getByRole('list', { name: 'Services' });
      // The row names the customer (a link to their page), never their uid.
      const customerLink = staffPage.getByRole('link', { name: customer.name, exact: true });
      const row = services.getByRole('listitem').filter({ has: customerLink });
      await row.getByText(formatDay(renewsOn), { exact: true }).waitFor({ timeout: 15_000 });
      await expect(row.getByRole('link', { name: customer.name }).getAttribute('href')).resolves.toBe(
        `/admin/customers/${customer.uid}`,
      );
      expect(await services.getByText(customer.uid).count()).toBe(0);
      // A word of the name finds the service, as the other lists search: only this customer's rows stay.
      await staffPage.getByRole('searchbox', { name: 'Search renewals' }).fill(surname.toLowerCase());
      await expect
        .poll(async () => (await services.getByRole('listitem').allTextContents()).join('|'), { timeout: 15_000 })
        .toMatch(new RegExp(`^[^|]*${customer.name}[^|]*$`));
      await staffPage.getByRole('searchbox', { name: 'Search renewals' }).fill('');
      await expectAccessible(staffPage, { include: 'main' });
      await staffPage.getByRole('button', { name: 'Run renewals now' }).click();
      // The list is live: the job's invoice shows on the row.
      await row.getByText('Renewal due', { exact: true }).waitFor({ timeout: 15_000 });
      await row.getByText(/^PI\/\d{4}-\d{2}\/\d{4,} \(₹50,000\)$/).waitFor();
      const number = (await service.get()).get('renewal.number') as string;

      await browser.withPage(async ({ page }) => {
        await signInAndOpen(page, customer.email, '/profile');
        const mine = page.locator('section[aria-labelledby="my-services"]');
        const growth = mine.getByRole('listitem').filter({ hasText: 'Factory Management – Growth' });
        await growth.getByText(`Next renewal: ${formatDay(renewsOn)}`).waitFor({ timeout: 20_000 });
        await growth.getByText('Yearly fee: ₹50,000').waitFor();
        await growth.getByText('Renewal due', { exact: true }).waitFor();
        await growth.getByText(`Renewal invoice ${number}: ₹50,000, due by ${formatDay(renewsOn)}`).waitFor();
        await expectAccessible(page, { include: 'section[aria-labelledby="my-services"]' });

        // Stop renewing asks first, naming the plan and the day it ends; keeping it changes nothing.
        await growth.getByRole('button', { name: 'Stop renewing Factory Management – Growth' }).click();
        const dialog = await shownDialog(page, 'alertdialog');
        await dialog.getByText(`Your service continues until ${formatDay(renewsOn)} and then ends`).waitFor();
        await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();

        await growth.getByRole('button', { name: 'Pay Now: renewal of Factory Management – Growth' }).click();
        const checkout = page.getByRole('dialog', { name: 'Test checkout (sandbox)' });
        await checkout.getByText('₹50,000').waitFor();
        await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
        const invoiceId = (await service.get()).get('renewal.invoiceDocId') as string | undefined;
        await page.waitForURL(/\/receipts\/invoice\//);
        expect(page.url()).toContain(invoiceId ?? '/receipts/invoice/');
        await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 15_000 });
        await expect(page.getByTestId('receipt-amount').textContent()).resolves.toBe('₹50,000');

        // Paid: the renewal moved on a year, Active again, its history has the tax invoice.
        await page.goto('/profile');
        await growth.getByText(`Next renewal: ${formatDay(next)}`).waitFor({ timeout: 20_000 });
        await growth.getByText('Active', { exact: true }).waitFor();
        await growth.getByRole('button', { name: 'Renewal history' }).click();
        const history = growth.getByRole('list', { name: 'Renewals of Factory Management – Growth' });
        await history.getByText(`Proforma ${number}: ₹50,000`).waitFor({ timeout: 15_000 });
        await history.getByText('Paid', { exact: true }).waitFor();
        await history.getByRole('button', { name: new RegExp(`: Renewal ${number.replace(/\//g, '\\/')}$`) }).waitFor();
      });

      expect((await service.get()).data()).toMatchObject({ status: 'Active', renewsOn: next, renewal: null });
      // Staff's due list is live: the renewal a year away has left it.
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
    });
  });
});
