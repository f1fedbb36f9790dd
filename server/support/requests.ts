import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { formatDueTime } from '../../src/domain/business-hours';
import { istDay, istYearStartMs } from '../../src/domain/ist';
import {
  NO_SERVICE,
  OUT_OF_PLAN_MESSAGES,
  REOPEN_DAYS,
  somethingElsePlan,
  SUPPORT_MESSAGES,
  SUPPORT_STATUS,
  SUPPORT_TIERS,
  staffNameShown,
  supportReference,
  supportTierFor,
  type OutOfPlanReason,
  type SupportEvent,
  type SupportMessageView,
  type SupportRequestView,
  type SupportServiceView,
  type SupportTier,
} from '../../src/domain/support';
import { COMPANY } from '../../src/domain/company';
import { HttpError } from '../errors';
import type { StoredFileMeta } from '../files/file-store';
import { messageIdFor } from '../mail/drain';
import { addMail, mailQueued, toCompanyMembers, type OutboxMail } from '../mail/outbox';
import type { SupportMailData } from '../mail/templates';
import { payLinkUrl } from '../payments/pay-links';
import { readService, serviceName, type StoredService } from '../renewals/store';
import { memberDoc, readMember } from '../companies/store';
import {
  accountEmailOf,
  consoleRequestUrl,
  customerRequestUrl,
  isDueTime,
  messagesOf,
  readRequest,
  replyAddress,
  requestDoc,
  slaFields,
  SUPPORT_COUNTER,
  SUPPORT_REQUESTS,
  tierOf,
} from './store';
import { nowOf } from '../clock';
import type { StoredRequest, SupportContext } from './store';
import { loadCalendar } from '../business-calendar';

export interface PlanOfRequest {
  serviceId: string | null;
  serviceName: string | null;
  tier: SupportTier | null;
  outOfPlan: OutOfPlanReason | null;
  payUrl: string | null;
  /** The open renewal whose pay link brings the service back into plan (a mail makes its link when sent). */
  payLink: RenewalPayLink | null;
}

/** The invoice a renewal's pay link pays: a mail stores this, never the link (a bearer token). */
export interface RenewalPayLink {
  uid: string;
  type: 'invoice';
  docId: string;
}

const IN_PLAN_STATUSES = new Set(['Active', 'Renewal due']);

function planOfService(ctx: SupportContext, service: StoredService): PlanOfRequest {
  const tier = supportTierFor(service.yearlyFeePaise);
  const base = { serviceId: service.id, serviceName: serviceName(service), tier, payUrl: null, payLink: null };
  if (!tier) return { ...base, tier: null, outOfPlan: 'no-yearly-fee' };
  if (IN_PLAN_STATUSES.has(service.status)) return { ...base, outOfPlan: null };
  const reason: OutOfPlanReason =
    service.status === 'Overdue' ? 'overdue' : service.status === 'Lapsed' ? 'lapsed' : 'cancelled';
  const payLink: RenewalPayLink | null =
    reason !== 'cancelled' && service.renewal
      ? { uid: service.uid, type: 'invoice', docId: service.renewal.invoiceDocId }
      : null;
  const payUrl = payLink ? payLinkUrl(ctx.siteUrl, ctx.payLinkSecret, payLink) : null;
  return { ...base, tier: null, outOfPlan: reason, payUrl, payLink };
}

async function servicesOf(ctx: SupportContext, uid: string): Promise<StoredService[]> {
  const snapshot = await ctx.db.collection(`users/${uid}/services`).get();
  return snapshot.docs.map((doc) => readService(doc)).filter((service): service is StoredService => service !== null);
}

/**
 * What covers a request: the chosen service's tier while its maintenance is paid up; "Something
 * else" as `somethingElsePlan` decides (the best tier in plan, else out of plan with a renewal that
 * can be paid now); otherwise out of plan, with the open renewal's pay link when paying it would
 * bring the service back.
 */
