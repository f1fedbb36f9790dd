/**
 * Latency of the payment API on the local stack: N payment flows, C at a time, each one
 * POST /api/payments/orders -> sandbox Pay (not timed: it stands in for the customer) -> POST /api/payments/verify.
 *   npm run bench:api                 (starts its own emulators + API on the test ports)
 *   BENCH_N=200 BENCH_CONCURRENCY=20 npm run bench:api
 * Prints p50/p95 per endpoint and the throughput. Target (DESIGN.md): p50 < 100 ms.
 */
import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { makeOrderNumber } from '../src/domain/order-number';
import { findCatalogueEntry } from '../src/domain/catalogue';
import { paiseToRupees } from '../src/domain/money';

const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-site';
const total = Number(process.env.BENCH_N ?? 100);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const users = Math.min(10, total);

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

async function post<T>(path: string, token: string, body: unknown): Promise<{ ms: number; status: number; body: T }> {
  const started = performance.now();
  const response = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const payload = (await response.json()) as T;
  return { ms: performance.now() - started, status: response.status, body: payload };
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

const people = await Promise.all(Array.from({ length: users }, (_, index) => signUp(index)));
const docs = await Promise.all(Array.from({ length: total + 5 }, (_, index) => seedOrder(people[index % users]!.uid)));

// Warm-up: the first requests on a fresh JVM and a fresh API are slow and not what we measure.
for (let index = 0; index < 5; index += 1) await flow(people[index % users]!, docs[total + index]!, null);

const timings: Timings = { create: [], verify: [] };
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < total) {
      const index = next++;
      await flow(people[index % users]!, docs[index]!, timings);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;

const row = (name: string, values: number[]) =>
  `${name.padEnd(28)} p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(values, 95).toFixed(1).padStart(7)} ms`;
console.log(`\n${total} payment flows, ${concurrency} concurrent, against ${apiUrl} (sandbox gateway, emulators)`);
console.log(row('POST /api/payments/orders', timings.create));
console.log(row('POST /api/payments/verify', timings.verify));
console.log(
  `throughput                   ${(total / seconds).toFixed(1)} flows/s (${((total * 3) / seconds).toFixed(1)} requests/s)`,
);
const p50 = Math.max(percentile(timings.create, 50), percentile(timings.verify, 50));
console.log(p50 < 100 ? 'target p50 < 100 ms: met' : 'target p50 < 100 ms: NOT met');
process.exit(0);
