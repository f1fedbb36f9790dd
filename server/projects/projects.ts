import { randomBytes } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentData, type Transaction } from 'firebase-admin/firestore';
import { formatDueTime } from '../../src/domain/business-hours';
import { COMPANY } from '../../src/domain/company';
import {
  CONTACT_LINK_DAYS,
  MILESTONE_STATUS,
  newMilestone,
  newProjectFields,
  projectCustomerName,
  PROJECT_MESSAGES,
  signOffClock,
  type Deliverable,
  type MilestoneStatusChange,
  type NewProject,
  type ProjectMilestone,
  type SignOffRecord,
} from '../../src/domain/projects';
import { quoteStatusOf, QUOTE_STATUS } from '../../src/domain/quotes';
import { STATUS } from '../../src/domain/status';
import { addAudit, type Actor } from '../audit';
import { HttpError } from '../errors';
import type { StoredFileMeta } from '../files/file-store';
import { messageIdFor } from '../mail/drain';
import { addMail, mailQueued, toCompanyMembers, type MailAddress, type OutboxMail } from '../mail/outbox';
import type { ProjectMailData } from '../mail/templates';
import { isStaleRead, issueMilestoneInvoice } from '../quotes/quotes';
import { progressOf, quoteDoc, readQuote } from '../quotes/store';
import { projectLinkDoc, projectLinkToken, readProjectLink, type ProjectLinkRef } from './links';
import {
  milestoneAt,
  milestonesFields,
  projectDoc,
  readProject,
  signOffsOf,
  updatesOf,
  visibleProject,
  type ProjectsContext,
  type StoredContact,
  type StoredProject,
  type Viewer,
} from './store';
import { nowOf } from '../clock';
import { loadCalendar } from '../business-calendar';

const serverTime = () => FieldValue.serverTimestamp();
const DAY_MS = 86_400_000;
const ATTEMPTS = 5;

// ---- Mail --------------------------------------------------------------------------------------

/** One mail of an event: to the company's members (by role, when sent), a contact, or us. */
type ProjectMailOut = Pick<OutboxMail, 'to' | 'companyId' | 'requesterUid'> & { data: ProjectMailData };

const customerPageUrl = (ctx: ProjectsContext, id: string) => `${ctx.siteUrl}/projects/${encodeURIComponent(id)}`;
const consoleUrl = (ctx: ProjectsContext, id: string) => `${ctx.siteUrl}/admin/projects/${encodeURIComponent(id)}`;

/**
 * The customer (the company's members its kind names: owner and technical) and every live
 * contact: the same mail, each with their own way in.
 */
function customerSide(
  ctx: ProjectsContext,
  project: StoredProject,
  data: Omit<ProjectMailData, 'url' | 'recipientName' | 'projectTitle'>,
): ProjectMailOut[] {
  const base = { ...data, projectTitle: project.title };
  return [
    {
      ...toCompanyMembers(project.uid),
      data: { ...base, recipientName: project.customerName || null, url: customerPageUrl(ctx, project.id) },
    },
    ...project.contacts
      .filter((contact) => !contact.revoked)
      .map((contact) => ({
        to: { address: contact.email, ...(contact.name ? { name: contact.name } : {}) },
        data: {
          ...base,
          recipientName: contact.name || null,
          url: null,
          projectLink: { projectId: project.id, contactId: contact.id, linkNo: contact.linkNo },
        },
      })),
  ];
}

/** A milestone's deliverables as its mails list them: each link with its address, each file by name. */
export const mailItems = (deliverables: readonly Deliverable[]) =>
  deliverables.map((deliverable) => ({
    name: deliverable.name,
    url: deliverable.kind === 'link' ? deliverable.url : null,
  }));

