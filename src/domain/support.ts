import { z } from 'zod';
import { isIsoDay, noSuchDayMessage } from './ist';
import {
  addBusinessMinutes,
  BUSINESS_DAY_MINUTES,
  businessMinutesBetween,
  DEFAULT_CALENDAR,
  type BusinessCalendar,
} from './business-hours';
import type { SupportTier, SupportTierId } from './support-tiers';

/**
 * Support under the maintenance plan: a service's tier comes from its yearly fee, and a request's
 * due times are computed from its tier, the business calendar and its event log, never stored as
 * countdowns (what is stored is only a copy of this computation, refreshed on every change).
 */

export * from './support-tiers';

export const SUPPORT_STATUS = {
  new: 'New',
  open: 'Open',
  waiting: 'Waiting on customer',
  resolved: 'Resolved',
  closed: 'Closed',
} as const;
export type SupportStatus = (typeof SUPPORT_STATUS)[keyof typeof SUPPORT_STATUS];
export const SUPPORT_STATUSES: SupportStatus[] = Object.values(SUPPORT_STATUS);

/** A resolved request closes this many days after it was resolved; replying before that reopens it. */
export const REOPEN_DAYS = 7;

export type SupportEventType =
  'created' | 'replied' | 'waiting' | 'customer-replied' | 'resolved' | 'reopened' | 'closed';

export interface SupportEvent {
  type: SupportEventType;
  /** Milliseconds since the epoch. */
  at: number;
}

export interface SlaState {
  status: SupportStatus;
  firstReplyDueAt: number | null;
  firstRepliedAt: number | null;
  /** Null while paused (waiting on the customer), resolved or closed, or out of plan. */
  resolutionDueAt: number | null;
  /** Business minutes the resolution clock has run. */
  resolutionMinutesUsed: number;
  resolutionBudgetMinutes: number | null;
  isPaused: boolean;
  resolvedAt: number | null;
  /** The earliest target still ahead (or passed): what the queue sorts by; null when nothing is due. */
  nextDueAt: number | null;
  firstReplyMet: boolean | null;
  resolutionMet: boolean | null;
}

/**
 * The request's status and SLA clocks from its events (in order). The first reply is due
 * `firstReplyHours` business hours after creation, met by the first staff reply. The resolution
 * clock runs business time from creation until resolved; "waiting on customer" pauses it until the
 * customer replies; reopening resumes it from where it stopped. Same events, same answer.
 */
export function computeSla(
  events: readonly SupportEvent[],
  tier: SupportTier | null,
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): SlaState {
  const sorted = [...events].sort((a, b) => a.at - b.at);
  const created = sorted.find((event) => event.type === 'created');
  let status: SupportStatus = SUPPORT_STATUS.new;
  let firstRepliedAt: number | null = null;
  let runningSince: number | null = created ? created.at : null;
  let used = 0;
  let resolvedAt: number | null = null;
  let resolutionMet: boolean | null = null;
  const budget = tier ? tier.resolutionDays * BUSINESS_DAY_MINUTES : null;
  const stop = (at: number) => {
    if (runningSince !== null) used += businessMinutesBetween(new Date(runningSince), new Date(at), calendar);
    runningSince = null;
  };
  for (const event of sorted) {
    switch (event.type) {
      case 'created':
        break;
      case 'replied':
        if (firstRepliedAt === null) firstRepliedAt = event.at;
        if (status === SUPPORT_STATUS.new) status = SUPPORT_STATUS.open;
        break;
      case 'waiting':
        if (firstRepliedAt === null) firstRepliedAt = event.at;
        stop(event.at);
        status = SUPPORT_STATUS.waiting;
        break;
      case 'customer-replied':
        if (status === SUPPORT_STATUS.waiting) {
          status = SUPPORT_STATUS.open;
          runningSince = event.at;
        }
        break;
      case 'resolved':
        stop(event.at);
        status = SUPPORT_STATUS.resolved;
        resolvedAt = event.at;
        resolutionMet = budget === null ? null : used <= budget;
        break;
      case 'reopened':
        if (status === SUPPORT_STATUS.resolved || status === SUPPORT_STATUS.closed) {
          status = SUPPORT_STATUS.open;
          resolvedAt = null;
          runningSince = event.at;
        }
        break;
      case 'closed':
        stop(event.at);
        status = SUPPORT_STATUS.closed;
        break;
    }
  }
  const firstReplyDueAt =
    tier && created ? addBusinessMinutes(new Date(created.at), tier.firstReplyHours * 60, calendar).getTime() : null;
  const resolutionDueAt =
    budget !== null && runningSince !== null
      ? addBusinessMinutes(new Date(runningSince), Math.max(0, budget - used), calendar).getTime()
      : null;
  const pending = [
    firstRepliedAt === null && status !== SUPPORT_STATUS.closed ? firstReplyDueAt : null,
    resolutionDueAt,
  ];
  const due = pending.filter((value): value is number => value !== null);
  return {
    status,
    firstReplyDueAt,
    firstRepliedAt,
    resolutionDueAt,
    resolutionMinutesUsed: used,
    resolutionBudgetMinutes: budget,
    isPaused: status === SUPPORT_STATUS.waiting,
    resolvedAt,
    nextDueAt: due.length ? Math.min(...due) : null,
    firstReplyMet: firstReplyDueAt === null || firstRepliedAt === null ? null : firstRepliedAt <= firstReplyDueAt,
    resolutionMet,
  };
}

