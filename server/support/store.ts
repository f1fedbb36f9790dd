import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import type { BusinessCalendar } from '../../src/domain/business-hours';
import {
  computeSla,
  SUPPORT_STATUS,
  SUPPORT_TIERS,
  type SlaState,
  type SupportEvent,
  type SupportStatus,
  type SupportTier,
  type SupportTierId,
} from '../../src/domain/support';
import type { MailAddress } from '../config';
import type { FileStore } from '../files/file-store';

/** What the support service works with. */
export interface SupportContext {
  db: Firestore;
  auth: Auth;
  files: FileStore;
  /** MAIL_FROM: its domain names our Message-IDs. */
  from: MailAddress;
  companyEmail: string;
  siteUrl: string;
  payLinkSecret: string;
  /** Signs reply addresses (derived from the pay-link secret). */
  replySecret: string;
  /** The domain of support+<token>@… reply addresses (SUPPORT_REPLY_DOMAIN, default MAIL_FROM's). */
  replyDomain: string;
  /**
   * The account's support requests per hour (SUPPORT_REQUESTS_PER_HOUR), on the web form's counter:
   * requests opened by mail count too. Absent: not counted (a context built for a job or a script).
   */
  requestsPerHour?: { name: string; limit: number };
  now?: () => number;
}

/** The per-account counter of support requests opened (routes/rate-limits.ts scopes it per deployment). */
export const SUPPORT_REQUESTS_LIMITER = 'support-requests';

export const SUPPORT_REQUESTS = 'supportRequests';
/** Inbound mails: every one, matched or not (the review queue is the unmatched ones). */
export const SUPPORT_INBOUND = 'supportInbound';
/** Files of a mail waiting for review belong to no one yet: this owner, attached to its inbound record. */
export const INBOUND_OWNER = 'inbound';
export const SUPPORT_COUNTER = 'counters/supportRequests';

export const requestDoc = (db: Firestore, id: string) => db.collection(SUPPORT_REQUESTS).doc(id);
export const messagesOf = (db: Firestore, id: string) => requestDoc(db, id).collection('messages');

/**
 * The queue sorts by the next due time. A request with nothing due (out of plan, or waiting on the
 * customer) sorts after every due one, oldest first: its key is this instant plus its creation time
 * (still a valid Timestamp, before 9999), so one index orders both without a second sort field.
 * Keys from before this rule (9999-01-01) are rewritten by the support job's next pass.
 */
export const NOTHING_DUE_FROM_MS = Date.UTC(9000, 0, 1);
export const nothingDueKey = (createdAtMs: number) => Timestamp.fromMillis(NOTHING_DUE_FROM_MS + createdAtMs);
/** Whether a stored `nextDueAt` is a real due time (not a nothing-due sort key). */
export const isDueTime = (ms: number) => ms < NOTHING_DUE_FROM_MS;

export interface StoredRequest {
  id: string;
  reference: string;
  /** The company's id. */
  uid: string;
  /** The member who raised it (requests raised before companies: the company's own account). */
  requesterUid: string;
  customerName: string | null;
  serviceId: string | null;
  serviceName: string | null;
  tier: SupportTierId | null;
  outOfPlan: string | null;
  subject: string;
  status: SupportStatus;
  events: SupportEvent[];
  assigneeUid: string | null;
  assigneeName: string | null;
  minutesLogged: number;
  threadMessageIds: string[];
  warned: string[];
  createdAt: number;
}

