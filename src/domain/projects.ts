import { z } from 'zod';
import { addBusinessDays, type BusinessCalendar } from './business-hours';
import { istDay } from './ist';
import { PROCESS_STEPS } from './process';
import { projectSearchTokens } from './search';
import { isOpenStatus, STATUS } from './status';

/**
 * Projects: what the company delivers for everything it sells. `projects/{id}` (written only by
 * the API; its customer and staff read it, a contact through the API) holds the milestones, the
 * contacts and the thread of its mails; `projects/{id}/updates/{id}` the timeline (staff's updates,
 * comments); `projects/{id}/signoffs/{index}` each milestone's sign-off record. A milestone is Not
 * started → In progress → Ready for review (deliverables attached) → Signed off, or Changes
 * requested (back to In progress). Signing off a billed milestone issues its proforma once; one
 * nobody answers within PROJECT_SIGNOFF_DAYS business days is deemed accepted.
 */

export const MILESTONE_STATUS = {
  notStarted: 'Not started',
  inProgress: 'In progress',
  ready: 'Ready for review',
  signedOff: 'Signed off',
  changes: 'Changes requested',
} as const;
export type MilestoneStatus = (typeof MILESTONE_STATUS)[keyof typeof MILESTONE_STATUS];

/**
 * What a milestone shows besides its own status: a milestone billed before any work on it (a
 * quote's deposit, invoiced on acceptance) is waiting for its payment while Not started, then Paid.
 */
export const AWAITING_PAYMENT = 'Awaiting payment';

/** A milestone's status as people read it: its own, or its invoice's while no work has started on it (see AWAITING_PAYMENT). */
export function shownMilestoneStatus(status: MilestoneStatus, invoiceStatus: string | null | undefined): string {
  if (status !== MILESTONE_STATUS.notStarted || !invoiceStatus) return status;
  if (isOpenStatus(invoiceStatus)) return AWAITING_PAYMENT;
  return invoiceStatus === STATUS.paid ? STATUS.paid : status;
}

export const PROJECT_STATUS = { active: 'Active', completed: 'Completed' } as const;
export type ProjectStatus = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];

export { DEFAULT_SIGNOFF_DAYS, deemedAcceptanceText } from './project-terms';
/** Days a contact's link opens the project. */
export const CONTACT_LINK_DAYS = 30;

export const PROJECT_MESSAGES = {
  notFound: 'Project not found.',
  linkNotFound: 'This project link is not valid or has expired. Ask for a new one below or from whoever added you.',
  noMilestone: 'No such milestone.',
  notReady: 'This milestone is not waiting for your review.',
  alreadySignedOff: 'This milestone is already signed off.',
  noDeliverables: 'Say what to review: attach a file, add a link or write a note for the customer.',
  contactExists: 'This person is already a contact of the project.',
  noContact: 'No such contact.',
  fileNotFound: 'File not found.',
  signedOffCannotMove: 'A signed-off milestone cannot change.',
  listCursor: 'This list could not be read further. Start again from the top.',
} as const;

export interface Deliverable {
  id: string;
  kind: 'file' | 'link';
  name: string;
  /** A link's address. */
  url: string | null;
  /** A file's id in the file store, its size and SHA-256. */
  fileId: string | null;
  size: number | null;
  sha256: string | null;
  /** The review round it was attached in (1, 2, …). */
  version: number;
}

export interface SignOffRecord {
  name: string;
  atMs: number;
  ip: string | null;
  via: 'account' | 'link' | 'deemed';
  contactEmail: string | null;
  deliverables: Array<{ name: string; version: number; sha256: string | null; url: string | null }>;
}

export interface ProjectMilestone {
  label: string;
  /** What its proforma charges (0: unbilled). */
  amountPaise: number;
  /** Billed through a quote's milestone `quoteMilestone` (the first is the deposit, invoiced on acceptance). */
  quoteMilestone: number | null;
  status: MilestoneStatus;
  /** Review rounds so far. */
  round: number;
  note: string;
  deliverables: Deliverable[];
  readyAtMs: number | null;
  /** When it is deemed accepted; the halfway reminder and whether it was sent. */
  dueAtMs: number | null;
  remindAtMs: number | null;
  reminded: boolean;
  changes: Array<{ comment: string; name: string; atMs: number }>;
  signOff: SignOffRecord | null;
  invoice: { id: string; number: string } | null;
  /** Staff's planned date (YYYY-MM-DD), or null. */
  dueOn: string | null;
}

/**
 * Whether a milestone is billed: it charges something (its proforma is issued when it is signed
 * off, or was on acceptance). Signing one off, or asking for changes to it, answers for money, so
 * a company's member needs the approve right for it (`signOffBilled`, src/domain/companies.ts).
 */