export async function planOf(ctx: SupportContext, uid: string, serviceId: string): Promise<PlanOfRequest> {
  const services = await servicesOf(ctx, uid);
  if (serviceId === NO_SERVICE) {
    const plans = services.map((service) => planOfService(ctx, service));
    const choice = somethingElsePlan(
      plans.map((plan) => ({ tier: plan.tier?.id ?? null, outOfPlan: plan.outOfPlan, payUrl: plan.payUrl })),
    );
    const renewable = plans.find((plan) => plan.payUrl === choice.payUrl && plan.payLink) ?? null;
    return {
      serviceId: null,
      serviceName: null,
      tier: choice.tier ? SUPPORT_TIERS[choice.tier] : null,
      outOfPlan: choice.outOfPlan,
      payUrl: choice.payUrl,
      payLink: choice.payUrl ? (renewable?.payLink ?? null) : null,
    };
  }
  const service = services.find((candidate) => candidate.id === serviceId);
  if (!service) throw new HttpError(400, 'serviceId: Please choose one of your services or "Something else".');
  return planOfService(ctx, service);
}

/**
 * The files named by an upload's ids: the requester's own, uploaded and not yet attached; or, for
 * a mail staff took from the review queue (`held`), the files that mail brought (attached to its
 * inbound record).
 */
export async function ownFiles(
  ctx: SupportContext,
  uid: string,
  ids: string[],
  held?: { attachedTo: string },
): Promise<StoredFileMeta[]> {
  const unique = [...new Set(ids)];
  const metas = await Promise.all(unique.map((id) => ctx.files.meta(id)));
  return metas.map((meta) => {
    // A held mail's files are `inbound`'s, or its sender's when a reply was refused after they were stored.
    const isOwn = held ? meta?.attachedTo === held.attachedTo : meta?.ownerUid === uid && meta.attachedTo === null;
    if (!meta || !isOwn) {
      throw new HttpError(400, 'fileIds: One of the files was not found. Please attach it again.');
    }
    return meta;
  });
}

const fileSummary = (meta: StoredFileMeta) => ({ id: meta.id, name: meta.name, type: meta.type, size: meta.size });

type MailKey = string;

/**
 * Adds one mail of a request to its transaction, threaded: its Message-ID is fixed by its outbox
 * id, and it answers the last mail of the customer's conversation (In-Reply-To) and names the
 * whole chain (References). Returns its Message-ID.
 */
function addThreadMail(
  tx: Transaction,
  ctx: SupportContext,
  request: Pick<StoredRequest, 'id' | 'threadMessageIds'>,
  key: MailKey,
  mail: OutboxMail,
): string {
  const id = `support:${request.id}:${key}`;
  const thread = request.threadMessageIds;
  const headers = thread.length
    ? { 'In-Reply-To': thread[thread.length - 1]!, References: thread.slice(-20).join(' ') }
    : undefined;
  addMail(tx, ctx.db, id, headers ? ({ ...mail, headers } as OutboxMail) : mail);
  return messageIdFor(id, ctx.from);
}

function mailData(
  request: Pick<StoredRequest, 'reference' | 'subject' | 'customerName' | 'serviceName' | 'tier' | 'outOfPlan'>,
  extra: Pick<SupportMailData, 'kind' | 'body' | 'url'> & Partial<SupportMailData>,
): SupportMailData {
  return {
    reference: request.reference,
    subject: request.subject,
    customerName: request.customerName,
    service: request.serviceName,
    tier: request.tier ? SUPPORT_TIERS[request.tier].name : null,
    firstReplyDue: null,
    outOfPlan: request.outOfPlan ? OUT_OF_PLAN_MESSAGES[request.outOfPlan as OutOfPlanReason] : null,
    ...extra,
  };
}

const companyTo = (ctx: SupportContext) => ({ address: ctx.companyEmail, name: COMPANY.name });

export interface NewRequestInput {
  /** The company the request is for (its records' `uid`). */
  uid: string;
  /**
   * Who raised it, a member of the company, mailed about it whatever their role; by default the
   * company's own account (`uid`), as before companies.
   */
  requesterUid?: string;
  serviceId: string;
  subject: string;
  description: string;
  fileIds: string[];
  via: 'web' | 'mail';
  /** A request made by mail: the mail's own Message-ID (the thread starts from it), its original and what it brought. */
  inbound?: InboundMessageInput;
  /**
   * A request staff open from a mail in the review queue: its files are that mail's (owned by
   * `inbound`, attached to its record) and become the request's; `claim` runs inside the creating
   * transaction (reads first, then the writes it returns), so the mail is taken from the queue in
   * the same commit, or the request is not opened.
   */
  fromReview?: {
    inboundId: string;
    claim: (tx: Transaction) => Promise<(tx: Transaction) => void>;
  };
}

