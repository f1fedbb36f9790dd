import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Hides the shell before the first paint on every path but `/`. */
export const SHELL_GUARD_SCRIPT =
  "if(location.pathname!=='/')document.documentElement.classList.add('no-landing-shell')";

/**
 * Starts the app: reads the entry and its preloads from the #app-boot JSON block (data, not code),
 * so this script never changes between builds and the site's CSP can allow it by hash.
 */
export const BOOT_SCRIPT =
  "(function(){var boot=JSON.parse(document.getElementById('app-boot').textContent);function start(){boot.preloads.forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.appendChild(link)});var script=document.createElement('script');script.type='module';script.crossOrigin='';script.src=boot.entry;document.head.appendChild(script)}var started=false;function once(){if(!started){started=true;start()}}if(location.pathname==='/'&&document.visibilityState==='visible'){try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)once()}).observe({type:'paint',buffered:true})}catch(error){}setTimeout(once,1000)}else{once()}})()";

/** The CSP source that allows an inline script ('sha256-…'). */
export function cspHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * Build-time only: puts the landing page's first screen (src/app/prerender.tsx) into index.html,
 * so on `/` the hero paints from HTML and CSS alone instead of waiting for React (LCP budget in
 * DESIGN.md). Every other path gets the same index.html, so a tiny head script hides the shell
 * there before the first paint. React replaces the shell on its first render either way.
 *
 * On `/` the app's JavaScript is also requested only once the browser reports the first contentful
 * paint (or after 1 s at the latest), so neither its download nor React's boot delays the shell;
 * other paths start it at once, as before.
 */
export function prerenderLandingShell(): Plugin {
  return {
    name: 'prerender-landing-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const { tsImport } = await import('tsx/esm/api');
        const module = (await tsImport(path.join(ROOT, 'src/app/prerender.tsx'), import.meta.url)) as {
          renderLandingShell: () => string;
        };
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('prerender-landing-shell: no entry script in index.html');
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let output = html.replace(entry[0], '');
        for (const preload of preloads) output = output.replace(preload[0], '');

        const guard = `<script>${SHELL_GUARD_SCRIPT}</script><style>.no-landing-shell #landing-shell{display:none}</style>`;
        // '<' is escaped so no asset name could ever close the data block early.
        const boot = JSON.stringify({ entry: entry[1], preloads: preloads.map((match) => match[1]) }).replace(
          /</g,
          '\\u003c',
        );
        const loader = `<script type="application/json" id="app-boot">${boot}</script><script>${BOOT_SCRIPT}</script>`;
        return output
          .replace('</head>', `${guard}</head>`)
          .replace(
            '<div id="root"></div>',
            `<div id="root"><div id="landing-shell">${module.renderLandingShell()}</div></div>${loader}`,
          );
      },
    },
  };
}
