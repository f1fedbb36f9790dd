import type { DocumentData, Query, Timestamp } from 'firebase-admin/firestore';
import { DAY_MS, istDay, istDayStartMs, weekdayOf } from '../../src/domain/ist';
import {
  currentMilestoneText,
  MILESTONE_STATUS,
  milestoneListFields,
  moneySummary,
  PROJECT_MESSAGES,
  PROJECT_STATUS,
  projectSourceLabel,
  projectTotalLabel,
  PROJECTS,
  type ProjectInvoiceView,
  type ProjectListPage,
  type ProjectListQuery,
  type ProjectSummary,
  type ProjectUpdateView,
  type ProjectView,
} from '../../src/domain/projects';
import { searchQueryOf } from '../../src/domain/search';
import { STATUS } from '../../src/domain/status';
import { HttpError } from '../errors';
import { payLinkUrl } from '../payments/pay-links';
import {
  projectDoc,
  readProject,
  updatesOf,
  visibleProject,
  type ProjectsContext,
  type StoredProject,
  type Viewer,
} from './store';

/** An invoice of the project as the page shows it: its number, amount, status, tax invoice and pay page. */
async function invoicesOf(ctx: ProjectsContext, project: StoredProject): Promise<Map<string, ProjectInvoiceView>> {
  const ids = project.milestones.flatMap((milestone) => (milestone.invoice ? [milestone.invoice.id] : []));
  const refs = ids.map((id) => ctx.db.doc(`users/${project.uid}/invoices/${id}`));
  const snapshots = refs.length ? await ctx.db.getAll(...refs) : [];
  const views = new Map<string, ProjectInvoiceView>();
  for (const snapshot of snapshots) {
    if (!snapshot.exists) continue;
    const status = String(snapshot.get('status') ?? STATUS.pending);
    views.set(snapshot.id, {
      id: snapshot.id,
      number: String(snapshot.get('number') ?? snapshot.get('invoiceId') ?? ''),
      amountPaise: Math.round(Number(snapshot.get('amount') ?? 0) * 100),
      status,
      taxInvoiceNumber: (snapshot.get('taxDocument.number') as string | undefined) ?? null,
      payUrl:
        status === STATUS.cancelled
          ? null
          : payLinkUrl(ctx.siteUrl, ctx.payLinkSecret, { uid: project.uid, type: 'invoice', docId: snapshot.id }),
    });
  }
  return views;
}

/** A cart plan's project: the order paid for it is what was invoiced and paid. */
async function cartOrder(ctx: ProjectsContext, project: StoredProject) {
  if (project.source.kind !== 'cart') return null;
  const order = await ctx.db.doc(`users/${project.uid}/orders/${project.source.orderId}`).get();
  if (!order.exists) return null;
  return { amountPaise: project.totalPaise, status: String(order.get('status') ?? STATUS.pending) };
}

const ms = (value: unknown) => (value as Timestamp | undefined)?.toMillis?.() ?? 0;

/** Shown for a person whose only name on record is their email address. */
export const COLLEAGUE = 'A colleague';
const EMAIL_ADDRESS = /[^\s@<>()",;:]+@[^\s@<>()",;:]+/g;

/**
 * How the view names people for its viewer. A contact (a colleague who opens the project by link)
 * sees names, never another person's address: a nameless colleague's comments are stored under
 * their email (it is all we know of them) and a sign-off keeps the signer's; those become "A
 * colleague", unless the address is the viewer's own. The customer and staff see them as stored.
 */
function namesFor(project: StoredProject, viewer: Viewer) {
  if (viewer.role !== 'contact') return { name: (name: string) => name, email: (email: string | null) => email };
  const own = project.contacts.find((contact) => contact.id === viewer.contactId)?.email.toLowerCase() ?? null;
  const isOwn = (address: string) => own !== null && address.toLowerCase() === own;
  return {
    name: (name: string) => ((name.match(EMAIL_ADDRESS) ?? []).every(isOwn) ? name : COLLEAGUE),
    email: (email: string | null) => (email !== null && isOwn(email) ? email : null),
  };
}

