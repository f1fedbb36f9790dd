import { createHash } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { SUPPORT_MAX_FILE_BYTES, SUPPORT_MAX_FILES, SUPPORT_MESSAGES } from '../../src/domain/support';
import { HttpError, isAlreadyExists } from '../errors';
import { safeFileName, sniffFileType } from '../files/file-store';
import { domainOf, type SenderAuthentication } from './mail-authentication';
import { formatDueTime } from '../../src/domain/business-hours';
import { takeAllowance } from '../account-limit';
import { createSupportRequest, customerReply } from './requests';
import { mailReplier, mailRequester } from './senders';
import {
  INBOUND_OWNER,
  readRequest,
  referenceFromReplyAddress,
  SUPPORT_INBOUND,
  SUPPORT_REQUESTS,
  type SupportContext,
} from './store';
import { readMailHtml, trimReply, type MailHtmlText } from './trim-reply';

/** One inbound mail, whatever provider delivered it (see postmark.ts for the one we use). */
export interface InboundMail {
  /** The provider's id of this delivery: a retried delivery is recognised by it. */
  providerId: string;
  from: string;
  fromName: string | null;
  /** Every recipient address (To, Cc, the original recipient). */
  recipients: string[];
  subject: string;
  text: string;
  html: string;
  /** The provider's own cut of the new part of a reply (Postmark's StrippedTextReply), or null. */
  strippedReply: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  attachments: Array<{ name: string; contentType: string; bytes: Buffer }>;
  /** Whether SPF or DKIM of the From address's domain vouched for it, as the provider reported. */
  authentication: SenderAuthentication;
}

export type InboundOutcome =
  | { outcome: 'appended'; requestId: string; as: 'customer' }
  | { outcome: 'created'; requestId: string }
  | { outcome: 'review'; reason: string }
  | { outcome: 'duplicate' };

const normalise = (address: string) => address.trim().toLowerCase();
const HOUR_MS = 3_600_000;

/** Why a mail from a staff address is never a staff reply: its From proves nothing. */
export const STAFF_SENDER_REASON =
  'sent from a staff address: staff reply in the console, since anyone can put that address in From';

const isAuthenticated = (mail: InboundMail) => mail.authentication.spfAligned || mail.authentication.dkimAligned;
const notVouchedFor = (mail: InboundMail) =>
  `neither SPF nor DKIM vouches for ${domainOf(mail.from) ?? 'its domain'} (${mail.authentication.summary})`;

/** Message-IDs as they appear in headers: '<a@b> <c@d>' -> ['<a@b>', '<c@d>']. */
export function messageIdsIn(value: string | null | undefined): string[] {
  // Ours are short; a Message-ID of more than 500 characters is no one's (and would not fit a request).
  return value ? (value.match(/<[^<>\s]{1,500}>/g) ?? []) : [];
}

/** The request a mail answers: by a signed reply address, else by one of our Message-IDs it cites. Never by its subject. */
async function matchRequest(ctx: SupportContext, mail: InboundMail) {
  for (const recipient of mail.recipients) {
    const reference = referenceFromReplyAddress(ctx.replySecret, recipient);
    if (!reference) continue;
    const found = await ctx.db.collection(SUPPORT_REQUESTS).where('reference', '==', reference).limit(1).get();
    if (!found.empty) return { doc: found.docs[0]!, by: 'reply-address' as const };
  }
  const cited = [...new Set([...(mail.inReplyTo ? messageIdsIn(mail.inReplyTo) : []), ...mail.references])].slice(-30);
  for (const id of cited.reverse()) {
    const found = await ctx.db.collection(SUPPORT_REQUESTS).where('ourMessageIds', 'array-contains', id).limit(1).get();
    if (!found.empty) return { doc: found.docs[0]!, by: 'message-id' as const };
  }
  return null;
}

