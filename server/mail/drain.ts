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
import { MAIL_AUDIENCES, mailKindOf, mailRecipients, type MailKind, type MailMember } from '../../src/domain/companies';
import {
  calendarFileName,
  calendarOf,
  greeting,
  MARKETING_TEMPLATES,
  payLinkOf,
  renderMail,
  type RenderContext,
} from './templates';
import {
  MailSendError,
  type MailAttachment,
  type MailCalendar,
  type MailTransport,
  type SendFailureKind,
} from './transport';

/** A company's member as its mail picks them (see DrainOptions.companies). */
export interface CompanyMailMember extends MailMember {
  /** What a copy to them greets them by ('' when they gave none). */
  name: string;
}

export interface DrainOptions {
  /** MAIL_FROM. */
  from: MailAddress;
  /** Reply-To of mails that name none of their own: the company's inbox (COMPANY_EMAIL). */
  replyTo?: MailAddress;
  /**
   * The customer's own account email for `{ uid }` recipients (see accountEmailLookup): a person's
   * own mail, and a company's while it is not written (an implicit personal company, a lead).
   */
  accountEmail: (uid: string) => Promise<string | null>;
  /**
   * A company's mail goes to its members as they are when it is sent (server/jobs/mail-links.ts):
   * `membersOf` lists them (null: no company written, so `to` is looked up as before companies);
   * `addressesOf` gives the address each may be mailed at (none: they get no copy).
   */
  companies: {
    membersOf: (companyId: string) => Promise<CompanyMailMember[] | null>;
    addressesOf: (companyId: string, uids: string[]) => Promise<Map<string, string>>;
  };
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
  /** A company invitation's accept page, made when its mail is sent (a bearer token too). */
  inviteUrlFor?: (link: { companyId: string; invitationId: string; linkNo: number }) => string;
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
export const NO_MEMBER_ADDRESS_ERROR =
  'No member of the company who gets this mail has a verified email address, so it went to nobody.';

/** A mail that must not be sent as it is, and will not be later either: cancelled, not failed. */
class MailCancelled extends Error {}

/** One copy of a mail: to whom, recorded by `key` (a member's uid, the account's uid, or the address). */
interface Recipient {
  key: string;
  address: MailAddress;
  /** A member other than the company's founding account: greeted by their own name, not the company's. */
  greet?: string | null;
}

/** Everything a mail's copies share, made once per attempt. */
interface Prepared {
  recipients: Recipient[];
  headers: Record<string, string> | undefined;
  attachments: MailAttachment[];
  calendar: MailCalendar | undefined;
  context: RenderContext;
}

interface Failure {
  kind: SendFailureKind;
  message: string;
}

const failureOf = (error: unknown): Failure => ({
  kind: error instanceof MailSendError ? error.kind : 'retry',
  message: error instanceof Error ? error.message : String(error),
});

/**
 * Whom a mail goes to now. An address: that address. A company's mail (its kind's audience is the
 * company's members): one copy to each member its kind names (mailRecipients), at the address
 * `companies.addressesOf` gives (a member without one gets none); while the company is not written
 * (an implicit personal company, a lead), its account's address as before companies. Anything else
 * to `{ uid }` (a person's own mail): that account's address.
 */
async function recipientsOf(mail: StoredMail, settings: DrainOptions): Promise<Recipient[]> {
  if (!('uid' in mail.to)) return [{ key: mail.to.address.toLowerCase(), address: mail.to }];
  const kind = mailKindOf(mail.template, mail.data as { kind?: unknown; audience?: unknown });
  if (kind && MAIL_AUDIENCES[kind].to === 'members') {
    const companyId = mail.companyId ?? mail.to.uid;
    const members = await settings.companies.membersOf(companyId);
    if (members) return memberRecipients(mail, kind, companyId, members, settings);
  }
  const to = await settings.accountEmail(mail.to.uid);
  if (!to) throw new MailSendError('The account has no email address.', 'permanent');
  return [{ key: mail.to.uid, address: { address: to } }];
}

/**
 * The recipients and the people the mail's cause names besides them (`alsoTo`: a project's contact
 * who pays its invoices), a copy each, greeted by their own name: each well-formed address once,
 * none that already gets a copy.
 */
function withAlsoTo(mail: StoredMail, recipients: Recipient[]): Recipient[] {
  const seen = new Set(recipients.map((recipient) => recipient.address.address.toLowerCase()));
  const also = (Array.isArray(mail.alsoTo) ? mail.alsoTo : []).flatMap((person): Recipient[] => {
    const address = typeof person?.address === 'string' ? person.address.trim().toLowerCase() : '';
    if (!/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+$/.test(address) || seen.has(address)) return [];
    seen.add(address);
    const name = typeof person.name === 'string' ? person.name.trim() : '';
    return [{ key: address, address: { address, ...(name ? { name } : {}) }, greet: name || null }];
  });
  return [...recipients, ...also];
}

async function memberRecipients(
  mail: StoredMail,
  kind: MailKind,
  companyId: string,
  members: CompanyMailMember[],
  settings: DrainOptions,
): Promise<Recipient[]> {
  // A mail queued before companies names no company: its account was its company and its requester.
  const requesterUid = mail.requesterUid ?? (mail.companyId === undefined ? companyId : null);
  const picked = mailRecipients(kind, members, { requesterUid });
  const addresses = await settings.companies.addressesOf(
    companyId,
    picked.map((member) => member.uid),
  );
  const recipients = picked.flatMap((member): Recipient[] => {
    const address = addresses.get(member.uid);
    if (!address) return [];
    const greet = member.uid === companyId ? {} : { greet: member.name.trim() || null };
    return [{ key: member.uid, address: { address }, ...greet }];
  });
  if (recipients.length === 0) throw new MailSendError(NO_MEMBER_ADDRESS_ERROR, 'permanent');
  return recipients;
}

async function prepare(mail: StoredMail, settings: typeof MAIL_DEFAULTS & DrainOptions): Promise<Prepared> {
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
  const recipients = withAlsoTo(mail, await recipientsOf(mail, settings));
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
  const inviteLink = mail.template === 'company-invitation' ? mail.data.inviteLink : undefined;
  if (inviteLink && !settings.inviteUrlFor) {
    throw new MailSendError('No invitation link can be made for this invitation mail.', 'retry');
  }
  return {
    recipients,
    headers,
    attachments,
    calendar,
    context: {
      attachments: [...attachments.map((attachment) => attachment.filename), ...(calendar ? [calendar.filename] : [])],
      documents: attachments.flatMap((attachment) => (attachment.title ? [attachment.title] : [])),
      payUrl: payLink && settings.payUrlFor ? settings.payUrlFor(payLink) : undefined,
      quoteUrl: quoteLink && settings.quoteUrlFor ? settings.quoteUrlFor(quoteLink.quoteId) : undefined,
      projectUrl: projectLink && settings.projectUrlFor ? settings.projectUrlFor(projectLink) : undefined,
      inviteUrl: inviteLink && settings.inviteUrlFor ? settings.inviteUrlFor(inviteLink) : undefined,
      manageUrl:
        manage && settings.bookingUrlFor ? settings.bookingUrlFor(manage.bookingId, manage.expiresAtMs) : undefined,
      unsubscribeUrl,
    },
  };
}

/**
 * Sends a claimed mail: one copy to each of its recipients still owed one, each with the mail's one
 * Message-ID (one message, delivered to several people, as Bcc would). A copy that went is
 * recorded before the next is sent (renewing the claim), so whatever stops the worker, no later
 * attempt or resend sends that member another. A copy refused (5xx) or that may have gone is given
 * up and the others still go; the mail then ends failed, naming them, for staff. A copy that
 * certainly did not go (no connection, 4xx) stops the attempt: the mail retries, owing only the
 * copies not sent yet.
 */
async function sendClaimed(
  transport: MailTransport,
  claim: Claim,
  mail: StoredMail,
  settings: typeof MAIL_DEFAULTS & DrainOptions,
  now: () => number,
): Promise<Outcome> {
  const { ref } = claim;
  const id = ref.id;
  let prepared: Prepared;
  try {
    prepared = await prepare(mail, settings);
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
    return recordFailure(claim, mail, settings, now, failureOf(error));
  }

  const { recipients } = prepared;
  const isFanOut = recipients.length > 1;
  const earlier = new Set([...(mail.delivered ?? []), ...(mail.refused ?? [])]);
  const owed = recipients.filter((recipient) => !earlier.has(recipient.key));
  const sentTo = mail.sentTo ? [mail.sentTo] : [];
  const refused: Refusal[] = [];
  const hadRefused = (mail.refused ?? []).length > 0;

  for (const [index, recipient] of owed.entries()) {
    let result: { messageId: string };
    try {
      const rendered = renderMail(
        recipient.greet === undefined ? mail : greeting(mail, recipient.greet),
        prepared.context,
      );
      result = await transport.send({
        from: settings.from,
        to: recipient.address,
        replyTo: mail.replyTo ?? settings.replyTo ?? null,
        ...rendered,
        attachments: prepared.attachments,
        calendar: prepared.calendar,
        messageId: messageIdFor(id, settings.from),
        headers: prepared.headers,
      });
    } catch (error) {
      const failure = failureOf(error);
      const whose = isFanOut ? `${recipient.address.address}: ` : '';
      if (failure.kind === 'retry') {
        return recordFailure(claim, mail, settings, now, { ...failure, message: whose + failure.message }, refused);
      }
      refused.push({ key: recipient.key, text: whose + refusalText(failure) });
      continue;
    }
    sentTo.push(recipient.address.address);
    const delivered = {
      delivered: FieldValue.arrayUnion(recipient.key),
      sentTo: sentTo.join(', '),
      messageId: result.messageId,
    };
    if (index === owed.length - 1 && refused.length === 0 && !hadRefused) {
      // The last copy: whatever happened to the claim meanwhile, it was sent, and that is recorded.
      // If even this write fails, the claim goes stale and the mail ends 'failed (interrupted)',
      // never sent again.
      try {
        await ref.update({
          status: 'sent',
          sentAt: FieldValue.serverTimestamp(),
          ...delivered,
          via: transport.kind,
          claimId: null,
          leaseUntil: null,
        });
      } catch (error) {
        settings.logger?.error({ err: error, mailId: id }, 'mail: sent, but recording it failed');
      }
      return 'sent';
    }
    // More copies to go: this one is recorded first, renewing the claim, or none more is sent.
    const nowMs = now();
    let holds: boolean;
    try {
      holds = await claim.update({
        ...delivered,
        via: transport.kind,
        claimedAt: Timestamp.fromMillis(nowMs),
        leaseUntil: Timestamp.fromMillis(nowMs + settings.claimTimeoutMs),
      });
    } catch (error) {
      settings.logger?.error({ err: error, mailId: id }, 'mail: a copy was sent, but recording it failed; stopping');
      return 'failed';
    }
    if (!holds) {
      // Marked interrupted meanwhile (a send outlived the claim): record the truth and stop.
      await ref.update(delivered).catch(() => undefined);
      settings.logger?.warn({ mailId: id, alert: ALERT.mailFailed }, 'mail: claim lost while sending copies; stopped');
      return 'failed';
    }
  }

  if (refused.length === 0 && !hadRefused) {
    // Nothing was owed any more: every copy went in earlier attempts.
    await claim.update({ status: 'sent', sentAt: FieldValue.serverTimestamp(), claimId: null, leaseUntil: null });
    return 'sent';
  }
  const errors = [...(mail.refusedErrors ?? []), ...refused.map((refusal) => refusal.text)];
  return recordFailure(claim, mail, settings, now, { kind: 'permanent', message: errors.join('; ') }, refused);
}

/** A copy given up on: whose (its recipient's key), and why, as the outbox shows it. */
interface Refusal {
  key: string;
  text: string;
}

const refusalText = (failure: Failure) =>
  failure.kind === 'uncertain' ? `${UNCERTAIN_PREFIX}${failure.message}` : failure.message;

/**
 * Records an attempt that did not end in 'sent': back to pending with backoff, or failed for good;
 * with the copies given up on in it, which no later attempt sends (only staff's resend).
 */
async function recordFailure(
  claim: Claim,
  mail: StoredMail,
  settings: typeof MAIL_DEFAULTS & DrainOptions,
  now: () => number,
  failure: Failure,
  refused: Refusal[] = [],
): Promise<Outcome> {
  const giveUp = failure.kind !== 'retry' || mail.attempts >= settings.maxAttempts;
  const given =
    refused.length > 0
      ? {
          refused: FieldValue.arrayUnion(...refused.map((refusal) => refusal.key)),
          refusedErrors: FieldValue.arrayUnion(...refused.map((refusal) => refusal.text)),
        }
      : {};
  const update = giveUp
    ? {
        status: 'failed',
        lastError: refusalText(failure),
        failedAt: FieldValue.serverTimestamp(),
        claimId: null,
        leaseUntil: null,
        ...given,
      }
    : {
        status: 'pending',
        lastError: failure.message,
        nextAttemptAt: Timestamp.fromMillis(
          now() + retryDelayMs(mail.attempts, settings.retryBaseMs, settings.retryMaxMs),
        ),
        claimId: null,
        leaseUntil: null,
        ...given,
      };
  // Only the claimer records a failure (a stale claim may have been marked failed meanwhile).
  await claim.update(update);
  settings.logger?.warn(
    {
      mailId: claim.ref.id,
      attempts: mail.attempts,
      kind: failure.kind,
      err: failure.message,
      ...(giveUp ? { alert: ALERT.mailFailed } : {}),
    },
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
      // Copies given up on go again (staff checked); copies delivered (`delivered`) never do.
      refused: FieldValue.delete(),
      refusedErrors: FieldValue.delete(),
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
