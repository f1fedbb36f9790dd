/**
 * Browser configuration from VITE_* variables, parsed once at load, like the server's config.ts.
 * Only public values belong here: never secrets. An empty variable counts as unset.
 * Checked by hand rather than with zod: this module loads with Firebase for returning visitors and
 * with the API client on the landing page, where zod's core alone would cost 13.5 KB brotli.
 */
type Check = (value: string) => string | null;

const HOST_AND_PORT = /^[\w.-]+:\d{1,5}$/;
const hostAndPort: Check = (value) => (HOST_AND_PORT.test(value) ? null : 'must be host:port, e.g. 127.0.0.1:8080');

/** Each variable with its default (undefined: optional) and its check. */
const VARIABLES = {
  VITE_FIREBASE_PROJECT_ID: { fallback: 'demo-site' },
  VITE_FIREBASE_API_KEY: {},
  VITE_FIREBASE_AUTH_DOMAIN: {},
  VITE_FIREBASE_APP_ID: {},
  VITE_FIRESTORE_EMULATOR_HOST: { fallback: '127.0.0.1:8080', check: hostAndPort },
  VITE_AUTH_EMULATOR_HOST: { fallback: '127.0.0.1:9099', check: hostAndPort },
  VITE_API_URL: { fallback: '' },
  VITE_ADMIN_URL: { fallback: '/admin' },
  VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: {},
} satisfies Record<string, { fallback?: string; check?: Check }>;

type Name = keyof typeof VARIABLES;
type Vars = { [K in Name]: (typeof VARIABLES)[K] extends { fallback: string } ? string : string | undefined };

/** Reads the VITE_* variables; throws naming every bad one. */
export function parseEnv(source: Record<string, unknown>) {
  const problems: string[] = [];
  const vars: Record<string, string | undefined> = {};
  for (const [name, rule] of Object.entries(VARIABLES) as Array<[Name, { fallback?: string; check?: Check }]>) {
    const raw = source[name];
    if (raw === undefined || raw === '') {
      vars[name] = rule.fallback;
      continue;
    }
    if (typeof raw !== 'string') {
      problems.push(`${name}: expected a string`);
      continue;
    }
    const problem = rule.check?.(raw);
    if (problem) problems.push(`${name}: ${problem}`);
    vars[name] = raw;
  }
  if (problems.length > 0) throw new Error(`Invalid site configuration: ${problems.join('; ')}`);
  const {
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIREBASE_API_KEY: apiKey,
    VITE_FIREBASE_AUTH_DOMAIN: authDomain,
    VITE_FIREBASE_APP_ID: appId,
    VITE_FIRESTORE_EMULATOR_HOST: firestoreEmulatorHost,
    VITE_AUTH_EMULATOR_HOST: authEmulatorHost,
    VITE_API_URL: apiUrl,
    VITE_ADMIN_URL: adminUrl,
    VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: recaptchaSiteKey,
  } = vars as Vars;
  // A `demo-` project never reaches Google: it always runs on the local emulators.
  const useEmulators = projectId.startsWith('demo-');
  if (!useEmulators && apiKey === undefined) {
    throw new Error('VITE_FIREBASE_API_KEY is missing: set the VITE_FIREBASE_* variables of your Firebase project.');
  }
  return {
    firebase: {
      apiKey: apiKey ?? 'demo-api-key',
      authDomain: authDomain ?? `${projectId}.firebaseapp.com`,
      projectId,
      appId,
    },
    useEmulators,
    firestoreEmulatorHost,
    authEmulatorHost,
    /** Base URL of the API; empty means the site's own origin (proxied in development). */
    apiUrl: apiUrl.replace(/\/$/, ''),
    adminUrl,
    /** App Check's reCAPTCHA Enterprise key (a real project; the emulators use the API's local tokens). */
    recaptchaSiteKey,
  } as const;
}

export const env = parseEnv(import.meta.env);
