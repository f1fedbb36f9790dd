import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { expect } from 'vitest';
import { parseDocumentNumber } from '@/domain/document-number';
import { startDocumentWorker } from '../../server/documents/worker';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore } from '../helpers/emulators';
import { allDocuments, payThroughCheckout, REGISTERED_SELLER, seedProfile } from './documents-fixtures';
import { newUser, waitFor } from './payments-fixtures';

/**
 * `payments` payments verified at once while two workers number their documents; asserts that the
 * documents get `payments` distinct consecutive numbers with no gap. The API suite runs it small
 * (concurrency is what it proves); `npm run bench:documents` runs it with 200.
 */
export async function expectGapFreeNumbering(payments: number): Promise<void> {
  await clearFirestore();
  const { app, deps } = testApp({ env: REGISTERED_SELLER });
  // Two API instances' workers, as the API runs them: kicked after every payment marked Paid, so
  // they race for the same counter (and a 1 s timer picks up whatever lost a race).
  const workers = [1, 2].map(() =>
    startDocumentWorker(deps.firebase.db, deps.config.documents, {
      intervalSeconds: 1,
      logger: pino({ level: 'silent' }),
    }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const user = await newUser();
    await seedProfile(user.uid);

    const paid = await Promise.all(
      Array.from({ length: payments }, (_, index) =>
        payThroughCheckout(url, user, { invoiceRupees: 1000 + index }, index % 2 ? 'deliver' : 'drop'),
      ),
    );
    await waitFor(
      allDocuments,
      (documents) => documents.length === payments && documents.every((doc) => doc.status === 'issued'),
      60_000,
    );
    await Promise.all(workers.map((worker) => worker.idle()));

    const documents = await allDocuments();
    expect(documents.map((doc) => doc.id).sort()).toEqual(paid.map((payment) => payment.paymentId).sort());
    const sequences = documents.map((doc) => parseDocumentNumber(doc.number as string)!.sequence);
    expect(new Set(documents.map((doc) => doc.number)).size).toBe(payments);
    expect([...sequences].sort((a, b) => a - b)).toEqual(Array.from({ length: payments }, (_, index) => index + 1));
    const financialYear = documents[0]!.financialYear as string;
    expect((await admin().db.doc(`counters/invoice-${financialYear}`).get()).get('last')).toBe(payments);
    // Every document totals exactly what its payment paid.
    for (const doc of documents) {
      expect((doc.snapshot as { totals: { totalPaise: number } }).totals.totalPaise).toBe(doc.amountPaise);
    }
  } finally {
    for (const worker of workers) worker.stop();
    server.close();
  }
}
