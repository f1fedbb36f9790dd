import type { SitePage } from './pages';

/** Text made safe for HTML text and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/**
 * The head of a page besides what index.html has for every page: title and description (which
 * replace the template's), and noindex for the pages that are not public.
 */
export function pageHead(page: SitePage): { title: string; description: string; tags: string } {
  return {
    title: `<title>${escapeHtml(page.title)}</title>`,
    description: meta('name', 'description', page.description),
    tags: page.path === undefined ? meta('name', 'robots', 'noindex') : '',
  };
}