function companySide(
  ctx: ProjectsContext,
  project: StoredProject,
  data: Omit<ProjectMailData, 'url' | 'recipientName' | 'projectTitle'>,
): ProjectMailOut {
  return {
    to: { address: ctx.companyEmail, name: COMPANY.name },
    data: { ...data, projectTitle: project.title, recipientName: null, url: consoleUrl(ctx, project.id) },
  };
}

/**
 * Adds an event's mails to its transaction, threaded like support's: each answers the project's
 * last mail (In-Reply-To) and names the chain (References); ids derive from the event, so an event
 * mails once. Returns the field that adds this event to the project's thread.
 */
export function addProjectMails(
  tx: Transaction,
  ctx: ProjectsContext,
  project: StoredProject,
  key: string,
  mails: ProjectMailOut[],
): DocumentData {
  const thread = project.threadMessageIds;
  const headers = thread.length
    ? { 'In-Reply-To': thread[thread.length - 1]!, References: thread.slice(-20).join(' ') }
    : undefined;
  const ids = mails.map(({ data, ...recipient }, index) => {
    const id = `project:${project.id}:${key}:${index}`;
    const outbox: OutboxMail = {
      template: 'project',
      data,
      ...recipient,
      replyTo: null,
      attachmentDocumentId: null,
      ...(headers ? { headers } : {}),
    };
    addMail(tx, ctx.db, id, outbox);
    return messageIdFor(id, ctx.from);
  });
  return ids.length ? { threadMessageIds: FieldValue.arrayUnion(ids[0]!) } : {};
}

// ---- Opening a project by hand -----------------------------------------------------------------

export async function createProject(ctx: ProjectsContext, input: NewProject, actor: Actor): Promise<{ id: string }> {
  const { db } = ctx;
  const profile = await db.doc(`users/${input.uid}`).get();
  if (!profile.exists) throw new HttpError(404, 'Customer not found.');
  const ref = db.collection('projects').doc();
  const batch = db.batch();
  batch.create(ref, {
    ...newProjectFields({
      uid: input.uid,
      customerName: projectCustomerName(profile.data()),
      title: input.title,
      source: { kind: 'staff' },
      milestones: input.milestones.map((milestone) => newMilestone(milestone.label)),
      totalPaise: 0,
    }),
    createdAt: serverTime(),
    updatedAt: serverTime(),
  });
  addAudit(batch, db, {
    actor,
    action: 'project.create',
    target: ref.path,
    before: null,
    after: { title: input.title },
  });
  await batch.commit();
  return { id: ref.id };
}

// ---- Staff move a milestone --------------------------------------------------------------------

async function unattachedFiles(ctx: ProjectsContext, ids: string[]): Promise<StoredFileMeta[]> {
  const metas = await Promise.all([...new Set(ids)].map((id) => ctx.files.meta(id)));
  return metas.map((meta) => {
    if (!meta || meta.attachedTo !== null) {
      throw new HttpError(400, 'fileIds: One of the files was not found. Please attach it again.');
    }
    return meta;
  });
}

/** After a change's commit: its files attached to the project, then its mails sent. */
async function attachAndSend(ctx: ProjectsContext, projectId: string, files: Array<{ id: string }>) {
  if (files.length)
    await ctx.files.attach(
      files.map((file) => file.id),
      `projects/${projectId}`,
    );
  mailQueued();
}
/**
 * Staff set a milestone Not started, In progress, or Ready for review with its deliverables (files
 * from the file store, links such as a staging site, a note: any of them, but at least one): the
 * customer and the contacts are mailed, and the sign-off clock starts. A signed-off milestone
 * never moves again.
 */
