import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createUserWithToken, stack } from '../helpers/emulators';
import { allDocuments, payThroughCheckout, REGISTERED_SELLER } from './documents-fixtures';
import { uniqueEmail, waitFor } from './payments-fixtures';

// The restore drill: `npm run backup`, lose everything, `npm run restore`, and the customer's
// money and tax records are back as they were. The scripts run as a person runs them, against
// this stack's emulator and project (API test files run one at a time, and each clears the data).
const ROOT = path.resolve(import.meta.dirname, '../..');
const DIR = path.join(ROOT, '.tmp', `restore-drill-${process.pid}`);
afterAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  // The restored records (and their pending receipt mails) are this file's; the next starts empty.
  await clearFirestore();
});

function npmRun(script: 'backup' | 'restore') {
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), `scripts/${script}.ts`, DIR],
    { cwd: ROOT, encoding: 'utf8', env: process.env, timeout: 60_000 },
  );
  if (run.status !== 0) throw new Error(`npm run ${script} failed (${run.status}): ${run.stderr}${run.stdout}`);
  return run.stdout;
}

/** Every document of the collections that hold money and tax records, by path. */
async function records(uid: string): Promise<Record<string, unknown>> {
  const { db } = admin();
  const collections = [`users/${uid}/orders`, `users/${uid}/invoices`, 'payments', 'documents', 'counters'];
  const all: Record<string, unknown> = {};
  for (const collection of collections) {
    for (const doc of (await db.collection(collection).get()).docs) all[doc.ref.path] = doc.data();
  }
  all[`users/${uid}`] = (await db.doc(`users/${uid}`).get()).data();
  return all;
}

describe('the restore drill (npm run backup / npm run restore)', () => {
  it("when the emulator's data is backed up, wiped and restored, then the customer's orders, invoices, payments and tax documents come back identical", async () => {
    await clearFirestore();
    const { app } = testApp({ env: REGISTERED_SELLER });
    const user = await createUserWithToken(uniqueEmail('drill'));
    await admin().db.doc(`users/${user.uid}`).set({ uid: user.uid, name: 'Asha Verma', email: 'asha@example.com' });
    const order = await payThroughCheckout(app, user, { items: ['website-Basic'] });
    const invoice = await payThroughCheckout(app, user, { invoiceRupees: 2500 });
    const numbered = await waitFor(
      allDocuments,
      (docs) => docs.length === 2 && docs.every((doc) => doc.number),
      15_000,
    );
    const before = await records(user.uid);

    const backedUp = npmRun('backup');
    await clearFirestore();
    const wiped = await records(user.uid);
    const restored = npmRun('restore');
    const after = await records(user.uid);

    expect(backedUp).toMatch(new RegExp(`Backed up project ${stack.projectId} `));
    expect(restored).toMatch(new RegExp(`Restored .* into project ${stack.projectId} `));
    expect(Object.values(wiped).filter(Boolean)).toEqual([]);
    // The same ids, numbers and amounts...
    expect(numbered.map((doc) => doc.id).sort()).toEqual([order.paymentId, invoice.paymentId].sort());
    expect(numbered.map((doc) => doc.amountPaise).sort()).toEqual([order.amountPaise, invoice.amountPaise].sort());
    for (const doc of numbered) {
      expect(after[`documents/${doc.id}`]).toMatchObject({ number: doc.number, amountPaise: doc.amountPaise });
    }
    expect(after[`payments/${order.paymentId}`]).toMatchObject({ amountPaise: order.amountPaise, status: 'paid' });
    expect(after[`payments/${invoice.paymentId}`]).toMatchObject({ amountPaise: invoice.amountPaise, status: 'paid' });
    expect(after[`users/${user.uid}/orders/${order.docId}`]).toMatchObject({ status: 'Paid' });
    expect(after[`users/${user.uid}/invoices/${invoice.docId}`]).toMatchObject({ status: 'Paid' });
    // ...and every other field of every record, timestamps included.
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(after).toEqual(before);
  }, 90_000);
});