/** Business minutes the resolution clock has used up to `nowMs` (its last stretch counted to now). */
export function resolutionMinutesAt(
  state: SlaState,
  nowMs: number,
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): number {
  if (state.resolutionDueAt === null || state.resolutionBudgetMinutes === null) return state.resolutionMinutesUsed;
  const left = businessMinutesBetween(new Date(nowMs), new Date(state.resolutionDueAt), calendar);
  return Math.max(0, state.resolutionBudgetMinutes - left);
}

export type SlaWarning = 'first-reply-80' | 'first-reply-breach' | 'resolution-80' | 'resolution-breach';

/**
 * The warnings a request has earned by `nowMs` (each is sent once; the caller keeps which were):
 * 80 % of a target's business time used, and the target passed.
 */
export function slaWarningsAt(
  state: SlaState,
  createdAt: number,
  tier: SupportTier | null,
  nowMs: number,
  calendar: BusinessCalendar = DEFAULT_CALENDAR,
): SlaWarning[] {
  if (!tier) return [];
  const warnings: SlaWarning[] = [];
  if (state.firstRepliedAt === null && state.firstReplyDueAt !== null && state.status !== SUPPORT_STATUS.closed) {
    const budget = tier.firstReplyHours * 60;
    const used = businessMinutesBetween(new Date(createdAt), new Date(nowMs), calendar);
    if (used >= budget * 0.8) warnings.push('first-reply-80');
    if (nowMs >= state.firstReplyDueAt) warnings.push('first-reply-breach');
  }
  if (state.resolutionDueAt !== null && state.resolutionBudgetMinutes !== null) {
    const used = resolutionMinutesAt(state, nowMs, calendar);
    if (used >= state.resolutionBudgetMinutes * 0.8) warnings.push('resolution-80');
    if (nowMs >= state.resolutionDueAt) warnings.push('resolution-breach');
  }
  return warnings;
}

/** 'SR-000123': company-wide, from one counter. */
export function supportReference(sequence: number): string {
  return `SR-${String(sequence).padStart(6, '0')}`;
}

export const SUPPORT_FILE_TYPES = ['PNG', 'JPEG', 'PDF', 'TXT', 'LOG', 'ZIP'] as const;
export type SupportFileType = (typeof SUPPORT_FILE_TYPES)[number];
export const SUPPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const SUPPORT_MAX_FILES = 5;

export const SUPPORT_MESSAGES = {
  fileTooLarge: (name: string) => `${name} is larger than 10 MB. Please attach a smaller file.`,
  fileType: (name: string) =>
    `${name} is not a file type we accept. Please attach PNG, JPEG, PDF, TXT, LOG or ZIP files.`,
  tooManyFiles: 'Please attach at most 5 files.',
  fileEmpty: (name: string) => `${name} is empty.`,
  notFound: 'Support request not found.',
  closed: 'This request is closed. Please open a new request.',
  /** `retryAt` as formatDueTime writes it ('Mon 2 Nov 2026, 3:46 pm IST'). */
  tooManyRequests: (limit: number, retryAt: string) =>
    `You have opened ${limit} support requests in the last hour. You can open another from ${retryAt}.`,
  tooManyUploads: (limit: number, retryAt: string) =>
    `You have uploaded ${limit} files in the last hour. You can upload more from ${retryAt}.`,
} as const;

