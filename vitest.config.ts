import react from '@vitejs/plugin-react';
import path from 'node:path';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import { taxSettingsFromEnv } from './src/domain/tax-settings';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };
/** The tax settings the site's build compiles in (vite.config.ts), for tests that read the built pages. */
const builtTaxSettings = taxSettingsFromEnv({ ...loadEnv('production', process.cwd(), ''), ...process.env });

// One project per layer so each can be run on its own (`vitest run --project rules`).
// Everything that shares the emulators runs one file at a time: the tests reset shared state.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        // The default tax settings (see vite.config.ts); component tests pass others explicitly.
        define: { __TAX_SETTINGS__: JSON.stringify(taxSettingsFromEnv({})) },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/helpers/setup-dom.ts'],
        },
      },
      {
        resolve: { alias },
        test: { name: 'rules', include: ['tests/rules/**/*.test.ts'], environment: 'node', fileParallelism: false, testTimeout: 20_000 },
      },
      {
        resolve: { alias },
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', fileParallelism: false, testTimeout: 20_000 },
      },
      {
        resolve: { alias },
        // The e2e tests compare the built pages with the app's content (the policies state the GST rate).
        define: { __TAX_SETTINGS__: JSON.stringify(builtTaxSettings) },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
