/**
 * What a command costs the machine in CPU-seconds, by kind of process (Chromium, the Firestore
 * emulator's Java, each Vitest project, the site build, ...): runs it and samples /proc for its
 * whole process tree four times a second. Other engineers load the same two cores, so compare
 * CPU-seconds (what this run used), not wall time, and repeat a measurement before trusting it:
 *
 *   npx tsx scripts/measure-cpu.ts -- npm test
 *   npx tsx scripts/measure-cpu.ts -- npx vitest run --project unit-dom
 *
 * The command's output goes to .tmp/measure-cpu.log; the last line gives the total the kernel
 * counted for the tree (the sampled kinds miss only processes that lived under a quarter second).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICKS = 100;
const separator = process.argv.indexOf('--');
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error('usage: tsx scripts/measure-cpu.ts -- <command...>');
  process.exit(2);
}

interface Proc {
  ppid: number;
  /** Own user + system time, ticks. */
  cpu: number;
  /** Children's (reaped) user + system time, ticks. */
  children: number;
}

function readStat(pid: string): (Proc & { start: string }) | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      cpu: Number(fields[11]) + Number(fields[12]),
      children: Number(fields[13]) + Number(fields[14]),
      start: fields[19]!,
    };
  } catch {
    return undefined;
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** The kind of one process from its own command line, or undefined to take its parent's. */
function kindOf(commandLine: string): string | undefined {
  // What a wrapper runs after '--' (with-stack.ts -- vitest ...) is its child's business.
  const args = commandLine.split(' -- ')[0]!;
  if (/chrom(e|ium)/i.test(args)) {
    const type = /--type=(\S+)/.exec(args)?.[1];
    const utility = /--utility-sub-type=(\S+)/.exec(args)?.[1];
    return process.env.MEASURE_CHROMIUM_TYPES ? `chromium ${utility ?? type ?? 'browser'}` : 'chromium';
  }
  if (/^java /.test(args) || /\/java /.test(args)) return 'java (Firestore)';
  const project = /vitest(?:\.mjs|\/vitest\.mjs)? run .*--project[ =](\S+)/.exec(args);
  if (project) return `vitest ${project[1]}`;
  if (/\bvitest\b.* run/.test(args)) return 'vitest';
  if (/typescript-native|\btsc\b/.test(args)) return 'typecheck';
  if (/eslint/.test(args)) return 'eslint';
  if (/import-cycles/.test(args)) return 'import circles';
  if (/firebase\.js emulators:start/.test(args)) return 'firebase-tools (Auth)';
  if (/maildev/.test(args)) return 'maildev';
  if (/server\/index\.ts/.test(args)) return 'API process';
  if (/vite\.js build/.test(args)) return 'site build';
  if (/vite\.js preview|serve-site/.test(args)) return 'site server';
  if (/esbuild/.test(args)) return 'esbuild';
  return undefined;
}

const logFile = path.resolve('.tmp', 'measure-cpu.log');
mkdirSync(path.dirname(logFile), { recursive: true });
const log = createWriteStream(logFile);
const started = Date.now();
const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
child.stdout.pipe(log, { end: false });
child.stderr.pipe(log, { end: false });
const root = child.pid!;

/** Last seen own CPU per process (pid + start time), and its kind. */
const seen = new Map<string, { cpu: number; kind: string }>();
const kinds = new Map<number, string>();

function kindFor(pid: number, procs: Map<number, Proc>): string {
  const known = kinds.get(pid);
  if (known) return known;
  const own = kindOf(cmdline(pid));
  const parent = procs.get(pid)?.ppid;
  const kind = own ?? (pid === root || parent === undefined || !procs.has(parent) ? 'other' : kindFor(parent, procs));
  // A process may exec another program (npm exec -> node): name it once its command line says what it runs.
  if (own) kinds.set(pid, kind);
  return kind;
}

function sample(): void {
  const procs = new Map<number, Proc & { start: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat) procs.set(Number(entry), stat);
  }
  const inTree = (pid: number): boolean => {
    for (let current = pid, hops = 0; hops < 64; hops++) {
      if (current === root) return true;
      const parent = procs.get(current)?.ppid;
      if (parent === undefined || parent <= 1) return false;
      current = parent;
    }
    return false;
  };
  for (const [pid, proc] of procs) {
    if (!inTree(pid)) continue;
    seen.set(`${pid}@${proc.start}`, { cpu: proc.cpu, kind: kindFor(pid, procs) });
  }
}

const timer = setInterval(sample, 250);
const code = await new Promise<number>((resolve) => child.once('exit', (exitCode) => resolve(exitCode ?? 1)));
clearInterval(timer);
await new Promise((resolve) => log.end(resolve));
const self = readStat('self')!;
const total = self.children / TICKS;

const byKind = new Map<string, number>();
for (const { cpu, kind } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + cpu / TICKS);
const sampled = [...byKind.values()].reduce((sum, value) => sum + value, 0);
for (const [kind, seconds] of [...byKind].sort((a, b) => b[1] - a[1]))
  console.log(`${kind.padEnd(24)} ${seconds.toFixed(1).padStart(7)} CPU-s`);
console.log(
  `total ${total.toFixed(1)} CPU-s (sampled ${sampled.toFixed(1)}), ${((Date.now() - started) / 1000).toFixed(0)} s, exit ${code}; output in ${path.relative('.', logFile)}`,
);
process.exit(code);