/** What staff read when acting on a mail waiting for review goes wrong. */
export const REVIEW_MESSAGES = {
  notFound: 'Mail not found.',
  handled: (what: string) => `This mail was already handled: ${what}.`,
  requestNotFound: (reference: string) =>
    `reference: No support request ${reference}. Give its number, e.g. SR-000123.`,
  closed: (reference: string) => `${reference} is closed. Open a new request from this mail instead.`,
  noCustomer: 'uid: No customer has this account. Search again and pick one.',
  staffAccount: 'uid: That is a staff account, not a customer.',
  unanswerable: "This mail's sender address cannot be answered. Dismiss it, or attach it to a request.",
  /** The first line of an internal note made of a mail from someone who is not the requester. */
  noteHeading: (from: string) => `Mail from ${from} attached by staff`,
} as const;

/** A customer staff may open a request for (from a mail waiting for review), with their services. */
export interface ReviewCustomer {
  uid: string;
  name: string | null;
  email: string | null;
  services: Array<{ id: string; name: string; status: string }>;
}

/** "Something else": a request about no particular service. */
export const NO_SERVICE = 'other';

/** Who a staff reply is from, to the customer, when the staff member has no display name. */
export const SUPPORT_TEAM_NAME = 'Nimbus support';

/**
 * The author of a staff reply as the customer sees it (page and mail): the staff member's display
 * name, else "Nimbus support"; never an address (their login email is the company's, not theirs to show).
 */
export function staffNameShown(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed && !trimmed.includes('@') ? trimmed : SUPPORT_TEAM_NAME;
}

/** A subject's length at most: the form counts down to it and says so when it is reached. */
export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_SUBJECT_LIMIT_MESSAGE = `A subject can be at most ${SUPPORT_SUBJECT_MAX} characters: put the rest in the description.`;

export const supportRequestSchema = z.object({
  serviceId: z.string().trim().min(1, 'Please choose the service or "Something else".').max(200),
  subject: z
    .string()
    .trim()
    .min(3, 'Please write a subject (at least 3 characters).')
    .max(SUPPORT_SUBJECT_MAX, SUPPORT_SUBJECT_LIMIT_MESSAGE),
  description: z
    .string()
    .trim()
    .min(10, 'Please describe the problem (at least 10 characters).')
    .max(10_000, 'Please keep the description under 10,000 characters.'),
  fileIds: z.array(z.string().min(1).max(100)).max(SUPPORT_MAX_FILES, SUPPORT_MESSAGES.tooManyFiles).default([]),
});
export type SupportRequestForm = z.input<typeof supportRequestSchema>;

export const supportReplySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Please write your reply.')
    .max(10_000, 'Please keep the reply under 10,000 characters.'),
  fileIds: z.array(z.string().min(1).max(100)).max(SUPPORT_MAX_FILES, SUPPORT_MESSAGES.tooManyFiles).default([]),
});

export const staffSupportReplySchema = supportReplySchema.extend({
  /** An internal note is never mailed and never shown to the customer. */
  internal: z.boolean().default(false),
  minutes: z.coerce
    .number()
    .int('Minutes must be a whole number.')
    .min(0, 'Minutes cannot be negative.')
    .max(24 * 60, 'At most 1,440 minutes per entry.')
    .default(0),
  /** After this reply the request waits on the customer (pauses the resolution clock). */
  waitOnCustomer: z.boolean().default(false),
});

export const staffSupportUpdateSchema = z
  .object({
    status: z.enum(['Open', 'Waiting on customer', 'Resolved', 'Closed']).optional(),
    assigneeUid: z.string().trim().max(128).nullable().optional(),
  })
  .refine(
    (value) => value.status !== undefined || value.assigneeUid !== undefined,
    'Nothing to change: send status or assigneeUid.',
  );

export const holidaysSchema = z.object({
  holidays: z
    .array(
      z.object({
        date: z.string().superRefine((day, ctx) => {
          if (isIsoDay(day)) return;
          const shaped = /^\d{4}-\d{2}-\d{2}$/.test(day);
          ctx.addIssue({
            code: 'custom',
            message: shaped ? noSuchDayMessage(day) : 'A holiday date must be YYYY-MM-DD.',
          });
        }),
        name: z.string().trim().min(1, 'Each holiday needs a name.').max(80),
      }),
    )
    .max(200, 'At most 200 holidays.'),
});