/** The project page: milestones with their invoices, the money, the timeline; contacts for the customer and staff. */
export async function projectView(ctx: ProjectsContext, id: string, viewer: Viewer): Promise<ProjectView> {
  const project = visibleProject(await projectDoc(ctx.db, id).get(), viewer);
  const [invoices, order, updates] = await Promise.all([
    invoicesOf(ctx, project),
    cartOrder(ctx, project),
    updatesOf(ctx.db, id).orderBy('createdAt', 'desc').limit(100).get(),
  ]);
  const names = namesFor(project, viewer);
  const billed = [...invoices.values()].map((invoice) => ({
    amountPaise: invoice.amountPaise,
    status: invoice.status,
  }));
  return {
    id: project.id,
    title: project.title,
    status: project.status,
    customerName: project.customerName,
    source: { kind: project.source.kind, label: projectSourceLabel(project.source) },
    totalLabel: projectTotalLabel(project.source.kind),
    milestones: project.milestones.map((milestone, index) => ({
      ...milestone,
      index,
      // What a contact sees of a sign-off: the name and time, not the address it came from.
      signOff:
        milestone.signOff && viewer.role === 'contact'
          ? {
              ...milestone.signOff,
              name: names.name(milestone.signOff.name),
              contactEmail: names.email(milestone.signOff.contactEmail),
              ip: null,
            }
          : milestone.signOff,
      changes: milestone.changes.map((change) => ({ ...change, name: names.name(change.name) })),
      // Proformas and their pay pages are billing's: a member who may not see invoices sees none.
      invoice:
        milestone.invoice && !(viewer.role === 'customer' && !viewer.seesBilling)
          ? (invoices.get(milestone.invoice.id) ?? null)
          : null,
    })),
    money: moneySummary(project.totalPaise, order ? [order] : billed),
    updates: updates.docs.map((doc): ProjectUpdateView => ({
      id: doc.id,
      kind: doc.get('kind') === 'update' ? 'update' : 'comment',
      body: String(doc.get('body') ?? ''),
      authorName: names.name(String(doc.get('authorName') ?? '')),
      authorRole: (doc.get('authorRole') as ProjectUpdateView['authorRole']) ?? 'customer',
      milestone: typeof doc.get('milestone') === 'number' ? (doc.get('milestone') as number) : null,
      updateId: (doc.get('updateId') as string | null) ?? null,
      links: (doc.get('links') as ProjectUpdateView['links']) ?? [],
      files: (doc.get('files') as ProjectUpdateView['files']) ?? [],
      atMs: ms(doc.get('createdAt')),
    })),
    contacts:
      viewer.role === 'contact'
        ? null
        : project.contacts.map((contact) => ({
            id: contact.id,
            email: contact.email,
            name: contact.name,
            linkExpiresAtMs: contact.linkExpiresAtMs,
            revoked: contact.revoked,
            pays: contact.pays === true && !contact.revoked,
          })),
    viewer: viewer.role,
    signOffDays: ctx.signOffDays,
    createdAtMs: project.createdAtMs,
  };
}

/**
 * The status of each invoice a not-started milestone of these projects carries (a quote's deposit,
 * billed before any work), read in one round trip: what a row needs to say 'Awaiting payment'.
 */
async function openingInvoiceStatuses(ctx: ProjectsContext, projects: StoredProject[]): Promise<Map<string, string>> {
  const refs = projects.flatMap((project) =>
    project.milestones.flatMap((m) =>
      m.status === MILESTONE_STATUS.notStarted && m.invoice
        ? [ctx.db.doc(`users/${project.uid}/invoices/${m.invoice.id}`)]
        : [],
    ),
  );
  const snapshots = refs.length ? await ctx.db.getAll(...refs) : [];
  return new Map(
    snapshots.filter((doc) => doc.exists).map((doc) => [doc.id, String(doc.get('status') ?? STATUS.pending)]),
  );
}

function summaryOf(project: StoredProject, invoiceStatuses: Map<string, string>): ProjectSummary {
  return {
    id: project.id,
    title: project.title,
    status: project.status,
    customerName: project.customerName,
    uid: project.uid,
    sourceLabel: projectSourceLabel(project.source),
    current: currentMilestoneText(project.milestones, (id) => invoiceStatuses.get(id) ?? null),
    ...milestoneListFields(project.milestones),
    money: null,
    createdAtMs: project.createdAtMs,
  };
}

async function summariesOf(ctx: ProjectsContext, projects: StoredProject[]): Promise<ProjectSummary[]> {
  const statuses = await openingInvoiceStatuses(ctx, projects);
  return projects.map((project) => summaryOf(project, statuses));
}

/** The customer's projects, newest first (My Projects on /profile). */
export async function listOwnProjects(ctx: ProjectsContext, uid: string): Promise<ProjectSummary[]> {
  const snapshot = await ctx.db.collection(PROJECTS).where('uid', '==', uid).get();
  const projects = snapshot.docs.map((doc) => readProject(doc)).sort((a, b) => b.createdAtMs - a.createdAtMs);
  return summariesOf(ctx, projects);
}

