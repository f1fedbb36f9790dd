/**
 * Latency of the payment API on the local stack: N payment flows, C at a time, each one
 * POST /api/payments/orders -> sandbox Pay (not timed: it stands in for the customer) -> POST /api/payments/verify.
 * Each level then times N raw emulator transactions (read one document, write it back), C at a
 * time, in the same run, and prints the endpoints' p50s as multiples of theirs. Each worker also
 * times one raw transaction right before each flow (under the load of the flows and of the tax
 * documents and mails the API makes after each payment), printed beside for comparison.
 *   npm run bench:api                 (starts its own emulators + API on the test ports; C = 1, then 10)
 *   BENCH_N=200 BENCH_CONCURRENCY=1,20 npm run bench:api
 * Prints p50/p95 per endpoint and the throughput. Targets: p50 < 100 ms (DESIGN.md); order
 * creation p50 at most 2x a raw transaction at concurrency 1 and 5x at concurrency 10 (issue 15).
 *
 * Webhook-storm mode (issue 9): per round, one order paid in the sandbox with its webhook lost,
 * then 50 concurrent deliveries of one event plus 50 different events for that order (Razorpay's
 * retries and its payment.captured / order.paid pair), all at once:
 *   npm run bench:api -- --webhook-storm       (BENCH_ROUNDS=5 rounds by default)
 * Prints p50/p99 over every delivery, the error count (non-2xx), and checks that each order has
 * one payment record and was flipped to Paid once. Target: all 2xx, p99 < 2 s.
 */
import http from 'node:http';
import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, type DocumentReference } from 'firebase-admin/firestore';
import { makeOrderNumber } from '../src/domain/order-number';
import { findCatalogueEntry } from '../src/domain/catalogue';
import { paiseToRupees } from '../src/domain/money';
import { DEFAULT_SANDBOX_SECRET } from '../server/config';
import { gatewayStyleId } from '../server/payments/ids';
import { SandboxGateway, webhookRequest, type SignedWebhook } from '../server/payments/sandbox';
import { paymentWebhookBody } from '../server/payments/webhook-event';

const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-site';
const stormMode = process.argv.includes('--webhook-storm') || process.env.BENCH_MODE === 'webhook-storm';
const total = Number(process.env.BENCH_N ?? 100);
const concurrencies = (process.env.BENCH_CONCURRENCY ?? '1,10').split(',').map(Number);
/** The order-creation p50 as a multiple of a raw transaction's, by concurrency (issue 15). */
const RATIO_TARGETS: Record<number, number> = { 1: 2, 10: 5 };

if (!authHost || !process.env.FIRESTORE_EMULATOR_HOST) {
  console.error('Run against the local emulators: npm run bench:api');
  process.exit(2);
}

const db = getFirestore(initializeApp({ projectId }, 'bench'));
const entry = findCatalogueEntry('website-Basic')!;

