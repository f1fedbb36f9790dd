import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { tallyMonthFiles } from '../../server/documents/tally';
import { testApp } from '../helpers/api-app';
import {} from '../helpers/emulators';
import { expectTiesOut, MONTH, vouchersOf } from '../unit/documents/tally-fixtures';
import { download, REGISTERED_SELLER } from './documents-fixtures';
import {} from './payments-fixtures';
import { storeGoldenMonth } from './tally-fixtures';
import { staffPerFile } from './staff-fixtures';

const GOLDEN = path.resolve(import.meta.dirname, '../unit/documents/golden');

const staff = staffPerFile('tally-staff');

/** A month's pack from the API, unzipped. */
async function packFiles(app: ReturnType<typeof testApp>['app'], month: string) {
  const response = await download(app, `/api/staff/accountant-pack?month=${month}`, staff.idToken);
  expect(response.status).toBe(200);
  const files = unzipSync(new Uint8Array(response.body as Buffer));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe("the accountant's pack's Tally files", () => {
  it('when staff download a month twice, then the pack holds the same Tally files both times, the golden ones, tying out with its CSV files', async () => {
    const { app, deps } = testApp({ env: REGISTERED_SELLER });
    await storeGoldenMonth();

    const first = await packFiles(app, MONTH);
    const second = await packFiles(app, MONTH);

    expect(Object.keys(first)).toEqual(expect.arrayContaining(['tally-masters.xml', 'tally-vouchers.xml']));
    expect(second['tally-masters.xml']).toBe(first['tally-masters.xml']);
    expect(second['tally-vouchers.xml']).toBe(first['tally-vouchers.xml']);
    // Read from Firestore, the month gives the very files the pure builder's golden test holds.
    expect(first['tally-masters.xml']).toBe(readFileSync(path.join(GOLDEN, 'tally-masters-2026-11.xml'), 'utf8'));
    expect(first['tally-vouchers.xml']).toBe(readFileSync(path.join(GOLDEN, 'tally-vouchers-2026-11.xml'), 'utf8'));
    expectTiesOut(first);
    expect(first['README.txt']).toContain('Tally (TallyPrime): import tally-masters.xml first');
    const ids = (files: Record<string, string>) =>
      vouchersOf(files['tally-vouchers.xml']!).map((voucher) => voucher.remoteId);
    expect(ids(second)).toEqual(ids(first));
    expect(ids(first).every((id) => /^nimbus-(sales|credit-note|receipt)-[\w-]+$/.test(id))).toBe(true);

    // npm run tally writes the same bytes, named with the month.
    const single = await tallyMonthFiles(deps.firebase.db, MONTH, { sellerRegistered: true, tally: deps.config.tally });
    expect(single).toEqual({
      'tally-masters-2026-11.xml': first['tally-masters.xml'],
      'tally-vouchers-2026-11.xml': first['tally-vouchers.xml'],
    });
  });

  it('when the API is given TALLY_* ledger names and a company, then the pack uses them', async () => {
    const { app } = testApp({
      env: {
        ...REGISTERED_SELLER,
        TALLY_GATEWAY_LEDGER: 'Razorpay Clearing',
        TALLY_COMPANY: 'Nimbus Bespoke Software',
      },
    });
    await storeGoldenMonth();

    const files = await packFiles(app, MONTH);

    expect(files['tally-vouchers.xml']).toContain('<LEDGERNAME>Razorpay Clearing</LEDGERNAME>');
    expect(files['tally-masters.xml']).toContain('<SVCURRENTCOMPANY>Nimbus Bespoke Software</SVCURRENTCOMPANY>');
    expect(files['README.txt']).toContain('Razorpay Clearing (Bank Accounts)');
  });
});
