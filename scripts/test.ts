/**
 * `npm test`: every check on a throw-away local stack; exits non-zero if any fails.
 * Lanes run side by side from the start, some busy with CPU work, others mostly waiting on the
 * stack's services:
 *   checks: unit -> unit-dom -> typecheck -> lint -> import circles (npm run lint's two halves)
 *   stack:  [emulators, mail catchers] -> rules ‖ api (API_TEST_SHARDS shards, 1 by default);  [API, site build] -> e2e (after unit-dom)
 * Each suite on the stack has data of its own, so none waits for another: e2e uses the stack's
 * Firestore and Auth project and mail catcher (the API process and the site are built for them);
 * the API tests, which empty their project and catcher before tests, a project and a catcher of
 * their own (apiSuiteConfig); the rules tests a project of their own. e2e waits only for the site
 * and for the unit tests: started beside them (measured on 5ed13c2), every lane ran 2-4x slower on
 * two cores (584 s in all, against 463 s before with fewer tests) and timing-bound tests failed.
 * Typecheck and lint have no timeouts, so they run beside e2e. Each step's output is kept and
 * printed whole when it ends, so lanes do not interleave. The stack uses the test ports (defaults + TEST_PORT_OFFSET, 100 by
 * default), so it can run beside `npm start`. Ends with each step's start, end and time, and one
 * line 'N passed, N failed'.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SAMPLE_SELLER_GSTIN } from '../src/domain/gst';
import { apiSuiteConfig, stackEnv, testStackConfig } from './lib/config';
import { Stack, StackError, stopOnSignals } from './lib/stack';

interface StepResult {
  name: string;
  ok: boolean;
  /** Seconds after the start of the run. */
  startedAt: number;
  seconds: number;
  passed: number;
  failed: number;
  note?: string;
  /** The tests that failed, each as 'file > test: first line of the error'. */
  failures?: string[];
}

// The first line says which Node runs the checks: the project's own (node_modules/.bin, from the `node`
// dev dependency), the one the Dockerfile and `engines` name.
console.log(`node ${process.version}`);
const started = Date.now();
const since = () => (Date.now() - started) / 1000;
const results: StepResult[] = [];
const reportDir = path.resolve('.tmp', 'reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const running = new Set<ChildProcess>();
// Ctrl-C: the steps running stop (they have the signal too) and no other starts; the stack stops below.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of running) child.kill('SIGTERM');
  });
}
// Kept output goes to a pipe: let the tools colour it as they would a terminal.
const colour: Record<string, string> = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

/** Runs a command with its output kept in `.tmp/reports/<name>.log`; printed whole when it ends. */
function run(name: string, command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  if (interrupted) return Promise.resolve(130);
  const logFile = path.join(reportDir, `${name.replaceAll(/[^\w.]+/g, '-')}.log`);
  const log = createWriteStream(logFile);
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...colour, ...env },
    });
    running.add(child);
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    let code = 1;
    child.once('error', (error) => {
      log.write(`${String(error)}\n`);
      code = 127;
    });
    child.once('close', (exitCode) => {
      running.delete(child);
      if (exitCode !== null) code = exitCode;
      log.end(() => resolve(code));
    });
  }).then((code) => {
    console.log(`\n━━ ${name} ━━`);
    process.stdout.write(readFileSync(logFile, 'utf8'));
    return code;
  });
}

async function step(name: string, command: string, args: string[]): Promise<void> {
  if (interrupted) return;
  console.log(`▶ ${name} (+${since().toFixed(0)} s)`);
  const startedAt = since();
  const code = await run(name, command, args);
  results.push({
    name,
    ok: code === 0,
    startedAt,
    seconds: since() - startedAt,
    passed: 0,
    failed: code === 0 ? 0 : 1,
  });
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
  }>;
}

/**
 * What failed in a report, a line each: CI keeps only the end of the output, so the summary names
 * the failed tests and their first error line (the whole error is printed above it).
 */
function failuresIn(report: VitestReport): string[] {
  const firstLine = (text = '') =>
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 240) ?? '';
  return report.testResults.flatMap((file) => {
    const where = path.relative(process.cwd(), file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${where} > ${test.fullName.slice(0, 160)}: ${firstLine(test.failureMessages[0])}`);
    // A file that failed outside its tests (an import, a hook) has no failed test to name.
    return tests.length === 0 && file.status === 'failed' ? [`${where}: ${firstLine(file.message)}`] : tests;
  });
}

/** Runs one vitest project, or one shard of it (`shard` as 'index/count'). */
async function vitest(project: string, env: Record<string, string> = {}, shard?: string): Promise<void> {
  const name = shard ? `${project} tests ${shard}` : `${project} tests`;
  if (interrupted) return;
  console.log(`▶ ${name} (+${since().toFixed(0)} s)`);
  const startedAt = since();
  const jsonFile = path.join(reportDir, `${shard ? `${project}-${shard.replace('/', '-of-')}` : project}.json`);
  const code = await run(
    name,
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${jsonFile}`,
      ...(shard ? [`--shard=${shard}`] : []),
    ],
    env,
  );
  let passed = 0;
  let failed = code === 0 ? 0 : 1;
  let failures: string[] = [];
  if (existsSync(jsonFile)) {
    const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as VitestReport;
    passed = report.numPassedTests;
    failed = Math.max(report.numFailedTests, code === 0 ? 0 : 1);
    failures = failuresIn(report);
  }
  if (code === 0 && passed === 0) {
    console.error(`${project}: no test ran.`);
    failed = Math.max(failed, 1);
  }
  results.push({
    name,
    ok: code === 0 && passed > 0,
    startedAt,
    seconds: since() - startedAt,
    passed,
    failed,
    failures,
  });
}

