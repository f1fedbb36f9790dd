import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { formatIstDay as printedDay } from '../../src/domain/document-number';
import { formatInr } from '../../src/domain/money';
import { sharedBrowser } from '../helpers/browser';
import { customerPageLoaded, expectAccessible, shownDialog, uniqueEmail } from '../helpers/e2e';
import { admin } from '../helpers/emulators';
import { createLogin, pageHeading, signInAndOpen } from '../helpers/logins';
import { caughtAttachment, mailsTo, waitForMails } from '../helpers/mail-catcher';

// A bespoke project from first word to first payment: a visitor asks for a quote, staff quote
// ₹4,50,000 with 30/40/30 milestones, the visitor accepts it from the mail's link (no account) and
// pays the deposit, the quote's project opens for the milestones after it, and the console's pipeline counts it.

/** The accepted quotes in the database: how many, and what they are worth (paise). */
async function acceptedQuotes() {
  const quotes = await admin().db.collection('quotes').where('status', '==', 'Accepted').get();
  return {
    count: quotes.size,
    totalPaise: quotes.docs.reduce((sum, quote) => sum + Number(quote.get('totalPaise')), 0),
  };
}

/** What quotes' milestone invoices brought in, as the console's pipeline adds it up (this run's only). */
async function quoteRevenuePaise() {
  const documents = await admin().db.collection('documents').where('subject.source.kind', '==', 'quote').get();
  return documents.docs
    .filter((document) => document.get('paidAt') !== undefined)
    .reduce((sum, document) => sum + Number(document.get('amountPaise')), 0);
}

const browser = sharedBrowser();

async function pdfText(bytes: Buffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
}

/** From a page with Make a quote: opens the new quote and fills what it is for and its first line; returns the form. */
async function startQuote(staffPage: Page, quote: { title: string; line: string; rate: string }) {
  await staffPage.getByRole('link', { name: 'Make a quote' }).click();
  await pageHeading(staffPage, 'New quote');
  const form = staffPage.getByRole('form', { name: 'Quote' });
  await form.getByRole('textbox', { name: 'Quote for' }).fill(quote.title);
  await form.getByLabel('Line 1 description').fill(quote.line);
  await form.getByLabel('Line 1 rate (₹)').fill(quote.rate);
  return form;
}