/** What a message that came by mail keeps besides its body. */
export interface InboundMessageInput {
  /**
   * The mail's own key (its inbound record's id): the id of the request it opens or the message it
   * appends, so a second delivery of the same mail fails with ALREADY_EXISTS instead of repeating it.
   */
  key: string;
  messageId: string | null;
  /** The whole mail as text, quotes and all; null when too long for the message (then it is a file of it). */
  original: string | null;
  /** Attachments not kept, and why (shown on the request, to the customer and staff). */
  refusedFiles?: Array<{ name: string; reason: string }>;
}

/** The fields a message by mail adds to its document. */
const inboundFields = (inbound: InboundMessageInput | undefined) =>
  inbound
    ? {
        ...(inbound.original !== null ? { original: inbound.original } : {}),
        ...(inbound.refusedFiles?.length ? { refusedFiles: inbound.refusedFiles } : {}),
      }
    : {};

/**
 * A new request: its reference from the company-wide counter (in the same transaction), its
 * first message and files, the SLA due times from its tier, the acknowledgement to the customer
 * ("We will reply by …") and the notice to the company, all in one transaction.
 */
export async function createSupportRequest(ctx: SupportContext, input: NewRequestInput) {
  const { db } = ctx;
  const held = input.fromReview ? { attachedTo: `inbound/${input.fromReview.inboundId}` } : undefined;
  const requesterUid = input.requesterUid ?? input.uid;
  // The files are the requester's uploads (or the held mail's); the address staff see is theirs.
  const [plan, { calendar }, files, profile, email] = await Promise.all([
    planOf(ctx, input.uid, input.serviceId),
    loadCalendar(db),
    ownFiles(ctx, requesterUid, input.fileIds, held),
    db.doc(`users/${input.uid}`).get(),
    accountEmailOf(ctx.auth, requesterUid),
  ]);
  const customerName = (profile.get('name') as string | undefined) ?? null;
  const requesterName = await authorNameOf(ctx, input.uid, requesterUid, customerName);
  // A request by mail takes the mail's key as its id: a retried delivery cannot open it twice.
  const ref = input.inbound
    ? db.collection(SUPPORT_REQUESTS).doc(input.inbound.key)
    : db.collection(SUPPORT_REQUESTS).doc();
  const at = nowOf(ctx);
  const events: SupportEvent[] = [{ type: 'created', at }];
  const { sla, fields } = slaFields(events, plan.tier, calendar);
  const reference = await db.runTransaction(async (tx) => {
    const counter = await tx.get(db.doc(SUPPORT_COUNTER));
    const claimed = input.fromReview ? await input.fromReview.claim(tx) : null;
    const sequence = Number(counter.get('next') ?? 1);
    const reference = supportReference(sequence);
    tx.set(db.doc(SUPPORT_COUNTER), { next: sequence + 1 }, { merge: true });
    const request = {
      id: ref.id,
      reference,
      subject: input.subject,
      customerName,
      serviceName: plan.serviceName,
      tier: plan.tier?.id ?? null,
      outOfPlan: plan.outOfPlan,
      threadMessageIds: input.inbound?.messageId ? [input.inbound.messageId] : [],
    };
    const reply = replyAddress(ctx, reference);
    const ackId = addThreadMail(tx, ctx, request, 'ack', {
      template: 'support',
      data: mailData(request, {
        kind: 'ack',
        body: input.description,
        url: customerRequestUrl(ctx.siteUrl, ref.id),
        firstReplyDue: sla.firstReplyDueAt ? formatDueTime(new Date(sla.firstReplyDueAt)) : null,
        resolutionDue: sla.resolutionDueAt ? formatDueTime(new Date(sla.resolutionDueAt)) : null,
        payLink: plan.payLink,
      }),
      ...toCompanyMembers(input.uid, requesterUid),
      replyTo: { address: reply, name: `${COMPANY.name} support` },
      attachmentDocumentId: null,
    });
    const companyId = addThreadMail(tx, ctx, request, 'company', {
      template: 'support',
      data: mailData(request, {
        kind: 'company-new',
        body: input.description,
        url: consoleRequestUrl(ctx.siteUrl, ref.id),
        customerEmail: email,
        firstReplyDue: sla.firstReplyDueAt ? formatDueTime(new Date(sla.firstReplyDueAt)) : null,
        resolutionDue: sla.resolutionDueAt ? formatDueTime(new Date(sla.resolutionDueAt)) : null,
      }),
      to: companyTo(ctx),
      replyTo: { address: reply, name: `${COMPANY.name} support` },
      attachmentDocumentId: null,
    });
    tx.create(ref, {
      reference,
      uid: input.uid,
      requesterUid,
      customerName,
      customerEmail: email,
      serviceId: plan.serviceId,
      serviceName: plan.serviceName,
      tier: plan.tier?.id ?? null,
      outOfPlan: plan.outOfPlan,
      subject: input.subject,
      ...fields,
      assigneeUid: null,
      assigneeName: null,
      minutesLogged: 0,
      threadMessageIds: [...request.threadMessageIds, ackId],
      ourMessageIds: [ackId, companyId],
      warned: [],
      via: input.via,
      createdAt: Timestamp.fromMillis(at),
      updatedAt: FieldValue.serverTimestamp(),
    });
    tx.create(messagesOf(db, ref.id).doc(), {
      uid: input.uid,
      author: 'customer',
      authorUid: requesterUid,
      authorName: requesterName,
      internal: false,
      body: input.description,
      ...inboundFields(input.inbound),
      via: input.via,
      files: files.map(fileSummary),
      createdAt: Timestamp.fromMillis(at),
    });
    // Attached, a file is the company's (its members read it), whoever uploaded it.
    for (const file of files) {
      tx.update(db.collection('files').doc(file.id), { attachedTo: `support/${ref.id}`, ownerUid: input.uid });
    }
    claimed?.(tx);
    return reference;
  });
  mailQueued();
  return {
    id: ref.id,
    reference,
    status: sla.status,
    tier: plan.tier?.id ?? null,
    firstReplyDueAt: sla.firstReplyDueAt,
    resolutionDueAt: sla.resolutionDueAt,
    outOfPlan: plan.outOfPlan,
    payUrl: plan.payUrl,
  };
}

