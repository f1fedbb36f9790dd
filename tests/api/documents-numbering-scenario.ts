import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { expect } from 'vitest';
import { parseDocumentNumber } from '@/domain/document-number';
import { testInstance } from '../helpers/api-app';
import { admin, clearFirestore } from '../helpers/emulators';
import { allDocuments, payThroughCheckout, REGISTERED_SELLER, seedProfile } from './documents-fixtures';
import { newUser, waitFor } from './payments-fixtures';

async function listen(server: Server): Promise<string> {
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * `payments` payments verified at once on two API instances; asserts that their documents get
 * `payments` distinct consecutive numbers with no gap. The API suite runs it small (concurrency is
 * what it proves); `npm run bench:documents` runs it with 200.
 */
export async function expectGapFreeNumbering(payments: number): Promise<void> {
  await clearFirestore();
  // Two API instances (their own Firebase clients), as Cloud Run would run them: each numbers the
  // documents of its own payments right after they commit, so they race for the same counter.
  const instances = ['numbering-a', 'numbering-b'].map((name) => testInstance(name, REGISTERED_SELLER));
  const servers = instances.map(({ app }) => app.listen(0, '127.0.0.1'));
  try {
    const urls = await Promise.all(servers.map(listen));
    const user = await newUser();
    await seedProfile(user.uid);

    const paid = await Promise.all(
      Array.from({ length: payments }, (_, index) =>
        payThroughCheckout(urls[index % 2]!, user, { invoiceRupees: 1000 + index }, index % 3 ? 'deliver' : 'drop'),
      ),
    );
    await waitFor(
      allDocuments,
      (documents) => documents.length === payments && documents.every((doc) => doc.status === 'issued'),
      60_000,
    );

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
    for (const server of servers) server.close();
  }
}
