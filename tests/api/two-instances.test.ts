import type { Express } from 'express';
import request from 'supertest';
import pino from 'pino';
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { paymentsContext } from '../../server/app-deps';
import { JobRunner, reconcileJob, RECONCILE_JOB } from '../../server/jobs';
import { paymentWebhookBody } from '../../server/payments/webhook-event';
import { CONTACT_RATE_LIMIT } from '../../server/routes/contact';
import { testInstance } from '../helpers/api-app';
import { admin, clearFirestore } from '../helpers/emulators';
import {
  deliverWebhook,
  docData,
  openedCheckout,
  orderPath,
  paymentsFor,
  sandboxOf,
  sandboxPay,
  verifyPayment,
} from './payments-fixtures';

/**
 * Two API instances on the local emulators, as Cloud Run would run them: each with its own
 * Firebase clients (testInstance) and its own job runner; they share nothing but the database.
 */

const JOBS_SECRET = 'a-test-jobs-secret-of-at-least-32-characters';
const silent = pino({ level: 'silent' });
let runners: JobRunner[] = [];

beforeEach(async () => {
  await clearFirestore();
});

afterEach(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  runners = [];
});

/**
 * Two instances, each with a runner holding the reconcile job (every `intervalMinutes`). Their
 * requests get 30 s, not the 8 s budget: racing writes to one document make the emulator hold the
 * losers, and beside the browser tests that wait once outlasted 8 s (503). The budget has its own
 * tests (outage.test.ts).
 */
function twoInstances(intervalMinutes = 5, onRun?: (instance: string) => Promise<void>) {
  return ['two-a', 'two-b'].map((name) => {
    const instance = testInstance(name, { JOBS_SECRET, REQUEST_TIMEOUT_SECONDS: '30' });
    const { db } = instance.deps.firebase;
    const job = reconcileJob({ ...paymentsContext(instance.deps), logger: silent }, intervalMinutes);
    const runner = new JobRunner(db, silent, { instance: name }).register({
      ...job,
      run: async () => {
        await onRun?.(name);
        return job.run();
      },
    });
    runners.push(runner);
    return { deps: instance.deps, app: createApp({ ...instance.deps, jobs: runner }), runner };
  });
}