/**
 * The name a customer-side message shows for its author: the company's customer name when the
 * company's own account wrote it (as before companies), else the member's name as the company knows
 * them (null when they are no member: a name is never made up).
 */
export async function authorNameOf(
  ctx: SupportContext,
  companyId: string,
  authorUid: string,
  customerName: string | null,
): Promise<string | null> {
  if (authorUid === companyId) return customerName;
  return readMember(await memberDoc(ctx.db, companyId, authorUid).get())?.name || null;
}

/** The company a support request belongs to (its `uid`), or null for none (a malformed or unknown id). */
export async function requestCompanyOf(ctx: SupportContext, id: string): Promise<string | null> {
  if (!/^[A-Za-z0-9]{1,40}$/.test(id)) return null;
  const snapshot = await requestDoc(ctx.db, id).get();
  return snapshot.exists ? String(snapshot.get('uid')) : null;
}

/**
 * The company whose support request a file is attached to, or null (not attached to one, or no
 * such file): the caller checks that the reader is a member who may read its requests.
 */
export async function requestFileCompanyOf(ctx: SupportContext, fileId: string): Promise<string | null> {
  const meta = await ctx.files.meta(fileId);
  return meta?.attachedTo?.startsWith('support/')
    ? requestCompanyOf(ctx, meta.attachedTo.slice('support/'.length))
    : null;
}

/** A request of this company, or a 404 that says nothing about anyone else's. */
async function ownRequest(ctx: SupportContext, uid: string, id: string): Promise<StoredRequest> {
  if (!/^[A-Za-z0-9]{1,40}$/.test(id)) throw new HttpError(404, SUPPORT_MESSAGES.notFound);
  const snapshot = await requestDoc(ctx.db, id).get();
  if (!snapshot.exists || snapshot.get('uid') !== uid) throw new HttpError(404, SUPPORT_MESSAGES.notFound);
  return readRequest(id, snapshot.data()!);
}

export interface ReplyInput {
  body: string;
  fileIds: string[];
  via: 'web' | 'mail';
  /** A reply by mail: its Message-ID (joins the thread), the whole mail as it came and what it brought. */
  inbound?: InboundMessageInput;
}

/** Who writes a customer's reply: a member (`uid`) for their company (`companyId`, the request's). */
export interface ReplyAuthor {
  companyId: string;
  uid: string;
}

