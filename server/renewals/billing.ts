import {
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  formatDay,
  issueOn,
  lapsesOn,
  LIVE_SERVICE_STATUSES,
  nextRenewsOn,
  reminderDue,
  renewalId,
  renewalKey,
  renewalLineDescription,
  SERVICE_STATUS,
  serviceStatusOn,
} from '../../src/domain/renewals';
import { STATUS } from '../../src/domain/status';
import { addDays, istToday } from '../../src/domain/ist';
import { isAlreadyExists } from '../errors';
import { renewalLapsedMails, renewalReminderMail } from '../mail/renewal-mails';
import { addMail, mailDoc, mailQueued, type OutboxMail } from '../mail/outbox';
import { payLinkDoc, payLinkToken } from '../payments/pay-links';
import { issueProforma } from '../payments/proformas';
import { renewalDoc, type RenewalSource } from '../payments/services';
import { forEachDoc } from '../paging';
import { readService, serviceName, type OpenRenewal, type RenewalsContext, type StoredService } from './store';

/**
 * Billing yearly maintenance: for each live service whose renewal comes within the notice period,
 * issue its renewal invoice (once), remind (once each), and mark it Overdue, then Lapsed, as the
 * days pass (src/domain/renewals.ts has the rules). The `renewals` job runs renewalsPass; staff
 * actions run renewService for the one service they changed.
 */

export interface RenewalsReport {
  /** Services looked at. */
  checked: number;
  /** Renewal invoices issued. */
  issued: number;
  reminded: number;
  lapsed: number;
  /** Open renewals whose invoice was cancelled on its own: closed, to be issued afresh. */
  replaced: number;
  failed: number;
}

export type ServiceOutcome = Partial<Record<Exclude<keyof RenewalsReport, 'checked' | 'failed'>, number>>;

const FAILED_PRECONDITION = 9;
/** Lost a race for the same renewal: the record exists (create), or the service changed since it was read. */
const lostRace = (error: unknown) =>
  isAlreadyExists(error) || (error as { code?: unknown } | null)?.code === FAILED_PRECONDITION;

/**
 * One pass over every live service whose renewal date is at most `noticeDays` away (or past),
 * oldest first, a page at a time. `now` is injectable so a schedule is tested without waiting.
 */
export async function renewalsPass(
  ctx: RenewalsContext,
  { now = Date.now(), pageSize = 50, maxPages = 40 }: { now?: number; pageSize?: number; maxPages?: number } = {},
): Promise<RenewalsReport> {
  const today = istToday(now);
  const report: RenewalsReport = { checked: 0, issued: 0, reminded: 0, lapsed: 0, replaced: 0, failed: 0 };
  const due = ctx.db
    .collectionGroup('services')
    .where('status', 'in', LIVE_SERVICE_STATUSES)
    .where('renewsOn', '<=', addDays(today, ctx.renewals.noticeDays))
    .orderBy('renewsOn');
  await forEachDoc(
    due,
    { pageSize, maxPages },
    {
      report,
      visit: async (snapshot) => {
        const outcome = await renewService(ctx, snapshot.ref, { today, known: snapshot });
        for (const [key, count] of Object.entries(outcome) as Array<[keyof ServiceOutcome, number]>) {
          report[key] += count;
        }
      },
      onError: (error, snapshot) =>
        ctx.logger?.warn(
          { err: error, service: snapshot.ref.path },
          'renewals: a service failed; the next pass retries it',
        ),
    },
  );
  return report;
}

/**
 * Brings one service up to date on `today`: replaces an open renewal whose invoice was cancelled,
 * issues the renewal invoice once it is due, then sets its status and sends the reminder or the
 * lapse mails that have come. Safe to run any number of times, from any number of instances.
 */
