import { readFileSync } from 'node:fs';
import path from 'node:path';

interface HostingHeaders {
  hosting: { headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }> };
}

/** The site's Content-Security-Policy, as firebase.json serves it on Firebase Hosting. */
export function hostingCsp(): string {
  const config = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '..', 'firebase.json'), 'utf8'),
  ) as HostingHeaders;
  const header = config.hosting.headers
    .flatMap((rule) => rule.headers)
    .find((entry) => entry.key === 'Content-Security-Policy');
  if (!header) throw new Error('firebase.json serves no Content-Security-Policy.');
  return header.value;
}

/**
 * The same policy for `vite preview` (e2e tests, perf), so the built site is always exercised
 * under the production CSP; only the local emulators' origin is added.
 */
export function previewCsp(): string {
  return hostingCsp().replace('connect-src ', 'connect-src http://127.0.0.1:* ');
}
