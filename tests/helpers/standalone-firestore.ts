import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { standaloneFirestoreCommand, waitForHttp } from '../../scripts/lib/stack';
import { deadlineFirestore } from '../../server/firebase';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A Firestore emulator of a test's own, on a spare port, that the test can kill and start again
 * (an outage) without touching the stack's emulator the other tests use.
 */
export class StandaloneFirestore {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private database: Firestore | undefined;
  private warmups = 0;

  private constructor(
    readonly port: number,
    readonly projectId: string,
  ) {}

  static async start(): Promise<StandaloneFirestore> {
    const port = await freePort();
    const firestore = new StandaloneFirestore(port, `demo-outage-${port}`);
    await firestore.up();
    return firestore;
  }

  get host(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Starts the emulator and waits until it answers (and has served one write: the first is slow). */
  async up(): Promise<void> {
    const { command, args } = standaloneFirestoreCommand('127.0.0.1', this.port, this.projectId);
    const child = spawn(command, args, { detached: true, stdio: 'ignore', env: { ...process.env, CI: 'true' } });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    await waitForHttp(`http://${this.host}/`, 60_000);
    // A fresh JVM takes seconds over its first gRPC writes: that is the emulator warming up, not the
    // API recovering, so a client of the test's own (not the API's) goes first.
    this.warmups += 1;
    const warmup = this.client(`${this.projectId}-warmup-${this.warmups}`, (app) => getFirestore(app));
    await warmup.doc('warmup/first').set({ at: Date.now() });
    await warmup.doc('warmup/first').get();
  }

  private client(name: string, build: (app: App) => Firestore): Firestore {
    const app =
      getApps().find((existing) => existing.name === name) ?? initializeApp({ projectId: this.projectId }, name);
    // The client reads the emulator's address from the environment when it is built.
    const stackHost = process.env.FIRESTORE_EMULATOR_HOST;
    process.env.FIRESTORE_EMULATOR_HOST = this.host;
    try {
      return build(app);
    } finally {
      process.env.FIRESTORE_EMULATOR_HOST = stackHost;
    }
  }

  /** Kills the emulator at once (a crash, not a shutdown) and waits until its port is closed. */
  async down(): Promise<void> {
    const pid = this.child?.pid;
    if (pid === undefined || this.child?.exitCode !== null) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await this.exited;
  }

  /** Firestore for this emulator, with the API's own deadline settings (as initFirebase builds it). */
  db(): Firestore {
    this.database ??= this.client(this.projectId, deadlineFirestore);
    return this.database;
  }
}
