import { randomUUID } from 'node:crypto';
import { Timestamp, type DocumentData, type DocumentReference, type DocumentSnapshot } from 'firebase-admin/firestore';
import { isWriteConflict } from './errors';

/**
 * Claims: who may do one piece of work now, across every API instance (a job's pass, the gateway
 * order of one payable, one webhook event, one mail). A claim is a document, or fields on one,
 * holding `claimId` and `leaseUntil`, and every step is one conditional write, never a lock:
 * - take: create the document, or, when it exists and its lease has lapsed (its holder crashed)
 *   or the caller says it is free, take it over on the condition that nobody wrote it since it
 *   was read;
 * - release: the holder's last write (delete it, or record the outcome), on the condition that it
 *   is still as the holder left it: a claim taken over meanwhile belongs to someone else;
 * - wait: poll until another holder's claim says what it came to.
 * A holder that never releases loses its claim when the lease lapses.
 */

/** The fields every claim carries; null once released. */
export interface ClaimFields {
  claimId: string | null;
  leaseUntil: Timestamp | null;
}

/** Creates the document; its write time, or null when it exists already. */
export async function createIfAbsent(ref: DocumentReference, data: DocumentData): Promise<Timestamp | null> {
  try {
    return (await ref.create(data)).writeTime;
  } catch (error) {
    if (isWriteConflict(error)) return null;
    throw error;
  }
}

/** Updates the document only if nobody wrote it since `since`; its write time, or null when someone did. */
export async function updateIfUnchanged(
  ref: DocumentReference,
  data: DocumentData,
  since: Timestamp,
): Promise<Timestamp | null> {
  try {
    return (await ref.update(data, { lastUpdateTime: since })).writeTime;
  } catch (error) {
    if (isWriteConflict(error)) return null;
    throw error;
  }
}

/** Whether a stored claim's lease is still running (a released claim has none). */
export function isLeaseLive(data: DocumentData | undefined, nowMs = Date.now()): boolean {
  const until = data?.leaseUntil as unknown;
  return until instanceof Timestamp && until.toMillis() > nowMs;
}

/** A claim this process holds. */
export class Claim {
  constructor(
    readonly ref: DocumentReference,
    readonly id: string,
    private writeTime: Timestamp,
  ) {}

  /** Our last write to the claim: the condition of our next one (e.g. in a batch of the caller's). */
  get lastWrite(): Timestamp {
    return this.writeTime;
  }

  /** Writes more fields while the claim holds (e.g. the gateway order it got); false when it no longer holds. */
  async update(data: DocumentData): Promise<boolean> {
    const written = await updateIfUnchanged(this.ref, data, this.writeTime);
    if (written) this.writeTime = written;
    return written !== null;
  }

  /**
   * Ends the claim: `{ delete: true }` removes the document (the next taker creates it afresh);
   * otherwise the lease fields are cleared and `data` (the outcome) written with them. Only while it
   * is still ours; false otherwise. Never throws: a claim that cannot be released lapses by itself.
   */
  async release(how: { delete: true } | { data?: DocumentData } = { delete: true }): Promise<boolean> {
    try {
      if ('delete' in how) {
        await this.ref.delete({ lastUpdateTime: this.writeTime });
        return true;
      }
      return await this.update({ ...how.data, claimId: null, leaseUntil: null });
    } catch {
      return false;
    }
  }
}

export interface TakeOptions {
  leaseMs: number;
  /** Written with the claim, whether it is created or taken over. */
  data?: DocumentData;
  /** Only for a document whose lease is not live: whether it may be taken (default: yes). */
  isFree?: (existing: DocumentData) => boolean;
  /** The document as the caller just read it, to spare a read. */
  known?: DocumentSnapshot;
  now?: () => number;
}

export type TakeResult = { kind: 'taken'; claim: Claim } | { kind: 'held'; existing: DocumentSnapshot };

function claimData(options: TakeOptions, claimId: string): DocumentData {
  const nowMs = (options.now ?? Date.now)();
  return { ...options.data, claimId, leaseUntil: Timestamp.fromMillis(nowMs + options.leaseMs) };
}

/**
 * Takes over an existing document as read in `existing`, if its lease is not live and `isFree`
 * agrees; null when it is held, or when it changed since it was read (read again to know why).
 */
export async function takeOver(existing: DocumentSnapshot, options: TakeOptions): Promise<Claim | null> {
  const data = existing.data();
  if (!existing.exists || !data || isLeaseLive(data, (options.now ?? Date.now)())) return null;
  if (options.isFree && !options.isFree(data)) return null;
  const claimId = randomUUID();
  const written = await updateIfUnchanged(existing.ref, claimData(options, claimId), existing.updateTime!);
  return written ? new Claim(existing.ref, claimId, written) : null;
}

/**
 * Takes the claim on `ref`: creates it when absent, takes it over when its lease lapsed and
 * `isFree` agrees; otherwise answers who holds it (the document as read). One write when it is free.
 */
export async function takeClaim(ref: DocumentReference, options: TakeOptions): Promise<TakeResult> {
  let known = options.known;
  for (;;) {
    if (!known?.exists) {
      const claimId = randomUUID();
      const created = await createIfAbsent(ref, claimData(options, claimId));
      if (created) return { kind: 'taken', claim: new Claim(ref, claimId, created) };
    } else {
      const data = known.data()!;
      const nowMs = (options.now ?? Date.now)();
      if (isLeaseLive(data, nowMs) || (options.isFree && !options.isFree(data))) {
        return { kind: 'held', existing: known };
      }
      const claim = await takeOver(known, options);
      if (claim) return { kind: 'taken', claim };
    }
    // It appeared, changed or went away meanwhile: look again.
    known = await ref.get();
  }
}

/**
 * Polls `read` until `done` gives an answer or `untilMs` passes (then undefined): a caller waiting
 * for another holder's outcome (the gateway order it creates, the event it handles).
 */
export async function waitFor<T, R>(
  read: () => Promise<T>,
  done: (value: T) => R | undefined,
  { untilMs, pollMs }: { untilMs: number; pollMs: number },
): Promise<R | undefined> {
  for (;;) {
    const answer = done(await read());
    if (answer !== undefined) return answer;
    if (Date.now() + pollMs >= untilMs) return undefined;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
