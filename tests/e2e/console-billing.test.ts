import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, istToday } from '@/domain/ist';
import { sharedBrowser } from '../helpers/browser';
import { customerPageLoaded, expectAccessible, shownDialog } from '../helpers/e2e';
import { admin, signInWithPassword } from '../helpers/emulators';
import { callApi, createLogin, pageHeading, signInAndOpen } from '../helpers/logins';
import { seedDuplicatePayment } from '../helpers/sandbox-payments';

const browser = sharedBrowser();

/** A word no other test's customer has, as the middle word of a business name. */
const uniqueWord = () =>
  `Vel${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** Staff issue a ₹`rupees` proforma (GST included) to `uid` through the API; its number, id and pay link token. */
async function issueProforma(staffToken: string, uid: string, description: string, rupees: number) {
  const issued = await callApi(staffToken, '/api/staff/invoices', {
    uid,
    description,
    lines: [{ description, amountPaise: rupees * 100 }],
    amountsIncludeGst: true,
    dueDate: addDays(istToday(), 15),
  });
  return {
    id: issued.id as string,
    number: issued.number as string,
    token: (issued.payUrl as string).split('/pay/')[1]!,
  };
}

/**
 * The tax documents of one of `uid`'s invoices: its payments' (the `invoice` series): Tax
 * Invoices, as the e2e stack runs npm start's GST-registered demo seller.
 */
async function taxDocumentsOf(uid: string, invoiceId: string) {
  const documents = await admin()
    .db.collection('documents')
    .where('uid', '==', uid)
    .where('payable.docId', '==', invoiceId)
    .get();
  return documents.docs.map((doc) => doc.data()).filter((doc) => doc.series === 'invoice');
}

async function waitForTaxDocuments(uid: string, invoiceId: string, count: number) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const documents = await taxDocumentsOf(uid, invoiceId);
    if (documents.length >= count && documents.every((doc) => doc.status === 'issued')) return documents;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return taxDocumentsOf(uid, invoiceId);
}

/** Records a payment received on the invoice row of `number`, through its form. */
async function recordReceipt(page: Page, number: string, { received, tds }: { received: string; tds?: string }) {
  await page.getByRole('button', { name: `Record payment received: Proforma ${number}` }).click();
  const form = page.getByRole('form', { name: `Payment received for Proforma ${number}` });
  await form.getByLabel('Amount received (₹)').fill(received);
  if (tds) await form.getByLabel('TDS deducted (₹, if any)').fill(tds);
  await form.getByLabel('Reference (UTR, UPI or cheque number)').fill(`UTR${Date.now()}`);
  await form.getByRole('button', { name: 'Record payment' }).click();
  await form.waitFor({ state: 'detached', timeout: 20_000 });
}

/** The invoice row (list item) that names `number`. */
const invoiceRow = (page: Page, number: string) =>
  page.getByRole('list', { name: 'Invoices' }).getByRole('listitem').filter({ hasText: number });

/** Every console page, each waited for and checked with axe; the page must fit `width`. */
async function expectConsoleAccessible(page: Page, width: number, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await page.locator('main h1').first().waitFor({ timeout: 20_000 });
    await page.getByText('Loading...').first().waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
    await expectAccessible(page, { include: 'main' });
  }
}

describe('billing from the console', () => {
  // The journey at 1280 px; then every console page at 390 px (no sideways scroll, axe). One
  // journey, not one per width: the steps are the same, and the phone's own checks are the pages'.
  it('at 1280 px staff find a customer by a word inside their business name, record a receipt, see it named in payments, cancel an invoice after confirming, and a refund dialog gives focus back; at 390 px every console page fits and passes axe', async () => {
    const width = 1280;
    const word = uniqueWord();
    const customer = await createLogin('console-billing', {
      name: 'Devika Nair',
      profile: { legalName: `Nair ${word} Textiles LLP`, gstin: '29ABCDE1234F1Z5', pinCode: '560001' },
    });
    const staff = await createLogin('console-billing-staff', { isStaff: true });
    const staffToken = await signInWithPassword(staff.email);
    const paid = await issueProforma(staffToken, customer.uid, 'Loom monitoring', 50_000);
    const doomed = await issueProforma(staffToken, customer.uid, 'Dye house dashboard', 12_000);
    const { db } = admin();
    // A second capture, kept for a refund (as the staff console test seeds one).
    const duplicateId = `pay_cb${Date.now()}${width}`;
    await seedDuplicatePayment({
      paymentId: duplicateId,
      gatewayOrderId: 'order_cb',
      uid: customer.uid,
      docId: 'inv-cb',
      amountPaise: 90_000,
      method: 'upi',
      customerName: customer.name,
      paidFor: `Invoice CB-${width} · Loom sensors`,
    });

    await browser.withPage(
      async ({ page }) => {
        await signInAndOpen(page, staff.email, '/admin/customers');
        await pageHeading(page, 'Customers');
        await page.getByLabel('Search customers').fill(word.toLowerCase());
        await page.getByRole('link', { name: new RegExp(`Devika Nair`) }).click();
        await pageHeading(page, 'Devika Nair');

        // A receipt in full (bank transfer): Paid, with its tax invoice.
        await recordReceipt(page, paid.number, { received: '50,000' });
        await invoiceRow(page, paid.number).getByText('Paid', { exact: true }).waitFor({ timeout: 20_000 });
        const [taxDocument] = await waitForTaxDocuments(customer.uid, paid.id, 1);
        const taxNumber = taxDocument!.number as string;

        // Cancelling asks first, naming the customer, the document and the amount.
        await page.getByRole('button', { name: `Cancel invoice: Proforma ${doomed.number}` }).click();
        const confirm = await shownDialog(page, 'alertdialog');
        await confirm.getByText(`Proforma ${doomed.number}`).first().waitFor();
        await confirm.getByText('₹12,000.00').first().waitFor();
        await confirm
          .getByText(/Devika Nair/)
          .first()
          .waitFor();
        await confirm.getByRole('button', { name: 'Cancel invoice' }).click();
        await invoiceRow(page, doomed.number).getByText('Cancelled', { exact: true }).waitFor({ timeout: 20_000 });

        // The payments list names who paid and the tax invoice; ids are one click away.
        await page.goto('/admin/payments');
        await pageHeading(page, 'Payments');
        const payments = page.getByRole('list', { name: 'Payments' });
        const row = payments.getByRole('listitem').filter({ hasText: `Proforma ${paid.number}` });
        await row.getByText(taxNumber, { exact: false }).waitFor({ timeout: 20_000 });
        await row
          .getByText(/Devika Nair/)
          .first()
          .waitFor();

        // Closing the refund dialog gives focus back to the button that opened it.
        await page.getByRole('tab', { name: 'Exceptions' }).click();
        const opener = page.getByRole('button', { name: `Refund: Invoice CB-${width} · Loom sensors` });
        await opener.click();
        const dialog = await shownDialog(page);
        await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
          .toBe(`Refund: Invoice CB-${width} · Loom sensors`);

        // axe on the page the journey ends on, at 1280 px; then on every console page at 390 px.
        await expectAccessible(page, { include: 'main' });
        await page.setViewportSize({ width: 390, height: 844 });
        const enquiry = await db.collection('enquiries').limit(1).get();
        await expectConsoleAccessible(page, 390, [
          '/admin',
          '/admin/inbox',
          ...(enquiry.empty ? [] : [`/admin/enquiries/${enquiry.docs[0]!.id}`]),
          '/admin/customers',
          `/admin/customers/${customer.uid}`,
          '/admin/invoices',
          '/admin/orders',
          '/admin/payments',
          '/admin/renewals',
          '/admin/documents',
          '/admin/reconciliation',
          '/admin/mail',
        ]);
      },
      { width, height: 900 },
    );

    // The customer's pay link says it was cancelled.
    await browser.withPage(async ({ page }) => {
      await page.goto(`/pay/${doomed.token}`);
      await page.getByText('This invoice has been cancelled, so it can no longer be paid.', { exact: false }).waitFor({
        timeout: 20_000,
      });
    });
  });

  it('when staff record ₹2,52,000 received with ₹28,000 TDS against a ₹2,80,000 invoice it is Paid with one ₹2,80,000 tax invoice; ₹1,00,000 first leaves it Partially paid with ₹1,80,000 due', async () => {
    const customer = await createLogin('console-tds', {
      name: 'Arjun Pillai',
      profile: { legalName: 'Pillai Foundry Works Pvt Ltd', gstin: '29ABCDE1234F1Z5', pinCode: '560001' },
    });
    const staff = await createLogin('console-tds-staff', { isStaff: true });
    const staffToken = await signInWithPassword(staff.email);
    const direct = await issueProforma(staffToken, customer.uid, 'Foundry ERP, phase 1', 2_80_000);
    const inParts = await issueProforma(staffToken, customer.uid, 'Foundry ERP, phase 2', 2_80_000);

    await browser.withPage(async ({ page }) => {
      await signInAndOpen(page, staff.email, `/admin/customers/${customer.uid}`);
      await pageHeading(page, 'Arjun Pillai');
      await customerPageLoaded(page);

      // ₹2,52,000 received and ₹28,000 TDS settle ₹2,80,000: Paid.
      await recordReceipt(page, direct.number, { received: '2,52,000', tds: '28,000' });
      await invoiceRow(page, direct.number).getByText('Paid', { exact: true }).waitFor({ timeout: 20_000 });

      // ₹1,00,000 first: Partially paid, ₹1,80,000 due; then the rest with TDS: Paid.
      await recordReceipt(page, inParts.number, { received: '1,00,000' });
      const row = invoiceRow(page, inParts.number);
      await row.getByText('Partially paid', { exact: true }).waitFor({ timeout: 20_000 });
      await row.getByText(/^₹1,80,000\.00 due · ₹1,00,000\.00 settled so far$/).waitFor();
      await expectAccessible(page, { include: 'main' });
      await recordReceipt(page, inParts.number, { received: '1,52,000', tds: '28,000' });
      await row.getByText('Paid', { exact: true }).waitFor({ timeout: 20_000 });
    });

    for (const invoice of [direct, inParts]) {
      const stored = (await admin().db.doc(`users/${customer.uid}/invoices/${invoice.id}`).get()).data()!;
      expect(stored).toMatchObject({ status: 'Paid', settledPaise: 2_80_000_00, tdsPaise: 28_000_00 });
      const documents = await waitForTaxDocuments(customer.uid, invoice.id, 1);
      expect(documents).toHaveLength(1);
      expect((documents[0]!.snapshot as { totals: { totalPaise: number } }).totals.totalPaise).toBe(2_80_000_00);
    }
  });
});