export async function renewService(
  ctx: RenewalsContext,
  ref: DocumentReference,
  { today, known }: { today: string; known?: DocumentSnapshot },
): Promise<ServiceOutcome> {
  const outcome: ServiceOutcome = {};
  let snapshot = known ?? (await ref.get());
  let service = readService(snapshot);
  if (!service) {
    if (snapshot.exists) ctx.logger?.warn({ service: ref.path }, 'renewals: a service lacks its renewal date or fee');
    return outcome;
  }
  if (!LIVE_SERVICE_STATUSES.includes(service.status)) return outcome;

  if (service.renewal && (await isInvoiceCancelled(ctx, service))) {
    if (await replaceCancelledRenewal(ctx, ref, service.renewal)) outcome.replaced = 1;
    snapshot = await ref.get();
    service = readService(snapshot);
    if (!service) return outcome;
  }
  if (!service.renewal && today >= issueOn(service.renewsOn, ctx.renewals)) {
    if (await issueRenewal(ctx, snapshot, service, today)) outcome.issued = 1;
  } else if (!hasNews(ctx, service, today)) {
    // Most passes find nothing new for most services: no transaction then.
    return outcome;
  }
  const step = await updateStatus(ctx, ref, today);
  if (step.reminded) outcome.reminded = 1;
  if (step.lapsed) outcome.lapsed = 1;
  return outcome;
}

/** Whether the service's status or a reminder is due to change on `today` (as updateStatus decides it). */
function hasNews(ctx: RenewalsContext, service: StoredService, today: string): boolean {
  const status = serviceStatusOn({ renewsOn: service.renewsOn, isCancelled: false }, today, ctx.renewals);
  if (status !== service.status) return true;
  const { renewal } = service;
  return (
    renewal !== null &&
    reminderDue(
      { renewsOn: service.renewsOn, issuedOn: renewal.issuedOn, remindersSent: renewal.remindersSent },
      today,
      ctx.renewals,
    ) !== null
  );
}

async function isInvoiceCancelled(ctx: RenewalsContext, service: StoredService): Promise<boolean> {
  const invoice = await ctx.db.doc(`users/${service.uid}/invoices/${service.renewal!.invoiceDocId}`).get();
  return !invoice.exists || invoice.get('status') === STATUS.cancelled;
}

/**
 * An open renewal whose invoice staff cancelled on its own (from the invoices list) closes, and the
 * service's revision moves on, so the renewal is issued afresh at the service's current fee. (To
 * stop billing a service, staff cancel the service, not its invoice.)
 */
async function replaceCancelledRenewal(
  ctx: RenewalsContext,
  ref: DocumentReference,
  renewal: OpenRenewal,
): Promise<boolean> {
  return ctx.db.runTransaction(async (tx) => {
    const service = readService(await tx.get(ref));
    if (service?.renewal?.renewalId !== renewal.renewalId) return false;
    tx.update(ref, { renewal: null, revision: service.revision + 1, updatedAt: FieldValue.serverTimestamp() });
    tx.set(
      renewalDoc(ctx.db, renewal.renewalId),
      { status: STATUS.cancelled, cancelledAt: FieldValue.serverTimestamp(), cancelReason: 'invoice-cancelled' },
      { merge: true },
    );
    return true;
  });
}

/**
 * Issues the renewal's proforma (issueProforma: the company's PI series, its PDF, pay link and
 * mail) for the service's renewal date. Its identity is deterministic: `renewals/{uid}_{service}_{key}`,
 * created in the issuing transaction, with the service updated only if it is still the version
 * read (a precondition on its update time). So two passes, two instances, or a pass and a staff
 * action racing for one renewal issue exactly one invoice; the loser's transaction fails and
 * issues nothing (no number is taken, no mail queued). Resolves false when it lost that race.
 */
