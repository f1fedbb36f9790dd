import react from '@vitejs/plugin-react';
import path from 'node:path';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import { taxSettingsFromEnv } from './src/domain/tax-settings';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };
/** The tax settings the site's build compiles in (vite.config.ts), for tests that read the built pages. */
const builtTaxSettings = taxSettingsFromEnv({ ...loadEnv('production', process.cwd(), ''), ...process.env });
/**
 * The default tax settings (see vite.config.ts); component tests pass others explicitly. A new
 * object per project: Vitest takes the keys out of the object it is given.
 */
const unitDefine = () => ({ __TAX_SETTINGS__: JSON.stringify(taxSettingsFromEnv({})) });

// One project per layer so each can be run on its own (`vitest run --project rules`).
// The rules and API tests reset the emulators' data, so their files run one at a time.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        define: unitDefine(),
        // Plain .ts tests (domain, server, tooling) run in Node: a jsdom window per file costs more
        // than most of them take. The few that need one say so with `// @vitest-environment jsdom`.
        // Two workers: on a 2-core machine Vitest otherwise runs these files one at a time.
        // Beside the browser tests in `npm test`, a PDF render may take longer than on a quiet machine.
        // The files share a worker's libraries (isolate false; the setup file reloads the app's own
        // modules for each file): 53 -> 36 s of CPU. Worker threads, as unit-dom's, start and talk
        // to Vitest for less than child processes: 16.5 -> 15.5 CPU-s (medians of 3).
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/helpers/fresh-app-modules.ts'],
          pool: 'threads',
          isolate: false,
          maxWorkers: 2,
          testTimeout: 15_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        define: unitDefine(),
        // Components (.tsx) with Testing Library.
        test: {
          name: 'unit-dom',
          include: ['tests/unit/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/helpers/fresh-app-modules.ts', 'tests/helpers/setup-dom.ts'],
          // Two worker threads (a thread starts a jsdom file sooner than a process): 47 s -> 29 s
          // on this 2-core machine, where Vitest otherwise uses one.
          pool: 'threads',
          maxWorkers: 2,
          // React, Testing Library and the rest load once per thread, not once per file; the setup
          // file reloads the app's own modules for each file, so mocks still apply: 120 -> 42 s of CPU.
          isolate: false,
          // Beside the browser tests in \`npm test\` (scripts/test.ts) a busy test may take longer.
          testTimeout: 15_000,
        },
      },
      {
        resolve: { alias },
        // A file's first call (loading the rules) may meet an emulator that has only just started.
        test: {
          name: 'rules',
          include: ['tests/rules/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // One Firebase SDK for all files, as the API tests share theirs: each file's testbed makes
          // and cleans up its own apps, and loading the SDK again per file cost about 2 s of CPU.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // One module graph for all files (the API, firebase-admin, gRPC): loading it again for each
          // of 30 files took longer than many of them run. They mock no module and reset the data
          // they use before each test; a shuffled file order passes too (--sequence.shuffle.files).
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        // The e2e tests compare the built pages with the app's content (the policies state the GST rate).
        define: { __TAX_SETTINGS__: JSON.stringify(builtTaxSettings) },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Two files (two Chromiums) at a time: they never reset shared state (each journey has its
          // own users and data), and a journey spends much of its time waiting on the stack. Like the
          // API tests, the files share one module graph per worker.
          maxWorkers: 2,
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        define: { __TAX_SETTINGS__: JSON.stringify(builtTaxSettings) },
        // Measurements at scale, not part of `npm test`: npm run bench:documents, npm run bench:profile.
        test: {
          name: 'bench',
          include: ['tests/bench/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
