import { describe, expect, it } from 'vitest';
import { loadFirebaseHooks, sharedBrowser } from '../helpers/browser';
import { shownDialog } from '../helpers/e2e';
import { openHome } from '../helpers/shop';

/*
 * A visitor may pick a product category while the page is still starting: Auth is loading and the
 * session is unknown. On a slow phone the session then arrives in the middle of the panels' smooth
 * scroll and keeps the page busy; the chosen tab must stay chosen all along, and its panel live.
 */

const browser = sharedBrowser();

interface Watched {
  /** Everything that went wrong with the chosen tab and its panel from the click on. */
  faults: string[];
  panels: Element | null;
}

/** Runs in the page: watches the chosen tab and its panel from the moment the tab is clicked. */
function watchChoice(categoryId: string) {
  const tab = document.getElementById(`tab-${categoryId}`)!;
  const panel = document.getElementById(`panel-${categoryId}`)!;
  const watched: Watched = { faults: [], panels: document.querySelector('[data-testid="product-panels"]') };
  Object.assign(window, { __watched: watched });
  tab.addEventListener(
    'click',
    () => {
      new MutationObserver(() => {
        if (tab.getAttribute('aria-selected') !== 'true') watched.faults.push('the chosen tab was deselected');
        if (panel.inert) watched.faults.push('the chosen panel was inert');
      }).observe(document.getElementById('products')!, {
        subtree: true,
        attributes: true,
        attributeFilter: ['aria-selected', 'inert'],
      });
    },
    { once: true },
  );
}

/** What the watcher saw, and whether the panels are still the elements it started with (no remount). */
function readWatch() {
  const watched = (window as unknown as { __watched: Watched }).__watched;
  return {
    faults: [...new Set(watched.faults)],
    isSameSection: document.querySelector('[data-testid="product-panels"]') === watched.panels,
  };
}

describe('choosing a product category while the page starts', () => {
  it('when a visitor picks a category before the session is known on a slow CPU, then its tab stays selected and its plans answer', async () => {
    await browser.withPage(
      async ({ page, context, errors }) => {
        // A visitor who has opened sign-in before: the browser keeps Firebase's storage, so the page
        // loads Auth as it starts and the session stays unknown until Auth answers.
        await openHome(page);
        await loadFirebaseHooks(page);
        await page.evaluate(() =>
          (window as unknown as { __fb: { auth: import('firebase/auth').Auth } }).__fb.auth.authStateReady(),
        );

        // Auth's code is held back until the visitor has chosen; the CPU runs at a slow phone's pace.
        let release!: () => void;
        const isReleased = new Promise<void>((resolve) => (release = resolve));
        let authRequested!: () => void;
        const isAuthRequested = new Promise<void>((resolve) => (authRequested = resolve));
        await context.route(/\/assets\/firebase-[^/]+\.js$/, async (route) => {
          authRequested();
          await isReleased;
          await route.continue();
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

        await page.goto('/');
        // The app has taken the page over (its session asks for Auth), and the session is unknown.
        await isAuthRequested;
        expect(await page.getByTestId('account-placeholder').isVisible()).toBe(true);
        await page.evaluate(watchChoice, 'gym');
        const tab = page.getByRole('tab', { name: 'Gym & Fitness' });
        await tab.click();
        release();
        await page.getByRole('button', { name: 'Login / Sign Up' }).waitFor();
        await page.waitForFunction(
          () => Math.abs(document.getElementById('panel-gym')!.getBoundingClientRect().left) < 2,
        );

        expect(await page.evaluate(readWatch)).toEqual({ faults: [], isSameSection: true });
        expect(await tab.getAttribute('aria-selected')).toBe('true');
        const panel = page.getByRole('tabpanel', { name: 'Gym & Fitness' });
        expect(await panel.evaluate((element) => (element as HTMLElement).inert)).toBe(false);

        // Its plans answer: a visitor who adds one is asked to sign up (spec: adding while logged out).
        await panel
          .getByRole('article', { name: 'AI Full Suite', exact: true })
          .getByRole('button', { name: 'Add to Cart' })
          .click();
        const modal = await shownDialog(page);
        await modal.getByRole('heading', { name: 'Create an Account' }).waitFor();
        expect(await page.evaluate(readWatch)).toEqual({ faults: [], isSameSection: true });
        expect(errors).toEqual([]);
      },
      undefined,
      { reducedMotion: 'no-preference' },
    );
  });
});
