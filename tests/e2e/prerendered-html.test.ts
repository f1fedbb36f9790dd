import { JSDOM } from 'jsdom';
import { loadEnv } from 'vite';
import { describe, expect, it } from 'vitest';
import { siteBaseUrl } from '@/app/site-routes';
import { CATEGORIES } from '@/domain/catalogue';
import { COMPANY } from '@/domain/company';
import { CURRENCY, formatInr, paiseToRupees } from '@/domain/money';
import { CANCELLATION_POLICY, PRIVACY_POLICY, REFUND_POLICY, TERMS } from '@/features/policies/content';
import type { PolicyDocument } from '@/features/policies/policy-page';

/*
 * What a crawler or a link preview gets: the built HTML over plain HTTP, no script run (jsdom
 * only parses it). The site is the stack's `vite preview`, which serves the build as
 * firebase.json does.
 */

const SITE = process.env.SITE_URL!;
/** The base URL the build used for absolute links (PUBLIC_SITE_URL, as the build reads it). */
const BASE = siteBaseUrl({ ...loadEnv('production', process.cwd(), ''), ...process.env });

interface Fetched {
  status: number;
  document: Document;
  html: string;
}

async function get(path: string): Promise<Fetched> {
  const response = await fetch(`${SITE}${path}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
  const html = await response.text();
  return { status: response.status, html, document: new JSDOM(html).window.document };
}

const metaContent = (document: Document, selector: string) =>
  document.querySelector(`meta[${selector}]`)?.getAttribute('content') ?? null;
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

type JsonLd = Record<string, unknown>;

/** Every object in the page's JSON-LD blocks, however deeply nested. */
function jsonLdNodes(document: Document): JsonLd[] {
  const nodes: JsonLd[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      nodes.push(value as JsonLd);
      Object.values(value).forEach(walk);
    }
  };
  for (const block of document.querySelectorAll('script[type="application/ld+json"]')) {
    walk(JSON.parse(block.textContent ?? ''));
  }
  return nodes;
}
const ofType = (nodes: JsonLd[], type: string) => nodes.filter((node) => node['@type'] === type);

/** The headings in document order, as levels: one h1, and no level deeper than one below the last. */
function headingProblems(document: Document): string[] {
  const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => Number(heading.tagName[1]));
  const problems: string[] = [];
  if (levels.filter((level) => level === 1).length !== 1) problems.push(`${levels.filter((l) => l === 1).length} h1`);
  if (levels[0] !== 1) problems.push(`starts at h${levels[0]}`);
  levels.forEach((level, index) => {
    if (index > 0 && level > levels[index - 1]! + 1) problems.push(`h${levels[index - 1]} then h${level}`);
  });
  return problems;
}

const PUBLIC_PAGES: Array<{ path: string; title: string; policy?: PolicyDocument }> = [
  { path: '/', title: `${COMPANY.name} | Custom software for Indian businesses` },
  { path: '/privacy', title: `Privacy Policy | ${COMPANY.name}`, policy: PRIVACY_POLICY },
  { path: '/terms', title: `Terms & Conditions | ${COMPANY.name}`, policy: TERMS },
  { path: '/refundpolicy', title: `Refund Policy | ${COMPANY.name}`, policy: REFUND_POLICY },
  {
    path: '/cancellationpolicy',
    title: `Cancellation & Shipping Policy | ${COMPANY.name}`,
    policy: CANCELLATION_POLICY,
  },
];

describe('the prerendered public pages', () => {
  it.each(PUBLIC_PAGES)(
    'when $path is fetched without running a script, then it has its own title, description, canonical URL and share tags',
    async ({ path, title }) => {
      const { status, document } = await get(path);
      expect(status).toBe(200);
      expect(document.title).toBe(title);
      const description = metaContent(document, 'name="description"');
      expect(description!.length).toBeGreaterThan(50);
      expect(description!.length).toBeLessThanOrEqual(160);
      const url = `${BASE}${path}`;
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
      expect(metaContent(document, 'name="robots"')).toBeNull();
      expect(metaContent(document, 'property="og:url"')).toBe(url);
      expect(metaContent(document, 'property="og:type"')).toBe('website');
      expect(metaContent(document, 'property="og:title"')).toBe(title);
      expect(metaContent(document, 'property="og:description"')).toBe(description);
      expect(metaContent(document, 'property="og:image"')).toBe(`${BASE}/share-image.png`);
      expect(metaContent(document, 'property="og:image:width"')).toBe('1200');
      expect(metaContent(document, 'property="og:image:height"')).toBe('630');
      expect(metaContent(document, 'name="twitter:card"')).toBe('summary_large_image');
      expect(metaContent(document, 'name="twitter:title"')).toBe(title);
      expect(metaContent(document, 'name="twitter:image"')).toBe(`${BASE}/share-image.png`);
    },
  );

  it('when the public pages are compared, then no two share a title or a description', async () => {
    const pages = await Promise.all(PUBLIC_PAGES.map(({ path }) => get(path)));
    expect(new Set(pages.map(({ document }) => document.title)).size).toBe(PUBLIC_PAGES.length);
    const descriptions = pages.map(({ document }) => metaContent(document, 'name="description"'));
    expect(new Set(descriptions).size).toBe(PUBLIC_PAGES.length);
  });

  it.each(PUBLIC_PAGES)(
    'when $path is fetched, then its JSON-LD parses and names the company, the site and the 15 plans in INR',
    async ({ path, policy }) => {
      const nodes = jsonLdNodes((await get(path)).document);
      const [organization] = ofType(nodes, 'Organization');
      expect(organization).toMatchObject({
        name: COMPANY.name,
        url: `${BASE}/`,
        logo: `${BASE}/logo.png`,
        address: {
          '@type': 'PostalAddress',
          streetAddress: COMPANY.office.streetAddress,
          addressLocality: COMPANY.office.locality,
          postalCode: COMPANY.office.postalCode,
          addressCountry: 'IN',
        },
        contactPoint: { '@type': 'ContactPoint', email: COMPANY.email, telephone: COMPANY.phone },
      });
      expect(ofType(nodes, 'WebSite')).toEqual([
        expect.objectContaining({ url: `${BASE}/`, name: COMPANY.name, publisher: { '@id': organization!['@id'] } }),
      ]);

      const offers = ofType(nodes, 'Offer');
      expect(offers).toHaveLength(15);
      for (const category of CATEGORIES) {
        for (const plan of category.plans) {
          expect(offers).toContainEqual(
            expect.objectContaining({
              name: `${category.name}: ${plan.name}`,
              price: paiseToRupees(plan.oneTimePaise),
              priceCurrency: CURRENCY,
              availability: 'https://schema.org/InStock',
            }),
          );
        }
      }

      const breadcrumbs = ofType(nodes, 'BreadcrumbList');
      if (policy) {
        expect(breadcrumbs).toEqual([
          expect.objectContaining({
            itemListElement: [
              { '@type': 'ListItem', position: 1, name: 'Home', item: `${BASE}/` },
              { '@type': 'ListItem', position: 2, name: policy.title, item: `${BASE}${path}` },
            ],
          }),
        ]);
      } else {
        expect(breadcrumbs).toEqual([]);
      }
    },
  );

  it('when / is fetched, then its HTML shows every section and all 15 plans with their en-IN prices', async () => {
    const { document } = await get('/');
    for (const id of ['home', 'about', 'products', 'process', 'clients', 'contact']) {
      expect(document.getElementById(id), id).not.toBeNull();
    }
    expect(text(document.querySelector('h1'))).toBe('Software made for the way your business works');
    let plans = 0;
    for (const category of CATEGORIES) {
      const panel = document.getElementById(`panel-${category.id}`)!;
      expect(text(panel.querySelector('h3'))).toBe(category.name);
      for (const plan of category.plans) {
        const card = [...panel.querySelectorAll('article')].find(
          (article) => text(article.querySelector('h4')) === plan.name,
        );
        const cardText = text(card);
        // textContent runs the price and its label together: '₹1,10,000one-time'.
        expect(cardText).toContain(`${formatInr(plan.oneTimePaise)}one-time`);
        expect(cardText).toContain(
          plan.yearlyPaise === null ? 'No yearly fee' : `+ ${formatInr(plan.yearlyPaise)} / year`,
        );
        plans += 1;
      }
    }
    expect(plans).toBe(15);
    // Spot check straight from the spec's table, in Indian digit grouping.
    expect(text(document.getElementById('panel-manufacturing'))).toContain('₹1,10,000one-time');
    expect(text(document.getElementById('panel-manufacturing'))).toContain('+ ₹1,00,000 / year');
    expect(text(document.querySelector('footer'))).toContain(COMPANY.address);
  });

  it.each(PUBLIC_PAGES.filter((page) => page.policy))(
    'when $path is fetched, then its HTML is the policy itself: title, date and every section heading',
    async ({ path, policy }) => {
      const { document } = await get(path);
      expect(text(document.querySelector('h1'))).toBe(policy!.title);
      expect(text(document.querySelector('[data-testid="policy-date"]'))).toBe(policy!.dateLabel);
      const headings = [...document.querySelectorAll('article section h2')].map(text);
      expect(headings).toEqual(policy!.sections.map((section, index) => `${index + 1}. ${section.heading}`));
      expect(document.getElementById('home-title')).toBeNull();
    },
  );

  it.each([...PUBLIC_PAGES.map(({ path }) => path), '/no-such-page'])(
    'when %s is fetched, then it has one h1 and no skipped heading level',
    async (path) => {
      expect(headingProblems((await get(path)).document)).toEqual([]);
    },
  );
});

describe('pages that are not for search engines', () => {
  it('when an unknown URL is fetched, then it answers 404 with the prerendered, noindex 404 page', async () => {
    for (const path of ['/no-such-page', '/privacy/extra', '/assets/missing.js']) {
      const { status, document } = await get(path);
      expect(status, path).toBe(404);
      expect(text(document.querySelector('h1'))).toBe('Page Not Found');
      expect(document.querySelector('a[href="/"]')).not.toBeNull();
      expect(metaContent(document, 'name="robots"')).toBe('noindex');
      expect(document.querySelector('link[rel="canonical"]')).toBeNull();
    }
  });

  it.each(['/cart', '/profile', '/admin-panel', '/admin/anything', '/receipts/order/any-id'])(
    'when %s is fetched, then it is the app’s page, marked noindex',
    async (path) => {
      const { status, document } = await get(path);
      expect(status).toBe(200);
      expect(metaContent(document, 'name="robots"')).toBe('noindex');
      expect(document.querySelector('link[rel="canonical"]')).toBeNull();
      expect(document.getElementById('app-boot')).not.toBeNull();
    },
  );
});

describe('files for crawlers and link previews', () => {
  it('when /sitemap.xml is fetched, then it lists every public page by its canonical URL, and robots.txt points to it', async () => {
    const response = await fetch(`${SITE}/sitemap.xml`);
    expect(response.status).toBe(200);
    const sitemap = new JSDOM(await response.text(), { contentType: 'text/xml' }).window.document;
    const locations = [...sitemap.getElementsByTagName('loc')].map((loc) => loc.textContent);
    expect(locations).toEqual(PUBLIC_PAGES.map(({ path }) => `${BASE}${path}`));

    const robots = await (await fetch(`${SITE}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(robots).not.toMatch(/Disallow: \/\s*$/m);
  });

  it.each([
    ['/share-image.png', 1200, 630],
    ['/logo.png', 512, 512],
  ])('when %s is fetched, then it is a %ix%i PNG', async (path, width, height) => {
    const response = await fetch(`${SITE}${path}`);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The IHDR chunk: width and height as big-endian 32-bit numbers.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([width, height]);
  });
});