export async function setMilestoneStatus(
  ctx: ProjectsContext,
  id: string,
  index: number,
  change: MilestoneStatusChange,
  actor: Actor,
): Promise<{ status: string }> {
  const { db } = ctx;
  const ready = change.status === MILESTONE_STATUS.ready ? change : null;
  const files = ready ? await unattachedFiles(ctx, ready.fileIds ?? []) : [];
  // Files and links are each optional: a review needs one of them, or a note saying what to look at.
  if (ready && files.length === 0 && (ready.links ?? []).length === 0 && !(ready.note ?? '').trim()) {
    throw new HttpError(400, PROJECT_MESSAGES.noDeliverables);
  }
  const ref = projectDoc(db, id);
  // The sign-off clock counts the company's business days: the holidays staff keep, as support's.
  const calendar = ready ? (await loadCalendar(db)).calendar : undefined;
  await db.runTransaction(async (tx) => {
    const project = visibleProject(await tx.get(ref), { role: 'staff', uid: actor.uid, email: actor.email });
    const milestone = milestoneAt(project, index);
    if (milestone.status === MILESTONE_STATUS.signedOff) throw new HttpError(409, PROJECT_MESSAGES.signedOffCannotMove);
    const nowMs = nowOf(ctx);
    let next: ProjectMilestone = { ...milestone, status: change.status };
    let mailFields: DocumentData = {};
    if (ready) {
      const round = milestone.round + 1;
      const deliverables: Deliverable[] = [
        ...files.map((file) => ({
          id: file.id,
          kind: 'file' as const,
          name: file.name,
          url: null,
          fileId: file.id,
          size: file.size,
          sha256: file.sha256,
          version: round,
        })),
        ...(ready.links ?? []).map((link, linkIndex) => ({
          id: `link-${round}-${linkIndex}`,
          kind: 'link' as const,
          name: link.name || link.url,
          url: link.url,
          fileId: null,
          size: null,
          sha256: null,
          version: round,
        })),
      ];
      const clock = signOffClock(nowMs, ctx.signOffDays, calendar);
      next = {
        ...next,
        round,
        note: ready.note ?? '',
        deliverables,
        readyAtMs: nowMs,
        dueAtMs: clock.dueAtMs,
        remindAtMs: clock.remindAtMs,
        reminded: false,
      };
      mailFields = addProjectMails(
        tx,
        ctx,
        project,
        `m${index}:ready:${round}`,
        customerSide(ctx, project, {
          kind: 'ready',
          milestone: milestone.label,
          body: ready.note || null,
          dueBy: formatDueTime(new Date(clock.dueAtMs)),
          items: mailItems(deliverables),
        }),
      );
    } else {
      next = { ...next, dueAtMs: null, remindAtMs: null, readyAtMs: milestone.readyAtMs };
    }
    const milestones = project.milestones.map((m, i) => (i === index ? next : m));
    tx.update(ref, { ...milestonesFields(milestones), ...mailFields });
    addAudit(tx, db, {
      actor,
      action: 'project.milestone',
      target: ref.path,
      before: { index, status: milestone.status },
      after: { index, status: change.status },
    });
  });
  await attachAndSend(ctx, id, files);
  return { status: change.status };
}

// ---- Sign-off and changes ------------------------------------------------------------------------

/** Who answers a milestone: the signed-in customer, a contact by their link, or the projects job (deemed). */
export interface Signer {
  viewer: Viewer | null;
  via: SignOffRecord['via'];
  ip: string | null;
}

export interface SignOffResult {
  outcome: 'signed-off' | 'already-signed-off';
  status: string;
  invoice: { id: string; number: string; amountPaise: number | null } | null;
}

function contactOf(project: StoredProject, viewer: Viewer | null): StoredContact | null {
  return viewer?.role === 'contact' ? (project.contacts.find((c) => c.id === viewer.contactId) ?? null) : null;
}

function signOffRecord(project: StoredProject, milestone: ProjectMilestone, name: string, who: Signer, atMs: number) {
  return {
    name,
    atMs,
    ip: who.ip,
    via: who.via,
    contactEmail: contactOf(project, who.viewer)?.email ?? null,
    deliverables: milestone.deliverables.map((deliverable) => ({
      name: deliverable.name,
      version: deliverable.version,
      sha256: deliverable.sha256,
      url: deliverable.url,
    })),
  } satisfies SignOffRecord;
}