export const isBilledMilestone = (milestone: Pick<ProjectMilestone, 'amountPaise'>) => milestone.amountPaise > 0;

export function newMilestone(label: string, amountPaise = 0, quoteMilestone: number | null = null): ProjectMilestone {
  return {
    label,
    amountPaise,
    quoteMilestone,
    status: MILESTONE_STATUS.notStarted,
    round: 0,
    note: '',
    deliverables: [],
    readyAtMs: null,
    dueAtMs: null,
    remindAtMs: null,
    reminded: false,
    changes: [],
    signOff: null,
    invoice: null,
    dueOn: null,
  };
}

/** A cart plan's project: the Process section's four steps, unbilled (the plan was paid in full). */
export const processMilestones = (): ProjectMilestone[] => PROCESS_STEPS.map((step) => newMilestone(step.title));

/**
 * When a milestone made ready at `readyAtMs` is deemed accepted, and when its reminder goes
 * (halfway), in business days of the company's calendar (the holidays staff keep).
 */
export function signOffClock(
  readyAtMs: number,
  days: number,
  calendar?: BusinessCalendar,
): { dueAtMs: number; remindAtMs: number } {
  if (days <= 0) return { dueAtMs: readyAtMs, remindAtMs: readyAtMs };
  const dueAtMs = addBusinessDays(new Date(readyAtMs), days, calendar).getTime();
  return { dueAtMs, remindAtMs: addBusinessDays(new Date(readyAtMs), days / 2, calendar).getTime() };
}

/** The earliest moment the projects job has something to do for a project (a reminder or a deemed acceptance). */
export function nextCheckMs(milestones: readonly ProjectMilestone[]): number | null {
  const times = milestones.flatMap((milestone) =>
    milestone.status === MILESTONE_STATUS.ready && milestone.dueAtMs !== null
      ? [
          milestone.reminded
            ? milestone.dueAtMs
            : Math.min(milestone.remindAtMs ?? milestone.dueAtMs, milestone.dueAtMs),
        ]
      : [],
  );
  return times.length ? Math.min(...times) : null;
}

/** The soonest day a milestone not yet signed off is due (YYYY-MM-DD, India): its sign-off deadline, or staff's planned day. */
export function nextDueOnOf(milestones: readonly ProjectMilestone[]): string | null {
  const days = milestones
    .filter((m) => m.status !== MILESTONE_STATUS.signedOff)
    .flatMap((m) => (m.dueAtMs ? [istDay(m.dueAtMs)] : m.dueOn ? [m.dueOn] : []))
    .sort();
  return days[0] ?? null;
}

/** Signed off with nothing issued for a billed milestone: staff must invoice it. */
export const isReadyToInvoice = (milestones: readonly ProjectMilestone[]) =>
  milestones.some((m) => m.status === MILESTONE_STATUS.signedOff && m.amountPaise > 0 && !m.invoice);

/**
 * The milestone a project's row names, with its status as people read it ('Design & Prototyping:
 * Ready for review'): the one waiting for the customer, else the one being worked on, else the
 * first not started (a deposit waiting for its payment says so), else the last.
 */
export function currentMilestoneText(
  milestones: readonly ProjectMilestone[],
  invoiceStatus: (invoiceId: string) => string | null,
): string {
  const current =
    milestones.find((m) => m.status === MILESTONE_STATUS.ready) ??
    milestones.find((m) => m.status === MILESTONE_STATUS.inProgress || m.status === MILESTONE_STATUS.changes) ??
    milestones.find(
      (m) =>
        m.status === MILESTONE_STATUS.notStarted &&
        shownMilestoneStatus(m.status, m.invoice ? invoiceStatus(m.invoice.id) : null) !== STATUS.paid,
    ) ??
    milestones[milestones.length - 1];
  if (!current) return 'No milestones';
  return `${current.label}: ${shownMilestoneStatus(current.status, current.invoice ? invoiceStatus(current.invoice.id) : null)}`;
}

export interface MoneySummary {
  totalPaise: number;
  invoicedPaise: number;
  paidPaise: number;
  duePaise: number;
  toBillPaise: number;
}

/**
 * The project's total, invoiced, paid, due (invoiced, not paid) and still to bill (total less
 * invoiced). The total is what the quote priced, or what the cart's order charged for the plan.
 */
export function moneySummary(
  totalPaise: number,
  invoices: ReadonlyArray<{ amountPaise: number; status: string }>,
): MoneySummary {
  const live = invoices.filter((invoice) => invoice.status !== 'Cancelled');
  const invoicedPaise = live.reduce((sum, invoice) => sum + invoice.amountPaise, 0);
  const paidPaise = live.filter((invoice) => invoice.status === 'Paid').reduce((s, i) => s + i.amountPaise, 0);
  return {
    totalPaise,
    invoicedPaise,
    paidPaise,
    duePaise: invoicedPaise - paidPaise,
    toBillPaise: Math.max(0, totalPaise - invoicedPaise),
  };
}

