import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

export interface FirebaseDeps {
  auth: Auth;
  db: Firestore;
}

/**
 * Firebase Admin for one project. Against the emulators (FIRESTORE_EMULATOR_HOST and
 * FIREBASE_AUTH_EMULATOR_HOST set) it needs no credentials; in production it uses the
 * service account from GOOGLE_APPLICATION_CREDENTIALS.
 */
export function initFirebase(projectId: string): FirebaseDeps {
  const app: App = getApps().find((existing) => existing.name === projectId) ?? initializeApp({ projectId }, projectId);
  const db = getFirestore(app);
  return { auth: getAuth(app), db };
}
