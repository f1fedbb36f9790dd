import { describe, it } from 'vitest';
import { expectGapFreeNumbering } from '../api/documents-numbering-scenario';

// The API suite runs this scenario with 24 payments; here at the scale it was written for.
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 200);

describe('document numbering under load (benchmark)', () => {
  it(`when ${PAYMENTS} payments are verified at once on two API instances, then their documents get ${PAYMENTS} distinct consecutive numbers with no gap`, async () => {
    const started = Date.now();
    await expectGapFreeNumbering(PAYMENTS);
    console.info(`document numbering: ${PAYMENTS} payments paid and numbered in ${Date.now() - started} ms`);
  }, 180_000);
});
