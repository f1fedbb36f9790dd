/**
 * `npm run backfill`: the one-off migration for data written before the staff console (search
 * copies on profiles and enquiries, an inbox entry for every customer's query, one status field on
 * every payment). Idempotent: safe to run again. Uses the API's configuration (emulators or a real
 * project with a service account).
 */
import { existsSync } from 'node:fs';
import { initFirebase } from '../server/firebase';
import { backfillConsoleData } from '../server/staff/backfill';

if (process.env.LOAD_DOTENV !== 'false' && existsSync('.env')) process.loadEnvFile('.env');

const projectId = process.env.FIREBASE_PROJECT_ID || 'demo-site';
try {
  const report = await backfillConsoleData(initFirebase(projectId).db);
  console.log(
    `Backfill on ${projectId}: ${report.profiles} profiles, ${report.enquiries} inbox entries, ${report.payments} payments updated.`,
  );
  process.exit(0);
} catch (error) {
  console.error(`Backfill failed: ${String(error)}`);
  process.exit(1);
}
