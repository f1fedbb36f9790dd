import { describe, expect, it } from 'vitest';
import { loadFirebaseHooks, sharedBrowser } from '../helpers/browser';
import { expectAccessible, shownDialog, type FirebaseHooks } from '../helpers/e2e';
import { admin, stack } from '../helpers/emulators';
import { createLogin, pageHeading, signInAndOpen } from '../helpers/logins';
import { seedDuplicatePayment } from '../helpers/sandbox-payments';

const browser = sharedBrowser();

describe('staff console', () => {
  it('when staff issue an invoice, then the customer sees it marked as ours, pays it in the sandbox, and staff see it Paid', async () => {
    const customer = await createLogin('billed-customer', {
      name: 'Meera Iyer',
      profile: { legalName: 'Iyer Sundaram Exports LLP' },
    });
    const staff = await createLogin('staff', { isStaff: true });

    await browser.withPage(async ({ page: staffPage }) => {
      await signInAndOpen(staffPage, staff.email, '/admin/customers');
      await pageHeading(staffPage, 'Customers');
      // A word from the middle of the business name finds the customer.
      await staffPage.getByLabel('Search customers').fill('Sundaram');
      await staffPage.getByRole('link', { name: 'Meera Iyer' }).click();
      await pageHeading(staffPage, 'Meera Iyer');
      const form = staffPage.getByRole('form', { name: 'Issue a proforma invoice' });
      await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Factory dashboard, phase 1');
      await form.getByLabel('Line 1 description').fill('Design');
      await form.getByLabel('Line 1 amount (₹)').fill('15000');
      await form.getByRole('button', { name: 'Add line' }).click();
      await form.getByLabel('Line 2 description').fill('Build');
      await form.getByLabel('Line 2 amount (₹)').fill('265000');
      await expect(form.getByTestId('invoice-total').textContent()).resolves.toBe('₹2,80,000');
      await expectAccessible(staffPage, { include: 'main' });
      // The preview shows the exact mail and its number before anything is issued.
      await form.getByRole('button', { name: 'Preview' }).click();
      const preview = await shownDialog(staffPage);
      await preview.getByText(/^It will be PI\/\d{4}-\d{2}\/\d{4,} for ₹2,80,000/).waitFor();
      await preview.getByText(customer.email).waitFor();
      await expectAccessible(staffPage, { include: '[role="dialog"]' });
      await preview.getByRole('button', { name: 'Issue proforma' }).click();
      await form
        .getByText(/^Proforma PI\/\d{4}-\d{2}\/\d{4,} issued for ₹2,80,000 and mailed to the customer\.$/)
        .waitFor();
      const invoices = staffPage.getByRole('list', { name: 'Invoices' });
      await invoices.getByText('Pending', { exact: true }).waitFor();

      const [issued] = (await admin().db.collection(`users/${customer.uid}/invoices`).get()).docs;
      const number = issued!.get('number') as string;
      await browser.withPage(async ({ page }) => {
        // The mail's link opens the invoice ready to pay; My Invoices marks it as the company's.
        await signInAndOpen(page, customer.email, `/profile?invoice=${issued!.id}`);
        const mine = page.locator('section[aria-labelledby="my-invoices"]');
        await mine.getByText('Issued by Nimbus Bespoke Software').waitFor({ timeout: 20_000 });
        await expect(mine.getByText('₹2,80,000').isVisible()).resolves.toBe(true);
        await expect(mine.getByRole('button', { name: /^Delete/ }).count()).resolves.toBe(0);
        const toPay = page.getByTestId('invoice-to-pay');
        await toPay.getByRole('heading', { name: `Invoice #${number}` }).waitFor();
        await toPay.getByText('Build: ₹2,65,000').waitFor();
        await toPay.getByRole('button', { name: `Pay Now: Inv #${number}` }).click();
        const checkout = page.getByRole('dialog', { name: 'Test checkout (sandbox)' });
        await checkout.getByText('₹2,80,000').waitFor();
        await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
        await page.waitForURL(`**/receipts/invoice/${issued!.id}`);
        await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 15_000 });
        await expect(page.getByTestId('receipt-amount').textContent()).resolves.toBe('₹2,80,000');
      });

      // Staff's list is live: the invoice turns Paid without a reload.
      await invoices.getByText('Paid', { exact: true }).waitFor({ timeout: 15_000 });
      expect((await issued!.ref.get()).data()).toMatchObject({ status: 'Paid', amount: 280000, issuedBy: 'company' });
    });
  });

  it("when a customer's query moves from New to Closed in the inbox, then the customer's profile shows it Closed live", async () => {
    const customer = await createLogin('asking-customer', { name: 'Farah Khan' });
    const staff = await createLogin('inbox-staff', { isStaff: true });

    await browser.withPage(async ({ page }) => {
      await signInAndOpen(page, customer.email, '/profile');
      await loadFirebaseHooks(page);
      // The query goes through the site's API, as the contact form sends it.
      await page.evaluate(
        async ({ apiUrl }) => {
          const hooks = (window as unknown as { __fb: FirebaseHooks }).__fb;
          await hooks.auth.authStateReady();
          const token = await hooks.auth.currentUser!.getIdToken();
          const appCheck = (await hooks.appCheckToken())!;
          const response = await fetch(`${apiUrl}/api/contact`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Bearer ${token}`,
              'X-Firebase-AppCheck': appCheck,
            },
            body: JSON.stringify({
              name: 'Farah Khan',
              email: 'farah@example.com',
              message: 'A quote for a clinic app?',
            }),
          });
          if (response.status !== 201) throw new Error(`contact failed: ${response.status}`);
        },
        { apiUrl: stack.apiUrl },
      );
      const queries = page.locator('section[aria-labelledby="my-queries"]');
      await queries.getByText('New', { exact: true }).waitFor({ timeout: 20_000 });

      await browser.withPage(async ({ page: staffPage }) => {
        await signInAndOpen(staffPage, staff.email, '/admin/inbox');
        await pageHeading(staffPage, 'Inbox');
        await staffPage.getByLabel('Search enquiries').fill('farah k');
        await staffPage.getByRole('link', { name: /^Farah Khan/ }).click();
        await pageHeading(staffPage, 'Enquiry from Farah Khan');
        await expectAccessible(staffPage, { include: 'main' });
        const update = staffPage.getByRole('form', { name: 'Update enquiry' });
        await update.getByLabel('Status', { exact: true }).selectOption('Closed');
        await update.getByLabel('Internal note').fill('Sent the quote by email.');
        await update.getByRole('button', { name: 'Save' }).click();
        await staffPage.getByText('Saved.').waitFor();
        await staffPage.getByRole('list', { name: 'Internal notes' }).getByText('Sent the quote by email.').waitFor();
      });

      await queries.getByText('Closed', { exact: true }).waitFor({ timeout: 15_000 });
      await expect(page.getByText('Sent the quote by email.').count()).resolves.toBe(0);
    });
  });

  it('when staff refund a duplicate payment on a phone, then the gateway refunds it once and it leaves the exceptions view', async () => {
    const customer = await createLogin('double-payer', { name: 'Arjun Das' });
    const staff = await createLogin('refund-staff', { isStaff: true });
    const { db } = admin();
    // A second capture of an already-paid invoice, as markPaid records it: kept for a refund.
    const paymentId = `pay_dup${Date.now()}`;
    await seedDuplicatePayment({
      paymentId,
      gatewayOrderId: 'order_dup',
      uid: customer.uid,
      docId: 'inv-dup',
      amountPaise: 150_000,
      method: 'card',
      customerName: 'Meera Iyer',
      paidFor: 'Invoice INV-DUP · Factory dashboard',
    });

    await browser.withPage(
      async ({ page }) => {
        await signInAndOpen(page, staff.email, '/admin/payments');
        await pageHeading(page, 'Payments');
        await page.getByRole('tab', { name: 'Exceptions' }).click();
        const payments = page.getByRole('list', { name: 'Payments' });
        // Names, not ids: who paid and for what; the id stays in the row's details.
        await payments.getByText('Invoice INV-DUP · Factory dashboard').waitFor({ timeout: 15_000 });
        await payments.getByText('Meera Iyer').first().waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(390);
        await expectAccessible(page, { include: 'main' });

        const opener = page.getByRole('button', { name: 'Refund: Invoice INV-DUP · Factory dashboard' });
        await opener.click();
        const dialog = await shownDialog(page);
        await expect(dialog.getByLabel(/^Amount/).inputValue()).resolves.toBe('1,500');
        await dialog.getByLabel('Reason').fill('Paid twice');
        await expectAccessible(page, { include: '[role="dialog"]' });
        await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
        await dialog.getByText('Refund processed. (₹1,500.00)').waitFor();
        await dialog.getByRole('button', { name: 'Done', exact: true }).click();
        await payments.getByText('Invoice INV-DUP · Factory dashboard').waitFor({ state: 'detached', timeout: 15_000 });
      },
      { width: 390, height: 844 },
    );

    expect((await db.doc(`payments/${paymentId}`).get()).data()).toMatchObject({
      status: 'refunded',
      refundedPaise: 150_000,
    });
    expect((await db.collection('sandboxRefunds').where('paymentId', '==', paymentId).get()).size).toBe(1);
  });

  it('when a signed-in customer opens /admin, then it says Not authorised and shows no data', async () => {
    const customer = await createLogin('curious-customer');
    await browser.withPage(async ({ page }) => {
      await signInAndOpen(page, customer.email, '/admin/payments');
      await pageHeading(page, 'Not authorised');
      await expect(page.getByRole('heading', { name: 'Payments' }).count()).resolves.toBe(0);
      await expectAccessible(page, { include: 'main' });
    });
  });
});
