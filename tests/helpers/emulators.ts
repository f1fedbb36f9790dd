import { initializeApp, getApps, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';

/** The emulator stack the test command started (see scripts/with-stack.ts and scripts/test.ts). */
export const stack = {
  projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-site',
  firestoreHost: required('FIRESTORE_EMULATOR_HOST'),
  authHost: required('FIREBASE_AUTH_EMULATOR_HOST'),
  siteUrl: process.env.SITE_URL ?? '',
  apiUrl: process.env.API_URL ?? '',
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run these tests through 'npm test' or 'npm run test:<part>'.`);
  return value;
}

let adminApp: App | undefined;

/** Firebase Admin on the emulators: bypasses the rules, for arranging and checking data. */
export function admin() {
  adminApp ??= getApps().find((app) => app.name === 'tests') ?? initializeApp({ projectId: stack.projectId }, 'tests');
  return { auth: getAuth(adminApp), db: getFirestore(adminApp) };
}

export async function clearFirestore(): Promise<void> {
  const response = await fetch(
    `http://${stack.firestoreHost}/emulator/v1/projects/${stack.projectId}/databases/(default)/documents`,
    { method: 'DELETE' },
  );
  if (!response.ok) throw new Error(`Clearing Firestore failed: ${response.status}`);
}

export async function clearAuth(): Promise<void> {
  const response = await fetch(`http://${stack.authHost}/emulator/v1/projects/${stack.projectId}/accounts`, {
    method: 'DELETE',
  });
  if (!response.ok) throw new Error(`Clearing Auth failed: ${response.status}`);
}

/**
 * A browser's call to the Auth emulator (sign up, sign in), in this suite's own project: by API
 * key alone the emulator would use the project it started with (e2e's, in npm test); naming the
 * project takes its admin token ('owner').
 */
function authCall(method: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`http://${stack.authHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ ...body, targetProjectId: stack.projectId }),
  });
}

/** Creates a user in the Auth emulator and returns a real ID token for it. */
export async function createUserWithToken(
  email: string,
  password = 'password-123',
): Promise<{ uid: string; idToken: string }> {
  // Created as an admin would (the emulator gives no token then), then signed in as the browser would.
  const response = await authCall('signUp', { email, password });
  const body = (await response.json()) as { localId?: string; error?: { message: string } };
  if (!response.ok || !body.localId) throw new Error(`signUp failed: ${body.error?.message}`);
  return { uid: body.localId, idToken: await signInWithPassword(email, password) };
}

/** Reads the OOB codes (password reset and the like) the Auth emulator has "sent". */
export async function oobCodes(): Promise<Array<{ email: string; requestType: string; oobCode: string }>> {
  const response = await fetch(`http://${stack.authHost}/emulator/v1/projects/${stack.projectId}/oobCodes`);
  const body = (await response.json()) as { oobCodes: Array<{ email: string; requestType: string; oobCode: string }> };
  return body.oobCodes;
}

/** Signs in with email and password through the Auth emulator; the token carries current claims. */
export async function signInWithPassword(email: string, password = 'password-123'): Promise<string> {
  const response = await authCall('signInWithPassword', { email, password, returnSecureToken: true });
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!response.ok || !body.idToken) throw new Error(`signIn failed: ${body.error?.message}`);
  return body.idToken;
}

/** A user with the custom claim `staff: true` (as `npm run staff -- grant` sets it) and a token that carries it. */
export async function createStaffWithToken(email: string): Promise<{ uid: string; idToken: string }> {
  const { uid } = await createUserWithToken(email);
  await admin().auth.setCustomUserClaims(uid, { staff: true });
  return { uid, idToken: await signInWithPassword(email) };
}

/**
 * Resolves once the clock has left the second `idToken` was signed in (its auth_time). Auth compares
 * that time with a revocation's in whole seconds, so revoking within the same second would not
 * count; this waits exactly until it would (half a second on average), not a fixed 1.1 s.
 */
export async function pastSignInSecond(idToken: string): Promise<void> {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { auth_time: number };
  const wait = (payload.auth_time + 1) * 1000 + 5 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

let localAppCheckToken: Promise<string> | undefined;

/**
 * The App Check header a browser on the stack sends (the stack's API enforces App Check): a token
 * from its local endpoint, fetched once per test file (it lives an hour).
 */
export async function appCheckHeaders(): Promise<Record<string, string>> {
  localAppCheckToken ??= fetch(`${stack.apiUrl}/api/app-check/local-token`, { method: 'POST' }).then(
    async (response) => {
      if (!response.ok) throw new Error(`The local App Check endpoint answered ${response.status}.`);
      return ((await response.json()) as { token: string }).token;
    },
  );
  return { 'X-Firebase-AppCheck': await localAppCheckToken };
}
