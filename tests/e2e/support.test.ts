import { copyFileSync, mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_INBOUND_PASSWORD, DEMO_INBOUND_USER } from '../../server/config';
import { POSTMARK_INBOUND_PATH } from '../../server/routes/support';
import { sharedBrowser } from '../helpers/browser';
import { expectAccessible, uniqueEmail } from '../helpers/e2e';
import { admin, signInWithPassword, stack } from '../helpers/emulators';
import { callApi, createLogin, pageHeading, signInAndOpen } from '../helpers/logins';
import { mailsTo, waitForMails } from '../helpers/mail-catcher';
import { growthService } from '../helpers/sample-service';

const browser = sharedBrowser();
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** What support messages are made of: a 300-character link and a 200-character token, neither with a place to break. */
const LONG_URL = `https://status.example.com/incidents/${'a1b2c3d4e5'.repeat(26)}`.slice(0, 300);
const LONG_WORD = 'X9'.repeat(100);
const LOG_TOKEN = `ERR_GATEWAY_${'0x7F3A'.repeat(18)}`;

/** No page is wider than its window, whatever the text on it (a support message's link or token). */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** A screenshot to look at (.tmp, and a copy under /tmp/support-stumbles; neither is committed). */
async function screenshot(page: Page, name: string) {
  const path = `.tmp/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  mkdirSync('/tmp/support-stumbles', { recursive: true });
  copyFileSync(path, `/tmp/support-stumbles/${name}.png`);
}

/** A mail to the support address as Postmark Inbound posts it (authenticated for its From), with a screenshot. */
async function mailToSupport(input: { from: string; subject: string; text: string }) {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const domain = input.from.split('@')[1]!;
  const response = await fetch(`${stack.apiUrl}${POSTMARK_INBOUND_PATH}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${DEMO_INBOUND_USER}:${DEMO_INBOUND_PASSWORD}`).toString('base64')}`,
    },
    body: JSON.stringify({
      From: input.from,
      FromName: 'Dev Colleague',
      FromFull: { Email: input.from, Name: 'Dev Colleague', MailboxHash: '' },
      To: 'support@nimbus.test',
      ToFull: [{ Email: 'support@nimbus.test', Name: '', MailboxHash: '' }],
      CcFull: [],
      OriginalRecipient: 'support@nimbus.test',
      Subject: input.subject,
      MessageID: id,
      TextBody: input.text,
      HtmlBody: '',
      StrippedTextReply: '',
      Headers: [
        { Name: 'Received-SPF', Value: `Pass (sender SPF authorized) identity=mailfrom; envelope-from=${input.from}` },
        { Name: 'X-Spam-Tests', Value: 'DKIM_SIGNED,DKIM_VALID,DKIM_VALID_AU,SPF_PASS' },
        { Name: 'Message-ID', Value: `<${id}@mail.${domain}>` },
      ],
      Attachments: [
        { Name: 'screen.png', Content: PNG.toString('base64'), ContentType: 'image/png', ContentLength: PNG.length },
      ],
    }),
  });
  expect(await response.json()).toMatchObject({ outcome: 'review' });
}

