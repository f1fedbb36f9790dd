import { describe, it } from 'vitest';
import { expectGapFreeNumbering } from './documents-numbering-scenario';

// 24 at once is enough to make the two workers race for the counter on every run; the 200-payment
// run is a benchmark: `npm run bench:documents` (tests/bench/documents-numbering.test.ts).
const PAYMENTS = 24;

describe('document numbering under load', () => {
  it(`when ${PAYMENTS} payments are verified at once on two API instances, then their documents get ${PAYMENTS} distinct consecutive numbers with no gap`, async () => {
    await expectGapFreeNumbering(PAYMENTS);
  }, 60_000);
});
