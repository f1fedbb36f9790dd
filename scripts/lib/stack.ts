import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync, type WriteStream } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { stackEnv, type StackConfig } from './config';
import { exportFirestore, findExport, importFirestore } from './emulator-data';

const ROOT = path.resolve(import.meta.dirname, '../..');
const GCLOUD_FIRESTORE_JAR =
  process.env.FIRESTORE_EMULATOR_JAR ??
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const FIREBASE_BIN = path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
/** Has the Auth emulator compile its request validators on first use (the file says why). */
const LAZY_AUTH_SCHEMAS = path.join(ROOT, 'scripts/lib/lazy-auth-schemas.mjs');
const VITE_BIN = path.join(ROOT, 'node_modules/vite/bin/vite.js');
const TSX_BIN = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const MAILDEV_BIN = path.join(ROOT, 'node_modules/maildev/dist/bin/maildev.js');

export type SiteMode = 'dev' | 'preview' | 'none';

export interface StackOptions {
  config: StackConfig;
  emulators: boolean;
  api: boolean;
  site: SiteMode;
  seed: boolean;
  /** Where child output goes: 'inherit' prefixes it on our stdout, a folder writes one log per process. */
  output: 'inherit' | { logDir: string };
  /** Extra environment for the API and the site build. */
  env?: Record<string, string>;
  /**
   * A folder that keeps the emulators' data between runs (`npm start -- --keep-data`): loaded when
   * they start, saved when the stack stops. Unset: every run starts empty.
   */
  keepData?: string;
  /** More mail catchers beside the stack's own, for a test suite that must not share one (npm test). */
  moreMailCatchers?: Array<{ smtpPort: number; webPort: number }>;
  log?: (line: string) => void;
}

interface Managed {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  tail: string[];
}

export class StackError extends Error {}

/** Whether a folder holds emulator data an earlier `keepData` run saved. */
export function hasKeptData(dir: string): boolean {
  return (
    existsSync(path.join(dir, 'firebase-tools', 'firebase-export-metadata.json')) ||
    findExport(path.join(dir, 'firestore')) !== null
  );
}

