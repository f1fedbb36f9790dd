import { FieldValue, Timestamp, type Query } from 'firebase-admin/firestore';
import type { UserRecord } from 'firebase-admin/auth';
import { z } from 'zod';
import { businessMinutesBetween, DEFAULT_HOLIDAYS, type Holiday } from '../../src/domain/business-hours';
import { DAY_MS, istMidnightMs, istYearStartMs, monthRangeMs } from '../../src/domain/ist';
import { STATUS } from '../../src/domain/status';
import {
  computeSla,
  SUPPORT_STATUS,
  SUPPORT_STATUSES,
  SUPPORT_TIER_IDS,
  SUPPORT_TIERS,
  type SupportRequestView,
  type SupportStatus,
  type SupportTierId,
} from '../../src/domain/support';
import { HttpError } from '../errors';
import { formatDay } from '../../src/domain/dates';
import { formatInr } from '../../src/domain/money';
import { readPayable } from '../../src/domain/payable';
import { readService, serviceName } from '../renewals/store';
import { readSupportRequest, requestView } from './requests';
import { readRequest, SUPPORT_INBOUND, SUPPORT_REQUESTS, tierOf, type SupportContext } from './store';
import { nowOf } from '../clock';
import { CALENDAR_DOC, loadCalendar } from '../business-calendar';

export const QUEUE_PAGE_SIZE = 50;

const QUEUE_FIELDS = [
  'reference',
  'uid',
  'subject',
  'status',
  'serviceId',
  'serviceName',
  'tier',
  'outOfPlan',
  'customerName',
  'firstReplyDueAt',
  'firstRepliedAt',
  'resolutionDueAt',
  'resolvedAt',
  'nextDueAt',
  'createdAt',
  'minutesLogged',
  'assigneeUid',
  'assigneeName',
];

export interface QueueFilters {
  status?: SupportStatus;
  tier?: SupportTierId;
  assignee?: string;
  /** The last row's id of the previous page. */
  after?: string;
}

export function parseQueueFilters(query: Record<string, unknown>): QueueFilters {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const status = text(query.status);
  const tier = text(query.tier);
  if (status && !SUPPORT_STATUSES.includes(status as SupportStatus))
    throw new HttpError(400, `status: Unknown status '${status}'.`);
  if (tier && !SUPPORT_TIER_IDS.includes(tier as SupportTierId))
    throw new HttpError(400, `tier: Unknown tier '${tier}'.`);
  return {
    status: status as SupportStatus | undefined,
    tier: tier as SupportTierId | undefined,
    assignee: text(query.assignee),
    after: text(query.after),
  };
}

/**
 * The support queue: one indexed query (firestore.indexes.json), open requests (or one status)
 * sorted by their next due time, filtered by tier and assignee, a page at a time.
 */
export async function supportQueue(ctx: SupportContext, filters: QueueFilters) {
  let query: Query = ctx.db.collection(SUPPORT_REQUESTS);
  query = filters.status ? query.where('status', '==', filters.status) : query.where('isOpen', '==', true);
  if (filters.tier) query = query.where('tier', '==', filters.tier);
  if (filters.assignee) query = query.where('assigneeUid', '==', filters.assignee === 'none' ? null : filters.assignee);
  // Only what a row shows: the event log and the thread's Message-IDs stay behind.
  query = query
    .select(...QUEUE_FIELDS)
    .orderBy('nextDueAt')
    .orderBy('__name__')
    .limit(QUEUE_PAGE_SIZE + 1);
  if (filters.after) {
    const last = await ctx.db.collection(SUPPORT_REQUESTS).doc(filters.after).get();
    if (last.exists) query = query.startAfter(last.get('nextDueAt'), last.id);
  }
  const snapshot = await query.get();
  const docs = snapshot.docs.slice(0, QUEUE_PAGE_SIZE);
  return {
    rows: docs.map((doc) => ({
      ...requestView(doc.id, doc.data()),
      customerName: (doc.get('customerName') as string | null) ?? null,
    })),
    next: snapshot.docs.length > QUEUE_PAGE_SIZE ? docs[docs.length - 1]!.id : null,
  };
}