/** Why a request is out of plan, as the customer and staff read it. */
export type OutOfPlanReason = 'no-service' | 'none-in-plan' | 'no-yearly-fee' | 'overdue' | 'lapsed' | 'cancelled';

/** Each a whole sentence: mails and pages put the way back (OUT_OF_PLAN_WAY_BACK) after it. */
export const OUT_OF_PLAN_MESSAGES: Record<OutOfPlanReason, string> = {
  'no-service': 'You have no maintenance plan with us, so this request is not covered by one.',
  'none-in-plan': 'None of your maintenance plans is in force, so this request is not covered by one.',
  'no-yearly-fee': 'This plan has no yearly maintenance, so support for it is not included.',
  overdue: 'The maintenance renewal of this service is overdue, so support is paused until the renewal is paid.',
  lapsed: 'The maintenance of this service has lapsed, so support is not included until it is renewed.',
  cancelled: 'The maintenance of this service was stopped, so support is not included.',
};

/**
 * The way back into plan, said after the reason: "Renew now" with the renewal's pay link when
 * there is one, else "Ask for a quote". One wording for the pages, the form and the mails.
 */
export const OUT_OF_PLAN_WAY_BACK = {
  renew: 'Renew now and support is included again.',
  quote: 'Ask for a quote and we will tell you what support would cost.',
  /** What the team does with the request meanwhile (the acknowledgement). */
  meanwhile: 'We will still read your request and tell you how we can help.',
} as const;

/** What covers a request, as far as the customer can see it: a tier, or why not and the pay link back. */
export interface PlanChoice {
  tier: SupportTierId | null;
  outOfPlan: OutOfPlanReason | null;
  payUrl: string | null;
}

const TIER_ORDER: SupportTierId[] = ['premium', 'priority', 'standard'];

/**
 * "Something else" (a request about no particular service): the best tier among the customer's
 * services in plan; with none in plan, out of plan, with the first renewal that can be paid now
 * (a lapsed or overdue service's pay link). The form says so before sending; the server decides
 * the same way when the request arrives.
 */
export function somethingElsePlan(
  services: ReadonlyArray<{ tier: SupportTierId | null; outOfPlan: OutOfPlanReason | null; payUrl: string | null }>,
): PlanChoice {
  const inPlan = services.filter((service) => service.tier && !service.outOfPlan);
  const best = TIER_ORDER.find((tier) => inPlan.some((service) => service.tier === tier));
  if (best) return { tier: best, outOfPlan: null, payUrl: null };
  const withMaintenance = services.some((service) => service.outOfPlan !== 'no-yearly-fee');
  return {
    tier: null,
    outOfPlan: withMaintenance ? 'none-in-plan' : 'no-service',
    payUrl: services.find((service) => service.payUrl)?.payUrl ?? null,
  };
}

/** The support page's view of one of the customer's services. */
export interface SupportServiceView {
  id: string;
  name: string;
  status: string;
  renewsOn: string;
  tier: SupportTierId | null;
  outOfPlan: OutOfPlanReason | null;
  /** The open renewal's pay link when a lapsed or overdue service can be renewed now. */
  payUrl: string | null;
  /** Minutes staff logged on this service's requests this calendar year. */
  minutesThisYear: number;
}

export interface SupportMessageView {
  id: string;
  author: 'customer' | 'staff';
  authorName: string | null;
  internal: boolean;
  body: string;
  via: 'web' | 'mail';
  createdAt: number;
  files: Array<{ id: string; name: string; type: string; size: number }>;
  /** Attachments of a mail that were not kept, and why. */
  refusedFiles?: Array<{ name: string; reason: string }>;
  minutes?: number;
}

export interface SupportRequestView {
  id: string;
  reference: string;
  subject: string;
  status: SupportStatus;
  serviceId: string | null;
  serviceName: string | null;
  tier: SupportTierId | null;
  outOfPlan: OutOfPlanReason | null;
  /** The customer's view of an out-of-plan request: the renewal's pay link that brings it back into plan, if any. */
  payUrl?: string | null;
  firstReplyDueAt: number | null;
  firstRepliedAt: number | null;
  resolutionDueAt: number | null;
  nextDueAt: number | null;
  isPaused: boolean;
  createdAt: number;
  resolvedAt: number | null;
  minutesLogged: number;
  assigneeUid: string | null;
  assigneeName: string | null;
  messages?: SupportMessageView[];
}