describe('a quote from request to milestone invoices', () => {
  it('when a visitor requests a quote, staff quote ₹4,50,000 in 30/40/30 milestones and send it, and the visitor accepts it from the mail, then the ₹1,35,000 deposit is invoiced and paid, the project opens for the rest, and the pipeline counts it accepted', async () => {
    const staff = await createLogin('quoting-staff', { isStaff: true });
    const email = uniqueEmail('quote-visitor');
    const brief = 'A shop-floor dashboard for our two CNC lines, with shift reports.';

    // 1. A visitor asks for a quote from the landing page's contact section.
    await browser.withPage(async ({ page }) => {
      await page.goto('/');
      await page.locator('#contact').waitFor();
      await page.getByRole('button', { name: 'Login / Sign Up' }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
      await page.getByRole('tab', { name: 'Request a Quote' }).click();
      const form = page.getByRole('form', { name: 'Request a quote' });
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Kavya Rao');
      await form.getByRole('textbox', { name: 'Business name (optional)' }).fill('Rao Precision Works');
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await form.getByRole('combobox', { name: 'Project type' }).selectOption('Factory Management');
      await form.getByRole('textbox', { name: /What do you need\?/ }).fill(brief);
      await form.getByRole('combobox', { name: 'Budget' }).selectOption('₹3 – 10 lakh');
      await form.getByRole('combobox', { name: 'Timeline' }).selectOption('1 – 3 months');
      await expectAccessible(page, { include: '#contact' });
      await form.getByRole('button', { name: 'Request a Quote' }).click();
      const status = page.getByTestId('contact-status');
      await status.waitFor({ timeout: 15_000 });
      expect(await status.getAttribute('data-type')).toBe('success');
    });
    const enquiries = await admin().db.collection('enquiries').where('email', '==', email).get();
    expect(enquiries.size).toBe(1);
    const enquiry = enquiries.docs[0]!;
    expect(enquiry.data()).toMatchObject({ kind: 'quote request', projectType: 'Factory Management' });

    await browser.withPage(async ({ page: staffPage }) => {
      // 2. Staff find it in the inbox, marked as a quote request, and make a quote from it.
      await signInAndOpen(staffPage, staff.email, '/admin/inbox');
      await pageHeading(staffPage, 'Inbox');
      await staffPage.getByText('Quote request', { exact: true }).first().waitFor();
      await staffPage.goto(`/admin/enquiries/${enquiry.id}`);
      await staffPage.getByText('Factory Management').first().waitFor({ timeout: 20_000 });
      const form = await startQuote(staffPage, {
        title: 'CNC shop-floor dashboard',
        line: 'Design, build and roll-out',
        rate: '4,50,000',
      });
      // The default milestones are 30/40/30; the form shows each against the total as staff type.
      await expect(form.getByTestId('quote-form-total').textContent()).resolves.toBe('₹4,50,000');
      await expect(form.getByTestId('milestone-1-amount').textContent()).resolves.toBe('₹1,35,000');
      await expect(form.getByTestId('milestone-2-amount').textContent()).resolves.toBe('₹1,80,000');
      await expect(form.getByTestId('milestone-3-amount').textContent()).resolves.toBe('₹1,35,000');
      // Milestones that do not make the total are refused before anything is saved.
      await form.getByLabel('Milestone 3 percentage').fill('20');
      await form.getByTestId('milestones-problem').waitFor();
      await form.getByLabel('Milestone 3 percentage').fill('30');
      await expect(form.getByTestId('milestones-problem').count()).resolves.toBe(0);
      const validUntil = await form.getByLabel('Valid until').inputValue();
      await expectAccessible(staffPage, { include: 'main' });
      await form.getByRole('button', { name: 'Save draft' }).click();

      // 3. The draft's page: a preview of what the customer will see, then Send.
      await pageHeading(staffPage, /^Quote QT\/\d{4}-\d{2}\/\d{4,} · version 1$/);
      const quoteId = staffPage.url().split('/').pop()!;
      const number = (await admin().db.doc(`quotes/${quoteId}`).get()).get('number') as string;
      const preview = staffPage.getByTestId('quote-preview');
      await preview.getByText('Design, build and roll-out').waitFor({ timeout: 20_000 });
      await expect(preview.getByTestId('quote-total').textContent()).resolves.toContain('₹4,50,000');
      await expectAccessible(staffPage, { include: 'main' });
      await staffPage.getByRole('button', { name: 'Send to the customer' }).click();
      // Like a proforma, it asks first, naming the quote and its total.
      const confirm = await shownDialog(staffPage);
      await expect(confirm.getByTestId('send-quote-total').textContent()).resolves.toBe('₹4,50,000');
      await expectAccessible(staffPage, { include: '[role="dialog"]' });
      await confirm.getByRole('button', { name: 'Send the quote' }).click();
      await staffPage.getByRole('heading', { level: 1 }).locator('..').getByText('Sent', { exact: true }).waitFor();
      await expect(staffPage.getByRole('button', { name: 'Send to the customer' }).count()).resolves.toBe(0);
      await expect(staffPage.getByRole('form', { name: 'Quote' }).count()).resolves.toBe(0);

      // 4. The mail: the quote's PDF (number, lines, milestones, validity) and a link to its page.
      const [mail] = (await waitForMails(() => mailsTo(email), 2)).filter((caught) =>
        caught.subject.startsWith(`Quote ${number}`),
      );
      expect(mail, 'the quote mail').toBeDefined();
      const attachment = mail!.attachments[0] as { generatedFileName: string; contentType: string };
      expect(attachment.contentType).toBe('application/pdf');
      const quoteText = await pdfText(await caughtAttachment(mail!.id, attachment.generatedFileName));
      for (const expected of [
        number,
        'Design, build and roll-out',
        'Deposit on acceptance',
        'Delivery of the beta',
        'Go-live',
        '1,35,000',
        '1,80,000',
        '4,50,000',
      ]) {
        expect(quoteText).toContain(expected);
      }
      // The validity date as the documents print it (e.g. 24 Dec 2026).
      expect(quoteText).toContain(printedDay(validUntil));
      const quoteUrl = new URL(/Read and accept the quote: (\S+)/.exec(mail!.text ?? '')![1]!);
      expect(quoteUrl.pathname).toMatch(/^\/quote\/[A-Za-z0-9_-]+$/);

      // 5. The visitor (a fresh browser, no account) opens the link, accepts, and pays the deposit.
      await browser.withPage(async ({ page }) => {
        await page.goto(quoteUrl.pathname);
        await pageHeading(page, `Quote ${number}`);
        await page.getByTestId('milestone-1').getByText('₹1,35,000').waitFor();
        await expectAccessible(page);
        const accept = page.getByRole('form', { name: 'Accept the quote' });
        await accept.getByRole('textbox', { name: 'Your full name' }).fill('Kavya Rao');
        await accept.getByRole('checkbox').check();
        await accept.getByRole('button', { name: 'Accept the quote' }).click();
        await page
          .getByText(/The first invoice, PI\/\d{4}-\d{2}\/\d{4,} for ₹1,35,000, is below and in your email\./)
          .waitFor({ timeout: 20_000 });
        const deposit = page.getByTestId('milestone-1');
        await deposit.getByText('Invoiced', { exact: true }).waitFor();
        await deposit.getByRole('link', { name: 'Pay ₹1,35,000' }).click();
        await page.getByRole('button', { name: 'Pay ₹1,35,000' }).click();
        const checkout = page.getByRole('dialog', { name: 'Test checkout (sandbox)' });
        await checkout.getByText('₹1,35,000').waitFor();
        await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
        await page.getByText('Payment successful. Thank you!', { exact: false }).waitFor({ timeout: 20_000 });

        // The quote's page shows the deposit paid and the rest pending.
        await page.goto(quoteUrl.pathname);
        await page.getByTestId('milestone-1').getByText('Paid', { exact: true }).waitFor({ timeout: 20_000 });
        await page.getByTestId('milestone-2').getByText('Not invoiced yet', { exact: true }).waitFor();
      });

      // The acceptance is recorded: name, version, and the deposit's invoice.
      const accepted = (await admin().db.doc(`quotes/${quoteId}`).get()).data()!;
      expect(accepted).toMatchObject({ status: 'Accepted', acceptance: { name: 'Kavya Rao', version: 1 } });

      // 6. Staff see the deposit paid (live); the beta is invoiced when the customer signs it off on
      // the quote's project (tests/e2e/projects.test.ts), so it waits, with the way to the project.
      const first = staffPage.getByTestId('console-milestone-1');
      await first.getByText('Paid', { exact: true }).waitFor({ timeout: 20_000 });
      await expectAccessible(staffPage, { include: 'main' });
      await staffPage.getByTestId('console-milestone-2').getByText('Pending', { exact: true }).waitFor();
      await staffPage.getByRole('link', { name: 'the project' }).waitFor();
      expect((await admin().db.doc(`projects/quote_${quoteId}`).get()).get('uid')).toBe(accepted.uid);

      // 7. The Quotes view lists it as Accepted, and the home's pipeline counts it. Other suites
      // (projects) accept and pay quotes in the same project, at any moment: each figure must be
      // the database's as it stood just before or just after the page read it.
      const acceptedBefore = await acceptedQuotes();
      await staffPage.goto('/admin/quotes?status=Accepted');
      await pageHeading(staffPage, 'Quotes');
      await staffPage.getByRole('link', { name: `${number} · version 1` }).waitFor({ timeout: 20_000 });
      const totals = await staffPage.getByTestId('quote-totals').textContent();
      expect(acceptedBefore.totalPaise).toBeGreaterThanOrEqual(450_000_00);
      const worth = /worth (₹[\d,.]+)/.exec(totals ?? '')?.[1];
      expect([acceptedBefore, await acceptedQuotes()].map((seen) => formatInr(seen.totalPaise))).toContain(worth);
      await expectAccessible(staffPage, { include: 'main' });
      const before = { accepted: (await acceptedQuotes()).count, revenue: await quoteRevenuePaise() };
      await staffPage.goto('/admin');
      await staffPage.getByTestId('funnel-accepted').waitFor({ timeout: 20_000 });
      await staffPage.getByTestId('quote-revenue-total').waitFor({ timeout: 20_000 });
      const funnelAccepted = Number(await staffPage.getByTestId('funnel-accepted').textContent());
      const revenue = await staffPage.getByTestId('quote-revenue-total').textContent();
      const after = { accepted: (await acceptedQuotes()).count, revenue: await quoteRevenuePaise() };
      expect([before.accepted, after.accepted]).toContain(funnelAccepted);
      expect(Number(await staffPage.getByTestId('funnel-quotesSent').textContent())).toBeGreaterThanOrEqual(1);
      expect(Number(await staffPage.getByTestId('funnel-paid').textContent())).toBeGreaterThanOrEqual(1);
      expect(Number(await staffPage.getByTestId('funnel-quoteRequests').textContent())).toBeGreaterThanOrEqual(1);
      expect(before.revenue).toBeGreaterThanOrEqual(135_000_00);
      expect([before.revenue, after.revenue].map((paise) => `6-month total: ${formatInr(paise)}`)).toContain(revenue);
      await expectAccessible(staffPage, { include: 'main' });
    });
  }, 240_000);

  it("when staff withdraw a sent quote from a customer's page, then they are asked first and its link shows it withdrawn with no way to accept", async () => {
    const customer = await createLogin('quoted-customer', { name: 'Arjun Shah' });
    const staff = await createLogin('withdrawing-staff', { isStaff: true });

    await browser.withPage(async ({ page: staffPage }) => {
      await signInAndOpen(staffPage, staff.email, `/admin/customers/${customer.uid}`);
      await pageHeading(staffPage, 'Arjun Shah');
      await customerPageLoaded(staffPage);
      await staffPage.getByRole('region', { name: 'Quotes' }).getByText('No quotes yet.').waitFor();
      const form = await startQuote(staffPage, { title: 'Gym members app', line: 'Members app', rate: '2,00,000' });
      await form.getByRole('button', { name: 'Save draft' }).click();
      await pageHeading(staffPage, /^Quote QT\/\d{4}-\d{2}\/\d{4,} · version 1$/);
      const quoteId = staffPage.url().split('/').pop()!;
      await staffPage
        .getByTestId('quote-preview')
        .getByRole('cell', { name: 'Members app' })
        .waitFor({ timeout: 20_000 });
      await staffPage.getByRole('button', { name: 'Send to the customer' }).click();
      await (await shownDialog(staffPage)).getByRole('button', { name: 'Send the quote' }).click();
      await staffPage.getByRole('button', { name: 'Revise (new version)' }).waitFor();
      const number = (await admin().db.doc(`quotes/${quoteId}`).get()).get('number') as string;
      const [mail] = (await waitForMails(() => mailsTo(customer.email), 1)).filter((caught) =>
        caught.subject.startsWith(`Quote ${number}`),
      );
      const quoteUrl = new URL(/Read and accept the quote: (\S+)/.exec(mail!.text ?? '')![1]!);

      // Withdrawing asks first; cancelled, nothing changes.
      await staffPage.getByRole('button', { name: 'Withdraw', exact: true }).click();
      const dialog = await shownDialog(staffPage);
      await dialog.getByRole('heading', { name: 'Withdraw the quote' }).waitFor();
      await expectAccessible(staffPage);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await admin().db.doc(`quotes/${quoteId}`).get()).get('status')).toBe('Sent');
      await staffPage.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await shownDialog(staffPage);
      await dialog.getByRole('textbox', { name: /Reason/ }).fill('Scope changed on a call');
      await dialog.getByRole('button', { name: 'Withdraw the quote' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await staffPage.getByText('Scope changed on a call').waitFor();
      await expect(staffPage.getByRole('button', { name: 'Withdraw', exact: true }).count()).resolves.toBe(0);

      await browser.withPage(async ({ page }) => {
        await page.goto(quoteUrl.pathname);
        await pageHeading(page, `Quote ${number}`);
        await page.getByText('This quote has been withdrawn.').waitFor();
        await expect(page.getByRole('form', { name: 'Accept the quote' }).count()).resolves.toBe(0);
      });
    });
  });
});
