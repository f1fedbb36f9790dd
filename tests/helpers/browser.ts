import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { beforeAll } from 'vitest';

/**
 * Debian's headless shell (`apt-get install chromium-headless-shell`, which .ci/run installs) when
 * present, else the full Chromium. The shell draws no frames nobody asked for: a page load costs
 * 1.2 s of CPU in it against 3.2 s in the full browser's headless mode (`npm run measure:browser`),
 * and the browser tests are bound by the machine's two cores.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Debian's Chromium, offline-safe flags (no background connections to Google). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser tests' Chromium: V8 without its optimising compiler (TurboFan), which the tests' short
 * page lives paid for and never used: the renderers' CPU over five e2e files 53.5 -> 48.4 CPU-s, over
 * three 47.5 -> 36.4 (MEASURE_CHROMIUM_TYPES=1 scripts/measure-cpu.ts). Only here: Lighthouse
 * (scripts/perf.ts) measures the browser as visitors have it.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--js-flags=--no-opt'],
  });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Errors the page logged or threw, for asserting a clean console. */
  errors: string[];
}

/**
 * A fresh context (no shared storage), with page errors collected. Its visitor prefers reduced
 * motion (the site honours it: src/index.css), so frames are drawn only when something changes:
 * that halved the compositor's CPU over the browser tests. A test about motion (the carousel's
 * turns, a smooth scroll) asks for `reducedMotion: 'no-preference'`.
 */
export async function newPage(
  browser: Browser,
  viewport: Viewport = { width: 1280, height: 900 },
  options: ContextOptions = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    ...options,
    viewport,
    baseURL: process.env.SITE_URL,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

type Viewport = { width: number; height: number };
type ContextOptions = Pick<BrowserContextOptions, 'storageState' | 'timezoneId' | 'reducedMotion'>;

/**
 * The test worker's Chromium, launched by its first test file and used by each file after it (the
 * e2e files share their worker's modules: vitest.config.ts, isolate false), so a worker launches
 * one browser, not one per file. Launched again if it crashed or was closed. Playwright ends the
 * browsers it launched when the worker's process exits.
 */
let workerBrowser: Promise<Browser> | undefined;

function browserForWorker(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = launchBrowser();
    workerBrowser = launching;
    const forget = () => {
      if (workerBrowser === launching) workerBrowser = undefined;
    };
    launching.then((browser) => browser.on('disconnected', forget), forget);
  }
  return workerBrowser;
}

/**
 * The worker's Chromium for the calling test file (see browserForWorker). Each test takes a fresh
 * context from it with `withPage`, closed in a `finally`, so a failing test never leaves its
 * context (and its storage) open for the next one, in this file or the next.
 */
export function sharedBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await browserForWorker();
  });
  return {
    /**
     * `options.storageState`: start from a saved session (see BrowserContext.storageState);
     * `options.timezoneId`: Chromium's time-zone emulation (e.g. 'Europe/London');
     * `options.reducedMotion`: 'no-preference' for a test about motion (see newPage).
     */
    async withPage<T>(
      run: (testPage: TestPage) => Promise<T>,
      viewport?: Viewport,
      options?: ContextOptions,
    ): Promise<T> {
      if (!browser) throw new Error('The browser is not running: call sharedBrowser() at the top of the test file.');
      const testPage = await newPage(browser, viewport, options);
      try {
        return await run(testPage);
      } catch (error) {
        // What each page showed when the test failed: CI keeps only this output.
        for (const page of testPage.context.pages()) {
          const text = await page
            .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 1_500))
            .catch((reason: unknown) => `(unreadable: ${String(reason)})`);
          console.error(`[failed test] page ${page.url()}: ${text}`);
        }
        if (testPage.errors.length > 0) console.error(`[failed test] page errors: ${testPage.errors.join(' | ')}`);
        throw error;
      } finally {
        await testPage.context.close();
      }
    },
  };
}

/**
 * Loads Firebase in the page (as the auth modal or an API call would) and waits for the test
 * hooks of an e2e build. A first-time visitor's page does not load Firebase by itself.
 */
export async function loadFirebaseHooks(page: Page): Promise<void> {
  await page.waitForFunction(() => '__loadFirebase' in window);
  await page.evaluate(() => (window as unknown as { __loadFirebase: () => Promise<unknown> }).__loadFirebase());
  await page.waitForFunction(() => '__fb' in window);
}