async function issueRenewal(
  ctx: RenewalsContext,
  snapshot: DocumentSnapshot,
  service: StoredService,
  today: string,
): Promise<boolean> {
  const next = nextRenewsOn(service.renewsOn, service.anchorDay);
  const key = renewalKey(service.renewsOn, service.revision);
  const id = renewalId(service.uid, service.id, key);
  const dueOn = today > service.renewsOn ? today : service.renewsOn;
  const source: RenewalSource = {
    kind: 'renewal',
    serviceId: service.id,
    renewalId: id,
    key,
    renewsOn: service.renewsOn,
    nextRenewsOn: next,
  };
  // Lapsing (and its mails) is updateStatus's, right after.
  const computed = serviceStatusOn({ renewsOn: service.renewsOn, isCancelled: false }, today, ctx.renewals);
  const status = computed === SERVICE_STATUS.lapsed ? SERVICE_STATUS.overdue : computed;
  const name = serviceName(service);
  try {
    await issueProforma(
      ctx,
      {
        uid: service.uid,
        description: `Yearly maintenance renewal: ${name}`,
        lines: [
          { description: renewalLineDescription(service, service.renewsOn, next), amountPaise: service.yearlyFeePaise },
        ],
        amountsIncludeGst: ctx.documents.tax.pricesIncludeGst,
        dueDate: dueOn,
        source: { ...source },
        renewal: {
          service: name,
          renewsOn: formatDay(service.renewsOn),
          lapsesOn: formatDay(lapsesOn(service.renewsOn, ctx.renewals)),
        },
      },
      {
        actor: null,
        alsoInTransaction: (tx, issued) => {
          tx.create(renewalDoc(ctx.db, id), {
            uid: service.uid,
            serviceId: service.id,
            key,
            renewsOn: service.renewsOn,
            nextRenewsOn: next,
            planName: service.planName,
            category: service.category,
            feePaise: service.yearlyFeePaise,
            amountPaise: issued.amountPaise,
            invoiceDocId: issued.id,
            number: issued.number,
            issuedOn: today,
            dueOn,
            status: STATUS.pending,
            createdAt: FieldValue.serverTimestamp(),
          });
          const renewal: OpenRenewal = {
            renewalId: id,
            key,
            invoiceDocId: issued.id,
            number: issued.number,
            amountPaise: issued.amountPaise,
            issuedOn: today,
            dueOn,
            remindersSent: [],
          };
          tx.update(
            snapshot.ref,
            { renewal, status, updatedAt: FieldValue.serverTimestamp() },
            { lastUpdateTime: snapshot.updateTime! },
          );
        },
      },
    );
    return true;
  } catch (error) {
    if (lostRace(error)) return false;
    throw error;
  }
}

/**
 * Sets the service's status for `today` and sends what has come: the next reminder of its open
 * renewal, or, when it lapses, the customer's and the company's lapse mails. In one transaction
 * with the service, so each goes once (the service records the reminders sent; the mail ids come
 * from the renewal and are created only if absent).
 */
async function updateStatus(
  ctx: RenewalsContext,
  ref: DocumentReference,
  today: string,
): Promise<{ reminded: boolean; lapsed: boolean }> {
  const nothing = { reminded: false, lapsed: false, queued: false };
  const result = await ctx.db.runTransaction(async (tx) => {
    const service = readService(await tx.get(ref));
    if (!service || !LIVE_SERVICE_STATUSES.includes(service.status)) return nothing;
    const status = serviceStatusOn({ renewsOn: service.renewsOn, isCancelled: false }, today, ctx.renewals);
    const { renewal } = service;
    const reminder = renewal
      ? reminderDue(
          { renewsOn: service.renewsOn, issuedOn: renewal.issuedOn, remindersSent: renewal.remindersSent },
          today,
          ctx.renewals,
        )
      : null;
    const isLapsing = status === SERVICE_STATUS.lapsed;
    if (status === service.status && !reminder) return nothing;

    const mails: Array<[string, OutboxMail]> = [];
    if (renewal && (reminder || isLapsing)) {
      const profile = await tx.get(ctx.db.doc(`users/${service.uid}`));
      const facts = renewalFacts(ctx, service, renewal, profile.data() ?? {});
      if (isLapsing) {
        mails.push(
          ...renewalLapsedMails(
            renewal.renewalId,
            { ...facts, uid: service.uid, customerEmail: stringField(profile.data(), 'email') },
            ctx.companyEmail,
          ),
        );
      } else if (reminder) {
        mails.push(renewalReminderMail(renewal.renewalId, { ...facts, reminder: reminder.id }));
      }
    }
    const present = mails.length > 0 ? await tx.getAll(...mails.map(([id]) => mailDoc(ctx.db, id))) : [];
    writeStatus(tx, ref, {
      status,
      ...(reminder && !isLapsing && renewal ? { remindersSent: [...renewal.remindersSent, reminder.id] } : {}),
      ...(isLapsing ? { lapsedOn: today } : {}),
    });
    mails.forEach(([id, mail], index) => {
      if (!present[index]!.exists) addMail(tx, ctx.db, id, mail);
    });
    return { reminded: Boolean(reminder) && !isLapsing, lapsed: isLapsing, queued: mails.length > 0 };
  });
  if (result.queued) mailQueued();
  return { reminded: result.reminded, lapsed: result.lapsed };
}

