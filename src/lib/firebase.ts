import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { env } from './env';

/** The Firebase app and Auth, initialised once. Loaded after first paint, never on the critical path. */
export const app = initializeApp(env.firebase);
export const auth = getAuth(app);

if (env.useEmulators) {
  connectAuthEmulator(auth, `http://${env.authEmulatorHost}`, { disableWarnings: true });
}

// End-to-end builds (VITE_E2E_HOOKS=true) let tests drive the page's own SDK instances.
// Production builds drop this block entirely, SDK modules included.
if (import.meta.env.VITE_E2E_HOOKS === 'true') {
  Object.assign(window, {
    __fb: {
      app,
      auth,
      authSdk: () => import('firebase/auth'),
      firestoreSdk: () => import('firebase/firestore'),
      db: () => import('./firestore').then((module) => module.db),
    },
  });
}