/**
 * Signs off a milestone that is Ready for review: who (the typed name; a contact's email), when,
 * from where and the deliverables' versions are recorded in `signoffs/{index}-{round}`, and a
 * billed milestone's proforma is issued in the same transaction through the quote (the one
 * issuing path). The project and the quote are written only if unchanged since they were read, so
 * two sign-offs at once (two tabs, a double click, the job) issue one proforma: the other reads
 * again and answers 'already-signed-off' with the same invoice.
 */
export async function signOff(
  ctx: ProjectsContext,
  id: string,
  index: number,
  name: string,
  who: Signer,
): Promise<SignOffResult> {
  const { db } = ctx;
  const ref = projectDoc(db, id);
  for (let attempt = 1; ; attempt += 1) {
    const snapshot = await ref.get();
    const project = who.viewer ? visibleProject(snapshot, who.viewer) : readProject(snapshot);
    if (!snapshot.exists) throw new HttpError(404, PROJECT_MESSAGES.notFound);
    const milestone = milestoneAt(project, index);
    if (milestone.status === MILESTONE_STATUS.signedOff) {
      return {
        outcome: 'already-signed-off',
        status: milestone.status,
        invoice: milestone.invoice ? { ...milestone.invoice, amountPaise: null } : null,
      };
    }
    if (milestone.status !== MILESTONE_STATUS.ready) throw new HttpError(409, PROJECT_MESSAGES.notReady);
    const atMs = nowOf(ctx);
    const record = signOffRecord(project, milestone, name, who, atMs);
    const deemed = who.via === 'deemed';
    const write = (tx: Transaction, invoice: { id: string; number: string } | null) => {
      const next: ProjectMilestone = {
        ...milestone,
        status: MILESTONE_STATUS.signedOff,
        signOff: record,
        dueAtMs: null,
        remindAtMs: null,
        invoice: invoice ?? milestone.invoice,
      };
      const milestones = project.milestones.map((m, i) => (i === index ? next : m));
      const facts = { milestone: milestone.label, invoiceNumber: invoice?.number ?? null, actorName: name };
      const mails = deemed
        ? [
            ...customerSide(ctx, project, { kind: 'deemed', ...facts }),
            companySide(ctx, project, { kind: 'company-deemed', ...facts }),
          ]
        : [companySide(ctx, project, { kind: 'company-signed-off', ...facts })];
      const thread = addProjectMails(tx, ctx, project, `m${index}:signoff:${milestone.round}`, mails);
      tx.update(ref, { ...milestonesFields(milestones), ...thread }, { lastUpdateTime: snapshot.updateTime! });
      tx.create(signOffsOf(db, id).doc(`${index}-${milestone.round}`), {
        ...record,
        projectId: id,
        uid: project.uid,
        milestone: index,
        label: milestone.label,
        deemed,
        at: Timestamp.fromMillis(atMs),
        invoice: invoice ?? null,
      });
    };
    try {
      const billed = await billedMilestone(ctx, project, milestone);
      if (billed) {
        const issued = await issueMilestoneInvoice(ctx, billed.quote, billed.quoteIndex, {
          readAt: billed.readAt,
          actor: null,
          alsoTo: payersOf(project),
          also: (tx, invoice) => write(tx, { id: invoice.id, number: invoice.number }),
        });
        mailQueued();
        return {
          outcome: 'signed-off',
          status: MILESTONE_STATUS.signedOff,
          invoice: { id: issued.id, number: issued.number, amountPaise: issued.amountPaise },
        };
      }
      await db.runTransaction(async (tx) => {
        write(tx, null);
      });
      mailQueued();
      return {
        outcome: 'signed-off',
        status: MILESTONE_STATUS.signedOff,
        invoice: milestone.invoice ? { ...milestone.invoice, amountPaise: null } : null,
      };
    } catch (error) {
      // The project or its quote changed since read (a twin sign-off won): read again.
      if ((isStaleRead(error) || (error as { code?: unknown }).code === 6) && attempt < ATTEMPTS) continue;
      throw error;
    }
  }
}