/**
 * The customer's reply (on the page or by mail), by a member of the request's company whom the
 * caller let reply: appended; it resumes a request waiting on them, reopens a resolved one within
 * 7 days of its resolution, and tells the company. A closed request, or one resolved longer ago,
 * takes no replies (409: open a new one).
 */
export async function customerReply(ctx: SupportContext, author: ReplyAuthor, id: string, input: ReplyInput) {
  const { db } = ctx;
  const { companyId, uid } = author;
  const stored = await ownRequest(ctx, companyId, id);
  const [{ calendar }, files, email, authorName] = await Promise.all([
    loadCalendar(db),
    ownFiles(ctx, uid, input.fileIds),
    accountEmailOf(ctx.auth, uid),
    authorNameOf(ctx, companyId, uid, stored.customerName),
  ]);
  const at = nowOf(ctx);
  const result = await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(requestDoc(db, id));
    const request = readRequest(id, snapshot.data()!);
    const events = [...request.events];
    if (request.status === SUPPORT_STATUS.closed) throw new HttpError(409, SUPPORT_MESSAGES.closed);
    if (request.status === SUPPORT_STATUS.resolved) {
      const resolvedAt = [...events].reverse().find((event) => event.type === 'resolved')?.at ?? 0;
      if (at - resolvedAt > REOPEN_DAYS * 86_400_000) throw new HttpError(409, SUPPORT_MESSAGES.closed);
      events.push({ type: 'reopened', at });
    }
    events.push({ type: 'customer-replied', at });
    const { sla, fields } = slaFields(events, tierOf(request), calendar);
    const messageCount = Number(snapshot.get('messageCount') ?? 1) + 1;
    const companyId = addThreadMail(tx, ctx, request, `customer-${messageCount}`, {
      template: 'support',
      data: mailData(request, {
        kind: 'customer-reply',
        body: input.body,
        url: consoleRequestUrl(ctx.siteUrl, id),
        customerEmail: email,
      }),
      to: companyTo(ctx),
      replyTo: { address: replyAddress(ctx, request.reference), name: `${COMPANY.name} support` },
      attachmentDocumentId: null,
    });
    tx.update(requestDoc(db, id), {
      ...fields,
      messageCount,
      ...(input.inbound?.messageId ? { threadMessageIds: FieldValue.arrayUnion(input.inbound.messageId) } : {}),
      ourMessageIds: FieldValue.arrayUnion(companyId),
      updatedAt: FieldValue.serverTimestamp(),
    });
    // A reply by mail takes the mail's key as its id: a retried delivery cannot append it twice.
    tx.create(input.inbound ? messagesOf(db, id).doc(input.inbound.key) : messagesOf(db, id).doc(), {
      uid: companyId,
      author: 'customer',
      authorUid: uid,
      authorName: uid === companyId ? request.customerName : authorName,
      internal: false,
      body: input.body,
      ...inboundFields(input.inbound),
      via: input.via,
      files: files.map(fileSummary),
      createdAt: Timestamp.fromMillis(at),
    });
    for (const file of files) {
      tx.update(db.collection('files').doc(file.id), { attachedTo: `support/${id}`, ownerUid: companyId });
    }
    return { status: sla.status };
  });
  mailQueued();
  return result;
}

export interface StaffReplyInput {
  body: string;
  fileIds: string[];
  internal: boolean;
  minutes: number;
  waitOnCustomer: boolean;
  via?: 'web' | 'mail';
}

/**
 * A staff member's reply, mailed to the customer (threaded, from the signed reply address), or an
 * internal note (never mailed, never shown to the customer). Either may log minutes of work. The
 * reply carries the staff member's display name from Auth (the customer sees "Nimbus support"
 * without one), never their login email.
 */
