import { COMPANY } from '@/domain/company';
import { escapeHtml } from '@/domain/html';
import type { SitePage } from './pages';
import { SHARE_IMAGE } from './share-image';
import { structuredData } from './structured-data';

/** JSON for a <script> data block: '<' escaped, so no string in it can close the block. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/**
 * The head of a page besides what index.html has for every page: title and description (which
 * replace the template's), then either the public page's canonical URL, share tags and JSON-LD,
 * or noindex.
 */
export function pageHead(page: SitePage, baseUrl: string): { title: string; description: string; tags: string } {
  const tags: string[] = [];
  if (page.path === undefined) {
    tags.push(meta('name', 'robots', 'noindex'));
  } else {
    const url = `${baseUrl}${page.path}`;
    const image = `${baseUrl}${SHARE_IMAGE.path}`;
    tags.push(
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', COMPANY.name),
      meta('property', 'og:locale', 'en_IN'),
      meta('property', 'og:url', url),
      meta('property', 'og:title', page.title),
      meta('property', 'og:description', page.description),
      meta('property', 'og:image', image),
      meta('property', 'og:image:type', 'image/png'),
      meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
      meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
      meta('property', 'og:image:alt', SHARE_IMAGE.alt),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:title', page.title),
      meta('name', 'twitter:description', page.description),
      meta('name', 'twitter:image', image),
      meta('name', 'twitter:image:alt', SHARE_IMAGE.alt),
      // A data block, never executed: the CSP's script-src does not apply to it.
      `<script type="application/ld+json">${scriptJson(structuredData(baseUrl, { path: page.path, breadcrumb: page.breadcrumb }))}</script>`,
    );
  }
  return {
    title: `<title>${escapeHtml(page.title)}</title>`,
    description: meta('name', 'description', page.description),
    tags: tags.join(''),
  };
}
