import { describe, expect, it } from 'vitest';
import { SITE_PAGES } from '@/app/prerender/pages';
import { APP_SHELL_FILE, NOT_FOUND_FILE, pageFile, PUBLIC_PATHS } from '@/app/site-routes';

describe('the prerendered pages', () => {
  it('when the build prerenders, then every public path, the 404 page and the app frame get exactly one file', () => {
    expect(SITE_PAGES.map((page) => page.file).sort()).toEqual(
      [...PUBLIC_PATHS.map(pageFile), NOT_FOUND_FILE, APP_SHELL_FILE].sort(),
    );
    for (const path of PUBLIC_PATHS) {
      expect(SITE_PAGES.find((page) => page.path === path)?.file).toBe(pageFile(path));
    }
  });

  it('when pages are indexed, then each public page has its own title and a description that fits a result', () => {
    const indexed = SITE_PAGES.filter((page) => page.path !== undefined);
    expect(new Set(indexed.map((page) => page.title)).size).toBe(indexed.length);
    expect(new Set(indexed.map((page) => page.description)).size).toBe(indexed.length);
    for (const page of SITE_PAGES) expect(page.description.length, page.file).toBeLessThanOrEqual(160);
  });
});