async function signUp(index: number): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${Date.now()}-${index}@example.com`,
        password: 'password-123',
        returnSecureToken: true,
      }),
    },
  );
  const body = (await response.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

/** Keep-alive connections, like a browser's; node:http, whose own overhead is half of fetch's. */
const agent = new http.Agent({ keepAlive: true });

/**
 * The App Check token a browser on the local stack sends with every call (the stack's API enforces
 * App Check): one from the local endpoint, valid for an hour, longer than any run.
 */
const appCheckToken = fetch(`${apiUrl}/api/app-check/local-token`, { method: 'POST' }).then(
  async (response) => ((await response.json()) as { token: string }).token,
);

async function post<T>(path: string, token: string, body: unknown): Promise<{ ms: number; status: number; body: T }> {
  const payload = JSON.stringify(body);
  const appCheck = await appCheckToken;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      `${apiUrl}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          Authorization: `Bearer ${token}`,
          'X-Firebase-AppCheck': appCheck,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - started;
          try {
            resolve({
              ms,
              status: response.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as T,
            });
          } catch (error) {
            reject(error as Error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function seedOrder(uid: string): Promise<string> {
  const ref = await db.collection(`users/${uid}/orders`).add({
    orderNumber: makeOrderNumber(),
    userId: uid,
    items: [{ id: entry.id, name: entry.plan.name, category: entry.category.name, price: entry.plan.price }],
    total: paiseToRupees(entry.plan.oneTimePaise),
    currency: 'INR',
    status: 'Pending',
    createdAt: FieldValue.serverTimestamp(),
  });
  return ref.id;
}

interface Timings {
  create: number[];
  verify: number[];
}

async function flow(user: { uid: string; idToken: string }, docId: string, timings: Timings | null): Promise<void> {
  const created = await post<{ id: string }>('/api/payments/orders', user.idToken, {
    firestore_id: docId,
    type: 'product_order',
  });
  if (created.status !== 201)
    throw new Error(`order creation answered ${created.status}: ${JSON.stringify(created.body)}`);
  const paid = await post<{ result: Record<string, string> }>('/api/payments/sandbox/pay', user.idToken, {
    razorpay_order_id: created.body.id,
    outcome: 'success',
    webhook: 'drop',
  });
  const verified = await post<{ status: string }>('/api/payments/verify', user.idToken, paid.body.result);
  if (verified.status !== 200 || verified.body.status !== 'Paid') throw new Error(`verify answered ${verified.status}`);
  timings?.create.push(created.ms);
  timings?.verify.push(verified.ms);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One storm round: returns each delivery's latency and status, and what the order ended as. */
async function stormRound(user: { uid: string; idToken: string }, docId: string) {
  const sandbox = new SandboxGateway(db, process.env.SANDBOX_SECRET || DEFAULT_SANDBOX_SECRET);
  const created = await post<{ id: string }>('/api/payments/orders', user.idToken, {
    firestore_id: docId,
    type: 'product_order',
  });
  if (created.status !== 201) throw new Error(`order creation answered ${created.status}`);
  const paid = await post<{ result: { razorpay_payment_id: string } }>('/api/payments/sandbox/pay', user.idToken, {
    razorpay_order_id: created.body.id,
    outcome: 'success',
    webhook: 'drop',
  });
  const payment = (await sandbox.fetchPayment(paid.body.result.razorpay_payment_id))!;
  const same = sandbox.signWebhook(paymentWebhookBody('payment.captured', payment));
  const others = Array.from({ length: 50 }, (_, index) =>
    sandbox.signWebhook(
      paymentWebhookBody(index % 2 ? 'order.paid' : 'payment.captured', payment),
      gatewayStyleId('evt'),
    ),
  );
  const deliver = async (webhook: SignedWebhook) => {
    const started = performance.now();
    try {
      const response = await fetch(`${apiUrl}/api/payments/webhook`, webhookRequest(webhook));
      const body = (await response.json()) as { outcome?: string };
      return { ms: performance.now() - started, ok: response.ok, outcome: body.outcome };
    } catch {
      return { ms: performance.now() - started, ok: false, outcome: undefined };
    }
  };
  const deliveries = await Promise.all([...Array.from({ length: 50 }, () => deliver(same)), ...others.map(deliver)]);
  const payments = await db.collection('payments').where('gatewayOrderId', '==', created.body.id).get();
  const order = await db.doc(`users/${user.uid}/orders/${docId}`).get();
  return {
    deliveries,
    payments: payments.size,
    flips: deliveries.filter((delivery) => delivery.outcome === 'paid').length,
    status: order.get('status') as string,
  };
}

if (stormMode) {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const user = await signUp(0);
  // Each round's order is seeded just before it: ordering replaces the customer's older open orders.
  await stormRound(user, await seedOrder(user.uid)); // warm-up, not counted
  const times: number[] = [];
  let errors = 0;
  const problems: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const result = await stormRound(user, await seedOrder(user.uid));
    times.push(...result.deliveries.map((delivery) => delivery.ms));
    errors += result.deliveries.filter((delivery) => !delivery.ok).length;
    if (result.payments !== 1 || result.flips !== 1 || result.status !== 'Paid') {
      problems.push(
        `round ${round + 1}: ${result.payments} payments, ${result.flips} Paid flips, status ${result.status}`,
      );
    }
  }
  console.log(
    `\nwebhook storm: ${rounds} rounds of 100 concurrent deliveries (50 x one event + 50 other events, one order), against ${apiUrl}`,
  );
  console.log(
    `deliveries ${times.length}   p50 ${percentile(times, 50).toFixed(0)} ms   p99 ${percentile(times, 99).toFixed(0)} ms   max ${Math.max(...times).toFixed(0)} ms   errors ${errors}`,
  );
  console.log(
    problems.length ? `NOT exactly once: ${problems.join('; ')}` : 'each order: 1 payment record, 1 Paid flip',
  );
  console.log(
    errors === 0 && percentile(times, 99) < 2000 && !problems.length
      ? 'target all 2xx, p99 < 2 s: met'
      : 'target all 2xx, p99 < 2 s: NOT met',
  );
  process.exit(errors === 0 && !problems.length ? 0 : 1);
}

/** One raw emulator transaction: read one document, write it back (the smallest read-then-write). */
async function rawTransaction(ref: DocumentReference): Promise<number> {
  const started = performance.now();
  await db.runTransaction(async (tx) => {
    const count = ((await tx.get(ref)).get('count') as number | undefined) ?? 0;
    tx.update(ref, { count: count + 1 });
  });
  return performance.now() - started;
}

const rawDoc = async (index: number) => {
  const ref = db.doc(`benchRaw/worker-${index}`);
  await ref.set({ count: 0 });
  return ref;
};

/** `total` raw transactions, `concurrency` at a time, after the flows (the measure). */
async function rawTransactionsAlone(concurrency: number): Promise<number[]> {
  const refs = await Promise.all(Array.from({ length: concurrency }, (_, index) => rawDoc(index)));
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    refs.map(async (ref) => {
      while (next < total) {
        next += 1;
        times.push(await rawTransaction(ref));
      }
    }),
  );
  return times;
}

interface FlowRun extends Timings {
  /** A raw transaction timed by each worker right before each of its flows: the same moment's load. */
  raw: number[];
}

/**
 * `total` payment flows, `concurrency` at a time. Each worker is its own customer and pays one fresh
 * order after another (seeded untimed just before), as a shopper would: ordering replaces the
 * customer's other open orders, so orders seeded ahead of time would be cancelled. Right before each
 * flow the worker times one raw transaction: it meets the same load as the order creation that
 * follows (the other workers' flows, and the tax documents and mails the API makes after each
 * payment), so the ratio compares like with like.
 */
async function paymentFlows(concurrency: number): Promise<FlowRun> {
  const people = await Promise.all(Array.from({ length: concurrency }, (_, index) => signUp(index)));
  const refs = await Promise.all(people.map((_, index) => rawDoc(index)));
  // Warm-up: the first requests on a fresh JVM and a fresh API are slow and not what we measure.
  for (let index = 0; index < 5; index += 1) {
    const person = people[index % concurrency]!;
    await flow(person, await seedOrder(person.uid), null);
  }
  const run: FlowRun = { create: [], verify: [], raw: [] };
  let next = 0;
  await Promise.all(
    people.map(async (person, index) => {
      while (next < total) {
        next += 1;
        const orderId = await seedOrder(person.uid);
        run.raw.push(await rawTransaction(refs[index]!));
        await flow(person, orderId, run);
      }
    }),
  );
  return run;
}

const row = (name: string, values: number[], base?: number) =>
  `${name.padEnd(28)} p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(values, 95).toFixed(1).padStart(7)} ms` +
  (base ? `   ${(percentile(values, 50) / base).toFixed(1).padStart(5)}x a raw transaction` : '');
let allMet = true;
for (const concurrency of concurrencies) {
  const started = performance.now();
  const run = await paymentFlows(concurrency);
  const seconds = (performance.now() - started) / 1000;
  const alone = await rawTransactionsAlone(concurrency);
  const rawP50 = percentile(alone, 50);
  const besideP50 = percentile(run.raw, 50);
  console.log(`\n${total} payment flows, ${concurrency} concurrent, against ${apiUrl} (sandbox gateway, emulators)`);
  console.log(row(`raw transaction, ${concurrency} at a time`, alone));
  console.log(row('raw transaction, beside flows', run.raw));
  console.log(row('POST /api/payments/orders', run.create, rawP50));
  console.log(row('POST /api/payments/verify', run.verify, rawP50));
  console.log(
    `throughput                   ${(total / seconds).toFixed(1)} flows/s (${((total * 3) / seconds).toFixed(1)} requests/s)`,
  );
  const p50 = Math.max(percentile(run.create, 50), percentile(run.verify, 50));
  console.log(p50 < 100 ? 'target p50 < 100 ms: met' : 'target p50 < 100 ms: NOT met');
  const target = RATIO_TARGETS[concurrency];
  if (target) {
    const ratio = percentile(run.create, 50) / rawP50;
    const met = ratio <= target;
    allMet &&= met;
    console.log(
      `target order creation p50 <= ${target}x a raw transaction at the same concurrency: ${ratio.toFixed(1)}x, ` +
        `${met ? 'met' : 'NOT met'} (${(percentile(run.create, 50) / besideP50).toFixed(1)}x one timed beside the flows)`,
    );
  }
}
console.log(allMet ? '\nall ratio targets met' : '\nratio targets NOT all met');
process.exit(0);