export function readRequest(id: string, data: DocumentData): StoredRequest {
  const events = Array.isArray(data.events)
    ? (data.events as Array<{ type: SupportEvent['type']; at: Timestamp }>).map((event) => ({
        type: event.type,
        at: event.at.toMillis(),
      }))
    : [];
  return {
    id,
    reference: String(data.reference),
    uid: String(data.uid),
    requesterUid: typeof data.requesterUid === 'string' ? data.requesterUid : String(data.uid),
    customerName: typeof data.customerName === 'string' ? data.customerName : null,
    serviceId: typeof data.serviceId === 'string' ? data.serviceId : null,
    serviceName: typeof data.serviceName === 'string' ? data.serviceName : null,
    tier: data.tier && data.tier in SUPPORT_TIERS ? (data.tier as SupportTierId) : null,
    outOfPlan: typeof data.outOfPlan === 'string' ? data.outOfPlan : null,
    subject: String(data.subject ?? ''),
    status: (data.status as SupportStatus) ?? SUPPORT_STATUS.new,
    events,
    assigneeUid: typeof data.assigneeUid === 'string' ? data.assigneeUid : null,
    assigneeName: typeof data.assigneeName === 'string' ? data.assigneeName : null,
    minutesLogged: Number(data.minutesLogged ?? 0),
    threadMessageIds: Array.isArray(data.threadMessageIds) ? data.threadMessageIds.map(String) : [],
    warned: Array.isArray(data.warned) ? data.warned.map(String) : [],
    createdAt:
      events.find((event) => event.type === 'created')?.at ??
      (data.createdAt instanceof Timestamp ? data.createdAt.toMillis() : 0),
  };
}

export const tierOf = (request: Pick<StoredRequest, 'tier'>): SupportTier | null =>
  request.tier ? SUPPORT_TIERS[request.tier] : null;

const ts = (ms: number | null) => (ms === null ? null : Timestamp.fromMillis(ms));

/**
 * The fields computed from the event log, written with every change (the queue's index needs
 * them stored); computeSla on the same events always gives them again.
 */
export function slaFields(events: SupportEvent[], tier: SupportTier | null, calendar: BusinessCalendar) {
  const sla: SlaState = computeSla(events, tier, calendar);
  return {
    sla,
    fields: {
      events: events.map((event) => ({ type: event.type, at: Timestamp.fromMillis(event.at) })),
      status: sla.status,
      isOpen: sla.status !== SUPPORT_STATUS.resolved && sla.status !== SUPPORT_STATUS.closed,
      firstReplyDueAt: ts(sla.firstReplyDueAt),
      firstRepliedAt: ts(sla.firstRepliedAt),
      resolutionDueAt: ts(sla.resolutionDueAt),
      resolvedAt: ts(sla.resolvedAt),
      nextDueAt:
        sla.nextDueAt === null
          ? nothingDueKey(events.find((event) => event.type === 'created')?.at ?? 0)
          : Timestamp.fromMillis(sla.nextDueAt),
      firstReplyMet: sla.firstReplyMet,
      resolutionMet: sla.resolutionMet,
    },
  };
}

/** `SR-000123` -> the lower-case label used in reply addresses: `sr000123`. */
const label = (reference: string) => reference.replace('-', '').toLowerCase();

function replySignature(secret: string, reference: string): string {
  return createHmac('sha256', secret).update(`support-reply|${reference}`).digest('hex').slice(0, 24);
}

/**
 * The signed reply address of a request: `support+sr000123-<hmac>@domain`. Lower case only (some
 * mail systems lower-case the local part); the HMAC binds it to this one request, so a guessed or
 * edited address matches nothing.
 */
export function replyAddress(ctx: Pick<SupportContext, 'replySecret' | 'replyDomain'>, reference: string): string {
  return `support+${label(reference)}-${replySignature(ctx.replySecret, reference)}@${ctx.replyDomain}`;
}

/** The request reference a signed reply address names, or null (wrong shape or a bad signature). */
export function referenceFromReplyAddress(secret: string, address: string): string | null {
  const match = /^support\+sr(\d{6,})-([0-9a-f]{24})@/i.exec(address.trim());
  if (!match) return null;
  const reference = `SR-${match[1]}`;
  const expected = Buffer.from(replySignature(secret, reference));
  const given = Buffer.from(match[2]!.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given) ? reference : null;
}

/** The request's page for its customer, and for staff. */
export const customerRequestUrl = (siteUrl: string, id: string) => `${siteUrl}/support/${id}`;
export const consoleRequestUrl = (siteUrl: string, id: string) => `${siteUrl}/admin/support/${id}`;

export async function accountEmailOf(auth: Auth, uid: string): Promise<string | null> {
  try {
    return (await auth.getUser(uid)).email ?? null;
  } catch {
    return null;
  }
}