// ---- What the API answers ----------------------------------------------------------------------

export interface ProjectInvoiceView {
  id: string;
  number: string;
  amountPaise: number;
  status: string;
  taxInvoiceNumber: string | null;
  /** The pay page (proforma and tax invoice PDFs, and paying online). */
  payUrl: string | null;
}

export interface ProjectMilestoneView extends Omit<ProjectMilestone, 'invoice'> {
  index: number;
  invoice: ProjectInvoiceView | null;
}

export interface ProjectUpdateView {
  id: string;
  kind: 'update' | 'comment';
  body: string;
  authorName: string;
  authorRole: 'staff' | 'customer' | 'contact';
  milestone: number | null;
  updateId: string | null;
  links: Array<{ name: string; url: string }>;
  files: Array<{ id: string; name: string; size: number }>;
  atMs: number;
}

export interface ProjectContactView {
  id: string;
  email: string;
  name: string;
  /** The one who pays: each invoice the project issues is mailed to them too. */
  pays: boolean;
  linkExpiresAtMs: number | null;
  revoked: boolean;
}

export interface ProjectView {
  id: string;
  title: string;
  status: ProjectStatus;
  customerName: string;
  source: { kind: 'quote' | 'cart' | 'staff'; label: string };
  /** What the money summary calls the total: 'Quoted total' (a quote), 'Order total' (a cart's order). */
  totalLabel: string;
  milestones: ProjectMilestoneView[];
  money: MoneySummary;
  updates: ProjectUpdateView[];
  /** The customer and staff see them; a contact sees none. */
  contacts: ProjectContactView[] | null;
  viewer: 'customer' | 'contact' | 'staff';
  signOffDays: number;
  createdAtMs: number;
}

export interface ProjectSummary {
  id: string;
  title: string;
  status: ProjectStatus;
  customerName: string;
  uid: string;
  /** Where it came from, in words: 'Order ORD-…', 'Quote QT/2026-27/0001', 'Opened by our team'. */
  sourceLabel: string;
  /** 'Design & Prototyping: Ready for review' */
  current: string;
  waitingForCustomer: boolean;
  readyToInvoice: boolean;
  nextDueOn: string | null;
  money: MoneySummary | null;
  createdAtMs: number;
}

// ---- Bodies ------------------------------------------------------------------------------------

const trimmed = (max: number) => z.string().trim().max(max, `Keep it under ${max} characters.`);
const required = (message: string, max: number) => trimmed(max).min(1, message);
const fileId = z.string().regex(/^[\w-]{1,40}$/, 'One of the files was not found. Please attach it again.');
const linkSchema = z.object({
  name: trimmed(120).default(''),
  url: z
    .string()
    .trim()
    .url('Each link must be a full address, such as https://staging.example.com.')
    .refine((url) => /^https?:\/\//i.test(url), 'Each link must start with http:// or https://.'),
});

export const signOffSchema = z.object({
  name: required('Type your full name to sign off.', 100),
});
export const changesSchema = z.object({
  comment: required('Say what you would like changed.', 4000),
});
export const commentSchema = z.object({
  body: required('Write your comment first.', 4000),
  milestone: z.number().int().min(0).max(49).nullable().default(null),
  updateId: z
    .string()
    .regex(/^[\w-]{1,40}$/)
    .nullable()
    .default(null),
});
export const contactSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address.'),
  name: trimmed(100).default(''),
  /** They pay: the project's invoices are mailed to them too (one contact at a time). */
  pays: z.boolean().default(false),
});
export const contactPaysSchema = z.object({ pays: z.boolean() });
export const projectUpdateSchema = z.object({
  body: required('Write the update first.', 8000),
  links: z.array(linkSchema).max(10).default([]),
  fileIds: z.array(fileId).max(10).default([]),
});
export const milestoneStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal(MILESTONE_STATUS.notStarted) }),
  z.object({ status: z.literal(MILESTONE_STATUS.inProgress) }),
  z.object({
    status: z.literal(MILESTONE_STATUS.ready),
    note: trimmed(4000).default(''),
    links: z.array(linkSchema).max(10).default([]),
    fileIds: z.array(fileId).max(10).default([]),
  }),
]);
export type MilestoneStatusChange = z.input<typeof milestoneStatusSchema>;
export const newProjectSchema = z.object({
  uid: z.string().regex(/^[\w-]{1,128}$/, 'Choose the customer.'),
  title: required('Give the project a title.', 150),
  milestones: z
    .array(
      z.object({
        label: required('Each milestone needs a name.', 120),
      }),
    )
    .min(1, 'Add at least one milestone.')
    .max(20),
});
export type NewProject = z.input<typeof newProjectSchema>;

