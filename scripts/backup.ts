/**
 * `npm run backup -- <dir>`: exports every document of the Firestore emulator at
 * FIRESTORE_EMULATOR_HOST (project FIREBASE_PROJECT_ID, default demo-site) to <dir>, in the format of
 * `gcloud firestore export`. `npm run restore -- <dir>` loads it back. Production: deploy/backups.sh.
 */
import { emulatorTarget, exportFirestore } from './lib/emulator-data';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run backup -- <dir>');
  process.exit(2);
}
try {
  const target = emulatorTarget();
  const metadata = await exportFirestore(target, dir);
  console.log(`Backed up project ${target.projectId} of the emulator at ${target.host} to ${metadata}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
