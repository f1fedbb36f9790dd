import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { ALERT } from '../alerts';
import { withBudget } from '../deadline';
import { claimLease, type LastRun } from './lease';

export interface JobDefinition<Report = unknown> {
  name: string;
  /** Milliseconds between passes on this instance's timer; 0: only when kicked or triggered. */
  everyMs: number;
  /**
   * 'once': one pass per interval across all instances, claimed in `leases/{name}` (which keeps
   * the last run's report). 'every-instance': each instance runs its own passes; the work must be
   * safe for that (e.g. it claims each item in a transaction, as the mail and document drains do).
   */
  scope: 'once' | 'every-instance';
  run: () => Promise<Report>;
  /** After a pass, run another at once (e.g. it handled a full batch). */
  again?: (report: Report) => boolean;
  /** Whether a pass's report is worth an info line (default: always). */
  worthLogging?: (report: Report) => boolean;
  /** 'once' jobs: a crashed holder's lease lapses after this (default: the interval, at least 1 min). */
  leaseMs?: number;
  /** One pass's time budget: every Firestore RPC in it gets this deadline (default: the lease, or 2 min). */
  budgetMs?: number;
  /**
   * Events that ask for a pass (e.g. a mail was queued): called when the runner starts with a
   * `kick(delayMs?)`; returns its unsubscribe function, called when the runner stops.
   */
  wire?: (kick: (delayMs?: number) => void) => () => void;
}

export type Trigger = LastRun['trigger'];

export type PassOutcome =
  | { job: string; outcome: 'ran'; ok: boolean; report?: unknown; error?: string }
  /** 'once' jobs: another instance holds the lease, or this interval's pass was already claimed. */
  | { job: string; outcome: 'busy' | 'not-due' };

interface JobState {
  job: JobDefinition;
  /** The pass running in this process (passes of one job never overlap here). */
  running: Promise<PassOutcome> | null;
  /** A kick arrived during a pass: run another after it. */
  again: boolean;
  soon?: NodeJS.Timeout;
  timer?: NodeJS.Timeout;
  unwire?: () => void;
}

type JobLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

/** This process's name in lease documents (Cloud Run sets K_REVISION). */
export function instanceName(): string {
  return [process.env.K_REVISION, hostname(), process.pid, randomBytes(3).toString('hex')].filter(Boolean).join('-');
}

/**
 * All periodic work of the API: register a job in one line, start the timers, kick a job when
 * something happened (a mail was queued), or run one on request (Cloud Scheduler, see
 * routes/jobs.ts). A job's passes never overlap in one process; a 'once' job's passes are also
 * claimed across instances (see claimLease).
 */
