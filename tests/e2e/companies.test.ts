import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from '../helpers/browser';
import { expectAccessible, shownDialog } from '../helpers/e2e';
import { createLogin, PASSWORD, pageHeading, signInAndOpen } from '../helpers/logins';
import { mailsTo, waitForMails } from '../helpers/mail-catcher';

// Company accounts, one journey: the owner invites a colleague as technical from their profile
// (1280 px); the colleague opens the mailed link, logs in with the invited address and accepts
// (390 px); their profile shows the company and their role; staff see both members and the audit
// trail on the customer's console page. Each step is a function of the journey's people, so later
// steps (the colleague's support requests and invoices by role) extend it where it ends.

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

describe('company accounts', () => {
  it('when the owner invites a colleague as technical from the profile, then the colleague accepts from the mail and their profile shows the company and their role', async () => {
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
  });
});