/**
 * The quote milestone a sign-off bills, or null: none (a cart plan, a project opened by hand), the
 * deposit (invoiced on acceptance), or one already invoiced and not cancelled.
 */
async function billedMilestone(ctx: ProjectsContext, project: StoredProject, milestone: ProjectMilestone) {
  if (project.source.kind !== 'quote' || milestone.quoteMilestone === null || milestone.invoice) return null;
  const snapshot = await quoteDoc(ctx.db, project.source.quoteId).get();
  if (!snapshot.exists) return null;
  const quote = readQuote(snapshot);
  if (quoteStatusOf(quote.status, quote.validUntil) !== QUOTE_STATUS.accepted) return null;
  const progress = progressOf(quote, milestone.quoteMilestone);
  if (progress) {
    const invoice = await ctx.db.doc(`users/${quote.uid}/invoices/${progress.invoiceId}`).get();
    if (invoice.exists && invoice.get('status') !== STATUS.cancelled) return null;
  }
  return { quote, quoteIndex: milestone.quoteMilestone, readAt: snapshot.updateTime! };
}

/**
 * The customer or a contact asks for changes to a milestone Ready for review: their comment is
 * kept on it and in the timeline, it goes back In progress, staff are mailed, and nothing is issued.
 */
export async function requestChanges(
  ctx: ProjectsContext,
  id: string,
  index: number,
  input: { comment: string; name: string },
  who: Signer & { viewer: Viewer },
): Promise<{ status: string }> {
  const { db } = ctx;
  const ref = projectDoc(db, id);
  await db.runTransaction(async (tx) => {
    const project = visibleProject(await tx.get(ref), who.viewer);
    const milestone = milestoneAt(project, index);
    if (milestone.status === MILESTONE_STATUS.signedOff) throw new HttpError(409, PROJECT_MESSAGES.alreadySignedOff);
    if (milestone.status !== MILESTONE_STATUS.ready) throw new HttpError(409, PROJECT_MESSAGES.notReady);
    const atMs = nowOf(ctx);
    const next: ProjectMilestone = {
      ...milestone,
      status: MILESTONE_STATUS.inProgress,
      dueAtMs: null,
      remindAtMs: null,
      changes: [...milestone.changes, { comment: input.comment, name: input.name, atMs }],
    };
    const milestones = project.milestones.map((m, i) => (i === index ? next : m));
    const thread = addProjectMails(
      tx,
      ctx,
      project,
      `m${index}:changes:${milestone.round}:${milestone.changes.length}`,
      [
        companySide(ctx, project, {
          kind: 'company-changes',
          milestone: milestone.label,
          actorName: input.name,
          body: input.comment,
        }),
      ],
    );
    tx.update(ref, { ...milestonesFields(milestones), ...thread });
    tx.create(updatesOf(db, id).doc(), {
      kind: 'comment',
      body: `Changes requested: ${input.comment}`,
      authorName: input.name,
      authorRole: who.viewer.role === 'contact' ? 'contact' : 'customer',
      milestone: index,
      updateId: null,
      links: [],
      files: [],
      createdAt: serverTime(),
    });
  });
  mailQueued();
  return { status: MILESTONE_STATUS.inProgress };
}

// ---- Updates and comments ------------------------------------------------------------------------

