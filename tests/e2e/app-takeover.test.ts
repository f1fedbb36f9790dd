import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from '../helpers/browser';
import { PUBLIC_PAGES } from '../helpers/e2e';
import { storeLocalCart } from '../helpers/shop';

/*
 * The browser shows each prerendered page from its HTML alone; the app then takes it over in
 * place (hydration). A visitor must not notice: the same elements stay, the text does not change,
 * nothing moves, and the CSP has nothing to refuse.
 */

const browser = sharedBrowser();

interface Recorded {
  /** The page's h1 and the text of its main content as parsed, before any script ran. */
  h1: Element | null;
  text: string | null;
  /** Every layout shift, whatever caused it. */
  shifts: number;
  violations: string[];
}

/** Runs in the page before its own scripts. */
function record() {
  const recorded: Recorded = { h1: null, text: null, shifts: 0, violations: [] };
  Object.assign(window, { __recorded: recorded });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) recorded.shifts += (entry as PerformanceEntry & { value: number }).value;
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('securitypolicyviolation', (event) =>
    recorded.violations.push(`${event.violatedDirective}: ${event.blockedURI}`),
  );
  document.addEventListener('DOMContentLoaded', () => {
    recorded.h1 = document.querySelector('h1');
    recorded.text = document.querySelector('main')?.textContent ?? null;
  });
}

/** The app runs once the account area knows the visitor (a first-time visitor: signed out). */
async function appStarted(page: Page) {
  await page.getByRole('button', { name: 'Login / Sign Up' }).waitFor();
}

describe('the app taking over a prerendered page', () => {
  it.each(PUBLIC_PAGES)(
    'when the app starts on %s, then it keeps the same elements and text, nothing shifts and nothing is refused',
    async (path) => {
      await browser.withPage(
        async ({ page, errors }) => {
          await page.addInitScript(record);
          await page.goto(path);
          await appStarted(page);
          await page.waitForLoadState('networkidle');
          const after = await page.evaluate(() => {
            const recorded = (window as unknown as { __recorded: Recorded }).__recorded;
            return {
              isSameHeading: recorded.h1 !== null && document.querySelector('h1') === recorded.h1,
              textBefore: recorded.text,
              text: document.querySelector('main')?.textContent ?? null,
              shifts: recorded.shifts,
              violations: recorded.violations,
              title: document.title,
            };
          });
          expect(after.isSameHeading).toBe(true);
          expect(after.text).toBe(after.textBefore);
          expect(after.shifts).toBe(0);
          expect(after.violations).toEqual([]);
          // The 404 page's own document answers 404; anything else logged is a fault (hydration errors included).
          expect(errors.filter((error) => !(path === '/no-such-page' && /status of 404/.test(error)))).toEqual([]);
        },
        { width: 412, height: 823 },
      );
    },
  );

  it('when the app sets the tab title, then it is the one the prerendered HTML had', async () => {
    await browser.withPage(async ({ page }) => {
      for (const path of PUBLIC_PAGES) {
        const html = await (await fetch(`${process.env.SITE_URL}${path}`)).text();
        const prerendered = /<title>([^<]*)<\/title>/.exec(html)![1]!.replace(/&amp;/g, '&');
        await page.goto(path);
        await appStarted(page);
        expect(await page.title()).toBe(prerendered);
      }
    });
  });

  it('when a returning guest has plans in this browser’s cart, then the page still hydrates cleanly and then shows them as added', async () => {
    await browser.withPage(async ({ page, context, errors }) => {
      await context.addInitScript(storeLocalCart, [
        { id: 'manufacturing-Starter', name: 'Starter', category: 'Factory Management', price: '₹1,10,000' },
      ]);
      await page.goto('/');
      const card = page.getByRole('tabpanel', { name: 'Factory Management' }).getByRole('article', { name: 'Starter' });
      await card.getByRole('button', { name: 'Added to Cart' }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('when the visitor scrolls the prerendered page before the app starts, then the app leaves them where they are', async () => {
    await browser.withPage(async ({ page, context }) => {
      // Hold the app's code back until the visitor has scrolled.
      let release!: () => void;
      const isReleased = new Promise<void>((resolve) => (release = resolve));
      await context.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await isReleased;
        await route.continue();
      });
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await page.locator('#process').scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(500);
      release();
      await appStarted(page);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    });
  });
});
