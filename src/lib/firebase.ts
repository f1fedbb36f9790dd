import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
} from 'firebase/auth';
import { env } from './env';
import { app } from './firebase-app';
import { publishAuthUser } from './session-store';

/**
 * The Firebase app (with App Check, lib/firebase-app.ts) and Auth, initialised once, on demand:
 * never on the landing page's critical path. No popup resolver here (getAuth() would preload Google's popup script for every visitor);
 * the Google sign-in and link calls pass `browserPopupRedirectResolver` themselves.
 */
export { app };
export const auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
});

if (env.useEmulators) {
  connectAuthEmulator(auth, `http://${env.authEmulatorHost}`, { disableWarnings: true });
}

// Whoever loads Auth first (the session provider, the auth modal, an API call), the session
// context hears every sign-in, sign-out and token change.
onIdTokenChanged(auth, publishAuthUser);

// End-to-end builds (VITE_E2E_HOOKS=true) let tests drive the page's own SDK instances.
// Production builds drop this block entirely, SDK modules included.
if (import.meta.env.VITE_E2E_HOOKS === 'true') {
  Object.assign(window, {
    __fb: {
      app,
      auth,
      authSdk: () => import('firebase/auth'),
      firestoreSdk: () => import('firebase/firestore'),
      // Set by the session provider (lib/session.tsx), which may load Firestore; this module may not.
      db: () => (window as unknown as { __loadFirestore: () => Promise<unknown> }).__loadFirestore(),
      appCheckToken: () => import('./firebase-app').then((module) => module.appCheckToken()),
    },
  });
}
