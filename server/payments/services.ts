import { FieldValue, type DocumentData, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { findCatalogueEntry } from '../../src/domain/catalogue';
import {
  cartProjectId,
  newProjectFields,
  processMilestones,
  projectCustomerName,
  PROJECTS,
} from '../../src/domain/projects';
import { SERVICE_STATUS, servicesForOrder, type NewService } from '../../src/domain/renewals';
import { STATUS } from '../../src/domain/status';
import { istToday } from '../../src/domain/ist';
import type { GatewayOrderLink } from './store';

/**
 * Services (yearly maintenance) as payments start and renew them. A service lives at
 * `users/{uid}/services/{id}` (its owner and staff read it; only the server writes it); each
 * renewal billed for it is `renewals/{id}` (server-only; its customer and staff read it). The
 * renewals service (server/renewals) bills them; what a payment does to them is here, because it
 * is written inside markPaid's transaction.
 */

export const serviceDoc = (db: Firestore, uid: string, serviceId: string) =>
  db.doc(`users/${uid}/services/${serviceId}`);
export const renewalDoc = (db: Firestore, renewalId: string) => db.doc(`renewals/${renewalId}`);

/** What a renewal's proforma stores as its `source`: which service and renewal it bills, and what paying it does. */
export interface RenewalSource {
  kind: 'renewal';
  serviceId: string;
  renewalId: string;
  key: string;
  /** The renewal date it bills (YYYY-MM-DD). */
  renewsOn: string;
  /** The service's renewal date once it is paid. */
  nextRenewsOn: string;
}

export function renewalSourceOf(stored: DocumentData): RenewalSource | null {
  const source = stored.source as Partial<RenewalSource> | undefined;
  if (source?.kind !== 'renewal') return null;
  const { serviceId, renewalId, key, renewsOn, nextRenewsOn } = source;
  if (![serviceId, renewalId, key, renewsOn, nextRenewsOn].every((value) => typeof value === 'string' && value)) {
    return null;
  }
  return source as RenewalSource;
}

export interface ServiceEffectsInput {
  paymentId: string;
  link: GatewayOrderLink;
  /** The payable's stored fields as markPaid's transaction read them. */
  payable: DocumentData;
  /** When the payment is recorded (its day in India starts the services). */
  paidAtMs: number;
  /** The buyer's profile (users/{uid}) as the transaction read it, for a cart's order: it names the projects it opens. */
  buyer?: DocumentData | null;
}

/** The profile a payment of this payable must read in its transaction (a cart's order names its projects after the buyer), or null. */
export const buyerRefFor = (db: Firestore, link: { uid: string; type: string }) =>
  link.type === 'product_order' ? db.doc(`users/${link.uid}`) : null;

/** A new service's stored fields (see servicesForOrder for the plan, fee and dates). */
export function newServiceFields(
  uid: string,
  service: NewService,
  order: { orderId: string; orderNumber: unknown; paymentId: string | null },
): Record<string, unknown> {
  const { id: _id, ...fields } = service;
  return {
    uid,
    ...fields,
    status: SERVICE_STATUS.active,
    revision: 0,
    renewal: null,
    orderId: order.orderId,
    orderNumber: typeof order.orderNumber === 'string' ? order.orderNumber : null,
    paymentId: order.paymentId,
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  };
}

/**
 * A paid cart order opens one project per plan in it, `projects/order_{orderId}_{planId}`, with
 * the Process section's four steps as its milestones, unbilled (the plan was paid in full), named
 * after its buyer (projectCustomerName: profile name, legal name, else email; an order itself
 * carries no name). Set, not created: a payment reported twice writes the same project once, and
 * never fails for it.
 */
function openCartProjects(
  tx: Transaction,
  db: Firestore,
  uid: string,
  order: { orderId: string; orderNumber: unknown },
  items: unknown[],
  buyer: DocumentData | null | undefined,
): void {
  const seen = new Set<string>();
  for (const item of items) {
    const itemId = (item as { id?: unknown } | null)?.id;
    if (typeof itemId !== 'string' || seen.has(itemId)) continue;
    const entry = findCatalogueEntry(itemId);
    if (!entry) continue;
    seen.add(itemId);
    tx.set(db.collection(PROJECTS).doc(cartProjectId(order.orderId, entry.id)), {
      ...newProjectFields({
        uid,
        customerName: projectCustomerName(buyer ?? undefined),
        title: `${entry.category.name} – ${entry.plan.name}`,
        source: {
          kind: 'cart',
          orderId: order.orderId,
          orderNumber: typeof order.orderNumber === 'string' ? order.orderNumber : null,
          planId: entry.id,
        },
        milestones: processMilestones(),
        totalPaise: entry.plan.oneTimePaise,
      }),
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
  }
}

/**
 * What a payment does to services, inside markPaid's transaction (writes only, from the payable
 * it already read; it runs once per payment however often the payment is reported):
 * - an order starts one service per plan in it with a yearly fee, `users/{uid}/services/{orderId}_{plan}`,
 *   started on the payment's day in India and renewing a year later;
 * - a renewal's proforma moves its service on to the next renewal date, Active again, and marks
 *   that renewal Paid (its tax invoice is the payment's, issued by markPaid as for any payment).
 * Writes merge, never fail: a payment must never be refused because of its follow-ups.
 */
export function recordServiceEffects(tx: Transaction, db: Firestore, input: ServiceEffectsInput): void {
  const { link, payable } = input;
  if (link.type === 'product_order') {
    const items = Array.isArray(payable.items) ? (payable.items as unknown[]) : [];
    const order = { orderId: link.docId, orderNumber: payable.orderNumber, paymentId: input.paymentId };
    for (const service of servicesForOrder(link.docId, items, istToday(input.paidAtMs))) {
      tx.set(serviceDoc(db, link.uid, service.id), newServiceFields(link.uid, service, order));
    }
    openCartProjects(tx, db, link.uid, order, items, input.buyer);
    return;
  }
  const renewal = renewalSourceOf(payable);
  if (!renewal) return;
  tx.set(
    serviceDoc(db, link.uid, renewal.serviceId),
    {
      renewsOn: renewal.nextRenewsOn,
      status: SERVICE_STATUS.active,
      renewal: null,
      lastRenewal: { renewalId: renewal.renewalId, renewsOn: renewal.renewsOn, paymentId: input.paymentId },
      updatedAt: FieldValue.serverTimestamp(),
    },
    { merge: true },
  );
  tx.set(
    renewalDoc(db, renewal.renewalId),
    { status: STATUS.paid, paymentId: input.paymentId, paidAt: FieldValue.serverTimestamp() },
    { merge: true },
  );
}
