import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import {
  dayOfMonth,
  endsOnWhenStopped,
  formatDay,
  SERVICE_STATUS,
  serviceStatusOn,
  type ServiceStatus,
  type ServiceUpdate,
} from '../../src/domain/renewals';
import { istToday } from '../../src/domain/ist';
import { STATUS } from '../../src/domain/status';
import { addAudit, type Actor } from '../audit';
import { HttpError } from '../errors';
import { serviceStoppedMails } from '../mail/renewal-mails';
import { addMail, mailDoc, mailQueued } from '../mail/outbox';
import { serviceDoc } from '../payments/services';
import { closeOpenRenewal, openRenewalRefs, renewService } from './billing';
import { readService, SERVICE_NOT_FOUND, serviceName, type RenewalsContext, type StoredService } from './store';

/**
 * What people do to a service: the customer stops renewing it from their profile; staff cancel
 * or reinstate it, or change its renewal date or yearly fee, from the console. Each is one
 * transaction with its audit entry (the customer's own action is audited too) and its mails.
 */

export interface ServiceRef {
  uid: string;
  serviceId: string;
}

/** What an action answers: the service as it now is. */
export interface ServiceState {
  serviceId: string;
  status: ServiceStatus;
  renewsOn: string;
  yearlyFeePaise: number;
  endsOn: string | null;
}

export const ALREADY_STOPPED = 'This service is already cancelled: it will not renew.';
export const ONLY_CANCELLED_REINSTATED = 'Only a cancelled service can be reinstated.';

const stateOf = (service: StoredService): ServiceState => ({
  serviceId: service.id,
  status: service.status,
  renewsOn: service.renewsOn,
  yearlyFeePaise: service.yearlyFeePaise,
  endsOn: service.endsOn,
});

async function currentState(ctx: RenewalsContext, ref: ServiceRef): Promise<ServiceState> {
  const service = readService(await serviceDoc(ctx.db, ref.uid, ref.serviceId).get());
  if (!service) throw new HttpError(404, SERVICE_NOT_FOUND);
  return stateOf(service);
}

/** Reads a service in a transaction, with its open renewal's invoice and pay link (all reads come first). */
async function readForChange(ctx: RenewalsContext, tx: FirebaseFirestore.Transaction, ref: ServiceRef) {
  const serviceRef = serviceDoc(ctx.db, ref.uid, ref.serviceId);
  const [serviceSnap, profile] = await tx.getAll(serviceRef, ctx.db.doc(`users/${ref.uid}`));
  const service = readService(serviceSnap!);
  if (!service) throw new HttpError(404, SERVICE_NOT_FOUND);
  let open: { invoice: DocumentSnapshot; link: DocumentSnapshot } | null = null;
  if (service.renewal) {
    const refs = openRenewalRefs(ctx, ref.uid, service.renewal);
    const [invoice, link] = await tx.getAll(refs.invoice, refs.link);
    open = { invoice: invoice!, link: link! };
  }
  return { serviceRef, service, profile: profile!, open };
}

/**
 * Stops a service renewing, by its customer ("Stop renewing") or by staff (cancel): it is
 * Cancelled, ends on its renewal date (or today, if that has passed unpaid), and its open renewal
 * invoice, if any, is cancelled. The customer gets a confirmation; when the customer stopped it,
 * the company is told too.
 */
export async function stopService(
  ctx: RenewalsContext,
  ref: ServiceRef,
  { by, actor, now = Date.now() }: { by: 'customer' | 'staff'; actor: Actor; now?: number },
): Promise<ServiceState> {
  const today = istToday(now);
  const state = await ctx.db.runTransaction(async (tx) => {
    const { serviceRef, service, profile, open } = await readForChange(ctx, tx, ref);
    if (service.status === SERVICE_STATUS.cancelled) throw new HttpError(409, ALREADY_STOPPED);
    const endsOn = endsOnWhenStopped(service.renewsOn, today);
    const mails = serviceStoppedMails(
      service.id,
      service.revision,
      {
        by,
        uid: service.uid,
        customerName: (profile.get('name') as string | undefined) || null,
        customerEmail: (profile.get('email') as string | undefined) || null,
        service: serviceName(service),
        endsOn: formatDay(endsOn),
        yearlyFeePaise: service.yearlyFeePaise,
        cancelledInvoice:
          service.renewal && open?.invoice.get('status') === STATUS.pending ? service.renewal.number : null,
      },
      ctx.companyEmail,
    );
    const present = await tx.getAll(...mails.map(([id]) => mailDoc(ctx.db, id)));

    if (service.renewal && open) {
      closeOpenRenewal(tx, ctx, { renewal: service.renewal, ...open, reason: `stopped-by-${by}`, by: actor.uid });
    }
    tx.update(serviceRef, {
      status: SERVICE_STATUS.cancelled,
      statusBeforeCancel: service.status,
      cancelledAt: FieldValue.serverTimestamp(),
      cancelledBy: by,
      cancelledByUid: actor.uid,
      endsOn,
      renewal: null,
      revision: service.renewal ? service.revision + 1 : service.revision,
      updatedAt: FieldValue.serverTimestamp(),
    });
    mails.forEach(([id, mail], index) => {
      if (!present[index]!.exists) addMail(tx, ctx.db, id, mail);
    });
    addAudit(tx, ctx.db, {
      actor,
      action: by === 'customer' ? 'service.stop' : 'service.cancel',
      target: serviceRef.path,
      before: { status: service.status, renewalInvoice: service.renewal?.number ?? null },
      after: { status: SERVICE_STATUS.cancelled, endsOn },
    });
    return { ...stateOf(service), status: SERVICE_STATUS.cancelled, endsOn };
  });
  mailQueued();
  return state;
}

