import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { webhookEventDoc } from './store';
import { isAlreadyExists } from '../errors';

/**
 * webhookEvents/{eventId}: who handles a webhook event, and what it came to. The first delivery
 * creates it ('processing', with a lease) before doing anything; every other delivery of the same
 * event finds it with one read and never queues on the payment's transaction.
 */

/** A handler that crashed mid-event leaves a claim another delivery may take over after this. */
export const EVENT_LEASE_MS = 30_000;
/** How long a duplicate waits for the first delivery's outcome before answering 'in-progress'. */
export const DUPLICATE_WAIT_MS = 1500;
const POLL_MS = 100;

export interface EventDetails {
  event: string;
  gatewayOrderId: string;
  paymentId: string;
}

export type EventClaim =
  /** This delivery handles the event; it must call finish() or release(). */
  | { kind: 'mine'; finish: (outcome: string) => Promise<void>; release: () => Promise<void> }
  /** Handled before: its outcome. */
  | { kind: 'done'; outcome: string }
  /** Another delivery is handling it right now (and will answer the gateway itself). */
  | { kind: 'in-progress' };

/**
 * Claims the event for this delivery, or says who has. A claim whose lease lapsed (its handler
 * died) is taken over in a transaction; a released one (its handler failed and answered 5xx) is
 * created afresh; so a delivery that fails part-way is simply done again by the next one, and the
 * work itself (markPaid) is idempotent by payment id.
 */
export async function claimEvent(db: Firestore, eventId: string, details: EventDetails): Promise<EventClaim> {
  const ref = webhookEventDoc(db, eventId);
  const claimId = randomUUID();
  const lease = () => Timestamp.fromMillis(Date.now() + EVENT_LEASE_MS);
  const mine: EventClaim = {
    kind: 'mine',
    finish: async (outcome) => {
      await ref.update({
        status: 'done',
        outcome,
        claimId: null,
        leaseUntil: null,
        doneAt: FieldValue.serverTimestamp(),
      });
    },
    release: async () => {
      await db
        .runTransaction(async (tx) => {
          const snapshot = await tx.get(ref);
          if (snapshot.get('claimId') === claimId && snapshot.get('status') === 'processing') tx.delete(ref);
        })
        .catch(() => undefined); // the lease lapses on its own
    },
  };
  const waitUntil = Date.now() + DUPLICATE_WAIT_MS;
  for (;;) {
    try {
      await ref.create({
        ...details,
        status: 'processing',
        claimId,
        leaseUntil: lease(),
        receivedAt: FieldValue.serverTimestamp(),
      });
      return mine;
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
    // A duplicate (or a retry): one read says whether it is done.
    for (;;) {
      const snapshot = await ref.get();
      if (!snapshot.exists) break; // released after a failure: claim it afresh
      if (snapshot.get('status') === 'done') return { kind: 'done', outcome: String(snapshot.get('outcome')) };
      const leaseUntil = snapshot.get('leaseUntil') as Timestamp | null;
      if (!leaseUntil || leaseUntil.toMillis() <= Date.now()) {
        const taken = await db.runTransaction(async (tx) => {
          const fresh = await tx.get(ref);
          const freshLease = fresh.get('leaseUntil') as Timestamp | null;
          if (!fresh.exists || fresh.get('status') !== 'processing') return false;
          if (freshLease && freshLease.toMillis() > Date.now()) return false;
          tx.update(ref, { claimId, leaseUntil: lease(), takenOverAt: FieldValue.serverTimestamp() });
          return true;
        });
        if (taken) return mine;
        continue;
      }
      if (Date.now() + POLL_MS >= waitUntil) return { kind: 'in-progress' };
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
