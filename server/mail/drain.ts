import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { ALERT } from '../alerts';
import { takeOver, updateIfUnchanged, type Claim } from '../claims';
import { forEachPage } from '../paging';
import {
  MAIL_COLLECTION,
  mailDoc,
  mailQueued,
  THREAD_HEADERS,
  type MailAddress,
  type MailStatus,
  type StoredMail,
} from './outbox';
import { calendarFileName, calendarOf, MARKETING_TEMPLATES, payLinkOf, renderMail } from './templates';
import { MailSendError, type MailAttachment, type MailTransport } from './transport';

export interface DrainOptions {
  /** MAIL_FROM. */
  from: MailAddress;
  /** Reply-To of mails that name none of their own: the company's inbox (COMPANY_EMAIL). */
  replyTo?: MailAddress;
  /** The customer's own account email for `{ uid }` recipients (see accountEmailLookup). */
  accountEmail: (uid: string) => Promise<string | null>;
  /** Files that go with a mail (the documents task fills a receipt's tax document PDF here). */
  attachmentsFor?: (mail: StoredMail) => Promise<MailAttachment[]>;
  /** The pay link of an invoice, made when its mail is sent (it is a bearer token: never stored). */
  payUrlFor?: (ref: { uid: string; type: 'invoice' | 'product_order'; docId: string }) => string;
  /** The link of a quote, made when its mail is sent (a bearer token too). */
  quoteUrlFor?: (quoteId: string) => string;
  /** A project contact's signed link, made when its mail is sent (a bearer token too). */
  projectUrlFor?: (link: { projectId: string; contactId: string; linkNo: number }) => string;
  /** A consultation's reschedule/cancel page, made when its mail is sent (a bearer token too). */
  bookingUrlFor?: (bookingId: string, expiresAtMs: number) => string;
  /**
   * A marketing mail's consent, read again when it is sent (a withdrawal since it was queued
   * cancels it), and its one-click unsubscribe links (RFC 8058) for the List-Unsubscribe header.
   * Without them marketing mails wait.
   */
  marketing?: {
    hasConsent: (uid: string) => Promise<boolean>;
    unsubscribeFor: (uid: string) => { url: string; mailto: string };
  };
  now?: () => number;
  /** Mails read per page; a pass reads up to MAIL_DEFAULTS.maxPages pages. */
  batchSize?: number;
  maxPages?: number;
  /** Attempts before a mail is marked failed. */
  maxAttempts?: number;
  /** First retry delay; it doubles per attempt up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** A claim older than this belongs to a worker that died mid-send. */
  claimTimeoutMs?: number;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export const MAIL_DEFAULTS = {
  batchSize: 20,
  maxPages: 5,
  // 30 s, 1, 2, 4, 8, 16, 32 min, then hourly: about 6 hours before a mail is given up.
  maxAttempts: 12,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  // Well above the SMTP timeouts (10 + 10 + 30 s per step), so a live send is never taken for dead.
  claimTimeoutMs: 10 * 60_000,
};

export interface DrainReport {
  sent: number;
  retrying: number;
  failed: number;
  /** Marketing mails whose customer no longer agreed to them: not sent. */
  cancelled: number;
  /** Stale claims found (a worker died mid-send): marked failed, not re-sent. */
  interrupted: number;
}

export const INTERRUPTED_ERROR =
  'Interrupted while sending (the worker stopped mid-send), so it may or may not have been delivered. Not retried automatically, to never send it twice; check with the recipient, then resend.';
export const UNCERTAIN_PREFIX =
  'May have been delivered (the connection failed after the message was handed over); not retried: ';

/** Delay before attempt `attempts + 1`: base × 2^(attempts-1), capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

/** `payment:pay_X` -> `<payment.pay_X@example.com>`: the same mail always has the same Message-ID. */
export function messageIdFor(id: string, from: MailAddress): string {
  const domain = from.address.split('@')[1] ?? 'localhost';
  return `<${id.replace(/[^A-Za-z0-9_.-]/g, '.')}@${domain}>`;
}

/**
 * Sends what is due in the outbox, once. Safe on any number of instances at once: each mail is
 * claimed (pending -> sending, server/claims.ts) before it is sent, and only the claimer sends it.
 * A claim that grows stale means its worker died mid-send: the mail may already be out, so it
 * is marked failed for staff to check and resend, never re-sent on its own (we accept a
 * possible loss, visible in the outbox, rather than a possible duplicate).
 */
export async function drainOutbox(
  db: Firestore,
  transport: MailTransport,
  options: DrainOptions,
): Promise<DrainReport> {
  const settings = { ...MAIL_DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const report: DrainReport = { sent: 0, retrying: 0, failed: 0, cancelled: 0, interrupted: 0 };
  const collection = db.collection(MAIL_COLLECTION);
  const pages = { pageSize: settings.batchSize, maxPages: settings.maxPages };

  const stale = collection
    .where('status', '==', 'sending' satisfies MailStatus)
    .where('claimedAt', '<=', Timestamp.fromMillis(now() - settings.claimTimeoutMs))
    .orderBy('claimedAt');
  await forEachPage(
    stale,
    async (docs) => {
      for (const doc of docs) {
        // Unless it changed since it was read (its sender recorded the outcome just now).
        const update = {
          status: 'failed',
          lastError: INTERRUPTED_ERROR,
          failedAt: FieldValue.serverTimestamp(),
          claimId: null,
          leaseUntil: null,
        };
        if (await updateIfUnchanged(doc.ref, update, doc.updateTime)) {
          report.interrupted += 1;
          options.logger?.warn(
            { mailId: doc.id, alert: ALERT.mailFailed },
            'mail: a send was interrupted; marked failed (not re-sent)',
          );
        }
      }
    },
    pages,
  );

  const due = collection
    .where('status', '==', 'pending' satisfies MailStatus)
    .where('nextAttemptAt', '<=', Timestamp.fromMillis(now()))
    .orderBy('nextAttemptAt');
  await forEachPage(
    due,
    async (docs) => {
      for (const doc of docs) {
        const mail = doc.data() as StoredMail;
        const nowMs = now();
        const claim = await takeOver(doc, {
          leaseMs: settings.claimTimeoutMs,
          now: () => nowMs,
          data: { status: 'sending', claimedAt: Timestamp.fromMillis(nowMs), attempts: FieldValue.increment(1) },
          isFree: (stored) => stored.status === 'pending' && (stored.nextAttemptAt as Timestamp).toMillis() <= nowMs,
        });
        if (!claim) continue; // another worker has it, or it changed
        const outcome = await sendClaimed(transport, claim, { ...mail, attempts: mail.attempts + 1 }, settings, now);
        report[outcome] += 1;
      }
    },
    pages,
  );
  return report;
}

type Outcome = 'sent' | 'retrying' | 'failed' | 'cancelled';

export const NO_CONSENT_ERROR = 'Not sent: the customer no longer agrees to news and offers.';

/** A stored mail's copies (Cc): well-formed addresses, each once, none the same as `to`. */
function ccOf(mail: StoredMail, to: string): MailAddress[] {
  const seen = new Set([to.toLowerCase()]);
  return (Array.isArray(mail.cc) ? mail.cc : []).filter((cc) => {
    const address = typeof cc?.address === 'string' ? cc.address.toLowerCase() : '';
    if (!/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+$/.test(address) || seen.has(address)) return false;
    seen.add(address);
    return true;
  });
}

/** A mail that must not be sent as it is, and will not be later either: cancelled, not failed. */
class MailCancelled extends Error {}

async function sendClaimed(
  transport: MailTransport,
  claim: Claim,
  mail: StoredMail,
  settings: typeof MAIL_DEFAULTS & DrainOptions,
  now: () => number,
): Promise<Outcome> {
  const { ref } = claim;
  const id = ref.id;
  let sent: { to: string; cc: string[]; messageId: string } | undefined;
  let kind: 'retry' | 'permanent' | 'uncertain' = 'retry';
  let message = '';
  try {
    let headers: Record<string, string> | undefined;
    let unsubscribeUrl: string | undefined;
    if (MARKETING_TEMPLATES.has(mail.template)) {
      if (!('uid' in mail.to)) throw new MailSendError('A marketing mail goes only to an account.', 'permanent');
      if (!settings.marketing) throw new MailSendError('No unsubscribe link can be made for this mail.', 'retry');
      if (!(await settings.marketing.hasConsent(mail.to.uid))) throw new MailCancelled(NO_CONSENT_ERROR);
      const links = settings.marketing.unsubscribeFor(mail.to.uid);
      unsubscribeUrl = links.url;
      headers = {
        'List-Unsubscribe': `<${links.mailto}>, <${links.url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
    }
    for (const name of THREAD_HEADERS) {
      const value = mail.headers?.[name];
      if (value) headers = { ...headers, [name]: value.replace(/[\r\n]+/g, ' ') };
    }
    const to = 'uid' in mail.to ? await settings.accountEmail(mail.to.uid) : mail.to.address;
    if (!to) throw new MailSendError('The account has no email address.', 'permanent');
    const toAddress: MailAddress = 'uid' in mail.to ? { address: to } : mail.to;
    // A copy to the same address as `to` (a payer who is also the account holder) would arrive twice.
    const cc = ccOf(mail, to);
    const attachments = [...((await settings.attachmentsFor?.(mail)) ?? [])];
    // A consultation's invitation: built from what the outbox entry stored (its METHOD and .ics).
    const stored = calendarOf(mail);
    const calendar = stored
      ? { method: stored.method, content: stored.ics, filename: calendarFileName(stored.method) }
      : undefined;
    const manage = mail.template === 'booking' ? mail.data.manage : null;
    if (manage && !settings.bookingUrlFor) {
      throw new MailSendError('No reschedule link can be made for this booking mail.', 'retry');
    }
    const payLink = payLinkOf(mail);
    // An invoice mail without its pay link would be a dead end: it waits for a worker that makes links.
    if (payLink && !settings.payUrlFor)
      throw new MailSendError('No pay link can be made for this invoice mail.', 'retry');
    const quoteLink = mail.template === 'quote-sent' ? mail.data.quoteLink : undefined;
    if (quoteLink && !settings.quoteUrlFor) {
      throw new MailSendError('No quote link can be made for this quote mail.', 'retry');
    }
    const projectLink = mail.template === 'project' ? mail.data.projectLink : undefined;
    if (projectLink && !settings.projectUrlFor) {
      throw new MailSendError('No project link can be made for this project mail.', 'retry');
    }
    const rendered = renderMail(mail, {
      attachments: [...attachments.map((attachment) => attachment.filename), ...(calendar ? [calendar.filename] : [])],
      documents: attachments.flatMap((attachment) => (attachment.title ? [attachment.title] : [])),
      payUrl: payLink && settings.payUrlFor ? settings.payUrlFor(payLink) : undefined,
      quoteUrl: quoteLink && settings.quoteUrlFor ? settings.quoteUrlFor(quoteLink.quoteId) : undefined,
      projectUrl: projectLink && settings.projectUrlFor ? settings.projectUrlFor(projectLink) : undefined,
      manageUrl:
        manage && settings.bookingUrlFor ? settings.bookingUrlFor(manage.bookingId, manage.expiresAtMs) : undefined,
      unsubscribeUrl,
    });
    const result = await transport.send({
      from: settings.from,
      to: toAddress,
      ...(cc.length ? { cc } : {}),
      replyTo: mail.replyTo ?? settings.replyTo ?? null,
      ...rendered,
      attachments,
      calendar,
      messageId: messageIdFor(id, settings.from),
      headers,
    });
    sent = { to, cc: cc.map((copy) => copy.address), messageId: result.messageId };
  } catch (error) {
    if (error instanceof MailCancelled) {
      await claim.update({
        status: 'cancelled',
        lastError: error.message,
        cancelledAt: FieldValue.serverTimestamp(),
        claimId: null,
        leaseUntil: null,
      });
      settings.logger?.info({ mailId: id }, 'mail: cancelled (no consent)');
      return 'cancelled';
    }
    kind = error instanceof MailSendError ? error.kind : 'retry';
    message = error instanceof Error ? error.message : String(error);
  }

  if (sent) {
    // Whatever happened to the claim meanwhile, it was sent: that is recorded. If even this write
    // fails, the claim goes stale and the mail ends 'failed (interrupted)', never sent again.
    try {
      await ref.update({
        status: 'sent',
        sentAt: FieldValue.serverTimestamp(),
        sentTo: sent.to,
        ...(sent.cc.length ? { sentCc: sent.cc } : {}),
        messageId: sent.messageId,
        via: transport.kind,
        claimId: null,
        leaseUntil: null,
      });
    } catch (error) {
      settings.logger?.error({ err: error, mailId: id }, 'mail: sent, but recording it failed');
    }
    return 'sent';
  }

  const giveUp = kind !== 'retry' || mail.attempts >= settings.maxAttempts;
  const update = giveUp
    ? {
        status: 'failed',
        lastError: kind === 'uncertain' ? `${UNCERTAIN_PREFIX}${message}` : message,
        failedAt: FieldValue.serverTimestamp(),
        claimId: null,
        leaseUntil: null,
      }
    : {
        status: 'pending',
        lastError: message,
        nextAttemptAt: Timestamp.fromMillis(
          now() + retryDelayMs(mail.attempts, settings.retryBaseMs, settings.retryMaxMs),
        ),
        claimId: null,
        leaseUntil: null,
      };
  // Only the claimer records a failure (a stale claim may have been marked failed meanwhile).
  await claim.update(update);
  settings.logger?.warn(
    { mailId: id, attempts: mail.attempts, kind, err: message, ...(giveUp ? { alert: ALERT.mailFailed } : {}) },
    giveUp ? 'mail: failed' : 'mail: will retry',
  );
  return giveUp ? 'failed' : 'retrying';
}

export type ResendOutcome = 'queued' | 'not-found' | 'not-failed';

/**
 * Staff's "resend" of a failed mail: it goes back to pending with a fresh set of attempts. Only
 * a failed mail can be resent (a sent or in-flight one would be a duplicate).
 */
export async function resendMail(
  db: Firestore,
  id: string,
  /** More writes that commit only with the resend (the console's audit entry). */
  alsoWhenQueued?: (tx: Transaction) => void,
): Promise<ResendOutcome> {
  const ref = mailDoc(db, id);
  const outcome = await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return 'not-found' as const;
    if (snapshot.get('status') !== 'failed') return 'not-failed' as const;
    tx.update(ref, {
      status: 'pending',
      attempts: 0,
      nextAttemptAt: Timestamp.now(),
      resentAt: FieldValue.serverTimestamp(),
      resendCount: FieldValue.increment(1),
    });
    alsoWhenQueued?.(tx);
    return 'queued' as const;
  });
  if (outcome === 'queued') mailQueued();
  return outcome;
}
