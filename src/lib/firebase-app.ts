import { initializeApp } from 'firebase/app';
import {
  CustomProvider,
  getToken,
  initializeAppCheck,
  ReCaptchaEnterpriseProvider,
  type AppCheck,
} from 'firebase/app-check';
import { env } from './env';

/**
 * The Firebase app, with App Check started on it before anything else uses it (Auth, Firestore and
 * our API then all carry its token). Loaded with Firebase, never on the landing page's first load:
 * lib/firebase.ts (Auth) imports it, and the API client imports it on its first call.
 */
export const app = initializeApp(env.firebase);

/**
 * The emulators cannot reach Google's App Check (and its debug provider needs the network), so a
 * demo project gets its tokens from the local API (POST /api/app-check/local-token, which exists
 * only on a demo project and whose tokens only a demo project's API accepts).
 */
const localProvider = () =>
  new CustomProvider({
    async getToken() {
      const response = await fetch(`${env.apiUrl}/api/app-check/local-token`, { method: 'POST' });
      if (!response.ok) throw new Error(`The local App Check endpoint answered ${response.status}.`);
      return (await response.json()) as { token: string; expireTimeMillis: number };
    },
  });

function startAppCheck(): AppCheck | null {
  if (env.useEmulators) return initializeAppCheck(app, { provider: localProvider(), isTokenAutoRefreshEnabled: true });
  if (env.recaptchaSiteKey) {
    return initializeAppCheck(app, {
      provider: new ReCaptchaEnterpriseProvider(env.recaptchaSiteKey),
      isTokenAutoRefreshEnabled: true,
    });
  }
  console.warn(
    'App Check is off: VITE_RECAPTCHA_ENTERPRISE_SITE_KEY is not set, so an enforcing API refuses this site.',
  );
  return null;
}

export const appCheck = startAppCheck();

/** The current App Check token (cached and refreshed by the SDK), or null when there is none to send. */
export async function appCheckToken(): Promise<string | null> {
  if (!appCheck) return null;
  try {
    return (await getToken(appCheck)).token;
  } catch (error) {
    // The API decides: refused under APP_CHECK=enforce, logged under monitor.
    console.warn('App Check: no token for this request.', error);
    return null;
  }
}
