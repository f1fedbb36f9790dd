import { describe, expect, it } from 'vitest';
import { sharedBrowser } from '../helpers/browser';
import { expectAccessible } from '../helpers/e2e';
import { admin } from '../helpers/emulators';
import { createLogin, pageHeading, signInAndOpen } from '../helpers/logins';
import { mailsTo, waitForMails } from '../helpers/mail-catcher';

const browser = sharedBrowser();
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function withService(uid: string, fields: Record<string, unknown> = {}) {
  await admin()
    .db.doc(`users/${uid}/services/order1_manufacturing-growth`)
    .set({
      planName: 'Growth',
      category: 'Factory Management',
      yearlyFeePaise: 50_000_00,
      startedOn: '2026-01-10',
      anchorDay: 10,
      renewsOn: '2027-01-10',
      status: 'Active',
      revision: 0,
      renewal: null,
      ...fields,
    });
}

describe('support requests', () => {
  it.each([
    [1280, 900],
    [390, 844],
  ])(
    'at %i px: a customer opens a request with a screenshot from My Services; staff see it in the queue with plan, tier and due time and reply; the customer sees the reply on the page and in the mail; staff resolve it',
    async (width, height) => {
      const customer = await createLogin('support-customer', { name: 'Asha Verma' });
      const staff = await createLogin('support-staff', { isStaff: true });
      await withService(customer.uid);
      const subject = `Machine 3 offline ${width}`;
      let requestUrl = '';

      await browser.withPage(
        async ({ page }) => {
          await signInAndOpen(page, customer.email, '/profile');
          // Signed in, the bar links to Support on a desktop (the phone's menu has it too).
          if (width >= 1024)
            await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).waitFor();
          await page.getByRole('link', { name: 'Get help with Factory Management – Growth' }).click();
          await pageHeading(page, 'New support request');
          await page.getByText('Priority support: first reply within 4 business hours').waitFor({ timeout: 20_000 });
          await page.getByLabel('Subject').fill(subject);
          await page.getByLabel('Description').fill('Since this morning machine 3 shows offline on the dashboard.');
          await page
            .getByLabel(/^Attachments/)
            .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
          await page.getByText('screen.png').waitFor();
          await expectAccessible(page, { include: 'main' });
          await page.getByRole('button', { name: 'Send request' }).click();
          await pageHeading(page, new RegExp(`^SR-\\d{6}: ${subject}$`));
          await page.getByText('First reply due').waitFor();
          await page
            .getByText(/\w{3} \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m IST/)
            .first()
            .waitFor();
          await page.getByRole('button', { name: /^screen\.png/ }).waitFor();
          requestUrl = page.url();
          await page.screenshot({ path: `.tmp/support-request-${width}.png`, fullPage: true });
        },
        { width, height },
      );

      await browser.withPage(
        async ({ page }) => {
          await signInAndOpen(page, staff.email, '/admin/support');
          await pageHeading(page, 'Support queue');
          const row = page.getByTestId('queue-row').filter({ hasText: subject });
          await row.waitFor({ timeout: 20_000 });
          await expect(row.innerText()).resolves.toMatch(/Priority/);
          await expect(row.innerText()).resolves.toMatch(/due in|overdue by/);
          await page.screenshot({ path: `.tmp/support-queue-${width}.png`, fullPage: true });
          await row.getByRole('link').click();
          await page.getByText('Factory Management – Growth (₹50,000 a year)').waitFor({ timeout: 20_000 });
          await page.getByText('Priority support', { exact: true }).waitFor();
          await page.getByLabel('Reply to the customer').fill('We restarted the gateway; please check now.');
          await page.getByLabel('Minutes spent').fill('20');
          await page.getByRole('button', { name: 'Send reply' }).click();
          await page.getByText('Reply sent.').waitFor({ timeout: 20_000 });
          await expectAccessible(page, { include: 'main' });
          await page.screenshot({ path: `.tmp/support-staff-request-${width}.png`, fullPage: true });

          await browser.withPage(
            async ({ page: customerPage }) => {
              await signInAndOpen(customerPage, customer.email, new URL(requestUrl).pathname);
              await customerPage.getByText('We restarted the gateway; please check now.').waitFor({ timeout: 20_000 });
            },
            { width, height },
          );
          const mails = await waitForMails(
            async () =>
              (await mailsTo(customer.email)).filter((mail) => mail.text?.includes('We restarted the gateway')),
            1,
          );
          expect(mails[0]!.subject).toMatch(new RegExp(`^Re: \\[SR-\\d{6}\\] ${subject}$`));

          await page.getByRole('button', { name: 'Mark Resolved' }).click();
          await page.getByText('Marked Resolved.').waitFor({ timeout: 20_000 });
          await page.getByText('Resolved', { exact: true }).first().waitFor();

          // A request can become a quote: the new quote says what it is for.
          await page.getByRole('link', { name: 'Turn into a quote' }).click();
          await pageHeading(page, 'New quote');
          await expect(page.getByLabel('Quote for').inputValue()).resolves.toMatch(
            new RegExp(`^SR-\\d{6}: ${subject}$`),
          );
        },
        { width, height },
      );
    },
  );

  it('when a customer whose service is overdue opens Support, then they see the renewal pay link; for a stopped service they ask for a quote prefilled from it', async () => {
    const customer = await createLogin('support-lapsed', { name: 'Ravi Kumar' });
    await withService(customer.uid, {
      status: 'Overdue',
      renewal: {
        renewalId: 'r1',
        key: '2027-01-10',
        invoiceDocId: 'inv1',
        number: 'PI/2026-27/0009',
        amountPaise: 50_000_00,
      },
    });
    // A second service whose maintenance was stopped: nothing to renew, so the way back is a quote.
    await admin().db.doc(`users/${customer.uid}/services/order2_websites-starter`).set({
      planName: 'Starter',
      category: 'Websites & E-commerce',
      yearlyFeePaise: 10_000_00,
      startedOn: '2025-03-01',
      anchorDay: 1,
      renewsOn: '2026-03-01',
      status: 'Cancelled',
      revision: 0,
      renewal: null,
    });
    await browser.withPage(
      async ({ page }) => {
        await signInAndOpen(page, customer.email, '/support');
        await pageHeading(page, 'Support');
        await page.getByText('The maintenance renewal of this service is overdue').waitFor({ timeout: 20_000 });
        const renew = page.getByRole('link', { name: 'Renew now' });
        await expect(renew.getAttribute('href')).resolves.toMatch(/\/pay\/[\w-]{32}$/);

        await page.getByText('The maintenance of this service was stopped').waitFor();
        await page.getByRole('button', { name: 'Ask for a quote' }).click();
        const form = page.getByRole('form', { name: 'Request a quote' });
        await form.getByLabel('What do you need?').waitFor({ timeout: 20_000 });
        await expect(form.getByLabel('Project type').inputValue()).resolves.toBe('Websites & E-commerce');
        await expect(form.getByLabel('What do you need?').inputValue()).resolves.toContain(
          'Support and maintenance for Websites & E-commerce – Starter',
        );
        await expect(form.getByLabel('Email').inputValue()).resolves.toBe(customer.email);
        await form.getByLabel('Budget').selectOption({ index: 1 });
        await form.getByLabel('Timeline').selectOption({ index: 1 });
        await form.getByRole('button', { name: 'Request a Quote' }).click();
        await page.getByText('We have received your request for a quote').waitFor({ timeout: 20_000 });
        await expectAccessible(page, { include: 'main' });
        await page.screenshot({ path: '.tmp/support-out-of-plan-390.png', fullPage: true });
      },
      { width: 390, height: 844 },
    );
  });
});