/** A suite that could not run because the stack did not come up. */
function notRun(project: string): void {
  results.push({
    name: `${project} tests`,
    ok: false,
    startedAt: since(),
    seconds: 0,
    passed: 0,
    failed: 1,
    note: 'not run: no stack',
  });
}

const config = testStackConfig();
// The API suite can run in shards side by side (API_TEST_SHARDS, 1 to 4), each on a project and
// catcher of its own. On two cores one shard it is: the run is CPU-bound (92 % of both cores), and
// two shards slowed the unit tests and so the start of e2e (clean clones, alternated: one shard
// 277 and 277 s, two 266 and 302 s). A machine with more cores may want more.
const shardCount = Math.max(1, Math.min(4, Number(process.env.API_TEST_SHARDS) || 1));
const apiShards = Array.from({ length: shardCount }, (_, index) => apiSuiteConfig(config, index + 1));
const stack = new Stack({
  config,
  emulators: true,
  api: true,
  site: 'preview',
  seed: false,
  output: { logDir: path.resolve('.tmp', `logs-${config.authPort}`) },
  moreMailCatchers: apiShards.map((shard) => ({ smtpPort: shard.mailSmtpPort, webPort: shard.mailWebPort })),
  // No periodic outbox passes: API tests drain it themselves; mails the stack's API queues still go at once.
  env: {
    // npm start's demo seller (GST-registered, a sample GSTIN): e2e sees what a newcomer sees.
    SELLER_GSTIN: SAMPLE_SELLER_GSTIN,
    VITE_E2E_HOOKS: 'true',
    RECONCILE_INTERVAL_MINUTES: '0',
    ORDER_EXPIRY_CHECK_MINUTES: '0',
    MAIL_POLL_SECONDS: '0',
    // Consultations bookable far ahead (the e2e books across Europe's next daylight-saving change).
    BOOKING_WINDOW_DAYS: '240',
    LOG_LEVEL: 'warn',
  },
  log: (line) => console.log(`[stack] ${line}`),
});
stopOnSignals(stack, (code) => process.exit(code));
const env = {
  ...stack.env,
  SITE_URL: `http://127.0.0.1:${config.sitePort}`,
  API_URL: `http://127.0.0.1:${config.apiPort}`,
};
/** The API tests build their app in-process: on their own project and mail catcher. */
const apiEnvs = apiShards.map((shard) => ({ ...env, ...stackEnv(shard) }));

console.log('▶ local stack: emulators, mail catcher, API, site build (+0 s)');
const stackUp = stack.up().then(
  () => {
    console.log(`[stack] up in ${since().toFixed(1)} s`);
    results.push({ name: 'local stack', ok: true, startedAt: 0, seconds: since(), passed: 0, failed: 0 });
    return true;
  },
  (error: unknown) => {
    console.error(error instanceof StackError ? error.message : error);
    results.push({ name: 'local stack', ok: false, startedAt: 0, seconds: since(), passed: 0, failed: 1 });
    return false;
  },
);
const emulatorsUp = stack.emulatorsUp.then(
  () => true,
  () => false,
);

const unitTests = (async () => {
  await vitest('unit');
  await vitest('unit-dom');
})();
const checks = (async () => {
  await unitTests;
  // TypeScript 7, the native compiler: the same checks in a quarter of the CPU (ESLint parses with 5.9).
  await step('typecheck', process.execPath, ['node_modules/typescript-native/bin/tsc', '--noEmit', '-p', '.']);
  await step('lint', process.execPath, ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0']);
  await step('import circles', process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/import-cycles.ts']);
})();

const rules = (async () => {
  if (await emulatorsUp) await vitest('rules', env);
  else notRun('rules');
})();

const api = (async () => {
  if (await emulatorsUp) {
    await Promise.all(
      apiEnvs.map((apiEnv, index) =>
        vitest('api', apiEnv, apiEnvs.length > 1 ? `${index + 1}/${apiEnvs.length}` : undefined),
      ),
    );
  } else notRun('api');
})();

const e2e = (async () => {
  await unitTests;
  if (await stackUp) await vitest('e2e', env);
  else notRun('e2e');
})();

try {
  await Promise.all([checks, rules, api, e2e, stackUp]);
} finally {
  await stack.stop();
}

console.log('\n━━ summary ━━');
results.sort((a, b) => a.startedAt - b.startedAt);
for (const result of results) {
  const counts = result.note
    ? ` (${result.note})`
    : result.passed || result.failed
      ? ` (${result.passed} passed, ${result.failed} failed)`
      : '';
  console.log(
    `${result.ok ? 'PASS' : 'FAIL'}  ${result.name.padEnd(16)} ${result.seconds.toFixed(1).padStart(6)} s` +
      `  from +${result.startedAt.toFixed(0).padStart(3)} s to +${(result.startedAt + result.seconds).toFixed(0).padStart(3)} s${counts}`,
  );
}
for (const result of results) {
  for (const failure of result.failures ?? []) console.log(`  ✗ ${result.name}: ${failure}`);
}
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + (result.ok ? 0 : Math.max(1, result.failed)), 0);
console.log(`total time ${since().toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
