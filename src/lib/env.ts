import * as z from 'zod/mini';

/**
 * Browser configuration from VITE_* variables, parsed once at load, like the server's config.ts.
 * Only public values belong here: never secrets. An empty variable counts as unset.
 * (zod/mini: this module loads with Firebase for returning visitors, so it stays small.)
 */
const text = (fallback: string) => z._default(z.string(), fallback);
const hostAndPort = (fallback: string) =>
  z._default(z.string().check(z.regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:8080')), fallback);

const schema = z.object({
  VITE_FIREBASE_PROJECT_ID: text('demo-site'),
  VITE_FIREBASE_API_KEY: z.optional(z.string()),
  VITE_FIREBASE_AUTH_DOMAIN: z.optional(z.string()),
  VITE_FIREBASE_APP_ID: z.optional(z.string()),
  VITE_FIRESTORE_EMULATOR_HOST: hostAndPort('127.0.0.1:8080'),
  VITE_AUTH_EMULATOR_HOST: hostAndPort('127.0.0.1:9099'),
  VITE_API_URL: text(''),
  VITE_ADMIN_URL: text('/admin'),
});

/** Reads the VITE_* variables; throws naming every bad one. */
export function parseEnv(source: Record<string, unknown>) {
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid site configuration: ${problems}`);
  }
  const vars = parsed.data;
  const projectId = vars.VITE_FIREBASE_PROJECT_ID;
  // A `demo-` project never reaches Google: it always runs on the local emulators.
  const useEmulators = projectId.startsWith('demo-');
  if (!useEmulators && vars.VITE_FIREBASE_API_KEY === undefined) {
    throw new Error('VITE_FIREBASE_API_KEY is missing: set the VITE_FIREBASE_* variables of your Firebase project.');
  }
  return {
    firebase: {
      apiKey: vars.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: vars.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
      appId: vars.VITE_FIREBASE_APP_ID,
    },
    useEmulators,
    firestoreEmulatorHost: vars.VITE_FIRESTORE_EMULATOR_HOST,
    authEmulatorHost: vars.VITE_AUTH_EMULATOR_HOST,
    /** Base URL of the API; empty means the site's own origin (proxied in development). */
    apiUrl: vars.VITE_API_URL.replace(/\/$/, ''),
    adminUrl: vars.VITE_ADMIN_URL,
  } as const;
}

export const env = parseEnv(import.meta.env);