export async function staffReply(ctx: SupportContext, staff: { uid: string }, id: string, input: StaffReplyInput) {
  const { db } = ctx;
  const [{ calendar }, files, account] = await Promise.all([
    loadCalendar(db),
    ownFiles(ctx, staff.uid, input.fileIds),
    ctx.auth.getUser(staff.uid).catch(() => null),
  ]);
  const displayName = account?.displayName?.trim() || null;
  const at = nowOf(ctx);
  const result = await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(requestDoc(db, id));
    if (!snapshot.exists) throw new HttpError(404, SUPPORT_MESSAGES.notFound);
    const request = readRequest(id, snapshot.data()!);
    const events = [...request.events];
    const messageRef = messagesOf(db, id).doc();
    const update: Record<string, unknown> = {
      minutesLogged: FieldValue.increment(input.minutes),
      updatedAt: FieldValue.serverTimestamp(),
    };
    if (!input.internal) {
      if (request.status === SUPPORT_STATUS.closed) throw new HttpError(409, SUPPORT_MESSAGES.closed);
      if (request.status === SUPPORT_STATUS.resolved) events.push({ type: 'reopened', at });
      // A reply that waits on the customer is also the first reply, if it is one (computeSla).
      events.push({ type: input.waitOnCustomer ? 'waiting' : 'replied', at });
      const { fields } = slaFields(events, tierOf(request), calendar);
      const mailId = addThreadMail(tx, ctx, request, `reply-${messageRef.id}`, {
        template: 'support',
        data: mailData(request, {
          kind: 'reply',
          body: input.body,
          url: customerRequestUrl(ctx.siteUrl, id),
          authorName: staffNameShown(displayName),
          files: files.map((file) => ({ name: file.name, size: file.size })),
        }),
        ...toCompanyMembers(request.uid, request.requesterUid),
        replyTo: { address: replyAddress(ctx, request.reference), name: `${COMPANY.name} support` },
        attachmentDocumentId: null,
      });
      Object.assign(update, fields, {
        threadMessageIds: FieldValue.arrayUnion(mailId),
        ourMessageIds: FieldValue.arrayUnion(mailId),
      });
      if (request.assigneeUid === null) {
        // Staff-only (the customer's views leave the assignee out): an address names them when no name does.
        Object.assign(update, { assigneeUid: staff.uid, assigneeName: displayName ?? account?.email ?? null });
      }
    }
    tx.update(requestDoc(db, id), update);
    tx.create(messageRef, {
      uid: request.uid,
      author: 'staff',
      staffUid: staff.uid,
      authorName: displayName,
      internal: input.internal,
      body: input.body,
      via: input.via ?? 'web',
      minutes: input.minutes,
      files: files.map(fileSummary),
      createdAt: Timestamp.fromMillis(at),
    });
    for (const file of files) tx.update(db.collection('files').doc(file.id), { attachedTo: `support/${id}` });
    return { id: messageRef.id, status: (update.status as string | undefined) ?? request.status };
  });
  if (!input.internal) mailQueued();
  return result;
}

const STATUS_EVENTS: Record<string, SupportEvent['type']> = {
  Open: 'reopened',
  'Waiting on customer': 'waiting',
  Resolved: 'resolved',
  Closed: 'closed',
};

/** Staff change a request's status (as an event: the clocks follow) or its assignee. Resolving mails the customer. */
export async function updateSupportRequest(
  ctx: SupportContext,
  id: string,
  change: { status?: string; assigneeUid?: string | null },
) {
  const { db } = ctx;
  const { calendar } = await loadCalendar(db);
  let assigneeName: string | null = null;
  if (change.assigneeUid) {
    const user = await ctx.auth.getUser(change.assigneeUid).catch(() => null);
    if (!user || user.customClaims?.staff !== true) throw new HttpError(400, 'assigneeUid: Not a staff member.');
    assigneeName = user.displayName ?? user.email ?? null;
  }
  const at = nowOf(ctx);
  const result = await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(requestDoc(db, id));
    if (!snapshot.exists) throw new HttpError(404, SUPPORT_MESSAGES.notFound);
    const request = readRequest(id, snapshot.data()!);
    const update: Record<string, unknown> = { updatedAt: FieldValue.serverTimestamp() };
    if (change.assigneeUid !== undefined) Object.assign(update, { assigneeUid: change.assigneeUid, assigneeName });
    let status = request.status;
    if (change.status && change.status !== request.status) {
      const events = [...request.events, { type: STATUS_EVENTS[change.status]!, at }];
      const { sla, fields } = slaFields(events, tierOf(request), calendar);
      status = sla.status;
      Object.assign(update, fields);
      if (change.status === SUPPORT_STATUS.resolved) {
        const mailId = addThreadMail(tx, ctx, request, `resolved-${at}`, {
          template: 'support',
          data: mailData(request, { kind: 'resolved', body: '', url: customerRequestUrl(ctx.siteUrl, id) }),
          ...toCompanyMembers(request.uid, request.requesterUid),
          replyTo: { address: replyAddress(ctx, request.reference), name: `${COMPANY.name} support` },
          attachmentDocumentId: null,
        });
        Object.assign(update, {
          threadMessageIds: FieldValue.arrayUnion(mailId),
          ourMessageIds: FieldValue.arrayUnion(mailId),
        });
      }
    }
    tx.update(requestDoc(db, id), update);
    return { status, before: { status: request.status, assigneeUid: request.assigneeUid } };
  });
  mailQueued();
  return result;
}

