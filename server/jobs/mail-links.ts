import { hasMarketingConsent, unsubscribeLinks } from '../account/consent';
import { companyMailMembers, memberMailAddresses } from '../companies/mail';
import type { Config } from '../config';
import type { FirebaseDeps } from '../firebase';
import type { DrainOptions } from '../mail/drain';
import { invitationUrl } from '../companies/invitations';
import { accountEmailLookup } from '../mail/recipients';
import { payLinkUrl } from '../payments/pay-links';
import { projectLinkUrl } from '../projects/links';
import { quoteLinkUrl } from '../quotes/store';
import { manageUrl } from '../bookings/store';
import { bookingsContext } from '../app-deps';

type MailLinks = Pick<
  DrainOptions,
  | 'accountEmail'
  | 'companies'
  | 'payUrlFor'
  | 'quoteUrlFor'
  | 'projectUrlFor'
  | 'bookingUrlFor'
  | 'inviteUrlFor'
  | 'marketing'
>;

/**
 * What the mail worker looks up and links for each mail: the account's address, a company's members
 * and their addresses (a company's mail goes to the members its kind names, looked up when it is
 * sent), the pay, quote, project and invitation links, and marketing consent with one-click
 * unsubscribe. One place, so the tests' worker
 * (tests/helpers/mail-catcher.ts) mails exactly as the server's does.
 */
export function mailLinks(config: Config, { db, auth }: Pick<FirebaseDeps, 'db' | 'auth'>): MailLinks {
  const bookings = bookingsContext({ config, firebase: { db } });
  const accountEmail = accountEmailLookup(auth, db);
  return {
    bookingUrlFor: (bookingId, expiresAtMs) => manageUrl(config.siteUrl, bookings.linkSecret, bookingId, expiresAtMs),
    accountEmail,
    companies: {
      membersOf: (companyId) => companyMailMembers(db, companyId),
      addressesOf: (companyId, uids) => memberMailAddresses({ auth, accountEmail }, companyId, uids),
    },
    payUrlFor: (ref) => payLinkUrl(config.siteUrl, config.payLinkSecret, ref),
    quoteUrlFor: (quoteId) => quoteLinkUrl(config.siteUrl, config.payLinkSecret, quoteId),
    projectUrlFor: (link) => projectLinkUrl(config.siteUrl, config.payLinkSecret, link),
    inviteUrlFor: (link) => invitationUrl(config.siteUrl, config.payLinkSecret, link),
    // News and offers: only with consent, read again when sent, with one-click unsubscribe.
    marketing: {
      hasConsent: (uid) => hasMarketingConsent(db, uid),
      unsubscribeFor: (uid) =>
        unsubscribeLinks(
          { siteUrl: config.siteUrl, secret: config.unsubscribeSecret, mailbox: config.COMPANY_EMAIL },
          uid,
        ),
    },
  };
}
