/**
 * What one page load costs the machine in each Chromium the browser tests could use: Debian's
 * full Chromium (`--headless`) and its headless shell (tests/helpers/browser.ts picks the shell
 * when it is installed). Each page is opened in a fresh context six times, as the tests do, and
 * left open 1.5 s; the machine's busy CPU seconds (all processes: browser, site, API) are divided
 * by the loads. Run on a quiet machine:
 *
 *   npm run measure:browser
 */
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/helpers/browser';

const BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].filter((file) => existsSync(file));
const PAGES = ['/', '/privacy', '/profile'];
const LOADS = 6;
const OPEN_MS = 1_500;

/** Busy CPU seconds of the whole machine since boot (/proc/stat: user, nice, system). */
function busySeconds(): number {
  const [user, nice, system] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1, 4).map(Number);
  return (user! + nice! + system!) / 100;
}

const site = process.env.SITE_URL;
if (!site) throw new Error('SITE_URL is not set: run this through `npm run measure:browser`.');
for (const executablePath of BROWSERS) {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  for (const path of PAGES) {
    const cpuBefore = busySeconds();
    const timeBefore = Date.now();
    for (let load = 0; load < LOADS; load++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: site });
      const page = await context.newPage();
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(OPEN_MS);
      await context.close();
    }
    const cpu = (busySeconds() - cpuBefore) / LOADS;
    const wall = (Date.now() - timeBefore) / 1000 / LOADS;
    console.log(
      `${executablePath.padEnd(34)} ${path.padEnd(10)} ${cpu.toFixed(2)} s CPU, ${wall.toFixed(2)} s per load`,
    );
  }
  await browser.close();
}