export class JobRunner {
  readonly instance: string;
  private readonly jobs = new Map<string, JobState>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Firestore,
    private readonly logger: JobLogger,
    { instance = instanceName() }: { instance?: string } = {},
  ) {
    this.instance = instance;
  }

  register<Report>(job: JobDefinition<Report>): this {
    if (this.jobs.has(job.name)) throw new Error(`A job named '${job.name}' is already registered.`);
    this.jobs.set(job.name, { job: job as JobDefinition, running: null, again: false });
    if (this.started) this.startTimer(this.jobs.get(job.name)!);
    return this;
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  has(name: string): boolean {
    return this.jobs.has(name);
  }

  /** Starts every job's timer (a job with `everyMs: 0` runs only when kicked or triggered). */
  start(): this {
    this.started = true;
    for (const state of this.jobs.values()) this.startTimer(state);
    return this;
  }

  private startTimer(state: JobState): void {
    state.unwire ??= state.job.wire?.((delayMs) => this.kick(state.job.name, delayMs));
    if (state.job.everyMs <= 0 || state.timer) return;
    state.timer = setInterval(() => this.kick(state.job.name), state.job.everyMs);
    state.timer.unref();
  }

  /**
   * Asks for a pass of `name` in `delayMs` (a burst of kicks makes one pass); a kick during a pass
   * makes one more pass after it.
   */
  kick(name: string, delayMs = 0): void {
    const state = this.state(name);
    if (this.stopped) return;
    if (delayMs > 0) {
      if (state.soon) return;
      state.soon = setTimeout(() => {
        state.soon = undefined;
        this.kick(name);
      }, delayMs);
      state.soon.unref();
      return;
    }
    if (state.running) {
      state.again = true;
      return;
    }
    void this.loop(state, 'timer', false);
  }

  /**
   * One pass now, awaited: after any pass running here. A 'once' job still needs the lease, and
   * unless `force`, an interval whose pass was not claimed yet.
   */
  async run(name: string, { trigger = 'manual', force = false }: { trigger?: Trigger; force?: boolean } = {}) {
    const state = this.state(name);
    while (state.running) await state.running.catch(() => undefined);
    return this.loop(state, trigger, force, false);
  }

  private loop(state: JobState, trigger: Trigger, force: boolean, repeat = true): Promise<PassOutcome> {
    const running = (async () => {
      let outcome: PassOutcome;
      do {
        state.again = false;
        outcome = await this.pass(state.job, trigger, force);
        const { again } = state.job;
        if (repeat && outcome.outcome === 'ran' && outcome.ok && again?.(outcome.report)) state.again = true;
      } while (repeat && state.again && !this.stopped);
      return outcome;
    })().finally(() => {
      state.running = null;
      // A kick that arrived during an explicit (single) pass.
      if (state.again && !this.stopped) this.kick(state.job.name);
    });
    state.running = running;
    return running;
  }

  private async pass(job: JobDefinition, trigger: Trigger, force: boolean): Promise<PassOutcome> {
    const leaseMs = job.leaseMs ?? Math.max(job.everyMs, 60_000);
    const budgetMs = job.budgetMs ?? (job.scope === 'once' ? leaseMs : 120_000);
    return withBudget(
      budgetMs,
      async (): Promise<PassOutcome> => {
        let release: ((result: Omit<LastRun, 'instance' | 'startedAt' | 'finishedAt'>) => Promise<void>) | undefined;
        if (job.scope === 'once') {
          let claimed;
          try {
            claimed = await claimLease(this.db, job.name, {
              instance: this.instance,
              intervalMs: job.everyMs,
              leaseMs,
              force,
            });
          } catch (error) {
            this.logger.error({ err: error, job: job.name, alert: ALERT.jobFailed }, 'job: could not claim its lease');
            return { job: job.name, outcome: 'ran', ok: false, error: errorMessage(error) };
          }
          if (claimed.outcome !== 'claimed') return { job: job.name, outcome: claimed.outcome };
          release = (result) => claimed.claim.release(result);
        }
        let outcome: PassOutcome;
        try {
          const report = await job.run();
          if (job.worthLogging?.(report) ?? true) this.logger.info({ job: job.name, report }, 'job: pass done');
          outcome = { job: job.name, outcome: 'ran', ok: true, report };
        } catch (error) {
          this.logger.error({ err: error, job: job.name, alert: ALERT.jobFailed }, 'job: pass failed');
          outcome = { job: job.name, outcome: 'ran', ok: false, error: errorMessage(error) };
        }
        if (release) {
          await release({ ok: outcome.ok, report: outcome.report, error: outcome.error, trigger }).catch(
            (error: unknown) =>
              // The lease then lapses by itself.
              this.logger.warn({ err: error, job: job.name }, 'job: could not release its lease'),
          );
        }
        return outcome;
      },
      { detached: true },
    );
  }

  /** Resolves when no pass is running or asked for (tests, shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      const running = [...this.jobs.values()].map((state) => state.running).filter(Boolean);
      if (running.length === 0) return;
      await Promise.allSettled(running);
    }
  }

  /** Stops the timers and waits for the passes running now (a send in flight gets recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const state of this.jobs.values()) {
      if (state.timer) clearInterval(state.timer);
      if (state.soon) clearTimeout(state.soon);
      state.unwire?.();
    }
    await this.idle();
  }

  private state(name: string): JobState {
    const state = this.jobs.get(name);
    if (!state) throw new Error(`No job named '${name}'.`);
    return state;
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
