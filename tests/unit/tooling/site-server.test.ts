import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SHELL_FILE, NOT_FOUND_FILE, pageFile, PUBLIC_PATHS } from '@/app/site-routes';
import { startSiteServer } from '../../../scripts/lib/site-server';

/** Every file name the build writes, each holding its own name, so an answer says which file it was. */
const BUILT_FILES = [
  ...PUBLIC_PATHS.map(pageFile),
  NOT_FOUND_FILE,
  APP_SHELL_FILE,
  'sitemap.xml',
  'assets/index-abc123.js',
  'admin/index.html',
];
const CSP = "default-src 'self'";

interface Seen {
  method: string;
  url: string;
  host: string;
  body: string;
}

describe('the test stack’s site server (scripts/lib/site-server.ts, in place of vite preview)', () => {
  let root: string;
  let site: Server;
  let api: Server;
  let origin: string;
  let apiHost: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'site-server-'));
    for (const file of BUILT_FILES) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), `file:${file}`);
    }
    // A stand-in API that says what reached it.
    api = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ method: request.method!, url: request.url!, host: request.headers.host!, body });
        response.writeHead(201, { 'Content-Type': 'application/json', 'X-From': 'api' });
        response.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiHost = `127.0.0.1:${(api.address() as AddressInfo).port}`;
    site = await startSiteServer({
      outDir: root,
      host: '127.0.0.1',
      port: 0,
      apiPort: (api.address() as AddressInfo).port,
      headers: { 'Content-Security-Policy': CSP },
    });
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    site.closeAllConnections();
    api.closeAllConnections();
    await Promise.all([site, api].map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['/', 200, 'index.html', 'text/html;charset=utf-8'],
    ['/privacy', 200, 'privacy.html', 'text/html;charset=utf-8'],
    ['/profile', 200, APP_SHELL_FILE, 'text/html;charset=utf-8'],
    ['/admin/orders/42?tab=open', 200, APP_SHELL_FILE, 'text/html;charset=utf-8'],
    ['/assets/index-abc123.js', 200, 'assets/index-abc123.js', 'text/javascript'],
    ['/sitemap.xml', 200, 'sitemap.xml', 'application/xml'],
    ['/no-such-page', 404, NOT_FOUND_FILE, 'text/html;charset=utf-8'],
    ['/assets/missing.js', 404, NOT_FOUND_FILE, 'text/html;charset=utf-8'],
    ['/..%2F..%2Fetc/passwd', 404, NOT_FOUND_FILE, 'text/html;charset=utf-8'],
  ])('when %s is requested, then it answers %i with %s and the site CSP', async (pathname, status, file, type) => {
    const response = await fetch(`${origin}${pathname}`, { redirect: 'manual' });
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(`file:${file}`);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-security-policy')).toBe(CSP);
  });

  it('when a path climbs out of the build into a folder whose name starts like it, then it is not served', async () => {
    const sibling = `${root}-other`;
    mkdirSync(sibling, { recursive: true });
    writeFileSync(path.join(sibling, 'secret.txt'), 'secret');
    try {
      const response = await fetch(`${origin}/..%2F${path.basename(sibling)}%2Fsecret.txt`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(`file:${NOT_FOUND_FILE}`);
    } finally {
      rmSync(sibling, { recursive: true, force: true });
    }
  });

  it('when a built folder with an index.html is requested, then that page is served', async () => {
    const response = await fetch(`${origin}/admin`);
    expect(await response.text()).toBe('file:admin/index.html');
  });

  it('when a path ends with a slash, then it redirects to the path without it, query kept', async () => {
    const response = await fetch(`${origin}/privacy/?from=mail`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/privacy?from=mail');
  });

  it('when a page is asked for with HEAD, then it answers its headers without a body', async () => {
    const response = await fetch(`${origin}/privacy`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String('file:privacy.html'.length));
    expect(await response.text()).toBe('');
  });

  it('when the browser revalidates a file it has, then it answers 304 with no body', async () => {
    const first = await fetch(`${origin}/assets/index-abc123.js`);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${origin}/assets/index-abc123.js`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('when the page calls an API path, then it reaches the API as sent (method, path, query, body, Host) and its answer comes back', async () => {
    seen.length = 0;
    for (const pathname of ['/api/orders?x=1', '/submit-contact-form', '/create-razorpay-order']) {
      const response = await fetch(`${origin}${pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"plan":"starter"}',
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('x-from')).toBe('api');
      expect(await response.json()).toEqual({ ok: true });
    }
    const host = new URL(origin).host;
    expect(seen).toEqual([
      { method: 'POST', url: '/api/orders?x=1', host, body: '{"plan":"starter"}' },
      { method: 'POST', url: '/submit-contact-form', host, body: '{"plan":"starter"}' },
      { method: 'POST', url: '/create-razorpay-order', host, body: '{"plan":"starter"}' },
    ]);
    expect(host).not.toBe(apiHost);
  });

  it('when the API is down, then an API path answers 502 with a message', async () => {
    const down = await startSiteServer({ outDir: root, host: '127.0.0.1', port: 0, apiPort: 1, headers: {} });
    try {
      const response = await fetch(`http://127.0.0.1:${(down.address() as AddressInfo).port}/api/health`);
      expect(response.status).toBe(502);
      expect(((await response.json()) as { message: string }).message).toMatch(/API did not answer/);
    } finally {
      down.closeAllConnections();
      await new Promise((resolve) => down.close(resolve));
    }
  });
});
