import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { isLeaseLive, takeClaim, waitFor } from '../claims';
import { webhookEventDoc } from './store';

/**
 * webhookEvents/{eventId}: who handles a webhook event, and what it came to. The first delivery
 * claims it ('processing', see server/claims.ts) before doing anything; every other delivery of
 * the same event finds it with one read and never queues on the payment's transaction.
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
 * died) is taken over; a released one (its handler failed and answered 5xx) is created afresh; so
 * a delivery that fails part-way is simply done again by the next one, and the work itself
 * (markPaid) is idempotent by payment id.
 */
export async function claimEvent(db: Firestore, eventId: string, details: EventDetails): Promise<EventClaim> {
  const ref = webhookEventDoc(db, eventId);
  const options = {
    leaseMs: EVENT_LEASE_MS,
    data: { ...details, status: 'processing', receivedAt: FieldValue.serverTimestamp() },
    // Done is done; a processing event whose lease lapsed is free.
    isFree: (existing: FirebaseFirestore.DocumentData) => existing.status === 'processing',
  };
  const waitUntil = Date.now() + DUPLICATE_WAIT_MS;
  let known: DocumentSnapshot | undefined;
  for (;;) {
    const taken = await takeClaim(ref, { ...options, known });
    if (taken.kind === 'taken') {
      const { claim } = taken;
      return {
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
          await claim.release();
        },
      };
    }
    if (taken.existing.get('status') === 'done')
      return { kind: 'done', outcome: String(taken.existing.get('outcome')) };
    // A duplicate while another delivery handles it: wait a little for its outcome, its release
    // (after a failure) or the lapse of its lease (it died), then look again.
    const settled = await waitFor(
      () => ref.get(),
      (snapshot) =>
        !snapshot.exists || snapshot.get('status') === 'done' || !isLeaseLive(snapshot.data()) ? snapshot : undefined,
      { untilMs: waitUntil, pollMs: POLL_MS },
    );
    if (!settled) return { kind: 'in-progress' };
    known = settled;
  }
}
