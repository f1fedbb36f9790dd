import { randomUUID } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';

/** `leases/{name}`: who runs a once-per-interval job now, and its last run's report. */
export const LEASES = 'leases';

export interface LastRun {
  instance: string;
  startedAt: Timestamp;
  finishedAt: Timestamp;
  ok: boolean;
  /** The job's report (e.g. reconciliation's { checked, paid, failed }), or the error's message. */
  report?: unknown;
  error?: string;
  trigger: 'timer' | 'scheduler' | 'manual';
}

export interface LeaseClaim {
  /** Ends the lease and stores the run's outcome as `lastRun` (only while this claim still holds it). */
  release(outcome: Omit<LastRun, 'instance' | 'startedAt' | 'finishedAt'>): Promise<void>;
}

export type ClaimResult =
  | { outcome: 'claimed'; claim: LeaseClaim }
  /** Another instance holds an unexpired lease. */
  | { outcome: 'busy' }
  /** This interval's run was already claimed (by any instance). */
  | { outcome: 'not-due' };

export interface ClaimOptions {
  instance: string;
  /** The job's interval: at most one claim per interval slot (floor(now / intervalMs)). 0: no slots. */
  intervalMs: number;
  /** A crashed holder's lease lapses after this. */
  leaseMs: number;
  /** Ignore the interval slot (a scheduler's or an operator's explicit run); never the lease. */
  force?: boolean;
  now?: number;
}

/**
 * Claims the right to run job `name` now, in one transaction on `leases/{name}`: refused while
 * another holder's lease is unexpired, and (unless forced) when this interval's slot was already
 * claimed. Slots are wall-clock intervals, so every instance's timer agrees on them whatever its
 * phase: N instances ticking every interval still make one run per interval.
 */
export async function claimLease(db: Firestore, name: string, options: ClaimOptions): Promise<ClaimResult> {
  const ref = db.collection(LEASES).doc(name);
  const now = options.now ?? Date.now();
  const slot = options.intervalMs > 0 ? Math.floor(now / options.intervalMs) : 0;
  const token = randomUUID();
  const outcome = await db.runTransaction(async (tx) => {
    const lease = await tx.get(ref);
    const leaseUntil = lease.get('leaseUntil') as Timestamp | null | undefined;
    if (leaseUntil && leaseUntil.toMillis() > now) return 'busy' as const;
    const claimedSlot = lease.get('slot') as number | undefined;
    if (!options.force && options.intervalMs > 0 && claimedSlot !== undefined && claimedSlot >= slot) {
      return 'not-due' as const;
    }
    tx.set(
      ref,
      {
        holder: options.instance,
        token,
        leaseUntil: Timestamp.fromMillis(now + options.leaseMs),
        claimedAt: Timestamp.fromMillis(now),
        slot: Math.max(slot, claimedSlot ?? 0),
      },
      { merge: true },
    );
    return 'claimed' as const;
  });
  if (outcome !== 'claimed') return { outcome };
  const startedAt = Timestamp.fromMillis(now);
  return {
    outcome,
    claim: {
      async release(result) {
        await db.runTransaction(async (tx) => {
          const lease = await tx.get(ref);
          // A run that outlived its lease leaves the newer holder's lease alone.
          if (lease.get('token') !== token) return;
          const lastRun: LastRun = {
            instance: options.instance,
            startedAt,
            finishedAt: Timestamp.now(),
            ok: result.ok,
            trigger: result.trigger,
            // Firestore refuses undefined fields; a report is plain JSON.
            ...(result.report === undefined ? {} : { report: JSON.parse(JSON.stringify(result.report)) as unknown }),
            ...(result.error === undefined ? {} : { error: result.error }),
          };
          tx.set(ref, { leaseUntil: null, token: null, lastRun }, { merge: true });
        });
      },
    },
  };
}