/** Staff post a progress update (text, files, links): kept in the timeline and mailed to the customer and contacts. */
export async function postUpdate(
  ctx: ProjectsContext,
  id: string,
  input: { body: string; links: Array<{ name: string; url: string }>; fileIds: string[] },
  actor: Actor & { name: string },
): Promise<{ id: string }> {
  const { db } = ctx;
  const files = await unattachedFiles(ctx, input.fileIds);
  const ref = projectDoc(db, id);
  const updateRef = updatesOf(db, id).doc();
  await db.runTransaction(async (tx) => {
    const project = visibleProject(await tx.get(ref), { role: 'staff', uid: actor.uid, email: actor.email });
    tx.create(updateRef, {
      kind: 'update',
      body: input.body,
      authorName: actor.name,
      authorRole: 'staff',
      milestone: null,
      updateId: null,
      links: input.links.map((link) => ({ name: link.name || link.url, url: link.url })),
      files: files.map((file) => ({ id: file.id, name: file.name, size: file.size })),
      createdAt: serverTime(),
    });
    const thread = addProjectMails(
      tx,
      ctx,
      project,
      `update:${updateRef.id}`,
      customerSide(ctx, project, {
        kind: 'update',
        body: input.body,
        items: [
          ...input.links.map((link) => ({ name: link.name || link.url, url: link.url })),
          ...files.map((file) => ({ name: file.name, url: null })),
        ],
      }),
    );
    tx.update(ref, { ...thread, updatedAt: serverTime() });
  });
  await attachAndSend(ctx, id, files);
  return { id: updateRef.id };
}

/** The customer or a contact comments on the project, an update or a milestone: staff are mailed. */
export async function addComment(
  ctx: ProjectsContext,
  id: string,
  input: { body: string; milestone: number | null; updateId: string | null },
  who: { viewer: Viewer; name: string },
): Promise<{ id: string }> {
  const { db } = ctx;
  const ref = projectDoc(db, id);
  const commentRef = updatesOf(db, id).doc();
  await db.runTransaction(async (tx) => {
    const project = visibleProject(await tx.get(ref), who.viewer);
    const milestone = input.milestone === null ? null : milestoneAt(project, input.milestone);
    const role = who.viewer.role === 'contact' ? 'contact' : who.viewer.role === 'staff' ? 'staff' : 'customer';
    tx.create(commentRef, {
      kind: 'comment',
      body: input.body,
      authorName: who.name,
      authorRole: role,
      milestone: input.milestone,
      updateId: input.updateId,
      links: [],
      files: [],
      createdAt: serverTime(),
    });
    const mails =
      role === 'staff'
        ? customerSide(ctx, project, { kind: 'update', body: input.body, milestone: milestone?.label ?? null })
        : [
            companySide(ctx, project, {
              kind: 'company-comment',
              actorName: who.name,
              milestone: milestone?.label ?? null,
              body: input.body,
            }),
          ];
    const thread = addProjectMails(tx, ctx, project, `comment:${commentRef.id}`, mails);
    tx.update(ref, { ...thread, updatedAt: serverTime() });
  });
  mailQueued();
  return { id: commentRef.id };
}

// ---- Contacts ------------------------------------------------------------------------------------

function linkFields(ref: ProjectLinkRef, nowMs: number) {
  return {
    projectId: ref.projectId,
    contactId: ref.contactId,
    linkNo: ref.linkNo,
    expiresAt: Timestamp.fromMillis(nowMs + CONTACT_LINK_DAYS * DAY_MS),
    revokedAt: null,
    createdAt: serverTime(),
  };
}

/**
 * The customer (or staff) adds a colleague by email: they get a link that opens this one project
 * for 30 days, mailed to them now.
 */