function writeStatus(
  tx: Transaction,
  ref: DocumentReference,
  change: { status: string; remindersSent?: string[]; lapsedOn?: string },
): void {
  tx.update(ref, {
    status: change.status,
    ...(change.remindersSent ? { 'renewal.remindersSent': change.remindersSent } : {}),
    ...(change.lapsedOn ? { lapsedOn: change.lapsedOn } : {}),
    updatedAt: FieldValue.serverTimestamp(),
  });
}

const stringField = (data: DocumentData | undefined, key: string) =>
  typeof data?.[key] === 'string' && data[key] ? (data[key] as string) : null;

/** What every renewal mail says about the renewal: the service, its dates, its invoice and how to pay it. */
function renewalFacts(ctx: RenewalsContext, service: StoredService, renewal: OpenRenewal, profile: DocumentData) {
  return {
    customerName: stringField(profile, 'name'),
    service: serviceName(service),
    renewsOn: formatDay(service.renewsOn),
    lapsesOn: formatDay(lapsesOn(service.renewsOn, ctx.renewals)),
    number: renewal.number,
    amountPaise: renewal.amountPaise,
    payLink: { uid: service.uid, type: 'invoice' as const, docId: renewal.invoiceDocId },
    profileUrl:
      profile.isLead === true ? null : `${ctx.siteUrl}/profile?invoice=${encodeURIComponent(renewal.invoiceDocId)}`,
    sellerRegistered: ctx.documents.seller.gstin !== null,
  };
}

/**
 * The writes that close a service's open renewal without payment (a stop, a cancellation, a staff
 * change): its invoice Cancelled and its pay link revoked (as cancelling an invoice does), and the
 * renewal recorded Cancelled with why. The caller read `invoice` and `link` in its transaction and
 * moves the service's revision on, so a later renewal of the same date is a new one.
 */
export function closeOpenRenewal(
  tx: Transaction,
  ctx: Pick<RenewalsContext, 'db'>,
  {
    renewal,
    invoice,
    link,
    reason,
    by,
  }: { renewal: OpenRenewal; invoice: DocumentSnapshot; link: DocumentSnapshot; reason: string; by: string },
): void {
  if (invoice.exists && invoice.get('status') === STATUS.pending) {
    tx.update(invoice.ref, { status: STATUS.cancelled, cancelledAt: FieldValue.serverTimestamp(), cancelledBy: by });
    if (link.exists) tx.update(link.ref, { revokedAt: FieldValue.serverTimestamp() });
  }
  tx.set(
    renewalDoc(ctx.db, renewal.renewalId),
    { status: STATUS.cancelled, cancelledAt: FieldValue.serverTimestamp(), cancelReason: reason },
    { merge: true },
  );
}

/** The invoice and pay link documents of a service's open renewal, to read in a transaction. */
export function openRenewalRefs(ctx: Pick<RenewalsContext, 'db' | 'payLinkSecret'>, uid: string, renewal: OpenRenewal) {
  return {
    invoice: ctx.db.doc(`users/${uid}/invoices/${renewal.invoiceDocId}`),
    link: payLinkDoc(ctx.db, payLinkToken(ctx.payLinkSecret, { uid, type: 'invoice', docId: renewal.invoiceDocId })),
  };
}
