import { pageHead } from './head';
import { SITE_PAGES } from './pages';
import { renderAppShell, renderPage } from './render';
import { robotsTxt, sitemapXml } from './sitemap';

export interface PrerenderedPage {
  file: string;
  /** The <title> and description meta that replace index.html's, and the tags added to its head. */
  head: ReturnType<typeof pageHead>;
  /** What goes into #root. */
  body: string;
  /** The body is the app's first render, to be hydrated (else the app renders over it). */
  isHydrated: boolean;
}

/**
 * Build-time only (scripts/prerender.ts runs it in Node): every page's HTML parts, and the other
 * files that describe the site to crawlers.
 */
export async function prerenderSite(
  baseUrl: string,
): Promise<{ pages: PrerenderedPage[]; files: Record<string, string> }> {
  const pages: PrerenderedPage[] = [];
  // One after another: the renders share the route table, whose lazy routes they resolve.
  for (const page of SITE_PAGES) {
    pages.push({
      file: page.file,
      head: pageHead(page, baseUrl),
      body: page.route === undefined ? await renderAppShell() : await renderPage(page.route),
      isHydrated: page.route !== undefined,
    });
  }
  return { pages, files: { 'sitemap.xml': sitemapXml(baseUrl), 'robots.txt': robotsTxt(baseUrl) } };
}
