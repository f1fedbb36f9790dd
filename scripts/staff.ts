/**
 * `npm run staff -- grant <email>` / `npm run staff -- revoke <email>`: gives or takes the staff
 * role (the Firebase Auth custom claim `staff: true`) with the Admin SDK. Works on the local
 * emulators (FIREBASE_AUTH_EMULATOR_HOST set, as `npm start` does) or on a real project with a
 * service account (GOOGLE_APPLICATION_CREDENTIALS and FIREBASE_PROJECT_ID). The person signs in
 * again (or waits up to an hour) for the console to see the change.
 */
import { existsSync } from 'node:fs';
import { initFirebase } from '../server/firebase';
import { setStaffClaim } from '../server/auth';

if (process.env.LOAD_DOTENV !== 'false' && existsSync('.env')) process.loadEnvFile('.env');

const [action, email] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !email) {
  console.error('usage: npm run staff -- grant <email>   |   npm run staff -- revoke <email>');
  process.exit(2);
}
const projectId = process.env.FIREBASE_PROJECT_ID || 'demo-site';
if (projectId.startsWith('demo-') && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  console.error(
    `Project ${projectId} is a local demo project: start the emulators (npm start) and set FIREBASE_AUTH_EMULATOR_HOST, or set FIREBASE_PROJECT_ID to your real project.`,
  );
  process.exit(1);
}

try {
  const { uid } = await setStaffClaim(initFirebase(projectId).auth, email, action === 'grant');
  console.log(
    action === 'grant'
      ? `${email} (${uid}) is now staff on ${projectId}. They sign in again to open /admin.`
      : `${email} (${uid}) is no longer staff on ${projectId}; their sessions were revoked.`,
  );
  process.exit(0);
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(code === 'auth/user-not-found' ? `No account with the email ${email} on ${projectId}.` : String(error));
  process.exit(1);
}
