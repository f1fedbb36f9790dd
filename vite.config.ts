import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, loadEnv } from 'vite';
import { API_PATHS } from './scripts/lib/site-server';
import { prerenderSite, serveSiteRoutes } from './scripts/prerender';
import { previewCsp } from './scripts/site-csp';
import { taxSettingsFromEnv } from './src/domain/tax-settings';

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const apiTarget = `http://127.0.0.1:${env.API_PORT || 3001}`;
  // The browser calls the API on the site's own origin; these paths are forwarded to it.
  const proxy = Object.fromEntries(API_PATHS.map((route) => [route, { target: apiTarget, changeOrigin: false }]));
  return {
    plugins: [react(), tailwindcss(), prerenderSite(), serveSiteRoutes()],
    // How prices carry GST, from the same variables the API charges by (src/lib/tax-settings.ts).
    define: { __TAX_SETTINGS__: JSON.stringify(taxSettingsFromEnv(env)) },
    resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
    server: { host: '127.0.0.1', port: Number(env.SITE_PORT || 5173), strictPort: true, proxy },
    preview: {
      host: '127.0.0.1',
      port: Number(env.SITE_PORT || 4173),
      strictPort: true,
      proxy,
      headers: { 'Content-Security-Policy': previewCsp() },
    },
    build: { target: 'es2022', sourcemap: false, reportCompressedSize: true },
  };
});
