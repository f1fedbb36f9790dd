import { FieldValue } from 'firebase-admin/firestore';
import { customerSearchTokens } from '../../src/domain/search';
import type { Page } from 'playwright-core';
import { loadFirebaseHooks } from './browser';
import { uniqueEmail, type FirebaseHooks } from './e2e';
import { admin, appCheckHeaders, stack } from './emulators';
import { SAMPLE_PROFILE } from './sample-profile';

/** The password of every login these helpers make. */
export const PASSWORD = 'password-123';

/**
 * A login made with the Admin SDK: a customer with a profile (in Pune, Maharashtra), or staff
 * with the claim `npm run staff -- grant` sets.
 */
export async function createLogin(
  prefix: string,
  { isStaff = false, name = 'Kiran Rao', profile = {} as Record<string, unknown> } = {},
) {
  const email = uniqueEmail(prefix);
  const { auth, db } = admin();
  const user = await auth.createUser({ email, password: PASSWORD, displayName: name });
  if (isStaff) await auth.setCustomUserClaims(user.uid, { staff: true });
  else {
    await db.doc(`users/${user.uid}`).set({
      uid: user.uid,
      name,
      email,
      ...SAMPLE_PROFILE,
      createdAt: FieldValue.serverTimestamp(),
      ...profile,
      searchTokens: customerSearchTokens({ name, email, ...profile }),
    });
  }
  return { uid: user.uid, email, name };
}

/**
 * Signs in through the page's own Auth (the login form is covered by the accounts tests), then opens
 * `path` as the app's own links do (React Router follows the history): a second full load of the app
 * cost the browser tests about a CPU-second each time. A deep link loaded whole while signed in is
 * still tested: staff open an enquiry's page by its address (quotes), a customer their project's.
 */
export async function signInAndOpen(page: Page, email: string, path: string) {
  // A policy page: the lightest of the site's pages to load (0.75 CPU-s against the landing page's 1.2).
  await page.goto('/privacy');
  await loadFirebaseHooks(page);
  await page.evaluate(
    async ({ address, password }) => {
      const hooks = (window as unknown as { __fb: FirebaseHooks }).__fb;
      const authSdk = await hooks.authSdk();
      await authSdk.signInWithEmailAndPassword(hooks.auth, address, password);
    },
    { address: email, password: PASSWORD },
  );
  const policyHeading = page.getByRole('heading', { level: 1, name: 'Privacy Policy' });
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // The policy stays on screen until the new page's code has loaded: its sections must not answer
  // for the new page's.
  await policyHeading.waitFor({ state: 'detached', timeout: 20_000 });
}

/** Waits for a console (or any) page's h1. */
export async function pageHeading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 20_000 });
}

/**
 * A call to the stack's API as the site makes it (with an App Check token), signed in with
 * `idToken` (or not); throws unless it answers `expected`.
 */
export async function callApi(
  idToken: string | null,
  path: string,
  body: object,
  expected: number[] = [200, 201],
): Promise<Record<string, unknown>> {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(await appCheckHeaders()),
      ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!expected.includes(response.status)) {
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer;
}