describe('two API instances', () => {
  it('when verify, webhooks and reconciliation race on both instances for one payment, then it is recorded once and the order flips to Paid once', async () => {
    const [a, b] = twoInstances();
    const { user, orderId, gatewayOrderId } = await openedCheckout(a!.app);
    const paid = await sandboxPay(b!.app, user.idToken, gatewayOrderId, 'success', 'drop');
    if (paid.outcome !== 'success') throw new Error('expected a captured payment');
    const payment = (await sandboxOf(a!.deps.gateway).fetchPayment(paid.result.razorpay_payment_id))!;
    const webhook = sandboxOf(a!.deps.gateway).signWebhook(paymentWebhookBody('payment.captured', payment));
    // Old enough for reconciliation to look at it.
    await admin()
      .db.doc(orderPath(user.uid, orderId))
      .update({ gatewayOrderCreatedAt: Timestamp.fromMillis(Date.now() - 16 * 60_000) });

    const verify = (app: Express) => verifyPayment(app, user.idToken, paid.result);
    const [verifiedA, verifiedB, hookA, hookB, reconciledA, reconciledB] = await Promise.all([
      verify(a!.app),
      verify(b!.app),
      deliverWebhook(a!.app, webhook),
      deliverWebhook(b!.app, webhook),
      a!.runner.run(RECONCILE_JOB),
      b!.runner.run(RECONCILE_JOB),
    ]);

    expect([verifiedA.status, verifiedB.status, hookA.status, hookB.status]).toEqual([200, 200, 200, 200]);
    expect(await paymentsFor(gatewayOrderId)).toHaveLength(1);
    expect(await docData(orderPath(user.uid, orderId))).toMatchObject({ status: 'Paid', paymentId: payment.id });
    expect((await admin().db.collection('documents').get()).size).toBe(1);
    expect((await admin().db.doc(`mail/payment:${payment.id}`).get()).exists).toBe(true);
    // Reconciliation ran on one instance only (the other found the lease held), and paid nothing twice.
    const outcomes = [reconciledA, reconciledB].map((outcome) => outcome.outcome);
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'busy' || outcome === 'not-due')).toHaveLength(1);
  });

  it('when both instances tick the reconcile job, then it runs once per interval and leases/reconcile keeps the last report', async () => {
    const runs: { instance: string; slot: number }[] = [];
    const intervalMs = 600;
    let thirdRun!: () => void;
    const ranThrice = new Promise<void>((resolve) => (thirdRun = resolve));
    // The interval slot each run claimed (the lease's slot, written by its claim).
    twoInstances(intervalMs / 60_000, async (instance) => {
      runs.push({ instance, slot: (await admin().db.doc('leases/reconcile').get()).get('slot') as number });
      if (runs.length === 3) thirdRun();
    });
    const start = Date.now();
    // Each instance ticks 4 times per interval, far more chances than runs, until the third run.
    const tickers = runners.map((runner) => setInterval(() => runner.kick(RECONCILE_JOB), intervalMs / 4));
    try {
      await ranThrice;
    } finally {
      for (const ticker of tickers) clearInterval(ticker);
    }
    await Promise.all(runners.map((runner) => runner.idle()));

    const slots = runs.map((run) => run.slot);
    expect(new Set(slots).size).toBe(slots.length); // never twice in one interval
    // At most one run per interval the test spanned (a slow machine's queued ticks may reach one more).
    const spanned = Math.floor(Date.now() / intervalMs) - Math.floor(start / intervalMs) + 1;
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(spanned);
    const lease = await docData('leases/reconcile');
    expect(lease?.lastRun).toMatchObject({ ok: true, trigger: 'timer', report: { checked: 0, paid: 0, failed: 0 } });
    expect(['two-a', 'two-b']).toContain(lease?.lastRun.instance);
    expect(lease?.leaseUntil).toBeNull();
  });

  it('when Cloud Scheduler calls POST /api/jobs/reconcile, then it needs the secret and runs once per interval on whichever instance it reaches', async () => {
    const [a, b] = twoInstances();
    const call = (app: Express, path = '/api/jobs/reconcile', token = JOBS_SECRET) =>
      request(app).post(path).set('Authorization', `Bearer ${token}`);

    expect((await request(a!.app).post('/api/jobs/reconcile')).status).toBe(401);
    expect((await call(a!.app, '/api/jobs/reconcile', 'x'.repeat(44))).status).toBe(401);
    expect((await call(a!.app, '/api/jobs/nothing')).status).toBe(404);
    const first = await call(a!.app);
    const second = await call(b!.app);
    const forced = await call(b!.app, '/api/jobs/reconcile?force=true');

    expect([first.status, first.body.outcome, first.body.instance]).toEqual([200, 'ran', 'two-a']);
    // A pass also settles refund requests whose answer was lost (the staff console's refunds).
    expect(first.body.report).toEqual({ checked: 0, paid: 0, failed: 0, refundsChecked: 0, refundsSettled: 0 });
    expect([second.status, second.body.outcome]).toEqual([200, 'not-due']);
    expect([forced.status, forced.body.outcome, forced.body.instance]).toEqual([200, 'ran', 'two-b']);
    expect((await docData('leases/reconcile'))?.lastRun).toMatchObject({ instance: 'two-b', trigger: 'scheduler' });
  });

  it('when the instance holding the reconcile lease crashed, then the other is refused until the lease lapses, then takes it', async () => {
    const [a] = twoInstances();
    const lease = admin().db.doc('leases/reconcile');
    await lease.set({ holder: 'crashed', token: 't', leaseUntil: Timestamp.fromMillis(Date.now() + 60_000) });
    expect((await a!.runner.run(RECONCILE_JOB, { force: true })).outcome).toBe('busy');

    await lease.update({ leaseUntil: Timestamp.fromMillis(Date.now() - 1) });
    expect(await a!.runner.run(RECONCILE_JOB, { force: true })).toMatchObject({ outcome: 'ran', ok: true });
    expect((await lease.get()).get('holder')).toBe('two-a');
  });

  it('when one client spreads its enquiries over two instances, then they share one allowance', async () => {
    const shared = { RATE_LIMIT_SCOPE: 'two-instances' };
    const instances = [testInstance('contact-a', shared).app, testInstance('contact-b', shared).app];
    const statuses: number[] = [];
    for (let index = 0; index <= CONTACT_RATE_LIMIT; index += 1) {
      const response = await request(instances[index % 2]!)
        .post('/api/contact')
        .send({
          name: 'Asha Verma',
          contactNumber: '+91 98450 12345',
          // One address per enquiry: this is about the per-client allowance, not the per-address one.
          email: `asha-${index}@example.com`,
          message: `Enquiry number ${index} about a factory dashboard.`,
          userId: null,
        });
      statuses.push(response.status);
    }

    expect(statuses).toEqual([...Array(CONTACT_RATE_LIMIT).fill(201), 429]);
    expect((await admin().db.collection('enquiries').get()).size).toBe(CONTACT_RATE_LIMIT);
    // The count lives in Firestore under a hash of the client, never its address.
    const counters = await admin().db.collection('rateLimits').where('limiter', '==', 'two-instances.contact').get();
    expect(counters.docs.map((doc) => doc.get('hits'))).toEqual([CONTACT_RATE_LIMIT + 1]);
    expect(counters.docs[0]!.id).not.toMatch(/127\.0\.0\.1|::/);
  });
});