async function staffByEmail(ctx: SupportContext, email: string) {
  const user = await ctx.auth.getUserByEmail(email).catch(() => null);
  return user && user.customClaims?.staff === true ? user : null;
}

/**
 * What the sender wrote this time, as people write mail: the provider's cut of the reply
 * (StrippedTextReply) first; else the text part without its quoted history and signature; else the
 * HTML part turned into text (no <style>, entities decoded) without its quoted thread.
 */
function newPart(mail: InboundMail, htmlText: MailHtmlText | null): string {
  if (mail.strippedReply?.trim()) return mail.strippedReply.trim();
  if (mail.text.trim()) return trimReply(mail.text);
  return htmlText?.reply ?? '';
}

export { INBOUND_OWNER };

/** What became of one attachment: stored (its file) or refused (why, in the words the customer reads). */
export interface AttachmentOutcome {
  name: string;
  contentType: string;
  size: number;
  fileId: string | null;
  refused: string | null;
}

/** The part of a mail's text a request shows: as much as the web form takes. */
export const SHOWN_BODY_CHARS = 10_000;
/** The file that keeps the whole text of a mail too long to show (or to keep in a document). */
export const FULL_TEXT_FILE = 'full-message.txt';
/** Text kept inside a Firestore document (at most 1 MiB each); the whole of longer text goes to the file store. */
const INLINE_TEXT_BYTES = 100 * 1024;

/** The first `maxBytes` of a text's UTF-8, not ending in half a character. */
function headBytes(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= maxBytes
    ? text
    : bytes
        .subarray(0, maxBytes)
        .toString('utf8')
        .replace(/\uFFFD+$/, '');
}

/** A mail's text as a request shows it: the first SHOWN_BODY_CHARS (at a line or word break), and a note where the rest is. */
export function shorten(text: string): { shown: string; isShortened: boolean } {
  if (text.length <= SHOWN_BODY_CHARS) return { shown: text, isShortened: false };
  let head = text.slice(0, SHOWN_BODY_CHARS);
  const lastBreak = Math.max(head.lastIndexOf('\n'), head.lastIndexOf(' '));
  if (lastBreak > SHOWN_BODY_CHARS * 0.9) head = head.slice(0, lastBreak);
  head = head.replace(/[\uD800-\uDBFF]$/, '');
  return {
    shown: `${head.trimEnd()}\n\n[Message shortened: the full text is kept in ${FULL_TEXT_FILE}.]`,
    isShortened: true,
  };
}

/** Puts a text in the file store (a TXT file; HTML too is served as text, never rendered). */
const putText = (ctx: SupportContext, ownerUid: string, name: string, text: string) =>
  ctx.files.put({
    ownerUid,
    name,
    type: 'TXT',
    contentType: 'text/plain; charset=utf-8',
    bytes: Buffer.from(text, 'utf8'),
  });

/** Attachments of one mail looked at; any beyond are listed as one refused entry (the record stays one document). */
const MAX_ATTACHMENTS_READ = 100;

const overCap = (name: string) => `${name} was not kept: a message keeps at most ${SUPPORT_MAX_FILES} files.`;

/**
 * Stores the attachments the file rules accept (type by content and name, at most 10 MB, not
 * empty), at most `cap` of them: the cap counts stored files, so refused ones take no place. One at
 * a time, so a 35 MB mail is not held twice over.
 */
