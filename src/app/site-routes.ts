import { COMPANY } from '../domain/company';
import { paths } from './paths';

/*
 * What the hosting serves at each path: firebase.json (production) and the `vite preview` plugin
 * (tests, perf) both follow this table. No '@/' imports: vite.config.ts loads this file.
 */

/** The public pages, each prerendered into its own file (Firebase cleanUrls: /privacy -> privacy.html). */
export const PUBLIC_PATHS = [paths.home, paths.privacy, paths.terms, paths.refund, paths.cancellation] as const;
export type PublicPath = (typeof PUBLIC_PATHS)[number];

/** The prerendered 404 page, served with status 404 for every path that is neither a page, an app route nor a file. */
export const NOT_FOUND_FILE = '404.html';

/**
 * Pages only the app renders (they depend on who is signed in): all are served one prerendered
 * frame, never indexed. Firebase Hosting globs: `**` matches any rest of the path. /admin/** is
 * for the staff console, /receipts/** for the receipt page, /pay/** for pay links, /quote/** for
 * quote links, /quotes/** for a customer's quotes, /projects/** for their projects,
 * /project-links/** for a project contact's signed link, /booking/** for a consultation's
 * reschedule/cancel links and /invite/** for an invitation to join a company.
 */
export const APP_ROUTES = [
  paths.cart,
  paths.profile,
  paths.statement,
  paths.adminPanel,
  '/admin',
  '/admin/**',
  '/receipts/**',
  '/pay/**',
  '/quote/**',
  '/quotes/**',
  '/booking/**',
  paths.support,
  '/support/**',
  '/projects/**',
  '/project-links/**',
  '/invite/**',
] as const;
export const APP_SHELL_FILE = 'app.html';

/** The HTML file a public page is written to. */
export function pageFile(path: PublicPath): string {
  return path === paths.home ? 'index.html' : `${path.slice(1)}.html`;
}

function matches(pattern: string, pathname: string): boolean {
  if (pattern.endsWith('/**')) return pathname.startsWith(pattern.slice(0, -2));
  return pathname === pattern;
}

/**
 * The HTML the hosting answers a path with when no file of the build has that name: a public
 * page, the app's frame, or the 404 page with status 404.
 */
export function htmlFor(pathname: string): { file: string; status: 200 | 404 } {
  const page = PUBLIC_PATHS.find((path) => path === pathname);
  if (page) return { file: pageFile(page), status: 200 };
  if (APP_ROUTES.some((pattern) => matches(pattern, pathname))) return { file: APP_SHELL_FILE, status: 200 };
  return { file: NOT_FOUND_FILE, status: 404 };
}

/**
 * The site's public address, for canonical links, share tags and the sitemap: PUBLIC_SITE_URL (the
 * variable the API's mails use too), else the company's website; its origin, with no trailing slash.
 */
export function siteBaseUrl(env: Record<string, string | undefined>): string {
  const configured = env.PUBLIC_SITE_URL?.trim() || COMPANY.website;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(`PUBLIC_SITE_URL must be an absolute URL such as https://example.in (got "${configured}").`);
  }
  // The app's routes are absolute, so the site lives at the root of its origin.
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`PUBLIC_SITE_URL must be the site's origin, such as https://example.in (got "${configured}").`);
  }
  return url.origin;
}
