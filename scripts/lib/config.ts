/** Ports and ids of the local stack, from the environment with fixed defaults. */
export interface StackConfig {
  projectId: string;
  sitePort: number;
  apiPort: number;
  authPort: number;
  firestorePort: number;
  /** firebase-tools' hub and logging ports: derived so two stacks never collide. */
  hubPort: number;
  loggingPort: number;
  /** The mail catcher (maildev): SMTP, and its web UI + REST API. */
  mailSmtpPort: number;
  mailWebPort: number;
  host: string;
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${name} must be a port number (1-65535), got '${raw}'.`);
  }
  return value;
}

/**
 * The stack of `npm start` uses the documented defaults. Tests add TEST_PORT_OFFSET (default 100)
 * so they can run while a developer's stack is up.
 */
export function stackConfig(env: NodeJS.ProcessEnv = process.env, offset = 0): StackConfig {
  const authPort = port(env, 'AUTH_EMULATOR_PORT', 9099 + offset);
  return {
    projectId: env.FIREBASE_PROJECT_ID || 'demo-site',
    sitePort: port(env, 'SITE_PORT', 5173 + offset),
    apiPort: port(env, 'API_PORT', 3001 + offset),
    authPort,
    firestorePort: port(env, 'FIRESTORE_EMULATOR_PORT', 8080 + offset),
    hubPort: authPort + 2,
    loggingPort: authPort + 3,
    mailSmtpPort: port(env, 'MAIL_SMTP_PORT', 1025 + offset),
    mailWebPort: port(env, 'MAIL_WEB_PORT', 1080 + offset),
    host: '127.0.0.1',
  };
}

export function testStackConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  const offset = env.TEST_PORT_OFFSET ? Number(env.TEST_PORT_OFFSET) : 100;
  // Its own project id too: firebase-tools allows one running hub per project id.
  return stackConfig(
    {
      ...env,
      SITE_PORT: '',
      API_PORT: '',
      AUTH_EMULATOR_PORT: '',
      FIRESTORE_EMULATOR_PORT: '',
      MAIL_SMTP_PORT: '',
      MAIL_WEB_PORT: '',
      FIREBASE_PROJECT_ID: `demo-test-${offset}`,
    },
    offset,
  );
}

/**
 * What the API tests use when `npm test` runs them beside e2e on one stack: a Firestore and Auth
 * project of their own (both emulators keep projects apart, so emptying one never touches the
 * other's data) and a mail catcher of their own (they empty it and read all of it), next to the
 * stack's on its ports + 4 + shard. Each shard of the suite has its own project and catcher.
 */
export function apiSuiteConfig(config: StackConfig, shard = 1): StackConfig {
  return {
    ...config,
    projectId: shard === 1 ? `${config.projectId}-api` : `${config.projectId}-api${shard}`,
    mailSmtpPort: config.mailSmtpPort + 4 + shard,
    mailWebPort: config.mailWebPort + 4 + shard,
  };
}

/** The environment a process needs to talk to this stack's emulators and API. */
export function stackEnv(config: StackConfig): Record<string, string> {
  return {
    FIREBASE_PROJECT_ID: config.projectId,
    GCLOUD_PROJECT: config.projectId,
    FIRESTORE_EMULATOR_HOST: `${config.host}:${config.firestorePort}`,
    FIREBASE_AUTH_EMULATOR_HOST: `${config.host}:${config.authPort}`,
    METADATA_SERVER_DETECTION: 'none',
    // Test stacks never read a developer's .env (real keys must not reach a test run).
    ...(config.projectId.startsWith('demo-test-') ? { LOAD_DOTENV: 'false' } : {}),
    API_PORT: String(config.apiPort),
    SITE_PORT: String(config.sitePort),
    SITE_ORIGIN: `http://localhost:${config.sitePort},http://${config.host}:${config.sitePort}`,
    VITE_FIREBASE_PROJECT_ID: config.projectId,
    VITE_FIRESTORE_EMULATOR_HOST: `${config.host}:${config.firestorePort}`,
    VITE_AUTH_EMULATOR_HOST: `${config.host}:${config.authPort}`,
    // A local stack always mails the catcher, never a real provider (its data is demo data).
    SMTP_URL: `smtp://${config.host}:${config.mailSmtpPort}`,
    MAIL_CATCHER_URL: `http://${config.host}:${config.mailWebPort}`,
  };
}
