import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { htmlFor } from '../../src/app/site-routes';

/** The paths the site forwards to the API on its own origin (vite.config.ts proxies the same). */
export const API_PATHS = ['/api', '/submit-contact-form', '/create-razorpay-order'];

/** How the hosting answers one GET or HEAD for a path of the build (firebase.json's rules). */
export type SiteAnswer =
  | { kind: 'api' }
  | { kind: 'redirect'; location: string }
  /** A file of the build, by its path inside the build folder ('/assets/x.js', '/index.html'). */
  | { kind: 'file'; file: string; status: 200 | 404 };

/**
 * Firebase Hosting's answers (firebase.json), for `vite preview` (scripts/prerender.ts's
 * serveSiteRoutes) and the test stack's site server alike: a public page from its own file, the
 * app-only routes from the app's frame, any other path that is no file with the 404 page and
 * status 404; a trailing slash is dropped (trailingSlash: false).
 */
export function siteAnswer(outDir: string, rawUrl: string): SiteAnswer {
  const url = new URL(rawUrl, 'http://localhost');
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    pathname = url.pathname;
  }
  if (API_PATHS.some((prefix) => pathname.startsWith(prefix))) return { kind: 'api' };
  if (pathname.length > 1 && pathname.endsWith('/'))
    return { kind: 'redirect', location: `${url.pathname.replace(/\/+$/, '')}${url.search}` };
  const file = path.join(outDir, pathname);
  if (pathname !== '/' && file.startsWith(`${outDir}${path.sep}`) && existsSync(file)) {
    if (statSync(file).isFile()) return { kind: 'file', file: pathname, status: 200 };
    // A folder with an index.html is served as that page (public/admin/, for one).
    if (existsSync(path.join(file, 'index.html')))
      return { kind: 'file', file: path.posix.join(pathname, 'index.html'), status: 200 };
  }
  const answer = htmlFor(pathname);
  return { kind: 'file', file: `/${answer.file}`, status: answer.status };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html;charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

interface Cached {
  body: Buffer;
  etag: string;
  lastModified: string;
}

export interface SiteServerOptions {
  /** The build folder (vite build --outDir). */
  outDir: string;
  host: string;
  port: number;
  /** Where API_PATHS go: the API's port on the same host. */
  apiPort: number;
  /** Sent with every file of the build and the 404 page (the site's Content-Security-Policy). */
  headers: Record<string, string>;
}

/**
 * Serves a production build as `vite preview` does for the tests (same answers, headers and API
 * proxy, see siteAnswer), at a fraction of its CPU: no Vite config or plugins to load, files read
 * once and kept (the build does not change while the stack runs), and nothing compressed. `vite
 * preview` gzipped every HTML, JS and CSS answer again for each of the browser tests' fresh
 * contexts, which then unzipped it; over loopback that bought nothing.
 */
export function startSiteServer(options: SiteServerOptions): Promise<http.Server> {
  const outDir = path.resolve(options.outDir);
  const files = new Map<string, Cached>();
  // One pool of connections to the API, kept open between requests.
  const agent = new http.Agent({ keepAlive: true });

  function read(file: string): Cached {
    let cached = files.get(file);
    if (!cached) {
      const absolute = path.join(outDir, file);
      const stats = statSync(absolute);
      cached = {
        body: readFileSync(absolute),
        etag: `W/"${stats.size}-${stats.mtime.getTime()}"`,
        lastModified: stats.mtime.toUTCString(),
      };
      files.set(file, cached);
    }
    return cached;
  }

  function proxy(request: http.IncomingMessage, response: http.ServerResponse): void {
    // As vite's proxy with changeOrigin false: the browser's own Host and headers, nothing added.
    const upstream = http.request(
      {
        host: options.host,
        port: options.apiPort,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      if (response.headersSent) {
        response.destroy(error);
        return;
      }
      response.writeHead(502, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ message: `The API did not answer: ${error.message}` }));
    });
    request.pipe(upstream);
  }

  function serve(request: http.IncomingMessage, response: http.ServerResponse): void {
    const answer = siteAnswer(outDir, request.url ?? '/');
    if (answer.kind === 'api') return proxy(request, response);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' });
      response.end();
      return;
    }
    if (answer.kind === 'redirect') {
      response.writeHead(301, { Location: answer.location });
      response.end();
      return;
    }
    const file = read(answer.file);
    for (const [name, value] of Object.entries(options.headers)) response.setHeader(name, value);
    response.setHeader(
      'Content-Type',
      CONTENT_TYPES[path.extname(answer.file).toLowerCase()] ?? 'application/octet-stream',
    );
    if (answer.status === 200) {
      // As vite preview: the browser may keep a file but asks each time whether it changed.
      response.setHeader('Cache-Control', 'no-cache');
      response.setHeader('ETag', file.etag);
      response.setHeader('Last-Modified', file.lastModified);
      if (request.headers['if-none-match'] === file.etag) {
        response.writeHead(304);
        response.end();
        return;
      }
    }
    response.setHeader('Content-Length', file.body.length);
    response.writeHead(answer.status);
    response.end(request.method === 'HEAD' ? undefined : file.body);
  }

  const server = http.createServer((request, response) => {
    try {
      serve(request, response);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end(String(error));
    }
  });
  server.on('close', () => agent.destroy());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
