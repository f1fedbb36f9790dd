import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv, type Plugin } from 'vite';
import { siteBaseUrl } from '../src/app/site-routes';
import { siteAnswer } from './lib/site-server';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Starts the app: reads the entry, its preloads and when to start from the #app-boot JSON block
 * (data, not code), so this script never changes between builds and the site's CSP can allow it
 * by hash. On a prerendered page the app's JavaScript is requested only once the browser reports
 * the first contentful paint, so neither its download nor React's boot delays the page's first
 * paint; app-only pages start it at once. The 3 s timer is only for a browser that never reports
 * the paint: a shorter one fired before a slow first paint of the full landing page (a busy
 * machine) and put the app's 95 KB on its critical path.
 */
export const BOOT_SCRIPT =
  "(function(){var boot=JSON.parse(document.getElementById('app-boot').textContent);function start(){boot.preloads.forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.appendChild(link)});var script=document.createElement('script');script.type='module';script.crossOrigin='';script.src=boot.entry;document.head.appendChild(script)}var started=false;function once(){if(!started){started=true;start()}}if(boot.afterPaint&&document.visibilityState==='visible'){try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)once()}).observe({type:'paint',buffered:true})}catch(error){}setTimeout(once,3000)}else{once()}})()";

/** The CSP source that allows an inline script ('sha256-…'). */
export function cspHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

type PrerenderModule = typeof import('../src/app/prerender/index');

/** Replaces exactly one match, so a changed template fails the build instead of shipping a page without it. */
function replaceOnce(html: string, pattern: string | RegExp, replacement: string, what: string): string {
  let count = 0;
  const output = html.replace(pattern, () => {
    count += 1;
    return replacement;
  });
  if (count !== 1) throw new Error(`prerender: expected one ${what} in index.html, found ${count}.`);
  return output;
}

/**
 * Build-time only: renders every page of the site (src/app/prerender) into its own HTML file
 * from the built index.html: the public pages and the 404 page in full, with their own head
 * (title, description, canonical URL, share tags, JSON-LD or noindex), and one frame for the
 * pages only the app renders. Writes sitemap.xml and robots.txt beside them. The base URL of
 * every absolute link is PUBLIC_SITE_URL (see siteBaseUrl).
 */
export function prerenderSite(): Plugin {
  let taxSettings: string | undefined;
  let baseUrl = '';
  return {
    name: 'prerender-site',
    apply: 'build',
    configResolved(config) {
      taxSettings = config.define?.__TAX_SETTINGS__;
      baseUrl = siteBaseUrl({ ...loadEnv(config.mode, config.envDir || config.root, ''), ...process.env });
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('prerender: the build has no index.html.');
        const template = String(index.source);
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
        if (!entry) throw new Error('prerender: no entry script in index.html');
        const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let shell = template.replace(entry[0], '');
        for (const preload of preloads) shell = shell.replace(preload[0], '');

        // The app runs here from its sources, not the bundle: give it what the build compiles in.
        if (typeof taxSettings !== 'string') throw new Error('prerender: the build defines no __TAX_SETTINGS__.');
        (globalThis as { __TAX_SETTINGS__?: unknown }).__TAX_SETTINGS__ = JSON.parse(taxSettings);
        const { tsImport } = await import('tsx/esm/api');
        const { prerenderSite: render } = (await tsImport(
          path.join(ROOT, 'src/app/prerender/index.ts'),
          import.meta.url,
        )) as PrerenderModule;
        const site = await render(baseUrl);

        for (const page of site.pages) {
          const boot = { entry: entry[1], preloads: preloads.map((match) => match[1]), afterPaint: page.isHydrated };
          const loader = `<script type="application/json" id="app-boot">${JSON.stringify(boot).replace(/</g, '\\u003c')}</script><script>${BOOT_SCRIPT}</script>`;
          let html = replaceOnce(shell, /<title>[^<]*<\/title>/, page.head.title, '<title>');
          html = replaceOnce(html, /<meta\s+name="description"[^>]*>/, page.head.description, 'description meta');
          html = replaceOnce(html, '</head>', `${page.head.tags}</head>`, '</head>');
          html = replaceOnce(
            html,
            '<div id="root"></div>',
            `<div id="root"${page.isHydrated ? ' data-prerendered' : ''}>${page.body}</div>${loader}`,
            'empty #root',
          );
          if (page.file === 'index.html') index.source = html;
          else this.emitFile({ type: 'asset', fileName: page.file, source: html });
        }
        for (const [fileName, source] of Object.entries(site.files)) this.emitFile({ type: 'asset', fileName, source });
      },
    },
  };
}

/**
 * `vite preview` serves the build as Firebase Hosting does (firebase.json, see siteAnswer): a public
 * page from its own file, the app-only routes from the app's frame, any other path that is no file
 * with the 404 page and status 404, so perf sees the real answers (the test stack's site server,
 * scripts/lib/site-server.ts, answers the same without Vite).
 */
export function serveSiteRoutes(): Plugin {
  return {
    name: 'serve-site-routes',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      const headers = server.config.preview.headers ?? {};
      server.middlewares.use((request, response, next) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return next();
        const answer = siteAnswer(outDir, request.url ?? '/');
        if (answer.kind === 'api') return next();
        if (answer.kind === 'redirect') {
          response.writeHead(301, { Location: answer.location });
          response.end();
          return;
        }
        if (answer.status === 200) {
          request.url = `${encodeURI(answer.file)}${new URL(request.url ?? '/', 'http://localhost').search}`;
          return next();
        }
        response.statusCode = 404;
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) response.setHeader(name, value);
        response.setHeader('Content-Type', 'text/html; charset=utf-8');
        response.end(request.method === 'HEAD' ? undefined : readFileSync(path.join(outDir, answer.file)));
      });
    },
  };
}