/** The console's request page: the request and conversation, and what the customer pays for. */
export async function staffRequestPage(ctx: SupportContext, id: string) {
  const request = await readSupportRequest(ctx, { uid: '', isStaff: true }, id);
  const [service, invoices] = await Promise.all([
    request.serviceId ? ctx.db.doc(`users/${request.uid}/services/${request.serviceId}`).get() : null,
    ctx.db.collection(`users/${request.uid}/invoices`).where('status', '==', STATUS.pending).limit(5).get(),
  ]);
  const stored = service?.exists ? readService(service) : null;
  return {
    ...request,
    service: stored
      ? {
          id: stored.id,
          name: serviceName(stored),
          status: stored.status,
          // As people read them: '10 Jan 2027', not the stored '2027-01-10'.
          renewsOn: formatDay(stored.renewsOn),
          yearlyFee: formatInr(stored.yearlyFeePaise),
        }
      : null,
    unpaidInvoices: invoices.docs.map((doc) => {
      // The one reader of a stored payable: the spec's `amount` is rupees, made paise once there.
      const payable = readPayable({ type: 'invoice', docId: doc.id }, doc.data());
      return {
        id: doc.id,
        number: payable.number ?? doc.id,
        amount: payable.amountPaise === null ? '—' : formatInr(payable.amountPaise),
        dueDate: payable.dueDate ? formatDay(payable.dueDate) : null,
      };
    }),
  };
}

/** Untouched New requests the Today page lists, oldest first. */
export const TODAY_UNTOUCHED_SHOWN = 5;

/**
 * The console's Today page: open requests due before the end of today (IST) and those overdue;
 * New requests nobody has answered yet (out-of-plan ones too: they have no due time, so they are
 * never "due"), counted, the oldest listed; and the mails waiting for review.
 */
export async function supportTodayCounts(ctx: SupportContext) {
  const nowMs = nowOf(ctx);
  const endOfDay = istMidnightMs(nowMs) + DAY_MS;
  const requests = ctx.db.collection(SUPPORT_REQUESTS);
  const open = requests.where('isOpen', '==', true);
  const untouched = requests.where('status', '==', SUPPORT_STATUS.new);
  const [dueToday, overdue, untouchedCount, oldest, review] = await Promise.all([
    open
      .where('nextDueAt', '>=', Timestamp.fromMillis(nowMs))
      .where('nextDueAt', '<', Timestamp.fromMillis(endOfDay))
      .count()
      .get(),
    open.where('nextDueAt', '<', Timestamp.fromMillis(nowMs)).count().get(),
    untouched.count().get(),
    untouched
      .orderBy('createdAt')
      .select('reference', 'subject', 'customerName', 'tier', 'createdAt')
      .limit(TODAY_UNTOUCHED_SHOWN)
      .get(),
    ctx.db.collection(SUPPORT_INBOUND).where('outcome', '==', 'review').count().get(),
  ]);
  return {
    dueToday: dueToday.data().count,
    overdue: overdue.data().count,
    untouched: untouchedCount.data().count,
    oldestUntouched: oldest.docs.map((doc) => ({
      id: doc.id,
      reference: String(doc.get('reference')),
      subject: String(doc.get('subject') ?? ''),
      customerName: (doc.get('customerName') as string | null) ?? null,
      isOutOfPlan: !doc.get('tier'),
      createdAt: (doc.get('createdAt') as Timestamp | undefined)?.toMillis() ?? 0,
    })),
    waitingForReview: review.data().count,
  };
}

const median = (values: number[]) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The month's SLA report (requests created that month, IST): per tier, the share of first
 * replies and of resolutions within target and the median first reply in business minutes; and
 * support time logged per service this year.
 */
export async function supportReport(ctx: SupportContext, month: string) {
  const { startMs: from, endMs: to } = monthRangeMs(month);
  const year = month.slice(0, 4);
  const { calendar } = await loadCalendar(ctx.db);
  const [monthDocs, yearDocs] = await Promise.all([
    ctx.db
      .collection(SUPPORT_REQUESTS)
      .where('createdAt', '>=', Timestamp.fromMillis(from))
      .where('createdAt', '<', Timestamp.fromMillis(to))
      .get(),
    ctx.db
      .collection(SUPPORT_REQUESTS)
      .where('createdAt', '>=', Timestamp.fromMillis(istYearStartMs(year)))
      .get(),
  ]);
  const tiers = SUPPORT_TIER_IDS.map((tierId) => {
    const requests = monthDocs.docs
      .map((doc) => readRequest(doc.id, doc.data()))
      .filter((request) => request.tier === tierId);
    const states = requests.map((request) => ({ request, sla: computeSla(request.events, tierOf(request), calendar) }));
    const replied = states.filter(({ sla }) => sla.firstReplyMet !== null);
    const resolved = states.filter(({ sla }) => sla.resolutionMet !== null);
    const share = (count: number, of: number) => (of ? Math.round((count / of) * 100) : null);
    const repliedInTime = replied.filter(({ sla }) => sla.firstReplyMet).length;
    const resolvedInTime = resolved.filter(({ sla }) => sla.resolutionMet).length;
    return {
      tier: SUPPORT_TIERS[tierId].name,
      requests: requests.length,
      firstReplyWithinTarget: share(repliedInTime, replied.length),
      // The counts behind each share: '75 % (3 of 4)' says how much the figure rests on.
      firstReplies: { withinTarget: repliedInTime, of: replied.length },
      resolutionWithinTarget: share(resolvedInTime, resolved.length),
      resolutions: { withinTarget: resolvedInTime, of: resolved.length },
      medianFirstReplyMinutes: median(
        replied.map(({ request, sla }) =>
          businessMinutesBetween(new Date(request.createdAt), new Date(sla.firstRepliedAt!), calendar),
        ),
      ),
    };
  });
  const usage = new Map<string, { uid: string; serviceName: string; customerName: string | null; minutes: number }>();
  for (const doc of yearDocs.docs) {
    const serviceId = doc.get('serviceId') as string | null;
    if (!serviceId) continue;
    const key = `${doc.get('uid')}/${serviceId}`;
    const entry = usage.get(key) ?? {
      uid: String(doc.get('uid')),
      serviceName: String(doc.get('serviceName') ?? serviceId),
      customerName: (doc.get('customerName') as string | null) ?? null,
      minutes: 0,
    };
    entry.minutes += Number(doc.get('minutesLogged') ?? 0);
    usage.set(key, entry);
  }
  return {
    month,
    tiers,
    outOfPlan: monthDocs.docs.filter((doc) => !doc.get('tier')).length,
    usageThisYear: [...usage.values()].sort((a, b) => b.minutes - a.minutes),
  };
}

