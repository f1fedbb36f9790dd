/** Browser configuration from VITE_* variables. Only public values belong here: never secrets. */
const projectId = import.meta.env.VITE_FIREBASE_PROJECT_ID || 'demo-site';

export const env = {
  firebase: {
    apiKey: import.meta.env.VITE_FIREBASE_API_KEY || 'demo-api-key',
    authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    projectId,
    appId: import.meta.env.VITE_FIREBASE_APP_ID || undefined,
  },
  /** A `demo-` project never reaches Google: it always runs on the local emulators. */
  useEmulators: projectId.startsWith('demo-'),
  firestoreEmulatorHost: import.meta.env.VITE_FIRESTORE_EMULATOR_HOST || '127.0.0.1:8080',
  authEmulatorHost: import.meta.env.VITE_AUTH_EMULATOR_HOST || '127.0.0.1:9099',
  /** Base URL of the API; empty means the site's own origin (proxied in development). */
  apiUrl: (import.meta.env.VITE_API_URL || '').replace(/\/$/, ''),
  adminUrl: import.meta.env.VITE_ADMIN_URL || '/admin/index.html',
} as const;

if (!env.useEmulators && import.meta.env.VITE_FIREBASE_API_KEY === undefined) {
  throw new Error('VITE_FIREBASE_API_KEY is missing: set the VITE_FIREBASE_* variables of your Firebase project.');
}
