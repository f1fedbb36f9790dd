/**
 * `npm start`: the whole product locally, with no accounts, keys or internet.
 * Firestore + Auth emulators, a mail catcher, demo data, the API and the Vite dev server; Ctrl-C
 * stops all of it.
 */
import { existsSync } from 'node:fs';
import { SAMPLE_SELLER_GSTIN } from '../src/domain/gst';
import { stackConfig } from './lib/config';
import { DEMO_CUSTOMER, DEMO_STAFF } from './lib/demo';
import { hasKeptData, Stack, StackError, stopOnSignals } from './lib/stack';

// A developer's .env, if any (variables already set in the environment win).
if (existsSync('.env')) process.loadEnvFile('.env');

const config = stackConfig();
// `npm start -- --keep-data`: the emulators' data outlives the run (saved at Ctrl-C, loaded at the
// next start, which then does not seed over it). Delete the folder to start afresh.
const keepData = process.argv.includes('--keep-data') ? '.emulator-data' : undefined;
const kept = keepData !== undefined && hasKeptData(keepData);
// A GST-registered demo seller, so the local payments issue Tax Invoices; SELLER_GSTIN= (set, empty) is unregistered.
const sellerGstin = process.env.SELLER_GSTIN ?? SAMPLE_SELLER_GSTIN;
const stack = new Stack({
  config,
  emulators: true,
  api: true,
  site: 'dev',
  seed: !kept,
  output: 'inherit',
  keepData,
  env: { SELLER_GSTIN: sellerGstin },
});
stopOnSignals(stack, (code) => process.exit(code));

const started = Date.now();
try {
  await stack.up();
  console.log(
    [
      '',
      `  Site:      http://localhost:${config.sitePort}`,
      `  API:       http://localhost:${config.apiPort}/api/health`,
      `  Firestore: http://127.0.0.1:${config.firestorePort} (emulator, project ${config.projectId})`,
      `  Auth:      http://127.0.0.1:${config.authPort} (emulator)`,
      `  Mail:      http://localhost:${config.mailWebPort} (maildev: every mail the site sends; SMTP 127.0.0.1:${config.mailSmtpPort})`,
      `  Customer:  ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`,
      `  Staff:     ${DEMO_STAFF.email} / ${DEMO_STAFF.password} (console: http://localhost:${config.sitePort}/admin)`,
      `  Seller:    ${sellerGstin === SAMPLE_SELLER_GSTIN ? `GSTIN ${sellerGstin} (a sample: Tax Invoices with GST; SELLER_GSTIN= for none)` : sellerGstin ? `GSTIN ${sellerGstin}` : 'not GST-registered (Payment Receipts)'}`,
      keepData
        ? `  Data:      kept in ${keepData}/ (${kept ? 'loaded from the last run' : 'new'}; saved again at Ctrl-C)`
        : '  Data:      starts empty each run (npm start -- --keep-data keeps it)',
      `  Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop everything.`,
      '',
    ].join('\n'),
  );
} catch (error) {
  console.error(`\n${error instanceof StackError ? error.message : String(error)}`);
  await stack.stop();
  process.exit(1);
}
