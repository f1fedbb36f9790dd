/**
 * `npm run restore -- <dir>`: replaces the data of the Firestore emulator at FIRESTORE_EMULATOR_HOST
 * (project FIREBASE_PROJECT_ID, default demo-site) with the backup in <dir> (`npm run backup`, or a
 * `gcloud firestore export` copied down): its documents are deleted, then the backup is imported.
 */
import { emulatorTarget, importFirestore } from './lib/emulator-data';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run restore -- <dir>');
  process.exit(2);
}
try {
  const target = emulatorTarget();
  const metadata = await importFirestore(target, dir);
  console.log(`Restored ${metadata} into project ${target.projectId} of the emulator at ${target.host}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
