import net from 'node:net';
import { afterEach, beforeEach } from 'vitest';
import { createSmtpTransport, type MailTransport, type SmtpTimeouts } from '../../server/mail/transport';
import type { DrainOptions } from '../../server/mail/drain';
import { loadConfig } from '../../server/config';
import { mailLinks } from '../../server/jobs/mail-links';
import { admin, clearFirestore, stack } from './emulators';

/** The stack's mail catcher (maildev): its SMTP server and its REST API. */
export const catcher = {
  smtpUrl: required('SMTP_URL'),
  webUrl: required('MAIL_CATCHER_URL'),
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run these tests through 'npm test' or 'npm run test:<part>'.`);
  return value;
}

export interface CaughtMail {
  id: string;
  subject: string;
  from: Array<{ address: string; name?: string }>;
  to: Array<{ address: string; name?: string }>;
  bcc?: Array<{ address: string }>;
  html?: string;
  text?: string;
  headers: Record<string, string | string[]>;
  envelope: { from: { address: string }; to: Array<{ address: string }> };
  attachments: unknown[];
}

export async function caughtMails(): Promise<CaughtMail[]> {
  const response = await fetch(`${catcher.webUrl}/api/email`);
  if (!response.ok) throw new Error(`maildev answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

export async function clearCaughtMails(): Promise<void> {
  const response = await fetch(`${catcher.webUrl}/api/email/all`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`clearing maildev failed: ${response.status}`);
}

/** Mails whose envelope (the real delivery list) includes `address`. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  return (await caughtMails()).filter((mail) =>
    mail.envelope.to.some((to) => to.address.toLowerCase() === address.toLowerCase()),
  );
}

/** An attachment of a caught mail (by maildev's `generatedFileName`), as the bytes that arrived. */
export async function caughtAttachment(id: string, generatedFileName: string): Promise<Buffer> {
  const response = await fetch(`${catcher.webUrl}/api/email/${id}/attachment/${encodeURIComponent(generatedFileName)}`);
  if (!response.ok) throw new Error(`maildev answered ${response.status} for attachment ${generatedFileName}`);
  return Buffer.from(await response.arrayBuffer());
}

/** One header of the raw message as it arrived (e.g. 'reply-to'), unfolded. */
export async function rawHeader(id: string, name: string): Promise<string | undefined> {
  const source = await (await fetch(`${catcher.webUrl}/api/email/${id}/source`)).text();
  const head = source.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((header) => header.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

export async function waitForMails(
  read: () => Promise<CaughtMail[]>,
  count: number,
  timeoutMs = 15_000,
): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  let mails = await read();
  while (mails.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    mails = await read();
  }
  return mails;
}

/** SMTP to the catcher with short timeouts, as the API would send. */
export function catcherTransport(url = catcher.smtpUrl, timeouts: Partial<SmtpTimeouts> = {}): MailTransport {
  return createSmtpTransport(url, {
    connectionTimeoutMs: 2000,
    greetingTimeoutMs: 2000,
    socketTimeoutMs: 5000,
    ...timeouts,
  });
}

export const TEST_FROM = { address: 'no-reply@nimbus.test', name: 'Nimbus Bespoke Software' };

/** What server/index.ts passes the worker, on the test emulators. */
export function drainOptions(overrides: Partial<DrainOptions> = {}): DrainOptions {
  const { auth, db } = admin();
  const config = loadConfig({ FIREBASE_PROJECT_ID: stack.projectId });
  return {
    from: TEST_FROM,
    replyTo: { address: 'team@nimbus.test' },
    ...mailLinks(config, { auth, db }),
    ...overrides,
  };
}

/**
 * A stand-in for the mail server's network address that can be stopped and started again on the
 * same port: while open it relays to the real catcher; while closed, connections are refused.
 */
export async function mailServerSwitch(target = new URL(catcher.smtpUrl)) {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server!.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await stop();
  return {
    url: `smtp://127.0.0.1:${port}`,
    start: () => listen(port).then(() => undefined),
    stop,
  };
}

/** A mail server that accepts connections and never says a word. */
export async function silentMailServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * For a test file that sends mail: before each test Firestore and the catcher are emptied, and
 * after it every transport the test opened is closed. `transport(url?)` opens a catcher transport
 * that is closed that way; `track(created)` does the same for one made otherwise.
 */
export function caughtMailPerTest() {
  const open: Array<{ close(): void }> = [];
  beforeEach(async () => {
    await Promise.all([clearFirestore(), clearCaughtMails()]);
  });
  afterEach(() => {
    for (const created of open.splice(0)) created.close();
  });
  const track = <T extends { close(): void }>(created: T): T => {
    open.push(created);
    return created;
  };
  return { transport: (url?: string) => track(catcherTransport(url)), track };
}
