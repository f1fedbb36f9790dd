/**
 * Serves a production build as the test stack's site (scripts/lib/stack.ts, site 'preview'): the
 * answers, CSP and API proxy of `vite preview` on this config, without Vite (scripts/lib/site-server.ts):
 *   tsx scripts/serve-site.ts <build folder>     (SITE_PORT, API_PORT from the environment)
 */
import { testStackConfig } from './lib/config';
import { startSiteServer } from './lib/site-server';
import { previewCsp } from './site-csp';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: tsx scripts/serve-site.ts <build folder>');
  process.exit(2);
}
const defaults = testStackConfig();
const port = Number(process.env.SITE_PORT || defaults.sitePort);
const apiPort = Number(process.env.API_PORT || defaults.apiPort);
await startSiteServer({
  outDir,
  host: '127.0.0.1',
  port,
  apiPort,
  headers: { 'Content-Security-Policy': previewCsp() },
});
console.log(`Serving ${outDir} on http://127.0.0.1:${port} (API on :${apiPort})`);
// Nothing to save: stop at once, open connections and all.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