/**
 * Staff undo a cancellation: the service follows the schedule again from its renewal date (so one
 * whose date has long passed is Lapsed until staff move the date), and its renewal invoice is
 * issued at once if it is due. The revision moves on, so the renewal and mails that follow are
 * new ones.
 */
export async function reinstateService(
  ctx: RenewalsContext,
  ref: ServiceRef,
  { actor, now = Date.now() }: { actor: Actor; now?: number },
): Promise<ServiceState> {
  const today = istToday(now);
  await ctx.db.runTransaction(async (tx) => {
    const { serviceRef, service } = await readForChange(ctx, tx, ref);
    if (service.status !== SERVICE_STATUS.cancelled) throw new HttpError(409, ONLY_CANCELLED_REINSTATED);
    const status = serviceStatusOn({ renewsOn: service.renewsOn, isCancelled: false }, today, ctx.renewals);
    tx.update(serviceRef, {
      status,
      revision: service.revision + 1,
      cancelledAt: FieldValue.delete(),
      cancelledBy: FieldValue.delete(),
      cancelledByUid: FieldValue.delete(),
      statusBeforeCancel: FieldValue.delete(),
      endsOn: FieldValue.delete(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    addAudit(tx, ctx.db, {
      actor,
      action: 'service.reinstate',
      target: serviceRef.path,
      before: { status: service.status, endsOn: service.endsOn },
      after: { status },
    });
  });
  await renewService(ctx, serviceDoc(ctx.db, ref.uid, ref.serviceId), { today });
  return currentState(ctx, ref);
}

/**
 * Staff change a service's renewal date or yearly fee. A renewal invoice already open for it is
 * cancelled (it bills the old date or fee) and issued afresh at once if it is due; a new date
 * also becomes the day later renewals fall on. Answers the fields changed (none: nothing written).
 */
export async function updateService(
  ctx: RenewalsContext,
  ref: ServiceRef,
  update: ServiceUpdate,
  { actor, now = Date.now() }: { actor: Actor; now?: number },
): Promise<ServiceState & { changed: string[] }> {
  const today = istToday(now);
  const changed = await ctx.db.runTransaction(async (tx) => {
    const { serviceRef, service, open } = await readForChange(ctx, tx, ref);
    const isNewDate = update.renewsOn !== undefined && update.renewsOn !== service.renewsOn;
    const isNewFee = update.yearlyFeePaise !== undefined && update.yearlyFeePaise !== service.yearlyFeePaise;
    if (!isNewDate && !isNewFee) return [];
    const renewsOn = isNewDate ? update.renewsOn! : service.renewsOn;
    const status =
      service.status === SERVICE_STATUS.cancelled
        ? service.status
        : serviceStatusOn({ renewsOn, isCancelled: false }, today, ctx.renewals);
    if (service.renewal && open) {
      closeOpenRenewal(tx, ctx, { renewal: service.renewal, ...open, reason: 'changed-by-staff', by: actor.uid });
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (isNewDate) {
      before.renewsOn = service.renewsOn;
      after.renewsOn = renewsOn;
    }
    if (isNewFee) {
      before.yearlyFeePaise = service.yearlyFeePaise;
      after.yearlyFeePaise = update.yearlyFeePaise;
    }
    if (service.renewal) {
      before.renewalInvoice = service.renewal.number;
      after.renewalInvoice = null;
    }
    tx.update(serviceRef, {
      renewsOn,
      anchorDay: isNewDate ? dayOfMonth(renewsOn) : service.anchorDay,
      yearlyFeePaise: update.yearlyFeePaise ?? service.yearlyFeePaise,
      status,
      renewal: null,
      revision: isNewDate || service.renewal ? service.revision + 1 : service.revision,
      updatedAt: FieldValue.serverTimestamp(),
    });
    addAudit(tx, ctx.db, { actor, action: 'service.update', target: serviceRef.path, before, after });
    return Object.keys(after).filter((key) => key !== 'renewalInvoice');
  });
  if (changed.length > 0) await renewService(ctx, serviceDoc(ctx.db, ref.uid, ref.serviceId), { today });
  return { ...(await currentState(ctx, ref)), changed };
}