/** Rows per page of the console's Projects list. */
export const PROJECTS_PAGE_SIZE = 20;

/** A view of the Projects list as one Firestore query (see PROJECT_LIST_VIEWS). */
function viewQuery(ctx: ProjectsContext, view: ProjectListQuery['view']): Query {
  const projects = ctx.db.collection(PROJECTS);
  switch (view) {
    case 'waiting':
      return projects.where('waitingForCustomer', '==', true).orderBy('createdAt', 'desc');
    case 'invoice':
      return projects.where('readyToInvoice', '==', true).orderBy('createdAt', 'desc');
    case 'due':
      // Only projects with a day due ('' sorts before every day; null is not a string).
      return projects.where('nextDueOn', '>=', '').orderBy('nextDueOn').orderBy('createdAt', 'desc');
    case 'completed':
      return projects.where('status', '==', PROJECT_STATUS.completed).orderBy('createdAt', 'desc');
    case 'all':
      return projects.orderBy('createdAt', 'desc');
    case 'active':
      return projects.where('status', '==', PROJECT_STATUS.active).orderBy('createdAt', 'desc');
  }
}

/** Whether a stored project belongs to a view (what viewQuery asks Firestore, for a search's rows). */
function isInView(data: DocumentData, view: ProjectListQuery['view']): boolean {
  switch (view) {
    case 'waiting':
      return data.waitingForCustomer === true;
    case 'invoice':
      return data.readyToInvoice === true;
    case 'due':
      return typeof data.nextDueOn === 'string';
    case 'completed':
      return data.status === PROJECT_STATUS.completed;
    case 'all':
      return true;
    case 'active':
      return data.status !== PROJECT_STATUS.completed;
  }
}

/**
 * The console's Projects list, a page at a time (never the whole collection): a view (active,
 * waiting for sign-off, ready to invoice, next due, completed, all), searched by any word of the
 * customer, the title or the order or quote number. A search is one `array-contains` query on its
 * longest word, newest first, like the other console lists; the page keeps the projects that hold
 * its other words too and are in the view, so it may show fewer rows than it read. `next` is the
 * cursor (the last project read) while a full page was read.
 */
export async function staffProjects(ctx: ProjectsContext, input: ProjectListQuery): Promise<ProjectListPage> {
  const asked = searchQueryOf(input.search);
  let query: Query = asked
    ? ctx.db.collection(PROJECTS).where('searchTokens', 'array-contains', asked.token).orderBy('createdAt', 'desc')
    : viewQuery(ctx, input.view);
  if (input.after) {
    const cursor = await ctx.db.collection(PROJECTS).doc(input.after).get();
    if (!cursor.exists) throw new HttpError(400, PROJECT_MESSAGES.listCursor);
    query = query.startAfter(cursor);
  }
  const page = await query.limit(PROJECTS_PAGE_SIZE).get();
  const matching = page.docs.filter(
    (doc) =>
      !asked ||
      (asked.others.every((word) => (doc.get('searchTokens') as string[] | undefined)?.includes(word)) &&
        isInView(doc.data(), input.view)),
  );
  return {
    projects: await summariesOf(
      ctx,
      matching.map((doc) => readProject(doc)),
    ),
    next: page.size === PROJECTS_PAGE_SIZE ? page.docs[page.size - 1]!.id : null,
  };
}

/** The Today page: milestones waiting for the customer's sign-off, and deemed acceptances this week (Monday on, India time). */
export async function projectsTodayCounts(ctx: ProjectsContext, nowMs = Date.now()) {
  const today = istDay(nowMs);
  const weekday = (weekdayOf(today) + 6) % 7;
  const mondayMs = istDayStartMs(today) - weekday * DAY_MS;
  const [waiting, deemed] = await Promise.all([
    ctx.db.collection(PROJECTS).where('waitingForCustomer', '==', true).get(),
    ctx.db.collectionGroup('signoffs').where('via', '==', 'deemed').where('atMs', '>=', mondayMs).count().get(),
  ]);
  const signOffsWaiting = waiting.docs.reduce(
    (sum, doc) => sum + readProject(doc).milestones.filter((m) => m.status === MILESTONE_STATUS.ready).length,
    0,
  );
  return { signOffsWaiting, deemedThisWeek: deemed.data().count };
}
