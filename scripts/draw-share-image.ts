/**
 * Draws the pictures that stand for the site outside it, with the local Chromium, into public/:
 * the share image of every page (OpenGraph/Twitter, 1200×630) and the square logo that the
 * structured data names (512×512). Run it again when the brand, the pitch or the plans change:
 *
 *   npx tsx scripts/draw-share-image.ts
 *
 * The PNGs are committed: the build only copies them.
 */
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { chromium } from 'playwright-core';
import { LOGO_IMAGE, SHARE_IMAGE } from '../src/app/prerender/share-image';
import { Logo } from '../src/components/logo';
import { CATEGORIES } from '../src/domain/catalogue';
import { COMPANY } from '../src/domain/company';
import { formatInr } from '../src/domain/money';
import { CHROMIUM_ARGS } from '../tests/helpers/browser';

const PUBLIC = path.resolve(import.meta.dirname, '..', 'public');
const logo = (size: number) =>
  renderToStaticMarkup(createElement(Logo)).replace(/width="32" height="32"/, `width="${size}" height="${size}"`);
const cheapest = Math.min(...CATEGORIES.flatMap((category) => category.plans.map((plan) => plan.oneTimePaise)));

// Flat colours only: a gradient would make the PNG several times larger.
const SHARE_HTML = `<!doctype html><html><head><meta charset="utf-8"><style>
  * { margin: 0; box-sizing: border-box; }
  body { width: ${SHARE_IMAGE.width}px; height: ${SHARE_IMAGE.height}px; font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif;
    background: #e6f6fb; color: #0f172a; position: relative; overflow: hidden; }
  .band { position: absolute; inset: auto 0 0 0; height: 150px; background: #0b5f79; }
  .circle { position: absolute; right: -120px; top: -160px; width: 520px; height: 520px; border-radius: 50%; background: #c4eaf5; }
  .content { position: absolute; left: 80px; top: 70px; right: 80px; }
  .brand { display: flex; align-items: center; gap: 22px; font-size: 40px; font-weight: bold; }
  h1 { margin-top: 48px; font-size: 64px; line-height: 1.12; letter-spacing: -1px; max-width: 900px; }
  h1 span { color: #0b5f79; }
  p { margin-top: 26px; font-size: 30px; color: #334155; }
  .lines { position: absolute; left: 80px; right: 80px; bottom: 0; height: 150px; display: flex; align-items: center;
    justify-content: space-between; color: #fff; font-size: 28px; }
  .price { font-weight: bold; background: #fff; color: #0b5f79; border-radius: 999px; padding: 12px 28px; }
</style></head><body>
  <div class="circle"></div>
  <div class="content">
    <div class="brand">${logo(84)}<span>${COMPANY.name}</span></div>
    <h1>Software made for the way <span>your business</span> works</h1>
    <p>${CATEGORIES.flatMap((category) => category.plans).length} fixed-price plans, built and supported in India</p>
  </div>
  <div class="band"></div>
  <div class="lines"><span>Factories · Websites · Learning · Gyms · Smart homes</span><span class="price">From ${formatInr(cheapest)}</span></div>
</body></html>`;

const LOGO_HTML = `<!doctype html><html><head><style>* { margin: 0 } body { width: ${LOGO_IMAGE.width}px; height: ${LOGO_IMAGE.height}px; background: #fff; }</style></head>
  <body>${logo(LOGO_IMAGE.width)}</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  for (const [html, image] of [
    [SHARE_HTML, SHARE_IMAGE],
    [LOGO_HTML, LOGO_IMAGE],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: image.width, height: image.height } });
    await page.setContent(html);
    const file = path.join(PUBLIC, image.path);
    await page.screenshot({ path: file, type: 'png' });
    console.log(`wrote ${path.relative(process.cwd(), file)} (${image.width}×${image.height})`);
    await page.close();
  }
} finally {
  await browser.close();
}
