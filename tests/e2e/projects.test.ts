import { describe, expect, it } from 'vitest';
import { COMPANY } from '@/domain/company';
import { sharedBrowser } from '../helpers/browser';
import { expectAccessible, expectLandmarks, uniqueEmail } from '../helpers/e2e';
import { signInWithPassword } from '../helpers/emulators';
import { callApi, createLogin, pageHeading, signInAndOpen } from '../helpers/logins';
import { mailsTo, waitForMails } from '../helpers/mail-catcher';
import { quoteFields } from '../helpers/quote-fields';

// A project from acceptance to a signed-off, paid milestone: the customer accepts a ₹4,50,000
// quote (30/40/30), finds the project in My Projects; staff make the beta Ready for review with a
// file and a staging link, and post an update with a file; the customer downloads both and signs off; its ₹1,80,000 proforma
// arrives by mail and is paid on its pay page; the page shows invoiced, paid and due; a colleague
// added by email opens the project from the mailed link, without an account, and comments; another
// colleague's comment (added without a name) shows as "A colleague", with no address on the page.
// The customer's steps run at 390 px, staff's at 1280 px.

const browser = sharedBrowser();
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const linkIn = (text: string | undefined, label: string) =>
  new URL(new RegExp(`${label}: (\\S+)`).exec(text ?? '')![1]!);

