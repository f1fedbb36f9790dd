import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from '../helpers/browser';
import { expectAccessible, shownDialog } from '../helpers/e2e';
import { admin, stack } from '../helpers/emulators';
import { createLogin, pageHeading, signInAndOpen } from '../helpers/logins';
import { caughtAttachment, mailsTo, waitForMails } from '../helpers/mail-catcher';

// Getting paid by a business: staff issue a proforma, the customer's accounts clerk (no account,
// a fresh browser) opens the mail's pay link and pays; everyone sees it Paid, and the tax invoice
// names the proforma.

const browser = sharedBrowser();

async function pdfText(bytes: Buffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
}

describe('a proforma paid through its pay link', () => {
  it('when staff issue a ₹2,80,000 proforma and a clerk with no account pays it from the mail, then it is Paid everywhere and its tax invoice names the proforma', async () => {
    const customer = await createLogin('business-customer', { name: 'Rohan Mehta' });
    const staff = await createLogin('billing-staff', { isStaff: true });
    const description = 'Production monitoring for the Pune plant';

    await browser.withPage(async ({ page: staffPage }) => {
      // Staff issue it from the customer's page in the console.
      await signInAndOpen(staffPage, staff.email, `/admin/customers/${customer.uid}`);
      await pageHeading(staffPage, 'Rohan Mehta');
      const form = staffPage.getByRole('form', { name: 'Issue a proforma invoice' });
      await form.getByRole('textbox', { name: 'Description', exact: true }).fill(description);
      await form.getByLabel('Line 1 description').fill('Machine integration');
      await form.getByLabel('Line 1 amount (₹)').fill('2,80,000');
      await expect(form.getByTestId('invoice-total').textContent()).resolves.toBe('₹2,80,000');
      await form.getByRole('button', { name: 'Preview' }).click();
      await (await shownDialog(staffPage)).getByRole('button', { name: 'Issue proforma' }).click();
      await form.getByText(/^Proforma PI\/\d{4}-\d{2}\/\d{4,} issued for ₹2,80,000/).waitFor();
      const [issued] = (await admin().db.collection(`users/${customer.uid}/invoices`).get()).docs;
      const number = issued!.get('number') as string;

      // The mail: one PDF attachment that says Proforma, and a /pay/… link.
      const [mail] = await waitForMails(() => mailsTo(customer.email), 1);
      expect(mail!.subject).toContain(`Proforma invoice ${number}`);
      expect(mail!.attachments).toHaveLength(1);
      const attachment = mail!.attachments[0] as { generatedFileName: string; contentType: string };
      expect(attachment.contentType).toBe('application/pdf');
      const proformaText = await pdfText(await caughtAttachment(mail!.id, attachment.generatedFileName));
      expect(proformaText).toContain('PROFORMA INVOICE');
      expect(proformaText).toContain(number);
      const payUrl = new URL(/View and pay the invoice: (\S+)/.exec(mail!.text ?? '')![1]!);
      expect(payUrl.pathname).toMatch(/^\/pay\/[A-Za-z0-9_-]{32}$/);

      // A fresh browser with no account: the clerk opens the link and pays in the sandbox.
      await browser.withPage(async ({ page: clerk }) => {
        await clerk.goto(payUrl.pathname);
        await pageHeading(clerk, `Proforma Invoice ${number}`);
        await expect(clerk.getByTestId('pay-total').textContent()).resolves.toBe('₹2,80,000');
        await clerk.getByText(description).waitFor();
        await expectAccessible(clerk);
        await clerk.getByRole('button', { name: 'Pay ₹2,80,000' }).click();
        const checkout = clerk.getByRole('dialog', { name: 'Test checkout (sandbox)' });
        await checkout.getByText('₹2,80,000').waitFor();
        await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
        await clerk.getByText('Payment successful. Thank you!', { exact: false }).waitFor({ timeout: 15_000 });
        await clerk.getByText(/^Paid\. Thank you! Tax Invoice \S+ has been issued\.$/).waitFor({
          timeout: 20_000,
        });

        // The tax document it downloads names the proforma and what it was for.
        const download = await fetch(`${stack.apiUrl}/api/pay${payUrl.pathname.slice('/pay'.length)}/tax-invoice.pdf`);
        expect(download.status).toBe(200);
        const taxText = await pdfText(Buffer.from(await download.arrayBuffer()));
        expect(taxText).toContain(`Proforma ${number}`);
        expect(taxText).toContain(description);
      });

      // Staff see it Paid in the console, live.
      await staffPage
        .getByRole('list', { name: 'Invoices' })
        .getByText('Paid', { exact: true })
        .waitFor({ timeout: 15_000 });

      // And so does the customer, in their profile.
      await browser.withPage(async ({ page }) => {
        await signInAndOpen(page, customer.email, '/profile');
        const mine = page.locator('section[aria-labelledby="my-invoices"]');
        await mine.getByText(number).waitFor({ timeout: 20_000 });
        await mine.getByText('Paid', { exact: true }).waitFor();
      });
    });
  });
});