// ---- Stored fields -----------------------------------------------------------------------------

export const PROJECTS = 'projects';
/** One project per accepted quote (its accepted version), one per plan of a paid cart order. */
export const quoteProjectId = (quoteId: string) => `quote_${quoteId}`;
export const cartProjectId = (orderDocId: string, planId: string) => `order_${orderDocId}_${planId}`.slice(0, 140);

export type ProjectSource =
  | { kind: 'quote'; quoteId: string; number: string; version: number }
  | { kind: 'cart'; orderId: string; orderNumber: string | null; planId: string }
  | { kind: 'staff' };

/** Where a project came from, in words: its order or quote number, or staff. */
export function projectSourceLabel(source: ProjectSource): string {
  switch (source.kind) {
    case 'quote':
      return `Quote ${source.number}`;
    case 'cart':
      return `Order ${source.orderNumber ?? source.orderId}`;
    case 'staff':
      return 'Opened by our team';
  }
}

/** What the money summary calls a project's total: a quote's is quoted; a cart plan's was charged by its order. */
export const projectTotalLabel = (kind: ProjectSource['kind']) => (kind === 'cart' ? 'Order total' : 'Quoted total');

/**
 * The name a project carries for its customer (what staff read in the Projects list and find it
 * by): their profile's name, else the legal (business) name, else their email.
 */
export function projectCustomerName(profile: { name?: unknown; legalName?: unknown; email?: unknown } | undefined) {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return text(profile?.name) || text(profile?.legalName) || text(profile?.email);
}

/** The words the console's Projects search finds a project by: its customer, title and order or quote number. */
export function projectSearchTokensOf(project: { customerName: string; title: string; source: ProjectSource }) {
  const number =
    project.source.kind === 'quote'
      ? project.source.number
      : project.source.kind === 'cart'
        ? (project.source.orderNumber ?? project.source.orderId)
        : '';
  return projectSearchTokens({ customerName: project.customerName, title: project.title, number });
}

/** The fields derived from a project's name, title and source, written with them: what the console's search reads. */
export const projectSearchFields = (project: { customerName: string; title: string; source: ProjectSource }) => ({
  searchTokens: projectSearchTokensOf(project),
});

/** The fields derived from the milestones that the console's lists query (the caller adds the rest, see milestonesFields). */
export function milestoneListFields(milestones: readonly ProjectMilestone[]) {
  return {
    waitingForCustomer: milestones.some((m) => m.status === MILESTONE_STATUS.ready),
    readyToInvoice: isReadyToInvoice(milestones),
    nextDueOn: nextDueOnOf(milestones),
  };
}

/** A new project's stored fields (the caller adds createdAt / updatedAt). */
export function newProjectFields(input: {
  uid: string;
  customerName: string;
  title: string;
  source: ProjectSource;
  milestones: ProjectMilestone[];
  totalPaise: number;
}): Record<string, unknown> {
  return {
    uid: input.uid,
    customerName: input.customerName,
    title: input.title,
    source: input.source,
    status: PROJECT_STATUS.active,
    milestones: input.milestones,
    totalPaise: input.totalPaise,
    contacts: [],
    contactEmails: [],
    threadMessageIds: [],
    ...milestoneListFields(input.milestones),
    ...projectSearchFields(input),
    nextCheckAtMs: null,
  };
}

// ---- The console's Projects list -----------------------------------------------------------------

/** The Projects list's views: each one Firestore query, newest first (the next due: soonest first). */
export const PROJECT_LIST_VIEWS = [
  ['active', 'Active'],
  ['waiting', "Waiting for the customer's sign-off"],
  ['invoice', 'Ready to invoice'],
  ['due', 'Next milestone due (soonest first)'],
  ['completed', 'Completed'],
  ['all', 'All'],
] as const satisfies ReadonlyArray<readonly [string, string]>;
export type ProjectListView = (typeof PROJECT_LIST_VIEWS)[number][0];

export const projectListQuerySchema = z.object({
  view: z.enum(PROJECT_LIST_VIEWS.map(([view]) => view) as [ProjectListView, ...ProjectListView[]]).default('active'),
  search: z.string().trim().max(200, 'Keep the search under 200 characters.').default(''),
  /** The last project of the page before (its id): the next page starts after it. */
  after: z
    .string()
    .regex(/^[\w-]{1,160}$/, PROJECT_MESSAGES.listCursor)
    .optional(),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

export interface ProjectListPage {
  projects: ProjectSummary[];
  /** The cursor of the next page (the last project read), or null at the end. */
  next: string | null;
}
