import { createHmac, timingSafeEqual } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { MARKETING_CONSENT_WORDING, type ConsentSource } from '../../src/domain/consent';
import { addAudit, type Actor } from '../audit';
import { HttpError } from '../errors';
import { enqueueMail, type OutboxMail } from '../mail/outbox';

/**
 * Marketing consent: `users/{uid}.marketingConsent = { granted, at, wording, source }`. Only the
 * API writes it (the rules let the owner neither set nor change it), so its time is the server's
 * and its wording the one the site showed; every change is in the audit log with what it was
 * before, so the history survives the latest choice.
 */

export const CONSENT_WORDING_CHANGED =
  'The wording of this choice has changed. Please reload the page and read it again.';
export const CONSENT_NEEDS_EMAIL = 'Add an email address to your account first: news and offers go by email.';
export const CONSENT_NO_PROFILE = 'Your profile could not be found.';

export interface MarketingConsentRecord {
  granted: boolean;
  wording: string;
  source: ConsentSource;
}

/**
 * Records a customer's choice (granted or withdrawn) with the server's time, in one transaction
 * with its audit entry. Granting needs the current wording (what the person read) and an account
 * with an email; withdrawing always works. A choice equal to the stored one changes nothing.
 */
export async function recordMarketingConsent(
  db: Firestore,
  who: Actor,
  choice: { granted: boolean; wording: string; source: ConsentSource },
): Promise<{ changed: boolean }> {
  if (choice.granted && choice.wording !== MARKETING_CONSENT_WORDING) throw new HttpError(409, CONSENT_WORDING_CHANGED);
  const ref = db.doc(`users/${who.uid}`);
  return db.runTransaction(async (tx) => {
    const profile = await tx.get(ref);
    if (!profile.exists || profile.get('isLead') === true) throw new HttpError(404, CONSENT_NO_PROFILE);
    const email = profile.get('email') as unknown;
    if (choice.granted && (typeof email !== 'string' || !email.includes('@'))) {
      throw new HttpError(400, CONSENT_NEEDS_EMAIL);
    }
    const before = (profile.get('marketingConsent') as MarketingConsentRecord | undefined) ?? null;
    // Nothing to withdraw, or the same choice again.
    if (!before && !choice.granted) return { changed: false };
    if (before?.granted === choice.granted && (!choice.granted || before.wording === choice.wording)) {
      return { changed: false };
    }
    const record = {
      granted: choice.granted,
      wording: choice.wording || MARKETING_CONSENT_WORDING,
      source: choice.source,
    };
    tx.update(ref, { marketingConsent: { ...record, at: FieldValue.serverTimestamp() } });
    addAudit(tx, db, {
      actor: who,
      action: choice.granted ? 'consent.marketing.grant' : 'consent.marketing.withdraw',
      target: ref.path,
      before: before ? { granted: before.granted, wording: before.wording } : null,
      after: record,
    });
    return { changed: true };
  });
}

/** Whether a customer currently agrees to news and offers (read again right before each such mail is sent). */
export async function hasMarketingConsent(db: Firestore, uid: string): Promise<boolean> {
  const consent = (await db.doc(`users/${uid}`).get()).get('marketingConsent') as
    Partial<MarketingConsentRecord> | undefined;
  return consent?.granted === true;
}

// ---- One-click unsubscribe (RFC 8058) -----------------------------------------------------------

const PURPOSE = 'marketing-unsubscribe';
const signature = (secret: string, uid: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${uid}`).digest().subarray(0, 24);

/**
 * The token of a customer's unsubscribe link: their uid and an HMAC of it (UNSUBSCRIBE_SECRET). It
 * never expires (a mail read a year later must still work) and can only ever withdraw consent.
 */
export function unsubscribeToken(secret: string, uid: string): string {
  return `${Buffer.from(uid).toString('base64url')}.${signature(secret, uid).toString('base64url')}`;
}

/** The uid a token was made for, or null when it is not one of ours. */
export function uidOfUnsubscribeToken(secret: string, token: string): string | null {
  const [encodedUid, mac, ...rest] = token.split('.');
  if (!encodedUid || !mac || rest.length > 0) return null;
  const uid = Buffer.from(encodedUid, 'base64url').toString('utf8');
  if (!uid || uid.length > 128 || uid.includes('/')) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(secret, uid);
  return given.length === expected.length && timingSafeEqual(given, expected) ? uid : null;
}

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid.';

/** The one-click unsubscribe: withdraws the consent of the token's customer (idempotent). */
export async function unsubscribeByToken(db: Firestore, secret: string, token: string): Promise<{ changed: boolean }> {
  const uid = uidOfUnsubscribeToken(secret, token);
  if (!uid) throw new HttpError(404, UNSUBSCRIBE_INVALID);
  try {
    return await recordMarketingConsent(
      db,
      { uid, email: null },
      { granted: false, wording: '', source: 'unsubscribe-link' },
    );
  } catch (error) {
    // The account is gone: there is nobody left to mail.
    if (error instanceof HttpError && error.status === 404) return { changed: false };
    throw error;
  }
}

/** Where the links of a marketing mail point (the API's endpoint, through the site's origin). */
export function unsubscribeLinks(
  { siteUrl, secret, mailbox }: { siteUrl: string; secret: string; mailbox: string },
  uid: string,
): { url: string; mailto: string } {
  return {
    url: `${siteUrl}/api/mail/unsubscribe?token=${unsubscribeToken(secret, uid)}`,
    mailto: `mailto:${mailbox}?subject=unsubscribe`,
  };
}

// ---- News and offers ----------------------------------------------------------------------------

export interface NewsMail {
  /** Names the mailing, so one mailing reaches a customer once (`mail/news:{campaign}:{uid}`). */
  campaign: string;
  subject: string;
  paragraphs: string[];
}

export const NO_MARKETING_CONSENT = 'This customer has not agreed to news and offers.';

/**
 * Queues a news-and-offers mail to a customer who agreed to them (the outbox checks again before
 * sending, so a withdrawal in between stops it, and adds the List-Unsubscribe headers). Refused
 * (409) without consent. Once per campaign and customer.
 */
export async function queueNewsMail(db: Firestore, uid: string, news: NewsMail): Promise<'queued' | 'exists'> {
  if (!/^[\w-]{1,60}$/.test(news.campaign)) throw new HttpError(400, 'A campaign is 1-60 letters, digits, _ or -.');
  if (!(await hasMarketingConsent(db, uid))) throw new HttpError(409, NO_MARKETING_CONSENT);
  const mail: OutboxMail = {
    template: 'news',
    data: { subject: news.subject, paragraphs: news.paragraphs },
    to: { uid },
    replyTo: null,
    attachmentDocumentId: null,
  };
  return enqueueMail(db, `news:${news.campaign}:${uid}`, mail);
}
