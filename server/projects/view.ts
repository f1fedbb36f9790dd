import type { Timestamp } from 'firebase-admin/firestore';
import { istDay } from '../../src/domain/business-hours';
import {
  MILESTONE_STATUS,
  moneySummary,
  PROJECTS,
  type ProjectInvoiceView,
  type ProjectSummary,
  type ProjectUpdateView,
  type ProjectView,
} from '../../src/domain/projects';
import { STATUS } from '../../src/domain/status';
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
  const sourceLabel =
    project.source.kind === 'quote'
      ? `Quote ${project.source.number}`
      : project.source.kind === 'cart'
        ? `Order ${project.source.orderNumber ?? project.source.orderId}`
        : 'Opened by our team';
  return {
    id: project.id,
    title: project.title,
    status: project.status,
    customerName: project.customerName,
    source: { kind: project.source.kind, label: sourceLabel },
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
      invoice: milestone.invoice ? (invoices.get(milestone.invoice.id) ?? null) : null,
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
          })),
    viewer: viewer.role,
    signOffDays: ctx.signOffDays,
    createdAtMs: project.createdAtMs,
  };
}

function summaryOf(project: StoredProject): ProjectSummary {
  const current =
    project.milestones.find((m) => m.status === MILESTONE_STATUS.ready) ??
    project.milestones.find((m) => m.status === MILESTONE_STATUS.inProgress || m.status === MILESTONE_STATUS.changes) ??
    project.milestones.find((m) => m.status === MILESTONE_STATUS.notStarted) ??
    project.milestones[project.milestones.length - 1];
  // The soonest date a milestone not yet signed off is due: its sign-off deadline, or staff's planned day.
  const dueDays = project.milestones
    .filter((m) => m.status !== MILESTONE_STATUS.signedOff)
    .flatMap((m) => (m.dueAtMs ? [istDay(m.dueAtMs)] : m.dueOn ? [m.dueOn] : []))
    .sort();
  return {
    id: project.id,
    title: project.title,
    status: project.status,
    customerName: project.customerName,
    uid: project.uid,
    current: current ? `${current.label}: ${current.status}` : 'No milestones',
    waitingForCustomer: project.milestones.some((m) => m.status === MILESTONE_STATUS.ready),
    // Signed off with nothing issued for a billed milestone: staff must invoice it.
    readyToInvoice: project.milestones.some(
      (m) => m.status === MILESTONE_STATUS.signedOff && m.amountPaise > 0 && !m.invoice,
    ),
    nextDueOn: dueDays[0] ?? null,
    money: null,
    createdAtMs: project.createdAtMs,
  };
}

/** The customer's projects, newest first (My Projects on /profile). */
export async function listOwnProjects(ctx: ProjectsContext, uid: string): Promise<ProjectSummary[]> {
  const snapshot = await ctx.db.collection(PROJECTS).where('uid', '==', uid).get();
  return snapshot.docs.map((doc) => summaryOf(readProject(doc))).sort((a, b) => b.createdAtMs - a.createdAtMs);
}

/** The console's Projects view: every project (newest first, up to 500), to group by status and what waits. */
export async function staffProjects(ctx: ProjectsContext): Promise<ProjectSummary[]> {
  const snapshot = await ctx.db.collection(PROJECTS).orderBy('createdAt', 'desc').limit(500).get();
  return snapshot.docs.map((doc) => summaryOf(readProject(doc)));
}

/** The Today page: milestones waiting for the customer's sign-off, and deemed acceptances this week (Monday on, India time). */
export async function projectsTodayCounts(ctx: ProjectsContext, nowMs = Date.now()) {
  const today = istDay(nowMs);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const mondayMs = Date.parse(`${today}T00:00:00+05:30`) - weekday * 86_400_000;
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