export async function readHolidays(ctx: SupportContext): Promise<{ holidays: Holiday[]; isDefault: boolean }> {
  const snapshot = await ctx.db.doc(CALENDAR_DOC).get();
  const stored = snapshot.get('holidays') as Holiday[] | undefined;
  return Array.isArray(stored)
    ? { holidays: stored, isDefault: false }
    : { holidays: DEFAULT_HOLIDAYS, isDefault: true };
}

/**
 * Staff replace the company's holiday list. Due times already stored are recomputed by the
 * support job's next pass (each request's from its own events); new changes use the new list at once.
 */
export async function saveHolidays(ctx: SupportContext, holidays: Holiday[]) {
  const sorted = [...holidays].sort((a, b) => a.date.localeCompare(b.date));
  const seen = new Set<string>();
  for (const holiday of sorted) {
    if (seen.has(holiday.date)) throw new HttpError(400, `holidays: ${holiday.date} is listed twice.`);
    seen.add(holiday.date);
  }
  await ctx.db.doc(CALENDAR_DOC).set({ holidays: sorted, updatedAt: FieldValue.serverTimestamp() });
  return { holidays: sorted };
}

const isAddress = (text: string) => z.email().safeParse(text).success;

/** Inbound mails that matched no request (or whose sender was not the requester): staff decide. */
export async function reviewQueue(ctx: SupportContext) {
  const snapshot = await ctx.db
    .collection(SUPPORT_INBOUND)
    .where('outcome', '==', 'review')
    .orderBy('receivedAt', 'desc')
    .limit(50)
    .get();
  // Senders who are customers (their login's address): "Open a request" starts with them. A From
  // may hold anything: only well-formed addresses are looked up (Auth refuses the whole call otherwise).
  const senders = [
    ...new Set(snapshot.docs.map((doc) => String(doc.get('from') ?? '')).filter((from) => isAddress(from))),
  ];
  const logins = senders.length
    ? (
        await ctx.auth.getUsers(senders.map((email) => ({ email }))).catch(() => ({ users: [] as UserRecord[] }))
      ).users.filter((user) => user.customClaims?.staff !== true)
    : [];
  const customerOf = (from: string) => {
    const login = logins.find((user) => user.email?.toLowerCase() === from);
    return login ? { uid: login.uid, name: login.displayName ?? null, email: login.email ?? from } : null;
  };
  return snapshot.docs.map((doc) => ({
    id: doc.id,
    from: String(doc.get('from') ?? ''),
    sender: customerOf(String(doc.get('from') ?? '')),
    subject: String(doc.get('subject') ?? ''),
    reason: String(doc.get('reason') ?? ''),
    text: String(doc.get('preview') ?? doc.get('text') ?? '').slice(0, 2000),
    receivedAt: (doc.get('receivedAt') as Timestamp | undefined)?.toMillis() ?? 0,
    // Every attachment, kept (its file, for staff to open) or refused (why).
    attachments: ((doc.get('attachments') as Array<Record<string, unknown>> | undefined) ?? []).map((file) => ({
      name: String(file.name ?? ''),
      size: Number(file.size ?? 0),
      fileId: typeof file.fileId === 'string' ? file.fileId : null,
      refused: typeof file.refused === 'string' ? file.refused : null,
    })),
  }));
}

export type QueueRow = SupportRequestView & { customerName: string | null };