export async function addContact(
  ctx: ProjectsContext,
  id: string,
  input: { email: string; name: string; pays?: boolean },
  by: { viewer: Viewer; name: string },
): Promise<{ id: string }> {
  const { db } = ctx;
  const ref = projectDoc(db, id);
  const contactId = randomBytes(9).toString('base64url');
  await db.runTransaction(async (tx) => {
    const project = visibleProject(await tx.get(ref), by.viewer);
    if (by.viewer.role === 'contact') throw new HttpError(404, PROJECT_MESSAGES.notFound);
    if (project.contacts.some((contact) => contact.email === input.email && !contact.revoked)) {
      throw new HttpError(409, PROJECT_MESSAGES.contactExists);
    }
    const nowMs = nowOf(ctx);
    const contact: StoredContact = {
      id: contactId,
      email: input.email,
      name: input.name,
      linkNo: 1,
      linkExpiresAtMs: nowMs + CONTACT_LINK_DAYS * DAY_MS,
      revoked: false,
      addedBy: by.viewer.role === 'staff' ? 'staff' : 'customer',
      pays: input.pays === true,
    };
    const linkRef = { projectId: id, contactId, linkNo: 1 };
    tx.create(projectLinkDoc(db, projectLinkToken(ctx.payLinkSecret, linkRef)), linkFields(linkRef, nowMs));
    const thread = addProjectMails(tx, ctx, project, `contact:${contactId}:1`, [
      contactLinkMail(project, { address: input.email, ...(input.name ? { name: input.name } : {}) }, by.name, linkRef),
    ]);
    tx.update(ref, {
      // One contact pays at a time: marking this one moves the invoices' copy from whoever had it.
      contacts: [...project.contacts.map((c) => (contact.pays ? { ...c, pays: false } : c)), contact],
      contactEmails: FieldValue.arrayUnion(input.email),
      ...thread,
      updatedAt: serverTime(),
    });
  });
  mailQueued();
  return { id: contactId };
}

/** The mail that hands a contact their link to the project. */
function contactLinkMail(project: StoredProject, to: MailAddress, actorName: string, projectLink: ProjectLinkRef) {
  return {
    to,
    data: {
      kind: 'contact-link' as const,
      projectTitle: project.title,
      recipientName: to.name ?? null,
      actorName,
      url: null,
      projectLink,
    },
  };
}

/**
 * A contact of a project the viewer manages (the customer or staff; a contact manages no one), read
 * in the transaction: 404 when the project or the contact is not theirs to see (a revoked contact
 * only when `revoked` allows it).
 */
async function managedContact(
  tx: Transaction,
  ref: ReturnType<typeof projectDoc>,
  viewer: Viewer,
  contactId: string,
  allow: { revoked: boolean },
) {
  const project = visibleProject(await tx.get(ref), viewer);
  if (viewer.role === 'contact') throw new HttpError(404, PROJECT_MESSAGES.notFound);
  const contact = project.contacts.find((candidate) => candidate.id === contactId);
  if (!contact || (contact.revoked && !allow.revoked)) throw new HttpError(404, PROJECT_MESSAGES.noContact);
  return { project, contact };
}

/** The live contact who pays, as the invoices' mails copy them (none, or one). */
export function payersOf(project: StoredProject): MailAddress[] {
  return project.contacts
    .filter((contact) => contact.pays === true && !contact.revoked)
    .map((contact) => ({ address: contact.email, ...(contact.name ? { name: contact.name } : {}) }));
}

/**
 * Marks a contact as the one who pays, or no longer (customer or staff): each invoice the project
 * issues from then on is mailed to them too, in the same mail as to the customer. One contact pays
 * at a time; marking another moves it.
 */
export async function setContactPays(
  ctx: ProjectsContext,
  id: string,
  contactId: string,
  pays: boolean,
  viewer: Viewer,
): Promise<{ pays: boolean }> {
  const { db } = ctx;
  const ref = projectDoc(db, id);
  await db.runTransaction(async (tx) => {
    const { project } = await managedContact(tx, ref, viewer, contactId, { revoked: false });
    tx.update(ref, {
      contacts: project.contacts.map((c) =>
        c.id === contactId ? { ...c, pays } : { ...c, pays: pays ? false : c.pays === true },
      ),
      updatedAt: serverTime(),
    });
  });
  return { pays };
}

