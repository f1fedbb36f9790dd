import { z } from 'zod';
import { COMPANY } from './company';

/**
 * Consent to mail that is not needed to serve the customer (DPDP Act 2023, section 6). Receipts,
 * invoices, refunds and renewal reminders are service mails: they are sent whatever the customer
 * chooses. News and offers need this explicit opt-in, given on the profile and recorded by the API
 * with the server's time and these exact words, and withdrawn in one click from any such mail.
 */
export const MARKETING_CONSENT_WORDING = `Email me news and offers from ${COMPANY.name}. I can stop them at any time with one click in any of these emails or here.`;

/** What the profile says about the mail everyone gets. */
export const SERVICE_MAIL_NOTE =
  'Emails about your orders, invoices, payments and renewals are part of the service and are always sent.';

/** POST /api/account/marketing-consent: the choice, and the words it was given with (checked by the API). */
export const marketingConsentSchema = z.object({
  granted: z.boolean(),
  wording: z.string().max(500),
});
export type MarketingConsentChoice = z.infer<typeof marketingConsentSchema>;

/** Where a choice was made (stored with it and in the audit log). */
export type ConsentSource = 'profile' | 'unsubscribe-link';
