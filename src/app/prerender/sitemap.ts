import { escapeHtml } from '@/domain/html';
import { SITE_PAGES } from './pages';

/** sitemap.xml: every public page, from the page table. */
export function sitemapXml(baseUrl: string): string {
  const urls = SITE_PAGES.flatMap((page) =>
    page.path === undefined ? [] : [`  <url><loc>${escapeHtml(`${baseUrl}${page.path}`)}</loc></url>`],
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything may be crawled (noindex pages must be fetched to be seen); where the sitemap is. */
export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}
