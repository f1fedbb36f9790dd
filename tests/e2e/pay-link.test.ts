import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from '../helpers/browser';
import { customerPageLoaded, expectAccessible, shownDialog } from '../helpers/e2e';
import { istToday } from '@/domain/ist';
import { admin, appCheckHeaders, signInWithPassword, stack } from '../helpers/emulators';
import { createLogin, pageHeading, signInAndOpen } from '../helpers/logins';
import { caughtAttachment, mailsTo, waitForMails } from '../helpers/mail-catcher';

// Getting paid by a business: staff issue a proforma, the customer's accounts clerk (no account,
// a fresh browser) opens the mail's pay link and pays it net of the TDS the company deducts;
// everyone sees it Paid, the tax invoice names the proforma and is for its whole value, and the TDS
// certificate is awaited, then uploaded by the customer and verified by staff.

const browser = sharedBrowser();

async function pdfText(bytes: Buffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
}

describe('a proforma paid through its pay link', () => {
  it('when staff issue a ₹1,18,000 proforma and a clerk with no account pays it from the mail net of 10 % TDS, then ₹1,08,000 is charged, it is Paid everywhere with one ₹1,18,000 tax invoice, and its TDS certificate goes from awaited to verified', async () => {
    const customer = await createLogin('business-customer', { name: 'Rohan Mehta' });
    const staff = await createLogin('billing-staff', { isStaff: true });
    const description = 'Production monitoring for the Pune plant';

    await browser.withPage(async ({ page: staffPage }) => {
      // Staff issue it from the customer's page in the console.
      await signInAndOpen(staffPage, staff.email, `/admin/customers/${customer.uid}`);
      await pageHeading(staffPage, 'Rohan Mehta');
      await customerPageLoaded(staffPage);
      const form = staffPage.getByRole('form', { name: 'Issue a proforma invoice' });
      await form.getByRole('textbox', { name: 'Description', exact: true }).fill(description);
      await form.getByLabel('Line 1 description').fill('Machine integration');
      // ₹1,00,000 + 18 % GST.
      await form.getByLabel('Line 1 amount (₹)').fill('1,18,000');
      await expect(form.getByTestId('invoice-total').textContent()).resolves.toBe('₹1,18,000');
      await form.getByRole('button', { name: 'Preview' }).click();
      await (await shownDialog(staffPage)).getByRole('button', { name: 'Issue proforma' }).click();
      await form.getByText(/^Proforma PI\/\d{4}-\d{2}\/\d{4,} issued for ₹1,18,000/).waitFor();
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

      // A fresh browser with no account: the clerk opens the link, declares the company's 10 % TDS
      // on professional fees (on the ₹1,00,000 taxable value, not the GST) and pays the rest.
      await browser.withPage(async ({ page: clerk }) => {
        await clerk.goto(payUrl.pathname);
        await pageHeading(clerk, `Proforma Invoice ${number}`);
        await expect(clerk.getByTestId('pay-total').textContent()).resolves.toBe('₹1,18,000');
        await clerk.getByText(description).waitFor();
        await clerk.getByRole('checkbox', { name: 'My company deducts TDS from this payment' }).check();
        await expect(
          clerk.getByRole('combobox', { name: 'What the payment is for (TDS section)' }).inputValue(),
        ).resolves.toBe('professional-fees');
        const figures = clerk.getByTestId('tds-figures');
        await figures.getByText('₹1,00,000', { exact: true }).waitFor();
        await figures.getByText('− ₹10,000').waitFor();
        await figures.getByText('₹1,08,000', { exact: true }).waitFor();
        await expectAccessible(clerk);
        await clerk.getByRole('button', { name: 'Pay ₹1,08,000' }).click();
        const checkout = clerk.getByRole('dialog', { name: 'Test checkout (sandbox)' });
        await checkout.getByText('₹1,08,000').waitFor();
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
        expect(taxText).toContain('1,18,000');
        expect(taxText).toContain('TDS deducted: ₹10,000.00');
      });

      // One tax invoice, for the whole value; payments.csv shows the TDS with the law of its day.
      const [payment] = (await admin().db.collection('payments').where('uid', '==', customer.uid).get()).docs;
      expect(payment!.data()).toMatchObject({ amountPaise: 1_08_000_00, tdsPaise: 10_000_00 });
      const documents = await admin().db.collection('documents').where('paymentId', '==', payment!.id).get();
      expect(documents.docs.map((document) => document.get('amountPaise'))).toEqual([1_18_000_00]);
      const today = istToday();
      const csv = await fetch(`${stack.apiUrl}/api/staff/payments.csv?from=${today}&to=${today}`, {
        headers: { Authorization: `Bearer ${await signInWithPassword(staff.email)}`, ...(await appCheckHeaders()) },
      });
      expect(await csv.text()).toMatch(
        /,108000\.00,0\.00,10000\.00,"section 393\(1\) of the Income-tax Act, 2025, Table Sl\. No\. 6\(iii\), payment code 1027"/,
      );

      // Staff see it Paid in the console, live.
      await staffPage
        .getByRole('list', { name: 'Invoices' })
        .getByText('Paid', { exact: true })
        .waitFor({ timeout: 15_000 });

      // And so does the customer, in their profile; on their statement page the TDS certificate is
      // awaited, and they upload its PDF.
      await browser.withPage(async ({ page }) => {
        await signInAndOpen(page, customer.email, '/profile');
        const mine = page.locator('section[aria-labelledby="my-invoices"]');
        await mine.getByText(number).waitFor({ timeout: 20_000 });
        await mine.getByText('Paid', { exact: true }).waitFor();
        await page
          .getByRole('link', { name: /statement of account/i })
          .first()
          .click();
        const certificates = page.getByRole('list', { name: 'TDS certificates' });
        const row = certificates.getByRole('listitem').filter({ hasText: `₹10,000.00 TDS on Proforma ${number}` });
        await row.getByText('Certificate awaited', { exact: true }).waitFor({ timeout: 20_000 });
        await expectAccessible(page);
        await row.getByLabel(/^Upload the certificate \(PDF\)/).setInputFiles({
          name: 'Form16A.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
        });
        await row.getByText('Certificate received', { exact: true }).waitFor({ timeout: 15_000 });
      });

      // Staff verify it in the console's TDS certificates view.
      await staffPage.getByRole('link', { name: 'TDS certificates' }).first().click();
      await pageHeading(staffPage, 'TDS certificates');
      await staffPage.getByLabel('Status').selectOption('received');
      await staffPage
        .getByRole('button', { name: `Verify: ₹10,000.00 TDS on Proforma ${number} · ${description}` })
        .click();
      await staffPage.getByText('Verified against Form 26AS.').waitFor();
      await expectAccessible(staffPage);
      const [certificate] = (await admin().db.collection('tdsCertificates').where('uid', '==', customer.uid).get())
        .docs;
      expect(certificate!.data()).toMatchObject({ status: 'verified', tdsPaise: 10_000_00 });
    });
  });
});
