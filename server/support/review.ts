import { FieldValue, Timestamp, type DocumentData, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { searchQueryOf } from '../../src/domain/search';
import {
  NO_SERVICE,
  REVIEW_MESSAGES,
  SUPPORT_STATUS,
  staffNameShown,
  supportReference,
  type ReviewCustomer,
} from '../../src/domain/support';
import { HttpError } from '../errors';
import { addMail, mailQueued } from '../mail/outbox';
import { serviceName, readService } from '../renewals/store';
import { authorNameOf, createSupportRequest, ownFiles } from './requests';
import { mailReplier } from './senders';
import {
  INBOUND_OWNER,
  messagesOf,
  readRequest,
  requestDoc,
  slaFields,
  SUPPORT_INBOUND,
  SUPPORT_REQUESTS,
  tierOf,
} from './store';
import { nowOf } from '../clock';
import type { StoredRequest, SupportContext } from './store';
import { FULL_TEXT_FILE, shorten } from './inbound';
import { htmlToText, trimReply } from './trim-reply';
import { loadCalendar } from '../business-calendar';

/**
 * What staff do with a mail waiting for review (`supportInbound/{id}` with outcome 'review'):
 * attach it to a request, open a request with it for a known customer, answer its sender once, or
 * dismiss it as spam. Each takes the mail off the queue in the same transaction as what it does,
 * so two people acting at once cannot both act on it (the second gets 409 saying what became of it).
 */

const inboundDoc = (ctx: SupportContext, id: string) => ctx.db.collection(SUPPORT_INBOUND).doc(id);

/** A mail waiting for review, as the actions need it. */
interface HeldMail {
  id: string;
  from: string;
  fromName: string | null;
  subject: string;
  /** The new part of the mail, as a request shows a mail (at most 10,000 characters, with a note when shortened). */
  body: string;
  isShortened: boolean;
  /** The whole mail as text (the record keeps its first 100 KB; `textFileId` the rest). */
  original: string;
  textFileId: string | null;
  messageId: string | null;
  /** The files it brought that were kept (attached to the record). */
  fileIds: string[];
  refusedFiles: Array<{ name: string; reason: string }>;
}

function readHeldMail(id: string, data: DocumentData): HeldMail {
  const text = String(data.text ?? '');
  const original = text.trim() ? text : htmlToText(String(data.html ?? ''));
  const attachments = Array.isArray(data.attachments) ? (data.attachments as Array<Record<string, unknown>>) : [];
  // Records from before `body` was kept: the new part again, from the stored text (the preview is cut at 2,000).
  const again =
    typeof data.body === 'string' ? null : shorten(trimReply(text) || String(data.preview ?? '') || original.trim());
  const body = again ? again.shown : String(data.body);
  return {
    id,
    from: String(data.from ?? ''),
    fromName: typeof data.fromName === 'string' ? data.fromName : null,
    subject: String(data.subject ?? ''),
    body,
    isShortened: again ? again.isShortened : data.isShortened === true,
    original,
    textFileId: typeof data.textFileId === 'string' ? data.textFileId : null,
    messageId: typeof data.messageId === 'string' ? data.messageId : null,
    fileIds: attachments.flatMap((file) => (typeof file.fileId === 'string' ? [file.fileId] : [])),
    refusedFiles: attachments.flatMap((file) =>
      typeof file.refused === 'string' ? [{ name: String(file.name ?? ''), reason: file.refused }] : [],
    ),
  };
}

/** What became of a mail no longer waiting, in words for the 409. */
function handledText(data: DocumentData): string {
  switch (data.outcome) {
    case 'attached':
      return `it was attached to ${String(data.reference ?? 'a request')}`;
    case 'created':
      return data.reference ? `it was opened as ${String(data.reference)}` : 'a request was opened from it';
    case 'appended':
      return 'it was added to its request';
    case 'replied':
      return 'its sender was answered';
    case 'dismissed':
      return 'it was dismissed as spam';
    default:
      return 'it is being handled';
  }
}

async function heldMail(ctx: SupportContext, id: string): Promise<HeldMail> {
  if (!/^[0-9a-f]{1,40}$/.test(id)) throw new HttpError(404, REVIEW_MESSAGES.notFound);
  const snapshot = await inboundDoc(ctx, id).get();
  if (!snapshot.exists) throw new HttpError(404, REVIEW_MESSAGES.notFound);
  if (snapshot.get('outcome') !== 'review')
    throw new HttpError(409, REVIEW_MESSAGES.handled(handledText(snapshot.data()!)));
  return readHeldMail(id, snapshot.data()!);
}

/** Re-reads the mail inside a transaction: still waiting, or 409 (someone acted on it first). */
async function stillWaiting(tx: Transaction, ctx: SupportContext, id: string) {
  const fresh = await tx.get(inboundDoc(ctx, id));
  if (fresh.get('outcome') !== 'review')
    throw new HttpError(409, REVIEW_MESSAGES.handled(handledText(fresh.data() ?? {})));
}

/** Who handled it, and when: on the record (the audit log has the rest). */
const handled = (staffUid: string, at: number) => ({
  handledBy: staffUid,
  handledAt: Timestamp.fromMillis(at),
  decidedAt: FieldValue.serverTimestamp(),
});

/**
 * A shortened mail keeps its whole text as a file of the message (as an appended mail does): the
 * record's own file when the text was too long for it, else a new one, held by the record like its
 * attachments until the request takes it.
 */
async function fullTextFileOf(ctx: SupportContext, mail: HeldMail): Promise<string[]> {
  if (!mail.isShortened) return [];
  if (mail.textFileId) return [mail.textFileId];
  const file = await ctx.files.put({
    ownerUid: INBOUND_OWNER,
    name: FULL_TEXT_FILE,
    type: 'TXT',
    contentType: 'text/plain; charset=utf-8',
    bytes: Buffer.from(mail.original, 'utf8'),
  });
  await ctx.files.attach([file.id], `inbound/${mail.id}`);
  return [file.id];
}

const fileSummary = (meta: { id: string; name: string; type: string; size: number }) => ({
  id: meta.id,
  name: meta.name,
  type: meta.type,
  size: meta.size,
});

/** 'SR-000123', 'sr000123' or '123' -> 'SR-000123'; anything else null. */
export function referenceOf(text: string): string | null {
  const match = /^\s*(?:sr-?)?0*(\d{1,9})\s*$/i.exec(text);
  return match ? supportReference(Number(match[1])) : null;
}

async function requestByReference(ctx: SupportContext, reference: string): Promise<StoredRequest> {
  const number = referenceOf(reference);
  const found = number
    ? await ctx.db.collection(SUPPORT_REQUESTS).where('reference', '==', number).limit(1).get()
    : null;
  if (!found || found.empty) throw new HttpError(404, REVIEW_MESSAGES.requestNotFound(reference.trim()));
  return readRequest(found.docs[0]!.id, found.docs[0]!.data());
}

const GIVE_REFERENCE = 'reference: Give the request to attach it to (SR-000123).';
export const attachReviewMailSchema = z.object({
  reference: z.string({ error: GIVE_REFERENCE }).trim().min(1, GIVE_REFERENCE).max(40, GIVE_REFERENCE),
});

/**
 * Attaches a waiting mail to a request: it joins the conversation with its files. From the proven
 * address (a verified login email) of a member who may answer the request (senders.ts) it is the
 * customer's message (it resumes or reopens the request, as their reply by mail would); from anyone
 * else it is an internal note "Mail from x@y attached by staff", which the customer never sees.
 * A closed request takes neither (409: open a new request from the mail).
 */
export async function attachReviewMail(
  ctx: SupportContext,
  staff: { uid: string },
  id: string,
  input: z.infer<typeof attachReviewMailSchema>,
) {
  const { db } = ctx;
  const mail = await heldMail(ctx, id);
  const request = await requestByReference(ctx, input.reference);
  const [replier, staffUser, { calendar }] = await Promise.all([
    mailReplier(ctx, request, mail.from),
    ctx.auth.getUser(staff.uid).catch(() => null),
    loadCalendar(db),
  ]);
  // The customer's message when the mail's From is the proven address of a member who may answer
  // the request by mail (the same rule as the inbound webhook's: senders.ts); a note otherwise.
  const author = 'uid' in replier ? replier : null;
  const isCustomers = author !== null;
  const authorName = author ? await authorNameOf(ctx, request.uid, author.uid, request.customerName) : null;
  const files = await ownFiles(ctx, request.uid, [...mail.fileIds, ...(await fullTextFileOf(ctx, mail))], {
    attachedTo: `inbound/${mail.id}`,
  });
  const at = nowOf(ctx);
  const as = isCustomers ? ('customer' as const) : ('note' as const);
  await db.runTransaction(async (tx) => {
    const fresh = await tx.get(requestDoc(db, request.id));
    await stillWaiting(tx, ctx, mail.id);
    const current = readRequest(request.id, fresh.data()!);
    if (current.status === SUPPORT_STATUS.closed) throw new HttpError(409, REVIEW_MESSAGES.closed(current.reference));
    // The message takes the mail's id: the mail joins one conversation once.
    const messageRef = messagesOf(db, request.id).doc(mail.id);
    const common = {
      uid: current.uid,
      via: 'mail',
      files: files.map(fileSummary),
      ...(mail.refusedFiles.length ? { refusedFiles: mail.refusedFiles } : {}),
      attachedBy: staff.uid,
      inboundId: mail.id,
      createdAt: Timestamp.fromMillis(at),
    };
    if (isCustomers) {
      const events = [...current.events];
      if (current.status === SUPPORT_STATUS.resolved) events.push({ type: 'reopened', at });
      events.push({ type: 'customer-replied', at });
      const { fields } = slaFields(events, tierOf(current), calendar);
      tx.update(requestDoc(db, request.id), {
        ...fields,
        messageCount: Number(fresh.get('messageCount') ?? 1) + 1,
        ...(mail.messageId ? { threadMessageIds: FieldValue.arrayUnion(mail.messageId) } : {}),
        updatedAt: FieldValue.serverTimestamp(),
      });
      tx.create(messageRef, {
        ...common,
        author: 'customer',
        authorUid: author!.uid,
        authorName,
        internal: false,
        body: mail.body,
        ...(mail.original.length <= 100_000 ? { original: mail.original } : {}),
      });
    } else {
      tx.update(requestDoc(db, request.id), { updatedAt: FieldValue.serverTimestamp() });
      tx.create(messageRef, {
        ...common,
        author: 'staff',
        staffUid: staff.uid,
        authorName: staffUser?.displayName?.trim() || null,
        internal: true,
        mailFrom: mail.from,
        body: `${REVIEW_MESSAGES.noteHeading(mail.from)}\n\nSubject: ${mail.subject || '(no subject)'}\n\n${mail.body}`,
        minutes: 0,
      });
    }
    // A customer's mail's files become the company's; a note's stay staff's (never the customer's to read).
    for (const file of files) {
      tx.update(db.collection('files').doc(file.id), {
        attachedTo: `support/${request.id}`,
        ...(isCustomers ? { ownerUid: current.uid } : {}),
      });
    }
    tx.update(inboundDoc(ctx, mail.id), {
      outcome: 'attached',
      requestId: request.id,
      reference: current.reference,
      as,
      ...handled(staff.uid, at),
    });
  });
  return { requestId: request.id, reference: request.reference, as };
}

export const openReviewMailSchema = z.object({
  uid: z.string({ error: 'uid: Choose the customer.' }).trim().min(1, 'uid: Choose the customer.').max(128),
  serviceId: z
    .string({ error: 'serviceId: Choose one of their services or "Something else".' })
    .trim()
    .min(1)
    .max(200)
    .default(NO_SERVICE),
});

/**
 * Opens a request for a known customer (an account staff picked) from a waiting mail: its subject
 * and new part become the request's subject and description, its files the request's; the customer
 * gets the usual acknowledgement (with the reference and, out of plan, the way back). The request
 * takes the mail's id, and the mail leaves the queue in the same transaction.
 */
export async function openRequestFromReviewMail(
  ctx: SupportContext,
  staff: { uid: string },
  id: string,
  input: z.infer<typeof openReviewMailSchema>,
) {
  const mail = await heldMail(ctx, id);
  const customer = await ctx.auth.getUser(input.uid).catch(() => null);
  if (!customer) throw new HttpError(400, REVIEW_MESSAGES.noCustomer);
  if (customer.customClaims?.staff === true) throw new HttpError(400, REVIEW_MESSAGES.staffAccount);
  const fullText = await fullTextFileOf(ctx, mail);
  const at = nowOf(ctx);
  const created = await createSupportRequest(ctx, {
    uid: customer.uid,
    serviceId: input.serviceId,
    subject: mail.subject.trim().slice(0, 150) || '(no subject)',
    description: mail.body || '(empty mail)',
    fileIds: [...mail.fileIds, ...fullText],
    via: 'mail',
    inbound: {
      key: mail.id,
      messageId: mail.messageId,
      original: mail.original.length <= 100_000 ? mail.original : null,
      refusedFiles: mail.refusedFiles,
    },
    fromReview: {
      inboundId: mail.id,
      claim: async (tx) => {
        await stillWaiting(tx, ctx, mail.id);
        return (write) =>
          write.update(inboundDoc(ctx, mail.id), {
            outcome: 'created',
            requestId: mail.id,
            openedFor: customer.uid,
            ...handled(staff.uid, at),
          });
      },
    },
  });
  await inboundDoc(ctx, mail.id).update({ reference: created.reference });
  return { requestId: created.id, reference: created.reference, outOfPlan: created.outOfPlan };
}

export const replyToReviewMailSchema = z.object({
  body: z
    .string({ error: 'body: Please write your answer.' })
    .trim()
    .min(1, 'body: Please write your answer.')
    .max(10_000, 'body: Please keep the answer under 10,000 characters.'),
});

/** An address we may answer: one mailbox, no spaces or line breaks (From may hold anything). */
const answerable = z.email();

/**
 * Answers a waiting mail's sender once: a plain mail (threaded on theirs, signed with the staff
 * member's name), one outbox entry keyed by the mail, and the mail is marked replied.
 */
export async function replyToReviewMail(
  ctx: SupportContext,
  staff: { uid: string },
  id: string,
  input: z.infer<typeof replyToReviewMailSchema>,
) {
  const { db } = ctx;
  const mail = await heldMail(ctx, id);
  if (!answerable.safeParse(mail.from).success) throw new HttpError(400, REVIEW_MESSAGES.unanswerable);
  const staffUser = await ctx.auth.getUser(staff.uid).catch(() => null);
  const at = nowOf(ctx);
  const mailId = `support-review:${mail.id}:reply`;
  await db.runTransaction(async (tx) => {
    await stillWaiting(tx, ctx, mail.id);
    addMail(tx, db, mailId, {
      template: 'support',
      data: {
        kind: 'review-reply',
        reference: '',
        subject: mail.subject,
        customerName: null,
        service: null,
        tier: null,
        firstReplyDue: null,
        outOfPlan: null,
        body: input.body,
        url: ctx.siteUrl,
        authorName: staffNameShown(staffUser?.displayName),
      },
      to: { address: mail.from, name: mail.fromName },
      replyTo: null,
      attachmentDocumentId: null,
      ...(mail.messageId ? { headers: { 'In-Reply-To': mail.messageId, References: mail.messageId } } : {}),
    });
    tx.update(inboundDoc(ctx, mail.id), {
      outcome: 'replied',
      reply: { body: input.body, mailId },
      ...handled(staff.uid, at),
    });
  });
  mailQueued();
  return { mailId };
}

/** Dismisses a waiting mail as spam: it leaves the queue; the record and its files stay (nothing is lost). */
export async function dismissReviewMail(ctx: SupportContext, staff: { uid: string }, id: string) {
  const mail = await heldMail(ctx, id);
  const at = nowOf(ctx);
  await ctx.db.runTransaction(async (tx) => {
    await stillWaiting(tx, ctx, mail.id);
    tx.update(inboundDoc(ctx, mail.id), { outcome: 'dismissed', ...handled(staff.uid, at) });
  });
  return { dismissed: true };
}

/** Customers a search finds for "Open a request", at most this many. */
export const REVIEW_CUSTOMERS_SHOWN = 8;

/**
 * Customers for staff to open a request for: by their login's exact address, or by any word of a
 * name, business, email or phone (the customers list's `searchTokens`); only accounts that can sign
 * in (the acknowledgement goes to their login) and are not staff, each with their services.
 */
export async function searchReviewCustomers(ctx: SupportContext, search: string): Promise<ReviewCustomer[]> {
  const text = search.trim().slice(0, 200);
  const asked = searchQueryOf(text);
  if (!asked) return [];
  const [byEmail, byWords] = await Promise.all([
    text.includes('@') ? ctx.auth.getUserByEmail(text).catch(() => null) : null,
    ctx.db
      .collection('users')
      .where('searchTokens', 'array-contains', asked.token)
      .limit(REVIEW_CUSTOMERS_SHOWN * 3)
      .get(),
  ]);
  const found = byWords.docs
    .filter((doc) => {
      const tokens = doc.get('searchTokens') as string[] | undefined;
      return asked.others.every((word) => tokens?.includes(word));
    })
    .map((doc) => doc.id);
  const uids = [...new Set([...(byEmail ? [byEmail.uid] : []), ...found])].slice(0, REVIEW_CUSTOMERS_SHOWN * 2);
  if (!uids.length) return [];
  const logins = (await ctx.auth.getUsers(uids.map((uid) => ({ uid })))).users.filter(
    (user) => user.customClaims?.staff !== true,
  );
  const customers = await Promise.all(
    logins.slice(0, REVIEW_CUSTOMERS_SHOWN).map(async (login) => {
      const [profile, services] = await Promise.all([
        ctx.db.doc(`users/${login.uid}`).get(),
        ctx.db.collection(`users/${login.uid}/services`).get(),
      ]);
      return {
        uid: login.uid,
        name: (profile.get('name') as string | undefined) || login.displayName || null,
        email: login.email ?? null,
        services: services.docs
          .map((doc) => readService(doc))
          .flatMap((service) =>
            service ? [{ id: service.id, name: serviceName(service), status: service.status }] : [],
          ),
      };
    }),
  );
  // In the order found: the exact address first.
  return uids.flatMap((uid) => customers.filter((customer) => customer.uid === uid));
}
