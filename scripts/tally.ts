/**
 * `npm run tally -- 2026-11 [--out <folder>]`: a month's (India time) Tally import files, the same
 * bytes as in that month's accountant's pack: tally-masters-2026-11.xml (import first) and
 * tally-vouchers-2026-11.xml, written to the folder (default: the current one). Reads the database
 * of the API's configuration (.env): the emulators on a demo- project, else the real project.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monthSchema } from '../src/domain/ist';
import { loadConfig } from '../server/config';
import { HttpError } from '../server/errors';
import { initFirebase } from '../server/firebase';
import { tallyMonthFiles } from '../server/documents/tally';

if (process.env.LOAD_DOTENV !== 'false' && existsSync('.env')) process.loadEnvFile('.env');

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const folder = outIndex >= 0 ? args[outIndex + 1] : '.';
const month = monthSchema.safeParse(args.find((arg, index) => !arg.startsWith('--') && index !== outIndex + 1));
if (!month.success || !folder) {
  console.error('usage: npm run tally -- <YYYY-MM> [--out <folder>]   e.g. npm run tally -- 2026-11');
  process.exit(2);
}

const config = loadConfig();
if (config.FIREBASE_PROJECT_ID.startsWith('demo-') && !process.env.FIRESTORE_EMULATOR_HOST) {
  console.error(
    `Project ${config.FIREBASE_PROJECT_ID} is a local demo project: start the emulators (npm start) and set FIRESTORE_EMULATOR_HOST, or set FIREBASE_PROJECT_ID to your real project.`,
  );
  process.exit(1);
}

try {
  const files = await tallyMonthFiles(initFirebase(config.FIREBASE_PROJECT_ID).db, month.data, {
    sellerRegistered: config.documents.tax.registered,
    tally: config.tally,
  });
  mkdirSync(folder, { recursive: true });
  for (const [name, xml] of Object.entries(files)) {
    writeFileSync(path.join(folder, name), xml);
    console.log(`${path.join(folder, name)} (${Buffer.byteLength(xml)} bytes)`);
  }
  console.log('In TallyPrime: import the masters first (Import > Masters), then the vouchers (Import > Transactions).');
  process.exit(0);
} catch (error) {
  console.error(error instanceof HttpError ? error.message : String(error));
  process.exit(1);
}
