import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { isLeaseLive, takeClaim } from '../claims';

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
 * Claims the right to run job `name` now, on `leases/{name}` (a claim, see server/claims.ts):
 * refused while another holder's lease is live, and (unless forced) when this interval's slot was
 * already claimed. Slots are wall-clock intervals, so every instance's timer agrees on them
 * whatever its phase: N instances ticking every interval still make one run per interval.
 */
export async function claimLease(db: Firestore, name: string, options: ClaimOptions): Promise<ClaimResult> {
  const ref = db.collection(LEASES).doc(name);
  const now = options.now ?? Date.now();
  const slot = options.intervalMs > 0 ? Math.floor(now / options.intervalMs) : 0;
  const taken = await takeClaim(ref, {
    leaseMs: options.leaseMs,
    now: () => now,
    data: { holder: options.instance, claimedAt: Timestamp.fromMillis(now), slot },
    isFree: (lease) =>
      options.force === true || options.intervalMs <= 0 || !(typeof lease.slot === 'number' && lease.slot >= slot),
  });
  if (taken.kind === 'held') return { outcome: isLeaseLive(taken.existing.data(), now) ? 'busy' : 'not-due' };
  const { claim } = taken;
  const startedAt = Timestamp.fromMillis(now);
  return {
    outcome: 'claimed',
    claim: {
      async release(result) {
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
        // A run that outlived its lease leaves the newer holder's lease alone.
        await claim.release({ data: { lastRun } });
      },
    },
  };
}