/** Java's major version, or null when there is no java on the PATH. */
function javaMajorVersion(): number | null {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

/** Chooses how to run Firestore: firebase-tools' own emulator needs Java 21+. */
export function firestoreStrategy(): 'firebase-tools' | 'gcloud-jar' {
  const java = javaMajorVersion();
  if (java !== null && java >= 21) return 'firebase-tools';
  if (java !== null && java >= 11 && existsSync(GCLOUD_FIRESTORE_JAR)) return 'gcloud-jar';
  const found = java === null ? 'no Java was found' : `Java ${java} was found`;
  throw new StackError(
    `Cannot run the Firestore emulator: ${found}. Install Java 21 or newer (e.g. 'apt-get install openjdk-21-jre-headless'), ` +
      `or Java 11+ together with the Google Cloud CLI Firestore emulator ('apt-get install google-cloud-cli-firestore-emulator', ` +
      `expected at ${GCLOUD_FIRESTORE_JAR}; set FIRESTORE_EMULATOR_JAR to use another path).`,
  );
}

/** java's arguments that run the gcloud Firestore emulator jar (the 'gcloud-jar' strategy) with our rules. */
function gcloudFirestoreArgs(host: string, port: number, projectId: string): string[] {
  return [
    '-Duser.language=en',
    // The emulator lives for minutes on 2 cores: the quick JIT alone and one GC thread cost it less
    // than half the CPU (6 s against 15 s over 64 API tests), CPU the tests and browsers need.
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    // No bytecode verification of the emulator's own classes (a packaged jar, not code from outside):
    // up in 1.08 CPU-s against 1.30, and 4.7 against 5.3 after 150 writes (medians of 5).
    '-XX:+UnlockDiagnosticVMOptions',
    '-XX:-BytecodeVerificationRemote',
    '-cp',
    GCLOUD_FIRESTORE_JAR,
    'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
    '--host',
    host,
    '--port',
    String(port),
    '--rules',
    path.join(ROOT, 'firestore.rules'),
    '--project_id',
    projectId,
    '--single_project_mode',
    'true',
  ];
}

/**
 * How to run one more Firestore emulator on its own (a test stops and restarts it to play an
 * outage). Its project id must not be a running stack's: firebase-tools allows one hub per project.
 */
export function standaloneFirestoreCommand(
  host: string,
  port: number,
  projectId: string,
): { command: string; args: string[] } {
  if (firestoreStrategy() === 'gcloud-jar')
    return { command: 'java', args: gcloudFirestoreArgs(host, port, projectId) };
  const dir = path.join(ROOT, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `firebase.firestore-${port}.json`);
  const emulators = {
    firestore: { host, port, websocketPort: port + 1070 },
    hub: { host, port: port + 2 },
    logging: { host, port: port + 3 },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  writeFileSync(file, JSON.stringify({ firestore: { rules: path.join(ROOT, 'firestore.rules') }, emulators }, null, 2));
  return {
    command: process.execPath,
    args: [FIREBASE_BIN, 'emulators:start', '--only', 'firestore', '--project', projectId, '--config', file],
  };
}

async function isPortTaken(port: number): Promise<boolean> {
  const connects = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (connects) return true;
  return new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

export async function assertPortsFree(ports: Array<[number, string, string]>): Promise<void> {
  for (const [port, what, variable] of ports) {
    if (await isPortTaken(port)) {
      throw new StackError(
        `Port ${port} (${what}) is already in use. Stop whatever is using it (e.g. 'lsof -i :${port}') or set ${variable} to another port.`,
      );
    }
  }
}

/** Polls a URL until it answers (any HTTP status below 500) or the time runs out. */
export async function waitForHttp(url: string, timeoutMs: number, managed?: Managed): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void managed?.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new StackError(
        `${managed?.name} exited (code ${exitCode}) before it was ready.\n${managed?.tail.join('\n') ?? ''}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new StackError(
    `${managed?.name ?? url} was not ready at ${url} within ${Math.round(timeoutMs / 1000)} s.\n${managed?.tail.join('\n') ?? ''}`,
  );
}

export class Stack {
  private readonly processes: Managed[] = [];
  private readonly logs: WriteStream[] = [];
  private stopping: Promise<void> | null = null;
  /** The gcloud jar's Firestore, whose data keepData saves itself (firebase-tools saves the rest). */
  private keptFirestore: Managed | undefined;
  private emulatorsReady!: { resolve: () => void; reject: (error: unknown) => void };
  /**
   * Resolves once up() has the emulators and the mail catcher answering, before it starts the API
   * and the site (suites that need only those can begin); rejects if up() fails before that.
   */
  readonly emulatorsUp = new Promise<void>((resolve, reject) => {
    this.emulatorsReady = { resolve, reject };
  });

  constructor(private readonly options: StackOptions) {
    // Nobody need be waiting for it: up() reports its own failure.
    this.emulatorsUp.catch(() => undefined);
  }

  get env(): Record<string, string> {
    return { ...stackEnv(this.options.config), ...this.options.env };
  }

  private log(line: string): void {
    (this.options.log ?? ((text: string) => console.log(text)))(line);
  }

  private start(name: string, command: string, args: string[], env: Record<string, string> = {}): Managed {
    const child = spawn(command, args, {
      cwd: ROOT,
      // Own process group, so stopping it also stops whatever it spawned (npx, java under a wrapper).
      detached: true,
      env: { ...process.env, CI: 'true', ...this.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tail: string[] = [];
    let sink: (chunk: string) => void;
    if (this.options.output === 'inherit') {
      sink = (chunk) => {
        for (const line of chunk.split('\n')) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
      };
    } else {
      mkdirSync(this.options.output.logDir, { recursive: true });
      const stream = createWriteStream(path.join(this.options.output.logDir, `${name}.log`));
      this.logs.push(stream);
      sink = (chunk) => stream.write(chunk);
    }
    const collect = (data: Buffer) => {
      const chunk = data.toString();
      sink(chunk);
      tail.push(...chunk.split('\n').filter((line) => line.trim()));
      tail.splice(0, Math.max(0, tail.length - 30));
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const exited = new Promise<number | null>((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.once('error', (error) => {
        tail.push(String(error));
        resolve(-1);
      });
    });
    const managed = { name, child, exited, tail };
    this.processes.push(managed);
    return managed;
  }

  async up(): Promise<void> {
    try {
      await this.startAll();
    } catch (error) {
      this.emulatorsReady.reject(error);
      throw error;
    }
  }

  private async startAll(): Promise<void> {
    const { config } = this.options;
    const base = `http://${config.host}`;
    const wanted: Array<[number, string, string]> = [];
    if (this.options.emulators) {
      wanted.push([config.firestorePort, 'Firestore emulator', 'FIRESTORE_EMULATOR_PORT']);
      wanted.push([config.authPort, 'Auth emulator', 'AUTH_EMULATOR_PORT']);
      wanted.push([config.hubPort, 'emulator hub', 'AUTH_EMULATOR_PORT']);
      wanted.push([config.loggingPort, 'emulator logging', 'AUTH_EMULATOR_PORT']);
      wanted.push([config.mailSmtpPort, 'mail catcher SMTP', 'MAIL_SMTP_PORT']);
      wanted.push([config.mailWebPort, 'mail catcher web', 'MAIL_WEB_PORT']);
      for (const more of this.options.moreMailCatchers ?? []) {
        wanted.push([more.smtpPort, 'mail catcher SMTP', 'TEST_PORT_OFFSET']);
        wanted.push([more.webPort, 'mail catcher web', 'TEST_PORT_OFFSET']);
      }
    }
    if (this.options.api) wanted.push([config.apiPort, 'API', 'API_PORT']);
    if (this.options.site !== 'none') wanted.push([config.sitePort, 'site', 'SITE_PORT']);
    await assertPortsFree(wanted);

    if (this.options.emulators) {
      const catchers = [
        { smtpPort: config.mailSmtpPort, webPort: config.mailWebPort },
        ...(this.options.moreMailCatchers ?? []),
      ];
      await Promise.all([this.startEmulators(), ...catchers.map((ports) => this.startMailCatcher(ports))]);
    }
    this.emulatorsReady.resolve();
    if (this.options.seed) await this.runSeeder();
    if (this.options.api) {
      const api = this.start('api', process.execPath, [TSX_BIN, 'server/index.ts']);
      await waitForHttp(`${base}:${config.apiPort}/api/health`, 30_000, api);
      this.log(`API ready on http://localhost:${config.apiPort}`);
    }
    if (this.options.site !== 'none') await this.startSite();
  }

  private async startEmulators(): Promise<void> {
    const { config } = this.options;
    const strategy = firestoreStrategy();
    const firebaseConfig = this.writeFirebaseConfig(strategy === 'firebase-tools');
    let firestore: Managed | undefined;
    if (strategy === 'gcloud-jar') {
      firestore = this.start(
        'firestore',
        'java',
        gcloudFirestoreArgs(config.host, config.firestorePort, config.projectId),
      );
    }
    const only = strategy === 'firebase-tools' ? 'auth,firestore' : 'auth';
    const auth = this.start('emulators', process.execPath, [
      '--import',
      LAZY_AUTH_SCHEMAS,
      FIREBASE_BIN,
      'emulators:start',
      '--only',
      only,
      '--project',
      config.projectId,
      '--config',
      firebaseConfig,
      ...this.keepDataArgs(),
    ]);
    await Promise.all([
      waitForHttp(`http://${config.host}:${config.firestorePort}/`, 60_000, firestore ?? auth),
      waitForHttp(`http://${config.host}:${config.authPort}/`, 90_000, auth),
    ]);
    this.log(
      `Emulators ready: Firestore ${config.host}:${config.firestorePort} (${strategy}), Auth ${config.host}:${config.authPort}`,
    );
    if (this.options.keepData && firestore) await this.loadKeptFirestore(firestore);
  }

  /** firebase-tools loads and saves the data of the emulators it runs itself. */
  private keepDataArgs(): string[] {
    if (!this.options.keepData) return [];
    const dir = path.resolve(this.options.keepData, 'firebase-tools');
    const saved = existsSync(path.join(dir, 'firebase-export-metadata.json'));
    return [...(saved ? ['--import', dir] : []), '--export-on-exit', dir];
  }

  private firestoreTarget() {
    const { config } = this.options;
    return { host: `${config.host}:${config.firestorePort}`, projectId: config.projectId };
  }

  private async loadKeptFirestore(firestore: Managed): Promise<void> {
    this.keptFirestore = firestore;
    const dir = path.resolve(this.options.keepData!, 'firestore');
    if (!findExport(dir)) return;
    await importFirestore(this.firestoreTarget(), dir, { wipe: false });
    this.log(`Firestore data loaded from ${path.relative(ROOT, dir)}`);
  }

  private async saveKeptFirestore(): Promise<void> {
    const firestore = this.keptFirestore;
    if (!firestore || firestore.child.exitCode !== null || firestore.child.signalCode !== null) return;
    const dir = path.resolve(this.options.keepData!, 'firestore');
    try {
      await exportFirestore(this.firestoreTarget(), dir);
      this.log(`Firestore data saved to ${path.relative(ROOT, dir)} (npm start -- --keep-data loads it)`);
    } catch (error) {
      this.log(`Could not save the Firestore data: ${(error as Error).message}`);
    }
  }

  /**
   * maildev catches every mail the local API sends (the local stand-in for a mail provider). Its
   * mails live in this stack's own folder, emptied at each start: like the emulators' data they
   * do not outlive the stack, and two stacks never share them.
   */
  private async startMailCatcher({ smtpPort, webPort }: { smtpPort: number; webPort: number }): Promise<void> {
    const { config } = this.options;
    const mailDir = path.join(ROOT, '.tmp', `maildev-${smtpPort}`);
    rmSync(mailDir, { recursive: true, force: true });
    mkdirSync(mailDir, { recursive: true });
    const name = smtpPort === config.mailSmtpPort ? 'maildev' : `maildev-${smtpPort}`;
    const maildev = this.start(name, process.execPath, [
      MAILDEV_BIN,
      '--smtp',
      String(smtpPort),
      '--ip',
      config.host,
      '--web',
      String(webPort),
      '--web-ip',
      config.host,
      '--mail-directory',
      mailDir,
    ]);
    await waitForHttp(`http://${config.host}:${webPort}/api/healthz`, 30_000, maildev);
    this.log(`Mail catcher ready: SMTP ${config.host}:${smtpPort}, web http://localhost:${webPort}`);
  }

  /** firebase-tools reads ports from its config file, so each stack gets its own copy. */
  private writeFirebaseConfig(withFirestore: boolean): string {
    const { config } = this.options;
    const dir = path.join(ROOT, '.tmp');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `firebase.${config.authPort}.json`);
    const emulators: Record<string, unknown> = {
      auth: { host: config.host, port: config.authPort },
      hub: { host: config.host, port: config.hubPort },
      logging: { host: config.host, port: config.loggingPort },
      ui: { enabled: false },
      singleProjectMode: true,
    };
    if (withFirestore)
      emulators.firestore = {
        host: config.host,
        port: config.firestorePort,
        websocketPort: config.firestorePort + 1070,
      };
    const body = {
      firestore: { rules: path.join(ROOT, 'firestore.rules'), indexes: path.join(ROOT, 'firestore.indexes.json') },
      emulators,
    };
    writeFileSync(file, JSON.stringify(body, null, 2));
    return file;
  }

  private async runSeeder(): Promise<void> {
    const seeder = this.start('seed', process.execPath, [TSX_BIN, 'scripts/seed.ts']);
    const code = await seeder.exited;
    if (code !== 0) throw new StackError(`The seeder failed (code ${code}).\n${seeder.tail.join('\n')}`);
    if (this.options.output !== 'inherit') for (const line of seeder.tail) this.log(line);
  }

  private async startSite(): Promise<void> {
    const { config } = this.options;
    const common = ['--port', String(config.sitePort), '--strictPort', '--host', config.host];
    let site: Managed;
    if (this.options.site === 'dev') {
      site = this.start('site', process.execPath, [VITE_BIN, ...common]);
    } else {
      const outDir = path.join(ROOT, '.tmp', `dist-${config.sitePort}`);
      const build = this.start('build', process.execPath, [VITE_BIN, 'build', '--outDir', outDir, '--emptyOutDir']);
      const code = await build.exited;
      if (code !== 0) throw new StackError(`The site build failed (code ${code}).\n${build.tail.join('\n')}`);
      // vite preview's answers, CSP and API proxy, without Vite and without gzip (scripts/lib/site-server.ts).
      site = this.start('site', process.execPath, [TSX_BIN, 'scripts/serve-site.ts', outDir]);
    }
    await waitForHttp(`http://${config.host}:${config.sitePort}/`, 60_000, site);
    this.log(`Site ready on http://localhost:${config.sitePort}`);
  }

  /** Stops every process it started (whole process groups), SIGKILL after 8 s. Safe to call twice. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (this.options.keepData) await this.saveKeptFirestore();
      for (const managed of [...this.processes].reverse()) {
        const { child } = managed;
        if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
        const pid = child.pid;
        const signal = (sig: NodeJS.Signals) => {
          try {
            process.kill(-pid, sig);
          } catch {
            // already gone
          }
        };
        // firebase-tools shuts its emulators down cleanly on SIGINT.
        signal(managed.name === 'emulators' ? 'SIGINT' : 'SIGTERM');
        const timer = setTimeout(() => signal('SIGKILL'), 8000);
        await managed.exited;
        clearTimeout(timer);
        signal('SIGKILL'); // anything left in the group
      }
      await Promise.all(this.logs.map((stream) => new Promise((resolve) => stream.end(resolve))));
    })();
    return this.stopping;
  }
}

/** Runs `fn` with SIGINT/SIGTERM stopping the stack first. */
export function stopOnSignals(stack: Stack, onStopped: (code: number) => void): void {
  let signalled = false;
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(sig, () => {
      if (signalled) return;
      signalled = true;
      console.log(`\nStopping the local stack (${sig})...`);
      void stack.stop().then(() => onStopped(130));
    });
  }
}