async function storeAttachments(
  ctx: SupportContext,
  attachments: InboundMail['attachments'],
  ownerUid: string,
  cap: number,
): Promise<AttachmentOutcome[]> {
  const outcomes: AttachmentOutcome[] = [];
  let stored = 0;
  for (const attachment of attachments.slice(0, MAX_ATTACHMENTS_READ)) {
    const name = safeFileName(attachment.name);
    const size = attachment.bytes.length;
    const type = size > 0 && size <= SUPPORT_MAX_FILE_BYTES ? sniffFileType(name, attachment.bytes) : null;
    const refused =
      size === 0
        ? SUPPORT_MESSAGES.fileEmpty(name)
        : size > SUPPORT_MAX_FILE_BYTES
          ? SUPPORT_MESSAGES.fileTooLarge(name)
          : !type
            ? SUPPORT_MESSAGES.fileType(name)
            : stored >= cap
              ? overCap(name)
              : null;
    const base = { name, contentType: attachment.contentType, size };
    if (refused || !type) {
      outcomes.push({ ...base, fileId: null, refused });
      continue;
    }
    const meta = await ctx.files.put({ ownerUid, name, ...type, bytes: attachment.bytes });
    stored += 1;
    outcomes.push({ ...base, fileId: meta.id, refused: null });
  }
  const unread = attachments.length - MAX_ATTACHMENTS_READ;
  if (unread > 0) {
    const name = `${unread} more attachments`;
    outcomes.push({
      name,
      contentType: '',
      size: attachments.slice(MAX_ATTACHMENTS_READ).reduce((sum, attachment) => sum + attachment.bytes.length, 0),
      fileId: null,
      refused: `${name} were not read: a mail keeps at most ${MAX_ATTACHMENTS_READ}.`,
    });
  }
  return outcomes;
}

const storedIds = (files: AttachmentOutcome[]) => files.flatMap((file) => (file.fileId ? [file.fileId] : []));
const refusedOf = (files: AttachmentOutcome[]) =>
  files.flatMap((file) => (file.refused ? [{ name: file.name, reason: file.refused }] : []));

/** `uid`: the member the mail is from; `companyId`: the company whose request it answers or opens. */
type Decision =
  | { kind: 'review'; reason: string }
  | { kind: 'reply'; uid: string; companyId: string; requestId: string; reference: string }
  | { kind: 'create'; uid: string; companyId: string };

/** Who the mail is from and what it answers, before anything is stored for it. */
async function decide(ctx: SupportContext, mail: InboundMail, from: string): Promise<Decision> {
  // Anyone can write a staff member's address in From: staff answer in the console, never by mail.
  if (await staffByEmail(ctx, from)) return { kind: 'review', reason: STAFF_SENDER_REASON };

  const match = await matchRequest(ctx, mail);
  if (match) {
    const request = readRequest(match.doc.id, match.doc.data());
    const replier = await mailReplier(ctx, request, from);
    if ('reason' in replier) return { kind: 'review', reason: replier.reason };
    if (!isAuthenticated(mail)) {
      return {
        kind: 'review',
        reason: `from a member's address of ${request.reference}, but ${notVouchedFor(mail)}`,
      };
    }
    return {
      kind: 'reply',
      uid: replier.uid,
      companyId: request.uid,
      requestId: request.id,
      reference: request.reference,
    };
  }

  const requester = await mailRequester(ctx, from);
  if ('reason' in requester) return { kind: 'review', reason: requester.reason };
  if (!isAuthenticated(mail)) {
    return { kind: 'review', reason: `from a customer's address, but ${notVouchedFor(mail)}: no request was opened` };
  }
  return { kind: 'create', ...requester };
}

/**
 * An inbound mail: kept whole in supportInbound (nothing is lost), then
 * - HTML-only and its HTML unreadable as text (server/support/trim-reply.ts readMailHtml): waits
 *   for review, with the reason;
 * - from a staff member's address: waits for review (staff reply in the console; a mail's From
 *   is not proof, and the customer knows both addresses);
 * - matched to a request (signed reply address or our Message-IDs) AND sent from the proven
 *   address of a member of the request's company who may reply to its requests (owner,
 *   technical) or who raised it (server/support/senders.ts) AND vouched for by SPF or DKIM of the
 *   sender's domain: appended as their reply (it reopens or resumes the request); such an address
 *   that neither vouches for waits for review;
 * - matched but from anyone else (a billing member, someone removed, a stranger), or unmatched
 *   from an unknown sender: waits for staff review, with the reason;
 * - unmatched from a proven address whose person may open requests for exactly one company (their
 *   own counts), vouched for the same way: a new request of that company ("Something else"),
 *   raised by them; none or several such companies, or not vouched for: review, no request and no
 *   acknowledgement.
 * Its attachments are stored as the sender's (at most 5 kept per message; refused ones listed
 * on the message and the inbound record; the company's once attached), or, for a mail waiting for
 * review, as INBOUND_OWNER's, attached to the inbound record, so staff can read every byte.
 */