const millis = (value: unknown) => (value instanceof Timestamp ? value.toMillis() : null);

export function requestView(id: string, data: FirebaseFirestore.DocumentData): SupportRequestView {
  const request = readRequest(id, data);
  const next = millis(data.nextDueAt);
  return {
    id,
    reference: request.reference,
    subject: request.subject,
    status: request.status,
    serviceId: request.serviceId,
    serviceName: request.serviceName,
    tier: request.tier,
    outOfPlan: request.outOfPlan as OutOfPlanReason | null,
    firstReplyDueAt: millis(data.firstReplyDueAt),
    firstRepliedAt: millis(data.firstRepliedAt),
    resolutionDueAt: millis(data.resolutionDueAt),
    nextDueAt: next !== null && isDueTime(next) ? next : null,
    isPaused: request.status === SUPPORT_STATUS.waiting,
    createdAt: request.createdAt,
    resolvedAt: millis(data.resolvedAt),
    minutesLogged: request.minutesLogged,
    assigneeUid: request.assigneeUid,
    assigneeName: request.assigneeName,
  };
}

/**
 * The pay link that brings an out-of-plan request's service back into plan, as things stand now
 * (renewed since: none); for "Something else", the first renewal that can be paid now.
 */
async function wayBackOf(ctx: SupportContext, uid: string, serviceId: string | null): Promise<string | null> {
  try {
    return (await planOf(ctx, uid, serviceId ?? NO_SERVICE)).payUrl;
  } catch (error) {
    // The service is gone (planOf's 400): nothing to renew.
    if (error instanceof HttpError) return null;
    throw error;
  }
}

/** A request as its customer sees it: who on staff has it is the company's business (and may be an address). */
const customerRequestView = (view: SupportRequestView): SupportRequestView => ({
  ...view,
  assigneeUid: null,
  assigneeName: null,
});

function messageView(doc: FirebaseFirestore.QueryDocumentSnapshot, isStaff: boolean): SupportMessageView {
  const data = doc.data();
  const author = data.author === 'staff' ? 'staff' : 'customer';
  const storedName = typeof data.authorName === 'string' ? data.authorName : null;
  return {
    id: doc.id,
    author,
    // Older staff messages stored the login email here: the customer sees a name or "Nimbus support".
    authorName: author === 'staff' && !isStaff ? staffNameShown(storedName) : storedName,
    internal: data.internal === true,
    body: String(data.body ?? ''),
    via: data.via === 'mail' ? 'mail' : 'web',
    createdAt: millis(data.createdAt) ?? 0,
    files: Array.isArray(data.files) ? data.files : [],
    ...(Array.isArray(data.refusedFiles) && data.refusedFiles.length ? { refusedFiles: data.refusedFiles } : {}),
    ...(typeof data.minutes === 'number' ? { minutes: data.minutes } : {}),
  };
}

/** A request with its conversation: the customer sees no internal notes and no minutes; staff see everything. */
export async function readSupportRequest(
  ctx: SupportContext,
  viewer: { uid: string; isStaff: boolean },
  id: string,
): Promise<SupportRequestView & { uid: string; customerName: string | null; customerEmail: string | null }> {
  if (!/^[A-Za-z0-9]{1,40}$/.test(id)) throw new HttpError(404, SUPPORT_MESSAGES.notFound);
  const [snapshot, messages] = await Promise.all([
    requestDoc(ctx.db, id).get(),
    messagesOf(ctx.db, id).orderBy('createdAt').get(),
  ]);
  if (!snapshot.exists || (!viewer.isStaff && snapshot.get('uid') !== viewer.uid)) {
    throw new HttpError(404, SUPPORT_MESSAGES.notFound);
  }
  const all = messages.docs.map((doc) => messageView(doc, viewer.isStaff));
  const shown = viewer.isStaff
    ? all
    : all.filter((message) => !message.internal).map(({ minutes: _minutes, ...message }) => message);
  const view = requestView(id, snapshot.data()!);
  const uid = String(snapshot.get('uid'));
  return {
    ...(viewer.isStaff ? view : customerRequestView(view)),
    payUrl: view.outOfPlan ? await wayBackOf(ctx, uid, view.serviceId) : null,
    uid,
    customerName: (snapshot.get('customerName') as string | null) ?? null,
    customerEmail: viewer.isStaff ? ((snapshot.get('customerEmail') as string | null) ?? null) : null,
    messages: shown,
  };
}