async function withService(uid: string, fields: Record<string, unknown> = {}) {
  await admin().db.doc(`users/${uid}/services/order1_manufacturing-growth`).set(growthService(fields));
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
      // A subject is often a pasted error line: one unbroken 120-character token.
      const subject = `Machine 3 offline ${width} ${LOG_TOKEN}`;
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
          await page
            .getByLabel('Description')
            .fill(
              `Since this morning machine 3 shows offline on the dashboard. Status: ${LONG_URL} Token: ${LONG_WORD}`,
            );
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
          await expectNoSidewaysScroll(page, "the customer's request page");
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
          await expectNoSidewaysScroll(page, 'the support queue');
          await expectAccessible(page, { include: 'main' });
          await row.getByRole('link').click();
          await page.getByText('Factory Management – Growth (₹50,000 a year)').waitFor({ timeout: 20_000 });
          await page.getByText('Priority support', { exact: true }).waitFor();
          await page
            .getByLabel('Reply to the customer')
            .fill(`We restarted the gateway; please check now.\nSee ${LONG_URL}\nToken ${LONG_WORD}`);
          await page.getByLabel('Minutes spent').fill('20');
          await page.getByRole('button', { name: 'Send reply' }).click();
          await page.getByText('Reply sent.').waitFor({ timeout: 20_000 });
          await expectAccessible(page, { include: 'main' });
          await expectNoSidewaysScroll(page, "the console's request page");
          await screenshot(page, `support-staff-request-${width}`);

          await browser.withPage(
            async ({ page: customerPage }) => {
              await signInAndOpen(customerPage, customer.email, new URL(requestUrl).pathname);
              await customerPage.getByText('We restarted the gateway; please check now.').waitFor({ timeout: 20_000 });
              await expectNoSidewaysScroll(customerPage, "the customer's request page with the reply");
              await screenshot(customerPage, `support-request-${width}`);
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

        // A request about the overdue service: its page offers the same way back into plan.
        const payUrl = (await renew.getAttribute('href'))!;
        await page.getByRole('link', { name: 'Get help with Factory Management – Growth' }).click();
        await pageHeading(page, 'New support request');
        await page.getByLabel('Subject').fill('Reports are slow');
        await page.getByLabel('Description').fill('The monthly report takes minutes to open.');
        await page.getByRole('button', { name: 'Send request' }).click();
        await pageHeading(page, /^SR-\d{6}: Reports are slow$/);
        const renewRequest = page.getByRole('link', { name: 'Renew now' });
        await expect(renewRequest.getAttribute('href')).resolves.toBe(payUrl);
        await expect(page.getByRole('note').innerText()).resolves.toContain(
          'so support is paused until the renewal is paid. Renew now and support is included again.',
        );
        await expectAccessible(page, { include: 'main' });

        // The acknowledgement carries the same link, in whole sentences.
        const [ack] = await waitForMails(
          async () => (await mailsTo(customer.email)).filter((mail) => mail.subject.endsWith('Reports are slow')),
          1,
        );
        expect(ack!.text).not.toContain('.:');
        expect(ack!.text).toContain(
          'The maintenance renewal of this service is overdue, so support is paused until the renewal is paid. We will still read your request and tell you how we can help.',
        );
        expect(ack!.text).toContain(`Renew now: ${payUrl}`);
      },
      { width: 390, height: 844 },
    );
  });

  it('staff attach a mail waiting for review to a request from the review queue: it joins the thread with its attachment, and the count on Today falls', async () => {
    const customer = await createLogin('support-review-customer', { name: 'Meera Iyer' });
    const staff = await createLogin('support-review-staff', { isStaff: true, name: 'Priya Sharma' });
    await withService(customer.uid);
    const created = await callApi(await signInWithPassword(customer.email), '/api/support/requests', {
      serviceId: 'order1_manufacturing-growth',
      subject: 'Reports are slow',
      description: 'The monthly report takes minutes to open.',
    });
    const reference = String(created.reference);
    const from = uniqueEmail('colleague');
    await mailToSupport({
      from,
      subject: 'Slow reports at Meera’s plant',
      text: `Our reports are slow too. Trace: ${LONG_URL} ${LONG_WORD}`,
    });
    const reviewCount = async (page: Page) =>
      Number((await page.getByTestId('home-support-review').innerText()).match(/\d+/)![0]);

    await browser.withPage(
      async ({ page }) => {
        await signInAndOpen(page, staff.email, '/admin');
        await pageHeading(page, 'Today');
        await page.getByTestId('home-support-review').waitFor({ timeout: 20_000 });
        const before = await reviewCount(page);
        expect(before).toBeGreaterThanOrEqual(1);
        await expectAccessible(page, { include: 'main' });

        await page.getByRole('link', { name: 'Review the mail' }).click();
        await pageHeading(page, 'Mail waiting for review');
        const item = page.getByTestId('review-mail').filter({ hasText: from });
        await item.waitFor({ timeout: 20_000 });
        await expectAccessible(page, { include: 'main' });
        await expectNoSidewaysScroll(page, 'the review queue at 1280');
        await screenshot(page, 'support-review-1280');
        await page.setViewportSize({ width: 390, height: 844 });
        await expectNoSidewaysScroll(page, 'the review queue at 390');
        await screenshot(page, 'support-review-390');

        await item.getByRole('button', { name: 'Attach to a request' }).click();
        await item.getByLabel('Request number').fill(reference);
        await item.getByRole('button', { name: 'Attach', exact: true }).click();
        await page.getByText(`Added to ${reference} as an internal note`).waitFor({ timeout: 20_000 });
        await item.waitFor({ state: 'detached', timeout: 20_000 });

        await page.getByRole('link', { name: `Open ${reference}` }).click();
        await page.getByText(`Mail from ${from} attached by staff`).waitFor({ timeout: 20_000 });
        await page.getByRole('button', { name: /^screen\.png/ }).waitFor();
        await expectNoSidewaysScroll(page, 'the console request page with the attached mail at 390');

        await page.evaluate(() => {
          history.pushState(null, '', '/admin');
          dispatchEvent(new PopStateEvent('popstate'));
        });
        await pageHeading(page, 'Today');
        await page.getByTestId('home-support-review').waitFor({ timeout: 20_000 });
        expect(await reviewCount(page)).toBe(before - 1);

        // The support area's other pages changed too: the SLA report and the holiday editor.
        for (const [path, heading] of [
          ['/admin/support/report', 'Support SLA report'],
          ['/admin/support/holidays', 'Business holidays'],
        ] as const) {
          await page.evaluate((to) => {
            history.pushState(null, '', to);
            dispatchEvent(new PopStateEvent('popstate'));
          }, path);
          await pageHeading(page, heading);
          await page
            .getByRole('table')
            .or(page.getByRole('button', { name: 'Save holidays' }))
            .first()
            .waitFor();
          await expectAccessible(page, { include: 'main' });
        }
      },
      { width: 1280, height: 900 },
    );
  });
});
