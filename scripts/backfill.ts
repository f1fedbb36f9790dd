/**
 * `npm run backfill`: the one-off migration for data written before the staff console (search
 * copies on profiles and enquiries, an inbox entry for every customer's query, one status field on
 * every payment), before renewals (a service for each paid plan with a yearly fee), before company
 * accounts (a company with its customer as owner for every customer profile), before the Projects
 * search (each project's customer name and search words) and before TDS certificates were tracked
 * (one awaited for each TDS amount). Idempotent: safe to run again. Uses the API's configuration
 * (emulators or a real project with a service account).
 */
import { existsSync } from 'node:fs';
import { backfillCompanies } from '../server/companies/backfill';
import { initFirebase } from '../server/firebase';
import { accountEmailLookup } from '../server/mail/recipients';
import { backfillProjects } from '../server/projects/backfill';
import { backfillServices } from '../server/renewals/backfill';
import { backfillConsoleData } from '../server/account/backfill';
import { backfillTdsCertificates } from '../server/tds/backfill';

if (process.env.LOAD_DOTENV !== 'false' && existsSync('.env')) process.loadEnvFile('.env');

const projectId = process.env.FIREBASE_PROJECT_ID || 'demo-site';
try {
  const { db, auth } = initFirebase(projectId);
  const report = await backfillConsoleData(db);
  console.log(
    `Backfill on ${projectId}: ${report.profiles} profiles, ${report.enquiries} inbox entries, ${report.payments} payments, ${report.invoices} issued invoices updated.`,
  );
  // Yearly maintenance: services for orders paid before renewals were billed.
  console.log(`Backfill on ${projectId}: ${await backfillServices(db)} services created.`);
  // Company accounts: every customer a one-member company of their own.
  console.log(`Backfill on ${projectId}: ${await backfillCompanies(db)} companies founded.`);
  // Projects: a customer name on those opened from a cart order before it was written, and the search words.
  const projects = await backfillProjects(db, { accountEmail: accountEmailLookup(auth, db) });
  console.log(`Backfill on ${projectId}: ${projects} projects updated.`);
  // TDS certificates: each TDS amount recorded before they were tracked, awaited (not reminded).
  console.log(`Backfill on ${projectId}: ${await backfillTdsCertificates(db)} TDS certificates awaited.`);
  process.exit(0);
} catch (error) {
  console.error(`Backfill failed: ${String(error)}`);
  process.exit(1);
}
