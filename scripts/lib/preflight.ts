import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { loadConfig } from '../../server/config';
import { goLiveChecks, type CheckResult, type GoLiveEnv } from '../../server/go-live';

const MARK = { pass: '✓', warn: '!', fail: '✗' } as const;

/** One line per check: its mark and what was found, then how to fix it. */
export function checkLine(result: CheckResult): string {
  return `${MARK[result.status]} ${result.message}${result.fix ? `\n    fix: ${result.fix}` : ''}`;
}

/**
 * A configuration file's variables with the environment's on top (as the API reads them: a
 * variable already set wins over the file).
 */
export function preflightEnv(file: string, environment: GoLiveEnv): GoLiveEnv {
  if (!existsSync(file))
    throw new Error(`No such file: ${file}. Pass the production configuration: npm run preflight -- <env file>`);
  return { ...parseEnv(readFileSync(file, 'utf8')), ...environment };
}

/** Every go-live check, and whether the API itself accepts the configuration; exit code 1 on any ✗. */
export function preflight(env: GoLiveEnv, nowMs = Date.now()): { lines: string[]; exitCode: 0 | 1 } {
  const results = goLiveChecks(env, nowMs);
  try {
    loadConfig(env as NodeJS.ProcessEnv);
    results.push({ id: 'api-starts', status: 'pass', message: 'The API accepts this configuration.' });
  } catch (error) {
    results.push({
      id: 'api-starts',
      status: 'fail',
      message: `The API refuses to start: ${(error as Error).message.replace(/^Invalid server configuration: /, '')}`,
      fix: 'Correct the variables named above.',
    });
  }
  const failed = results.filter((result) => result.status === 'fail').length;
  const warned = results.filter((result) => result.status === 'warn').length;
  const lines = [
    ...results.map(checkLine),
    '',
    failed > 0
      ? `${failed} check(s) failed${warned ? `, ${warned} warning(s)` : ''}: not ready to go live.`
      : `All ${results.length} checks passed${warned ? ` (${warned} warning(s))` : ''}.`,
  ];
  return { lines, exitCode: failed > 0 ? 1 : 0 };
}