/** Revokes a contact (customer or staff): their link answers 404 from now on. */
export async function revokeContact(ctx: ProjectsContext, id: string, contactId: string, viewer: Viewer) {
  const { db } = ctx;
  const ref = projectDoc(db, id);
  await db.runTransaction(async (tx) => {
    const { project, contact } = await managedContact(tx, ref, viewer, contactId, { revoked: true });
    const linkRef = projectLinkDoc(
      db,
      projectLinkToken(ctx.payLinkSecret, { projectId: id, contactId, linkNo: contact.linkNo }),
    );
    const link = await tx.get(linkRef);
    if (link.exists) tx.update(linkRef, { revokedAt: serverTime() });
    tx.update(ref, {
      contacts: project.contacts.map((c) => (c.id === contactId ? { ...c, revoked: true } : c)),
      updatedAt: serverTime(),
    });
  });
  return { revoked: true };
}

/**
 * A new link for a contact, mailed to them (the old one stops working): asked by the customer or
 * staff, or by the contact from an expired link (the mail goes to the address on record only).
 */
export async function renewContactLink(ctx: ProjectsContext, id: string, contactId: string, viewer: Viewer | null) {
  const { db } = ctx;
  const ref = projectDoc(db, id);
  await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const project = viewer ? visibleProject(snapshot, viewer) : readProject(snapshot);
    if (!snapshot.exists) throw new HttpError(404, PROJECT_MESSAGES.linkNotFound);
    const contact = project.contacts.find((candidate) => candidate.id === contactId);
    if (!contact || contact.revoked) throw new HttpError(404, PROJECT_MESSAGES.noContact);
    const nowMs = nowOf(ctx);
    const old = projectLinkDoc(
      db,
      projectLinkToken(ctx.payLinkSecret, { projectId: id, contactId, linkNo: contact.linkNo }),
    );
    const oldLink = await tx.get(old);
    const linkRef = { projectId: id, contactId, linkNo: contact.linkNo + 1 };
    if (oldLink.exists) tx.update(old, { revokedAt: serverTime() });
    tx.create(projectLinkDoc(db, projectLinkToken(ctx.payLinkSecret, linkRef)), linkFields(linkRef, nowMs));
    const thread = addProjectMails(tx, ctx, project, `contact:${contactId}:${linkRef.linkNo}`, [
      contactLinkMail(
        project,
        { address: contact.email, ...(contact.name ? { name: contact.name } : {}) },
        project.customerName || COMPANY.name,
        linkRef,
      ),
    ]);
    tx.update(ref, {
      contacts: project.contacts.map((c) =>
        c.id === contactId ? { ...c, linkNo: linkRef.linkNo, linkExpiresAtMs: nowMs + CONTACT_LINK_DAYS * DAY_MS } : c,
      ),
      ...thread,
      updatedAt: serverTime(),
    });
  });
  mailQueued();
  return { sent: true };
}

/** From a contact's expired link: a new one to the address on record (a revoked link gets nothing). */
export async function renewFromLink(ctx: ProjectsContext, token: string) {
  const link = await readProjectLink(ctx.db, token);
  if (link.revoked) throw new HttpError(404, PROJECT_MESSAGES.linkNotFound);
  await renewContactLink(ctx, link.projectId, link.contactId, null);
  return { sent: true };
}

// ---- Files ---------------------------------------------------------------------------------------

/** A deliverable's or an update's file, for whoever may see the project; any other is a 404. */
export async function readProjectFile(ctx: ProjectsContext, id: string, fileId: string, viewer: Viewer) {
  const project = visibleProject(await projectDoc(ctx.db, id).get(), viewer);
  // The head first: another project's file is refused before its chunks (up to 10 MB) are read.
  const meta = await ctx.files.meta(fileId);
  if (!meta || meta.attachedTo !== `projects/${project.id}`) throw new HttpError(404, PROJECT_MESSAGES.fileNotFound);
  const file = await ctx.files.get(fileId);
  if (!file) throw new HttpError(404, PROJECT_MESSAGES.fileNotFound);
  return file;
}
