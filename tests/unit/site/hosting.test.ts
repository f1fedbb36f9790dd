import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import superstatic from 'superstatic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@/app/paths';
import {
  APP_ROUTES,
  APP_SHELL_FILE,
  htmlFor,
  NOT_FOUND_FILE,
  pageFile,
  PUBLIC_PATHS,
  siteBaseUrl,
} from '@/app/site-routes';

interface Hosting {
  public: string;
  rewrites: Array<{ source: string; destination: string }>;
  headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
  [key: string]: unknown;
}
const hosting = (JSON.parse(readFileSync('firebase.json', 'utf8')) as { hosting: Hosting }).hosting;

/** Every file name the build writes, each holding its own name, so an answer says which file it was. */
const BUILT_FILES = [
  ...PUBLIC_PATHS.map(pageFile),
  NOT_FOUND_FILE,
  APP_SHELL_FILE,
  'sitemap.xml',
  'robots.txt',
  'assets/index-abc123.js',
  'admin/index.html',
];

// The same table drives the `vite preview` plugin (tests, perf) and must match firebase.json.
const CASES: Array<[path: string, status: number, file: string]> = [
  ['/', 200, 'index.html'],
  ['/privacy', 200, 'privacy.html'],
  ['/terms', 200, 'terms.html'],
  ['/refundpolicy', 200, 'refundpolicy.html'],
  ['/cancellationpolicy', 200, 'cancellationpolicy.html'],
  ['/cart', 200, APP_SHELL_FILE],
  ['/profile', 200, APP_SHELL_FILE],
  ['/admin-panel', 200, APP_SHELL_FILE],
  ['/admin/orders/42', 200, APP_SHELL_FILE],
  ['/receipts/order/abc123', 200, APP_SHELL_FILE],
  ['/pay/AbCdEfGhIjKlMnOpQrStUvWxYz012345', 200, APP_SHELL_FILE],
  ['/no-such-page', 404, NOT_FOUND_FILE],
  ['/privacy/more', 404, NOT_FOUND_FILE],
  ['/cartx', 404, NOT_FOUND_FILE],
];

describe('what the hosting serves (firebase.json, run by Firebase Hosting’s own superstatic)', () => {
  let root: string;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'hosting-'));
    for (const file of BUILT_FILES) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), `file:${file}`);
    }
    // superstatic joins cwd and public, as firebase.json's "public": "dist" is relative to the project.
    const serve = superstatic({
      config: { ...hosting, public: path.basename(root) },
      cwd: path.dirname(root),
      fallthrough: false,
    }) as (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
    server = createServer((request, response) =>
      serve(request, response, () => {
        response.statusCode = 500;
        response.end('superstatic fell through');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it.each(CASES)('when %s is requested, then it answers %i with %s', async (pathname, status, file) => {
    const response = await fetch(`${origin}${pathname}`, { redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(`file:${file}`);
    expect(htmlFor(pathname)).toEqual({ file, status });
  });

  it('when an unknown path answers 404, then it still carries the site CSP', async () => {
    const response = await fetch(`${origin}/no-such-page`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('when a page is asked for by its file name or with a trailing slash, then it redirects to its one URL', async () => {
    for (const [pathname, location] of [
      ['/privacy.html', '/privacy'],
      ['/privacy/', '/privacy'],
    ]) {
      const response = await fetch(`${origin}${pathname}`, { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe(location);
    }
  });

  it('when a built file or folder is requested, then it is served as it is, before any rewrite', async () => {
    for (const [pathname, file] of [
      ['/assets/index-abc123.js', 'assets/index-abc123.js'],
      // public/admin/ (the placeholder admin page) wins over the /admin rewrite while it exists.
      ['/admin', 'admin/index.html'],
    ]) {
      const response = await fetch(`${origin}${pathname}`, { redirect: 'manual' });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(`file:${file}`);
    }
  });

  it('when firebase.json rewrites, then the API goes to Cloud Run, only the app routes go to the app, and nothing catches every path', () => {
    const [api, ...app] = hosting.rewrites;
    expect(api!.source).toBe('/api/**');
    expect(app.map((rewrite) => rewrite.source)).toEqual([...APP_ROUTES]);
    expect(new Set(app.map((rewrite) => rewrite.destination))).toEqual(new Set([`/${APP_SHELL_FILE}`]));
  });
});

describe('the route table', () => {
  it('when a route exists in the app, then the hosting serves it: a prerendered page or an app route', () => {
    for (const route of Object.values(paths)) {
      expect(htmlFor(route).status, route).toBe(200);
    }
  });
});

describe('the base URL of canonical links and the sitemap', () => {
  it('when PUBLIC_SITE_URL is not set, then it is the company website', () => {
    expect(siteBaseUrl({})).toBe('https://nimbusbespoke.in');
    expect(siteBaseUrl({ PUBLIC_SITE_URL: '  ' })).toBe('https://nimbusbespoke.in');
  });

  it('when PUBLIC_SITE_URL is set, then it is that origin without a trailing slash', () => {
    expect(siteBaseUrl({ PUBLIC_SITE_URL: 'https://www.example.in/' })).toBe('https://www.example.in');
    expect(siteBaseUrl({ PUBLIC_SITE_URL: 'http://127.0.0.1:4173' })).toBe('http://127.0.0.1:4173');
  });

  it('when PUBLIC_SITE_URL is not an origin, then the build stops with the reason', () => {
    expect(() => siteBaseUrl({ PUBLIC_SITE_URL: 'example.in' })).toThrow(/PUBLIC_SITE_URL/);
    expect(() => siteBaseUrl({ PUBLIC_SITE_URL: 'https://example.in/shop' })).toThrow(/origin/);
    expect(() => siteBaseUrl({ PUBLIC_SITE_URL: 'ftp://example.in' })).toThrow(/PUBLIC_SITE_URL/);
  });
});
