import { FieldValue } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NO_SERVICE } from '../../src/domain/support';
import { sharedBrowser } from '../helpers/browser';
import { expectAccessible, shownDialog, type FirebaseHooks } from '../helpers/e2e';
import { admin, signInWithPassword } from '../helpers/emulators';
import { callApi, createLogin, PASSWORD, pageHeading, signInAndOpen } from '../helpers/logins';
import { mailsTo, waitForMails } from '../helpers/mail-catcher';

// Company accounts, one journey: the owner invites a colleague as technical from their profile
// (1280 px); the colleague opens the mailed link, logs in with the invited address and accepts
// (390 px); their profile shows the company and their role; staff see both members and the audit
// trail on the customer's console page. Then the colleague acts for the company (its switcher, 390
// px): they see a support request the owner raised and reply to it, and none of its invoices (no
// section, and Firestore refuses the read); the owner sees the reply (1280 px); and when the owner
// removes them, the colleague's open page (1280 px) says so at once. Each step is a function of the
// journey's people.

const browser = sharedBrowser();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const COMPANY = 'Verma Textiles Private Limited';

type Person = Awaited<ReturnType<typeof createLogin>>;

/** The owner, on their profile: Invite a colleague, as technical. */
async function inviteFromProfile(page: Page, owner: Person, colleague: Person) {
  await signInAndOpen(page, owner.email, '/profile');
  const entry = page.getByRole('region', { name: 'Invite a colleague' });
  await entry.getByRole('button', { name: 'Invite a colleague' }).click();
  const panel = page.getByRole('region', { name: `Company: ${COMPANY}` });
  const form = panel.getByRole('form', { name: 'Invite a colleague' });
  await form.getByLabel('Their email').fill(colleague.email);
  await form.getByLabel('Their name (optional)').fill(colleague.name);
  await form.getByLabel('Role').selectOption('technical');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await panel
    .getByText(`We mailed ${colleague.email} an invitation to join ${COMPANY} as Technical.`, { exact: false })
    .waitFor({ timeout: 20_000 });
  await panel.getByTestId('company-invitation').getByText(colleague.email, { exact: false }).waitFor();
  await expectAccessible(page, {
    include: `section[aria-labelledby="${await panel.getAttribute('aria-labelledby')}"]`,
  });
}

/** The invitation's link, as the mail carries it. */
async function invitationLink(colleague: Person): Promise<URL> {
  const [mail] = await waitForMails(() => mailsTo(colleague.email), 1, 20_000);
  expect(mail?.subject).toBe(`Asha Verma invited you to ${COMPANY} on Nimbus Bespoke Software`);
  return new URL(/Accept the invitation: (\S+)/.exec(mail!.text ?? '')![1]!);
}

/** The colleague opens the link signed out, logs in with the invited address (locked) and accepts. */
async function acceptFromMail(page: Page, link: URL) {
  await page.goto(link.pathname);
  await pageHeading(page, `Join ${COMPANY}`);
  await page.getByText('sees your name, your email address and your role', { exact: false }).waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Log in to accept' }).click();
  const modal = await shownDialog(page);
  await modal.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await modal.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await pageHeading(page, `Welcome to ${COMPANY}`);
  await page.getByText(`You are a member of ${COMPANY} as Technical.`).waitFor();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
}

/** Switches the page's acting company with the "Acting for" switcher. */
async function actFor(page: Page, company: string) {
  await page.getByRole('button', { name: /^Acting for / }).click({ timeout: 20_000 });
  await page
    .getByRole('list', { name: 'Your companies' })
    .getByRole('button', { name: new RegExp(company) })
    .click();
  await page.getByRole('button', { name: new RegExp(`^Acting for ${company}`) }).waitFor();
}