describe('projects', () => {
  it('when a quote is accepted, then the customer follows its project, signs off the beta (its proforma is mailed and paid) and a colleague comments from the mailed link', async () => {
    const customer = await createLogin('project-customer', { name: 'Rohan Mehta' });
    const staff = await createLogin('project-staff', { isStaff: true });
    const colleague = uniqueEmail('project-cto');
    const staffToken = await signInWithPassword(staff.email);
    const quote = await callApi(staffToken, '/api/staff/quotes', { ...quoteFields(), uid: customer.uid });
    await callApi(staffToken, `/api/staff/quotes/${quote.id as string}/send`, {});
    const projectId = `quote_${quote.id as string}`;

    await browser.withPage(async ({ page }) => {
      // 1. The customer accepts the quote from their account and finds the project in My Projects.
      await signInAndOpen(page, customer.email, `/quotes/${quote.id as string}`);
      const accept = page.getByRole('form', { name: 'Accept the quote' });
      await accept.getByRole('textbox', { name: 'Your full name' }).fill('Rohan Mehta');
      await accept.getByRole('checkbox').check();
      await accept.getByRole('button', { name: 'Accept the quote' }).click();
      await page.getByText(/The first invoice, PI\/\d{4}-\d{2}\/\d{4,} for ₹1,35,000/).waitFor({ timeout: 20_000 });
      await page.goto('/profile');
      const myProjects = page.getByRole('region', { name: 'My Projects' });
      await myProjects.getByRole('link', { name: 'Production dashboard for the Pune plant' }).waitFor();
      await expectLandmarks(page);
      await myProjects.getByRole('link', { name: 'Production dashboard for the Pune plant' }).click();
      await pageHeading(page, 'Production dashboard for the Pune plant');
      await page.getByTestId('project-milestone-2').getByText('Not started').waitFor();
      // The deposit's proforma is issued and not paid yet.
      await page.getByTestId('project-milestone-1').getByText('Awaiting payment').waitFor();

      // 2. Staff make the beta Ready for review with a file and a staging link.
      await browser.withPage(async ({ page: staffPage }) => {
        await signInAndOpen(staffPage, staff.email, `/admin/projects/${projectId}`);
        await pageHeading(staffPage, 'Production dashboard for the Pune plant');
        const form = staffPage.getByRole('form', { name: 'Update Delivery of the beta' });
        await form.getByLabel('Status').selectOption('Ready for review');
        await form
          .getByLabel('Files for review')
          .setInputFiles({ name: 'beta-screens.png', mimeType: 'image/png', buffer: PNG });
        await form.getByLabel('Link name').fill('Staging site');
        await form.getByLabel('Link address').fill('https://staging.example.com');
        await form.getByLabel('Note for the customer').fill('The beta is on staging.');
        await form.getByRole('button', { name: 'Save milestone' }).click();
        await staffPage.getByText('Delivery of the beta: Ready for review.').waitFor({ timeout: 20_000 });
        // A progress update with a file.
        const update = staffPage.getByRole('form', { name: 'Post an update' });
        await update.getByLabel('Progress update').fill('The plant floor layout, for your comments.');
        await update
          .getByLabel(/^Files/)
          .setInputFiles({ name: 'floor-layout.png', mimeType: 'image/png', buffer: PNG });
        await update.getByRole('button', { name: 'Post update' }).click();
        await staffPage.getByText('Update posted and mailed.').waitFor({ timeout: 20_000 });
        await expectAccessible(staffPage);
        await expectLandmarks(staffPage);
      }, DESKTOP);

      // 3. The customer downloads the file and signs off: the proforma is issued.
      await page.reload();
      const beta = page.getByTestId('project-milestone-2');
      await beta.getByText('Ready for review').waitFor({ timeout: 20_000 });
      await beta.getByRole('link', { name: 'Staging site' }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        beta.getByRole('button', { name: /Download beta-screens\.png/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('beta-screens.png');
      const update = page.getByTestId('project-update').filter({ hasText: 'The plant floor layout' });
      const [attached] = await Promise.all([
        page.waitForEvent('download'),
        update.getByRole('button', { name: /Download floor-layout\.png/ }).click(),
      ]);
      expect(attached.suggestedFilename()).toBe('floor-layout.png');
      await expectAccessible(page);
      await beta.getByRole('textbox', { name: 'Your full name' }).fill('Rohan Mehta');
      await beta.getByRole('button', { name: 'Sign off' }).click();
      // The form is far down the phone's screen: the confirmation is brought into the window, with focus.
      const confirmation = page.getByTestId('project-notice');
      await confirmation
        .getByText(/Signed off\. Invoice PI\/\d{4}-\d{2}\/\d{4,} is issued/)
        .waitFor({ timeout: 20_000 });
      await expect.poll(() => confirmation.evaluate((element) => element === document.activeElement)).toBe(true);
      const box = (await confirmation.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      await beta.getByText('Signed off by Rohan Mehta', { exact: false }).waitFor();

      // 4. The proforma arrives by mail and is paid on its pay page.
      const invoiceMail = (
        await waitForMails(
          async () => (await mailsTo(customer.email)).filter((m) => m.subject.includes('1,80,000')),
          1,
          20_000,
        )
      )[0];
      expect(invoiceMail).toBeDefined();
      const payUrl = linkIn(invoiceMail!.text, 'View and pay the invoice');
      await page.goto(payUrl.pathname);
      await page.getByRole('button', { name: 'Pay ₹1,80,000' }).click();
      const checkout = page.getByRole('dialog', { name: 'Test checkout (sandbox)' });
      await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByText('Payment successful. Thank you!', { exact: false }).waitFor({ timeout: 20_000 });

      // 5. The project page shows invoiced, paid and due.
      await page.goto(`/projects/${projectId}`);
      await page.getByTestId('money-paid').getByText('₹1,80,000').waitFor({ timeout: 20_000 });
      await page.getByTestId('money-invoiced').getByText('₹3,15,000').waitFor();
      await page.getByTestId('money-due').getByText('₹1,35,000').waitFor();
      await page.getByTestId('project-invoice-2').getByText('Paid').waitFor();

      // 6. The customer adds a colleague by email.
      const contacts = page.getByRole('form', { name: 'Add a contact' });
      await contacts.getByLabel('Their email').fill(colleague);
      await contacts.getByLabel('Their name (optional)').fill('Meera Iyer');
      await contacts.getByLabel(/They pay our invoices/).check();
      await contacts.getByRole('button', { name: 'Add contact' }).click();
      await page
        .getByText(`We mailed ${colleague} a link to this project. The project's invoices will be mailed to them too.`)
        .waitFor({ timeout: 20_000 });
    }, PHONE);

    // A second colleague, added without a name, comments from their link: known only by their address.
    const nameless = uniqueEmail('project-cfo');
    await callApi(await signInWithPassword(customer.email), `/api/projects/${projectId}/contacts`, { email: nameless });
    const [namelessInvite] = await waitForMails(() => mailsTo(nameless), 1, 20_000);
    const namelessLink = linkIn(namelessInvite!.text, 'Open the project');
    await callApi(null, `/api/${namelessLink.pathname.replace(/^\//, '')}/comments`, { body: 'The numbers add up.' });

    // 7. The colleague opens the project from the mailed link, without an account, and comments.
    const [invite] = await waitForMails(() => mailsTo(colleague), 1, 20_000);
    expect(invite?.subject).toBe('You have been added to the project Production dashboard for the Pune plant');
    const projectLink = linkIn(invite!.text, 'Open the project');
    await browser.withPage(async ({ page }) => {
      await page.goto(projectLink.pathname);
      await pageHeading(page, 'Production dashboard for the Pune plant');
      expect(await page.getByRole('region', { name: 'People following this project' }).count()).toBe(0);
      // The other colleague is "A colleague": no person's address but the reader's own is on this page
      // (the company's own address may be).
      const namelessComment = page.getByTestId('project-update').filter({ hasText: 'The numbers add up.' });
      await namelessComment.getByText(/^A colleague \(contact\)/).waitFor();
      const addresses = (await page.locator('#main').innerText()).match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [];
      expect(addresses.filter((address) => address !== colleague && address !== COMPANY.email)).toEqual([]);
      await page.getByLabel('Your comment').fill('The staging site looks right to me.');
      await page.getByRole('button', { name: 'Send comment' }).click();
      await page.getByText('Comment sent.').waitFor({ timeout: 20_000 });
      await page.getByTestId('project-update').getByText('The staging site looks right to me.').waitFor();
      await expectAccessible(page);
      await expectLandmarks(page);
    }, PHONE);
  }, 90_000);
});