export async function receiveInbound(ctx: SupportContext, mail: InboundMail): Promise<InboundOutcome> {
  const { db } = ctx;
  const inboundRef = db
    .collection(SUPPORT_INBOUND)
    .doc(createHash('sha256').update(mail.providerId).digest('hex').slice(0, 40));
  const from = normalise(mail.from);
  // The record is one document (1 MiB at most): long text and HTML go whole to the file store below,
  // and headers no mail needs this long are cut, so no mail fails to be kept.
  const text = headBytes(mail.text, INLINE_TEXT_BYTES);
  const html = headBytes(mail.html, INLINE_TEXT_BYTES);
  try {
    await inboundRef.create({
      from: from.slice(0, 320),
      fromName: mail.fromName?.slice(0, 200) ?? null,
      recipients: mail.recipients.slice(0, 50).map((recipient) => recipient.slice(0, 320)),
      subject: mail.subject.slice(0, 1000),
      text,
      html,
      messageId: mail.messageId?.slice(0, 1000) ?? null,
      inReplyTo: mail.inReplyTo?.slice(0, 2000) ?? null,
      references: mail.references.slice(-50).map((reference) => reference.slice(0, 1000)),
      authentication: mail.authentication,
      attachments: mail.attachments.slice(0, MAX_ATTACHMENTS_READ).map((file) => ({
        name: file.name.slice(0, 200),
        contentType: file.contentType,
        size: file.bytes.length,
      })),
      outcome: 'received',
      receivedAt: FieldValue.serverTimestamp(),
    });
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    // Decided before: a repeat. Still 'received': an earlier delivery failed midway (Postmark
    // retries after a 5xx), so this one finishes it; what that one wrote is keyed by this record's
    // id (the request or message), so nothing is done twice.
    if ((await inboundRef.get()).get('outcome') !== 'received') return { outcome: 'duplicate' };
  }
  // Read once the record is kept (a mail the reading fails on is not lost), and only once.
  const htmlText = mail.text.trim() ? null : readMailHtml(mail.html);
  const original = htmlText ? htmlText.text : mail.text;
  const { shown: body, isShortened } = shorten(newPart(mail, htmlText) || original.trim());
  const record = async (outcome: InboundOutcome, files: AttachmentOutcome[]) => {
    await inboundRef.update({
      ...outcome,
      outcome: outcome.outcome,
      attachments: files,
      refusedAttachments: refusedOf(files),
      // What the review queue shows of it (an HTML-only mail has no text part), and what a request
      // staff make of it takes: the new part of the mail, as a request shows a mail.
      preview: body.slice(0, 2000),
      body,
      isShortened,
      decidedAt: FieldValue.serverTimestamp(),
    });
    return outcome;
  };
  const review = async (reason: string, stored?: AttachmentOutcome[]) => {
    const files = stored ?? (await storeAttachments(ctx, mail.attachments, INBOUND_OWNER, Infinity));
    await ctx.files.attach(storedIds(files), `inbound/${inboundRef.id}`);
    return record({ outcome: 'review', reason }, files);
  };
  // Kept whole: what did not fit in the record, as files of the record's own.
  const keepWhole = async (field: string, name: string, whole: string, inline: string) =>
    inline === whole ? {} : { [field]: (await putText(ctx, INBOUND_OWNER, name, whole)).id };
  const wholeFiles: Record<string, string> = {
    ...(await keepWhole('textFileId', 'mail-text.txt', mail.text, text)),
    ...(await keepWhole('htmlFileId', 'mail-body.html.txt', mail.html, html)),
  };
  if (Object.keys(wholeFiles).length) {
    await ctx.files.attach(Object.values(wholeFiles), `inbound/${inboundRef.id}`);
    await inboundRef.update(wholeFiles);
  }

  // HTML the converter could not read: a person reads it (the record keeps it, tags stripped in its body).
  if (htmlText?.problem) return review(htmlText.problem);
  const decision = await decide(ctx, mail, from);
  if (decision.kind === 'review') return review(decision.reason);

  const files = await storeAttachments(ctx, mail.attachments, decision.uid, SUPPORT_MAX_FILES);
  // A text too long to show, or to keep beside the message, is kept whole in a file of the message.
  const isOriginalInline = Buffer.byteLength(original, 'utf8') <= INLINE_TEXT_BYTES;
  const fullText = isShortened || !isOriginalInline ? await putText(ctx, decision.uid, FULL_TEXT_FILE, original) : null;
  const fileIds = [...storedIds(files), ...(fullText ? [fullText.id] : [])];
  const inbound = {
    key: inboundRef.id,
    messageId: mail.messageId,
    original: isOriginalInline ? original : null,
    refusedFiles: refusedOf(files),
  };
  if (decision.kind === 'reply') {
    try {
      await customerReply(ctx, { companyId: decision.companyId, uid: decision.uid }, decision.requestId, {
        body,
        fileIds,
        via: 'mail',
        inbound,
      });
    } catch (error) {
      // Appended by an earlier delivery of this mail (its message has this key).
      if (isAlreadyExists(error)) {
        return record({ outcome: 'appended', requestId: decision.requestId, as: 'customer' }, files);
      }
      // Refused (a closed request, a file gone): a person decides. Anything else: a 5xx, and
      // Postmark delivers it again.
      if (!(error instanceof HttpError)) throw error;
      if (fullText) await ctx.files.attach([fullText.id], `inbound/${inboundRef.id}`);
      return review(`matched ${decision.reference}, but: ${error.message}`, files);
    }
    return record({ outcome: 'appended', requestId: decision.requestId, as: 'customer' }, files);
  }
  // A request opened by mail counts against the account's requests per hour, as the web form's do
  // (the same counter); over it, the mail waits for review: nothing is lost, and nothing is opened.
  const limit = ctx.requestsPerHour;
  if (limit) {
    const verdict = await takeAllowance(db, {
      name: limit.name,
      key: decision.uid,
      limit: limit.limit,
      windowMs: HOUR_MS,
      now: Date.now(),
    });
    if (!verdict.allowed) {
      if (fullText) await ctx.files.attach([fullText.id], `inbound/${inboundRef.id}`);
      const retryAt = formatDueTime(new Date(Math.ceil(verdict.retryAtMs / 60_000) * 60_000));
      return review(
        `the customer has opened ${limit.limit} support requests in the last hour, so no request was opened (they can open another from ${retryAt})`,
        files,
      );
    }
  }
  try {
    await createSupportRequest(ctx, {
      uid: decision.companyId,
      requesterUid: decision.uid,
      serviceId: 'other',
      subject: mail.subject.trim().slice(0, 150) || '(no subject)',
      description: body || '(empty mail)',
      fileIds,
      via: 'mail',
      inbound,
    });
  } catch (error) {
    // Opened by an earlier delivery of this mail (the request's id is this key), or refused.
    if (!isAlreadyExists(error)) {
      if (!(error instanceof HttpError)) throw error;
      if (fullText) await ctx.files.attach([fullText.id], `inbound/${inboundRef.id}`);
      return review(`a new request was refused: ${error.message}`, files);
    }
  }
  return record({ outcome: 'created', requestId: inboundRef.id }, files);
}