export async function listOwnRequests(ctx: SupportContext, uid: string): Promise<SupportRequestView[]> {
  const snapshot = await ctx.db
    .collection(SUPPORT_REQUESTS)
    .where('uid', '==', uid)
    .orderBy('createdAt', 'desc')
    .limit(50)
    .get();
  return snapshot.docs.map((doc) => customerRequestView(requestView(doc.id, doc.data())));
}

export const FILE_NOT_FOUND = 'File not found.';

/**
 * Whether a file is on a message the customer sees: a file on an internal note (staff's upload,
 * or a mail staff kept as a note) is staff's alone, though attached to the same request.
 */
async function isOnCustomerMessage(ctx: SupportContext, requestId: string, fileId: string): Promise<boolean> {
  const shown = await messagesOf(ctx.db, requestId).where('internal', '==', false).get();
  return shown.docs.some((message) =>
    ((message.get('files') as Array<{ id?: unknown }> | undefined) ?? []).some((file) => file.id === fileId),
  );
}

/**
 * The file of a request, for staff, or for its company (`viewer.uid`: the caller checked the
 * member may read its requests) when it is on a message the customer sees, never on an internal
 * note; of a mail waiting for review, for staff; an upload not attached yet, for its uploader.
 * Anyone else (and any file not attached to either) gets 404.
 */
export async function readRequestFile(ctx: SupportContext, viewer: { uid: string; isStaff: boolean }, fileId: string) {
  const notFound = new HttpError(404, FILE_NOT_FOUND);
  const meta = await ctx.files.meta(fileId);
  if (!meta) throw notFound;
  if (meta.attachedTo?.startsWith('support/')) {
    const requestId = meta.attachedTo.slice('support/'.length);
    const request = await requestDoc(ctx.db, requestId).get();
    if (!request.exists) throw notFound;
    if (!viewer.isStaff) {
      if (request.get('uid') !== viewer.uid) throw notFound;
      if (!(await isOnCustomerMessage(ctx, requestId, fileId))) throw notFound;
    }
  } else if (meta.attachedTo?.startsWith('inbound/')) {
    if (!viewer.isStaff) throw notFound;
  } else if (meta.ownerUid !== viewer.uid) {
    throw notFound;
  }
  const file = await ctx.files.get(fileId);
  if (!file) throw notFound;
  return file;
}

/** The first day of the IST year `instantMs` falls in, as an instant. */
const istYearStart = (instantMs: number) => istYearStartMs(istDay(instantMs).slice(0, 4));

/** The support page: the customer's services with tier, plan state, renewal link and support used this year. */
export async function supportServices(ctx: SupportContext, uid: string): Promise<SupportServiceView[]> {
  const [services, requests] = await Promise.all([
    servicesOf(ctx, uid),
    ctx.db.collection(SUPPORT_REQUESTS).where('uid', '==', uid).get(),
  ]);
  const yearStart = istYearStart(nowOf(ctx));
  const used = new Map<string, number>();
  for (const doc of requests.docs) {
    const created = millis(doc.get('createdAt')) ?? 0;
    const serviceId = doc.get('serviceId') as string | null;
    if (!serviceId || created < yearStart) continue;
    used.set(serviceId, (used.get(serviceId) ?? 0) + Number(doc.get('minutesLogged') ?? 0));
  }
  return services.map((service) => {
    const plan = planOfService(ctx, service);
    return {
      id: service.id,
      name: serviceName(service),
      status: service.status,
      renewsOn: service.renewsOn,
      tier: supportTierFor(service.yearlyFeePaise)?.id ?? null,
      outOfPlan: plan.outOfPlan,
      payUrl: plan.payUrl,
      minutesThisYear: used.get(service.id) ?? 0,
    };
  });
}
