/**
 * `npm test`: every check, in order, on a throw-away local stack; exits non-zero if any fails.
 *   typecheck -> lint -> unit -> unit-dom -> [stack up] rules -> api -> e2e [stack down]
 * The stack uses the test ports (defaults + TEST_PORT_OFFSET, 100 by default), so it can run
 * beside `npm start`. Ends with one line 'N passed, N failed'.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { testStackConfig } from './lib/config';
import { Stack, StackError, stopOnSignals } from './lib/stack';

interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  passed: number;
  failed: number;
}

const results: StepResult[] = [];
const reportDir = path.resolve('.tmp', 'reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('exit', (code) => resolve(code ?? 1));
    child.once('error', () => resolve(127));
  });
}

async function step(name: string, command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const code = await run(command, args, env);
  results.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000, passed: 0, failed: code === 0 ? 0 : 1 });
}

async function vitest(project: string, env: Record<string, string> = {}): Promise<void> {
  console.log(`\n━━ ${project} tests ━━`);
  const started = Date.now();
  const jsonFile = path.join(reportDir, `${project}.json`);
  const code = await run(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`],
    env,
  );
  let passed = 0;
  let failed = code === 0 ? 0 : 1;
  if (existsSync(jsonFile)) {
    const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed = report.numPassedTests;
    failed = Math.max(report.numFailedTests, code === 0 ? 0 : 1);
  }
  if (code === 0 && passed === 0) {
    console.error(`${project}: no test ran.`);
    failed = Math.max(failed, 1);
  }
  results.push({ name: `${project} tests`, ok: code === 0 && passed > 0, seconds: (Date.now() - started) / 1000, passed, failed });
}

const started = Date.now();
await step('typecheck', process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.']);
await step('lint', process.execPath, ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0']);
await vitest('unit');
await vitest('unit-dom');

const config = testStackConfig();
const stack = new Stack({
  config,
  emulators: true,
  api: true,
  site: 'preview',
  seed: false,
  output: { logDir: path.resolve('.tmp', `logs-${config.authPort}`) },
  // No periodic outbox passes: API tests drain it themselves; mails the stack's API queues still go at once.
  env: {
    VITE_E2E_HOOKS: 'true',
    RECONCILE_INTERVAL_MINUTES: '0',
    ORDER_EXPIRY_CHECK_MINUTES: '0',
    MAIL_POLL_SECONDS: '0',
    LOG_LEVEL: 'warn',
  },
  log: (line) => console.log(`[stack] ${line}`),
});
stopOnSignals(stack, (code) => process.exit(code));

console.log('\n━━ starting the local stack (emulators, API, site build) ━━');
const stackStarted = Date.now();
try {
  await stack.up();
  console.log(`[stack] up in ${((Date.now() - stackStarted) / 1000).toFixed(1)} s`);
  const env = {
    ...stack.env,
    SITE_URL: `http://127.0.0.1:${config.sitePort}`,
    API_URL: `http://127.0.0.1:${config.apiPort}`,
  };
  await vitest('rules', env);
  await vitest('api', env);
  await vitest('e2e', env);
} catch (error) {
  console.error(error instanceof StackError ? error.message : error);
  results.push({ name: 'local stack', ok: false, seconds: (Date.now() - stackStarted) / 1000, passed: 0, failed: 1 });
} finally {
  await stack.stop();
}

console.log('\n━━ summary ━━');
for (const result of results) {
  const counts = result.passed || result.failed ? ` (${result.passed} passed, ${result.failed} failed)` : '';
  console.log(`${result.ok ? 'PASS' : 'FAIL'}  ${result.name.padEnd(16)} ${result.seconds.toFixed(1).padStart(6)} s${counts}`);
}
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + (result.ok ? 0 : Math.max(1, result.failed)), 0);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
