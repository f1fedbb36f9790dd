/**
 * `npm run preflight -- [env file]`: checks a production configuration before deploying it. Reads
 * the file (default .env) plus the environment (which wins, as in the API), prints one line per
 * check with ✓, ! (a warning) or ✗ and how to fix it, and exits 1 on any ✗. The API runs the same
 * checks at start and refuses a real project whose failures would lose money or data.
 */
import { preflight, preflightEnv } from './lib/preflight';

const file = process.argv[2] ?? '.env';
try {
  const { lines, exitCode } = preflight(preflightEnv(file, process.env));
  console.log(`Preflight of ${file} (plus the environment):\n`);
  console.log(lines.join('\n'));
  process.exit(exitCode);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
