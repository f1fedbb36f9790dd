import { describe, expect, it } from 'vitest';
import { COMPANY } from '@/domain/company';
import { CONTACT_SUCCESS_MESSAGE } from '../../server/routes/contact';
import { sharedBrowser } from '../helpers/browser';
import { sendContactQuery, uniqueEmail } from '../helpers/e2e';
import { mailsTo, rawHeader, waitForMails } from '../helpers/mail-catcher';

const browser = sharedBrowser();

describe('mail', () => {
  it('when a visitor sends a query, then the acknowledgement reaches the typed address in the mail catcher', async () => {
    await browser.withPage(async ({ page }) => {
      const email = uniqueEmail('ack');
      await page.goto('/#contact');
      await page.locator('#contact').waitFor();
      await sendContactQuery(page, { name: 'Kavya Nair', email, message: 'Could you quote for a clinic booking app?' });
      const status = page.getByTestId('contact-status');
      await status.waitFor();
      expect(await status.textContent()).toBe(CONTACT_SUCCESS_MESSAGE);

      const acks = await waitForMails(() => mailsTo(email), 1);
      expect(acks).toHaveLength(1);
      expect(acks[0]!.subject).toBe(`We have received your enquiry – ${COMPANY.name}`);
      expect(acks[0]!.text).toContain('Hello Kavya Nair,');
      const notices = await waitForMails(
        async () => (await mailsTo(COMPANY.email)).filter((mail) => mail.text?.includes(email)),
        1,
      );
      expect(notices).toHaveLength(1);
      expect(await rawHeader(notices[0]!.id, 'reply-to')).toBe(`Kavya Nair <${email}>`);
    });
  });
});
