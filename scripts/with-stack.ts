/**
 * Runs a command against a throw-away local stack on the test ports, then stops the stack:
 *   tsx scripts/with-stack.ts [--api] [--site=preview|dev] -- <command...>
 * Exits with the command's exit code.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { SAMPLE_SELLER_GSTIN } from '../src/domain/gst';
import { testStackConfig } from './lib/config';
import { Stack, StackError, stopOnSignals, type SiteMode } from './lib/stack';

const separator = process.argv.indexOf('--');
const flags = process.argv.slice(2, separator === -1 ? undefined : separator);
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error('usage: tsx scripts/with-stack.ts [--api] [--site=preview|dev] -- <command...>');
  process.exit(2);
}
const siteFlag = flags.find((flag) => flag.startsWith('--site='));
const site = (siteFlag?.split('=')[1] ?? 'none') as SiteMode;

const config = testStackConfig();
const logDir = path.resolve('.tmp', `logs-${config.authPort}`);
const stack = new Stack({
  config,
  emulators: true,
  api: flags.includes('--api'),
  site,
  seed: false,
  output: { logDir },
  // npm start's demo seller, as in npm test (the API tests choose theirs per app).
  // Consultations bookable far ahead, so the e2e can book across Europe's next daylight-saving change.
  env: { SELLER_GSTIN: SAMPLE_SELLER_GSTIN, BOOKING_WINDOW_DAYS: process.env.BOOKING_WINDOW_DAYS ?? '240' },
  log: (line) => console.log(`[stack] ${line}`),
});
stopOnSignals(stack, (code) => process.exit(code));

let code = 1;
try {
  const started = Date.now();
  await stack.up();
  console.log(`[stack] up in ${((Date.now() - started) / 1000).toFixed(1)} s (logs in ${path.relative('.', logDir)})`);
  code = await new Promise<number>((resolve) => {
    const child = spawn(command[0]!, command.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, ...stack.env, SITE_URL: `http://127.0.0.1:${config.sitePort}`, API_URL: `http://127.0.0.1:${config.apiPort}` },
    });
    child.once('exit', (exitCode) => resolve(exitCode ?? 1));
    child.once('error', () => resolve(127));
  });
} catch (error) {
  console.error(error instanceof StackError ? error.message : error);
}
await stack.stop();
process.exit(code);