/** What Firestore answers the page's own SDK for a company's invoices: 'read', or the refusal's code. */
function readInvoices(page: Page, companyId: string): Promise<string> {
  return page.evaluate(async (id) => {
    const hooks = (window as unknown as { __fb: FirebaseHooks }).__fb;
    const [fs, db] = await Promise.all([hooks.firestoreSdk(), hooks.db()]);
    try {
      await fs.getDocs(fs.collection(db, 'users', id, 'invoices'));
      return 'read';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  }, companyId);
}

/**
 * The colleague, technical, on their phone: acts for the company from their profile, which then
 * shows its support and projects but no invoices (and the rules refuse them), opens the request the
 * owner raised from Support and replies to it.
 */
async function replyAsTechnical(page: Page, owner: Person, colleague: Person, subject: string, reply: string) {
  await signInAndOpen(page, colleague.email, '/profile');
  await actFor(page, COMPANY);
  await page.getByRole('region', { name: 'My Projects' }).waitFor({ timeout: 20_000 });
  await page.getByRole('region', { name: 'My Services' }).waitFor();
  expect(await page.getByRole('region', { name: 'My Invoices' }).count()).toBe(0);
  expect(await page.getByRole('region', { name: 'My Orders' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Statement of account' }).count()).toBe(0);
  expect(await readInvoices(page, owner.uid)).toBe('permission-denied');
  await expectAccessible(page, { include: 'main' });

  await page.getByRole('link', { name: 'Support requests' }).click();
  await pageHeading(page, 'Support');
  await page.getByRole('button', { name: `Acting for ${COMPANY} (Technical)` }).waitFor();
  await page.getByRole('link', { name: new RegExp(subject) }).click({ timeout: 20_000 });
  await pageHeading(page, new RegExp(`${subject}$`));
  await page.getByText(`Acting for ${COMPANY} (Technical)`).waitFor();
  await page.getByLabel('Your reply').fill(reply);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await page.getByText('Your reply was sent.').waitFor({ timeout: 20_000 });
  await page.getByRole('list', { name: 'Conversation' }).getByText(reply).waitFor();
  await expectAccessible(page, { include: 'main' });
}

describe('company accounts', () => {
  it('when the owner invites a colleague as technical from the profile, then the colleague accepts from the mail, acts for the company in support but sees none of its invoices, and is shut out at once when removed', async () => {
    const owner = await createLogin('company-owner', { name: 'Asha Verma', profile: { legalName: COMPANY } });
    const colleague = await createLogin('company-colleague', { name: 'Ravi Kumar' });
    const staff = await createLogin('company-staff', { isStaff: true });

    await browser.withPage(({ page }) => inviteFromProfile(page, owner, colleague), DESKTOP);
    const link = await invitationLink(colleague);

    await browser.withPage(async ({ page }) => {
      await acceptFromMail(page, link);
      // Their profile: the company, their role, and (once) what the company sees about them.
      const company = page.getByRole('region', { name: `Company: ${COMPANY}` });
      await company.locator('p', { hasText: 'Your role: Technical.' }).waitFor({ timeout: 20_000 });
      await company.getByRole('region', { name: `What ${COMPANY} sees about you` }).waitFor();
      await company.getByTestId('company-member').filter({ hasText: 'Asha Verma' }).getByText('Owner').waitFor();
      await expectAccessible(page, {
        include: `section[aria-labelledby="${await company.getAttribute('aria-labelledby')}"]`,
      });
    }, PHONE);

    // Staff: the customer's page lists both members and the trail of what happened.
    await browser.withPage(async ({ page }) => {
      await signInAndOpen(page, staff.email, `/admin/customers/${owner.uid}`);
      const members = page.getByRole('region', { name: 'Company and members' });
      await members.getByTestId('company-member').filter({ hasText: colleague.email }).getByText('Technical').waitFor({
        timeout: 20_000,
      });
      const trail = page.getByRole('region', { name: 'Company audit trail' });
      await trail.getByText('Ravi Kumar joined as Technical').waitFor();
      await trail.getByText(`Invited ${colleague.email} as Technical`).waitFor();
      await expectAccessible(page, { include: 'main' });
    }, DESKTOP);

    // The owner raises a request (through the API, as the support journey covers the form) and the
    // company has an invoice the colleague must not see.
    const subject = 'Dyeing line dashboard shows no data';
    const raised = await callApi(await signInWithPassword(owner.email), '/api/support/requests', {
      serviceId: NO_SERVICE,
      subject,
      description: 'Since this morning the dashboard of line 2 is empty.',
      fileIds: [],
    });
    await admin().db.doc(`users/${owner.uid}/invoices/company-invoice`).set({
      invoiceId: 'PI/2026-27/0007',
      name: 'Asha Verma',
      email: owner.email,
      amount: 25_000,
      currency: 'INR',
      status: 'Pending',
      issuedBy: 'company',
      createdAt: FieldValue.serverTimestamp(),
    });
    const reply = 'Restarted the line 2 collector; the dashboard fills again.';
    await browser.withPage(({ page }) => replyAsTechnical(page, owner, colleague, subject, reply), PHONE);

    // The owner sees the colleague's reply on the request.
    await browser.withPage(async ({ page }) => {
      await signInAndOpen(page, owner.email, `/support/${String(raised.id)}`);
      await pageHeading(page, new RegExp(`${subject}$`));
      await page.getByRole('list', { name: 'Conversation' }).getByText(reply).waitFor({ timeout: 20_000 });
      await expectAccessible(page, { include: 'main' });
    }, DESKTOP);

    // The colleague has Support open when the owner removes them: their page says so, without a reload.
    await browser.withPage(async ({ page: colleaguePage }) => {
      await signInAndOpen(colleaguePage, colleague.email, '/support');
      await actFor(colleaguePage, COMPANY);
      await colleaguePage.getByRole('link', { name: new RegExp(subject) }).waitFor({ timeout: 20_000 });

      await browser.withPage(async ({ page }) => {
        await signInAndOpen(page, owner.email, '/profile');
        const panel = page.getByRole('region', { name: `Company: ${COMPANY}` });
        await panel.getByRole('button', { name: `Remove ${colleague.name}` }).click({ timeout: 20_000 });
        const dialog = await shownDialog(page, 'alertdialog');
        await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
        await panel.getByTestId('company-member').filter({ hasText: colleague.name }).waitFor({ state: 'detached' });
      }, DESKTOP);

      await pageHeading(colleaguePage, `You are no longer a member of ${COMPANY}.`);
      expect(await colleaguePage.getByRole('link', { name: new RegExp(subject) }).count()).toBe(0);
      await expectAccessible(colleaguePage, { include: 'main' });
      await colleaguePage.getByRole('button', { name: 'Continue with Ravi Kumar' }).click();
      await pageHeading(colleaguePage, 'Support');
    }, DESKTOP);
  });
});
