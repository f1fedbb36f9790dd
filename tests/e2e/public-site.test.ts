import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAROUSEL_INTERVAL_MS } from '@/components/carousel';
import { CATEGORIES } from '@/domain/catalogue';
import { formatInr } from '@/domain/money';
import { CONTACT_SUCCESS_MESSAGE } from '../../server/routes/contact';
import { loadFirebaseHooks, sharedBrowser } from '../helpers/browser';
import {
  expectAccessible,
  expectLandmarks,
  openPublicPage,
  PUBLIC_PAGES,
  sendContactQuery,
  uniqueEmail,
} from '../helpers/e2e';
import { admin } from '../helpers/emulators';
import { planButton } from '../helpers/shop';

const browser = sharedBrowser();

const NAV = [
  ['Home', 'home'],
  ['About', 'about'],
  ['Products', 'products'],
  ['Process', 'process'],
  ['Our Clients', 'clients'],
  ['Contact', 'contact'],
] as const;

/**
 * The landing page with the app running: its HTML shows every section at once, but the buttons
 * work only once the app has taken the page over (the account area then knows the visitor).
 */
async function openLanding(page: Page, path = '/') {
  await page.goto(path);
  await page.locator('#contact').waitFor();
  await page.getByRole('button', { name: 'Login / Sign Up' }).waitFor();
}

/** Waits until the section's top sits 80px below the top of the window (or the page is at the very top). */
async function expectLandedOn(page: Page, id: string) {
  await page.waitForFunction(
    (sectionId) => {
      // The sections below the fold arrive a moment after the first paint.
      const section = document.getElementById(sectionId);
      if (!section) return false;
      return sectionId === 'home' ? window.scrollY === 0 : Math.abs(section.getBoundingClientRect().top - 80) <= 2;
    },
    id,
    { timeout: 5000 },
  );
}

describe('navigation', () => {
  it('when a nav link is clicked on the landing page, then the page scrolls to that section with the 80px offset', async () => {
    await browser.withPage(async ({ page, errors }) => {
      await openLanding(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      // Visit in an order that scrolls both down and up.
      for (const [label, id] of [...NAV.slice(1), NAV[0], NAV[3]]) {
        await nav.getByRole('link', { name: label, exact: true }).click();
        await expectLandedOn(page, id);
      }
      expect(errors).toEqual([]);
    });
  });

  it('when a nav link is clicked on a policy page, then it goes to /#section and lands on it', async () => {
    await browser.withPage(async ({ page }) => {
      for (const [label, id] of NAV) {
        await page.goto('/privacy');
        await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/' && url.hash === `#${id}`);
        await expectLandedOn(page, id);
      }
    });
  });

  it('when a section link is followed from another page before the sections have loaded, then it still lands on the section', async () => {
    await browser.withPage(async ({ page, context }) => {
      // Hold the code of the sections below the fold back until the landing page has painted without them.
      let requested!: () => void;
      let release!: () => void;
      const isRequested = new Promise<void>((resolve) => (requested = resolve));
      const isReleased = new Promise<void>((resolve) => (release = resolve));
      await context.route(/landing-below-fold-.*\.js$/, async (route) => {
        requested();
        await isReleased;
        await route.continue();
      });
      await page.goto('/privacy');
      await page.getByRole('button', { name: 'Login / Sign Up' }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true }).click();
      await isRequested;
      await page.waitForURL((url) => url.pathname === '/' && url.hash === '#contact');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.locator('#contact').count()).toBe(0);
      release();
      await page.locator('#contact').waitFor({ timeout: 10_000 });
      await expectLandedOn(page, 'contact');
    });
  });

  it('when a deep link to a section is opened, then the page lands on it from its HTML and the app keeps it there', async () => {
    await browser.withPage(async ({ page }) => {
      await openLanding(page, '/#contact');
      await expectLandedOn(page, 'contact');
    });
  });

  it('when the menu is opened on a phone, then the drawer traps focus, closes on Escape and its links land on sections', async () => {
    await browser.withPage(
      async ({ page }) => {
        await openLanding(page);
        const menuButton = page.getByRole('button', { name: 'Open menu' });
        await menuButton.click();
        const drawer = page.getByRole('dialog', { name: 'Menu' });
        await drawer.waitFor();
        expect(await drawer.evaluate((element) => getComputedStyle(element).width)).toBe('250px');
        expect(await drawer.getByRole('link').allTextContents()).toEqual(NAV.map(([label]) => label));

        // Tab from the last link wraps to the first focusable element inside the drawer.
        await drawer.getByRole('link', { name: 'Contact' }).focus();
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null)).toBe(true);

        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');

        await menuButton.click();
        await drawer.getByRole('link', { name: 'Products' }).click();
        await drawer.waitFor({ state: 'detached' });
        await expectLandedOn(page, 'products');
      },
      { width: 360, height: 740 },
    );
  });

  it('when the footer quick links and hero buttons are used, then they land on their sections', async () => {
    await browser.withPage(async ({ page }) => {
      await openLanding(page);
      await page.getByRole('link', { name: 'Explore Solutions' }).click();
      await expectLandedOn(page, 'products');
      await page.getByRole('link', { name: 'Get in Touch' }).click();
      await expectLandedOn(page, 'contact');
      const footer = page.getByRole('navigation', { name: 'Quick links' });
      expect(await footer.getByRole('link').allTextContents()).toEqual([
        'Home',
        'About',
        'Products',
        'Process',
        'Contact',
      ]);
      await footer.getByRole('link', { name: 'Process' }).click();
      await expectLandedOn(page, 'process');
    });
  });
});

describe('products and plans', () => {
  it('when each category tab is chosen, then its panel shows its three plans with the exact prices of the spec', async () => {
    await browser.withPage(async ({ page }) => {
      await openLanding(page);
      let seen = 0;
      for (const category of CATEGORIES) {
        await page.getByRole('tab', { name: category.name }).click();
        const panel = page.getByRole('tabpanel', { name: category.name });
        // The chosen panel is the one scrolled into view.
        await page.waitForFunction(
          (id) => Math.abs(document.getElementById(`panel-${id}`)!.getBoundingClientRect().left) < 2,
          category.id,
        );
        expect(await page.getByRole('tab', { name: category.name }).getAttribute('aria-selected')).toBe('true');
        await expect.poll(() => panel.getByText(category.tagline).isVisible()).toBe(true);
        for (const plan of category.plans) {
          const card = panel.getByRole('article', { name: plan.name, exact: true });
          const text = (await card.textContent())!;
          expect(text).toContain(`${formatInr(plan.oneTimePaise)}one-time`);
          expect(await card.getByTestId('yearly').textContent()).toBe(
            plan.yearlyPaise === null ? 'No yearly fee' : `+ ${formatInr(plan.yearlyPaise)} / year`,
          );
          if (plan.note) expect(await card.getByTestId('plan-note').textContent()).toBe(plan.note);
          expect(await card.getByRole('button', { name: 'Add to Cart' }).isEnabled()).toBe(true);
          seen += 1;
        }
      }
      expect(seen).toBe(15);
      // Spot checks straight from the spec's table.
      const factory = page.getByRole('tabpanel', { name: 'Factory Management' });
      expect(await factory.getByRole('article', { name: 'Starter' }).textContent()).toContain('₹1,10,000');
      expect(await factory.getByRole('article', { name: 'Premium AI' }).textContent()).toContain('+ ₹1,00,000 / year');
    });
  });

  it('when a visitor who is not signed in adds a plan, then the signup modal opens instead', async () => {
    await browser.withPage(async ({ page }) => {
      await openLanding(page);
      await page.getByRole('button', { name: 'Login / Sign Up' }).waitFor();
      await page
        .getByRole('tabpanel', { name: 'Factory Management' })
        .getByRole('button', { name: 'Add to Cart' })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Create an Account' }).waitFor();
    });
  });

  it('when a signed-in user adds a plan, then its card says Added to Cart and the bar counts it', async () => {
    await browser.withPage(async ({ page }) => {
      await openLanding(page);
      await loadFirebaseHooks(page);
      await page.evaluate(async (address) => {
        const hooks = (
          window as unknown as {
            __fb: { auth: import('firebase/auth').Auth; authSdk: () => Promise<typeof import('firebase/auth')> };
          }
        ).__fb;
        const sdk = await hooks.authSdk();
        await sdk.createUserWithEmailAndPassword(hooks.auth, address, 'password-123');
      }, uniqueEmail('buyer'));
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      const card = page
        .getByRole('tabpanel', { name: 'Websites & E-commerce' })
        .getByRole('article', { name: 'Basic' });
      // Wait for the panel to settle: a click during the smooth scroll can snap it back (then inert).
      await (await planButton(page, 'website', 'Websites & E-commerce', 'Basic')).click();
      await card.getByRole('button', { name: 'Added to Cart' }).waitFor();
      expect(await card.getByRole('button', { name: 'Added to Cart' }).isDisabled()).toBe(true);
      await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
    });
  });

  it('when the carousel is left alone it advances and wraps; arrows, dots and keys move it', async () => {
    await browser.withPage(
      async ({ page }) => {
        // The page's clock runs as usual while it loads, then stands still: each 5 s step is then
        // run at once (tests/unit/catalog/carousel.test.tsx times the steps to the millisecond).
        await page.clock.install();
        await openLanding(page);
        const carousel = page.getByRole('region', { name: 'Factory Management screenshots' });
        await carousel.scrollIntoViewIfNeeded();
        await page.mouse.move(0, 0);
        // A moment ahead of the page's own time (pausing cannot go back); the jump may show a slide.
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
        const index = async () => Number(await carousel.getAttribute('data-index'));
        const start = await index();
        for (const step of [1, 2, 3]) {
          await page.clock.runFor(CAROUSEL_INTERVAL_MS);
          // One slide per interval, wrapping from the last to the first.
          await expect.poll(index, { timeout: 2000 }).toBe((start + step) % 3);
        }

        // Using a control pauses the rotation, so each step is deterministic from here.
        await carousel.getByRole('button', { name: 'Show slide 1 of 3' }).click();
        expect(await index()).toBe(0);
        await carousel.getByRole('button', { name: 'Previous slide' }).click();
        expect(await index()).toBe(2);
        await carousel.getByRole('button', { name: 'Next slide' }).click();
        expect(await index()).toBe(0);
        await carousel.getByRole('button', { name: 'Show slide 2 of 3' }).click();
        expect(await index()).toBe(1);
        expect(await carousel.getByRole('button', { name: 'Show slide 2 of 3' }).getAttribute('aria-current')).toBe(
          'true',
        );
        await page.keyboard.press('ArrowRight');
        expect(await index()).toBe(2);
        await page.keyboard.press('ArrowRight');
        expect(await index()).toBe(0);

        // A category with a single image shows no carousel controls.
        const website = page.getByRole('tabpanel', { name: 'Websites & E-commerce' });
        expect(await website.getByRole('button', { name: 'Next slide' }).count()).toBe(0);
      },
      undefined,
      { reducedMotion: 'no-preference' },
    );
  });
});

describe('contact', () => {
  it('when the query form is sent empty or with a bad email it shows errors; filled in, it shows the server message and stores the query', async () => {
    await browser.withPage(async ({ page }) => {
      await openLanding(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
      const send = page.getByRole('button', { name: 'Send Query' });
      await send.click();
      await page.getByText('Name is required.').waitFor();
      await page.getByText('Email is required.').waitFor();
      await page.getByText('Message is required.').waitFor();
      expect(await page.getByRole('textbox', { name: 'Name', exact: true }).getAttribute('aria-invalid')).toBe('true');

      const email = uniqueEmail('enquiry');
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Meera Iyer');
      await page.getByRole('textbox', { name: 'Business name (optional)' }).fill('Iyer Spices');
      await page.getByRole('textbox', { name: 'Contact number (optional)' }).fill('+91 99000 11111');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('meera-at-example');
      await page
        .getByRole('textbox', { name: 'Message', exact: true })
        .fill('We would like an online store for our spice blends.');
      await send.click();
      await page.getByText('Please enter a valid email address.').waitFor();
      expect(await page.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe(
        'We would like an online store for our spice blends.',
      );

      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await send.click();
      const status = page.getByTestId('contact-status');
      await status.waitFor();
      expect(await status.textContent()).toBe(CONTACT_SUCCESS_MESSAGE);
      expect(await status.getAttribute('data-type')).toBe('success');
      expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('');

      const stored = await admin().db.collection('enquiries').where('email', '==', email).get();
      expect(stored.size).toBe(1);
      expect(stored.docs[0]!.data()).toMatchObject({
        name: 'Meera Iyer',
        businessName: 'Iyer Spices',
        contactNumber: '+91 99000 11111',
        message: 'We would like an online store for our spice blends.',
        status: 'New',
      });

      // Switching tabs clears the message, and it does not come back.
      await page.getByRole('tab', { name: 'Pay Invoice' }).click();
      expect(await status.count()).toBe(0);
      await page.getByRole('heading', { name: 'Please log in' }).waitFor();
      await page.getByRole('tab', { name: 'Send a Query' }).click();
      expect(await status.count()).toBe(0);
    });
  });

  it('when a signed-in user sends a query, then it is stored under their account', async () => {
    await browser.withPage(async ({ page }) => {
      await openLanding(page);
      await loadFirebaseHooks(page);
      const email = uniqueEmail('member');
      const uid = await page.evaluate(async (address) => {
        const hooks = (
          window as unknown as {
            __fb: { auth: import('firebase/auth').Auth; authSdk: () => Promise<typeof import('firebase/auth')> };
          }
        ).__fb;
        const sdk = await hooks.authSdk();
        const { user } = await sdk.createUserWithEmailAndPassword(hooks.auth, address, 'password-123');
        return user.uid;
      }, email);
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await sendContactQuery(page, {
        name: 'Signed In User',
        email,
        message: 'Please send the maintenance renewal quote.',
      });
      await page.getByTestId('contact-status').waitFor();

      const queries = await admin().db.collection(`users/${uid}/queries`).get();
      expect(queries.size).toBe(1);
      expect(queries.docs[0]!.get('message')).toBe('Please send the maintenance renewal quote.');
    });
  });

  it('when a visitor opens Pay Invoice and clicks Login to Continue, then the login modal opens', async () => {
    await browser.withPage(async ({ page }) => {
      await openLanding(page);
      await page.getByRole('button', { name: 'Login / Sign Up' }).waitFor();
      await page.getByRole('tab', { name: 'Pay Invoice' }).click();
      await page.getByRole('button', { name: 'Login to Continue' }).click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Welcome Back' }).waitFor();
    });
  });
});

describe('pages', () => {
  const POLICIES = [
    ['/privacy', 'Privacy Policy', 'Last updated: 10 September 2025'],
    ['/terms', 'Terms & Conditions', 'Effective: 10 September 2025'],
    ['/refundpolicy', 'Refund Policy', 'Last updated: 10 September 2025'],
    ['/cancellationpolicy', 'Cancellation & Shipping Policy', 'Last updated: 10 September 2025'],
  ] as const;

  it.each(POLICIES)(
    'when %s is opened, then it shows its title, date and table of contents',
    async (path, title, date) => {
      await browser.withPage(async ({ page }) => {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        expect(await page.getByTestId('policy-date').textContent()).toBe(date);
        const toc = page.getByRole('navigation', { name: 'On this page' });
        expect(await toc.getByRole('link').count()).toBeGreaterThanOrEqual(6);
        expect(await page.title()).toContain(title);
      });
    },
  );

  it('when the policies are read, then they state the business constants', async () => {
    await browser.withPage(async ({ page }) => {
      const text = async (path: string) => {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        return (await page.locator('article').textContent())!;
      };
      expect(await text('/privacy')).toContain('within 30 days after cancellation');
      const terms = await text('/terms');
      expect(terms).toContain('within 30 days of the invoice date');
      expect(terms).toContain('fees you paid us in the previous 12 months');
      expect(terms).toMatch(/All goods we sell are digital/);
      expect(await text('/cancellationpolicy')).toContain('We do not ship physical products');
    });
  });

  it('when an unknown path is opened, then the 404 page links back home', async () => {
    await browser.withPage(async ({ page }) => {
      await page.goto('/no-such-page');
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
      await page.getByRole('link', { name: 'Go Back to Homepage' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
    });
  });

  it('when /admin-panel is opened, then it says so and redirects to the staff console, which asks a visitor to log in', async () => {
    await browser.withPage(async ({ page }) => {
      await page.goto('/admin-panel');
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('heading', { name: 'Staff console' }).waitFor();
      await page.locator('main').getByRole('button', { name: 'Login', exact: true }).waitFor();
    });
  });
});

describe('accessibility and loading', () => {
  it.each(PUBLIC_PAGES)(
    'when %s is checked with axe, then there are no serious or critical violations, one main landmark and the footer as contentinfo',
    async (path) => {
      await browser.withPage(async ({ page }) => {
        await openPublicPage(page, path);
        if (path === '/') await page.getByRole('button', { name: 'Send Query' }).waitFor();
        await expectAccessible(page);
        await expectLandmarks(page);
      });
    },
  );

  it('when JavaScript has not run yet, then every page already shows its own content', async () => {
    await browser.withPage(async ({ page, context }) => {
      await context.route('**/*.js', (route) => route.abort());
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /Software made for the way/ }).waitFor();
      expect(await page.getByRole('link', { name: 'Explore Solutions' }).getAttribute('href')).toBe('/#products');
      const starter = page
        .getByRole('tabpanel', { name: 'Factory Management' })
        .getByRole('article', { name: 'Starter' });
      expect(await starter.textContent()).toContain('₹1,10,000');
      await page.goto('/privacy');
      await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      expect(await page.getByRole('heading', { name: /Software made for the way/ }).count()).toBe(0);
    });
  });

  it('when the landing page loads, then no Firestore or Razorpay code is fetched', async () => {
    await browser.withPage(async ({ page }) => {
      const scripts: string[] = [];
      page.on('response', async (response) => {
        if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
      });
      await page.goto('/');
      await page.getByRole('button', { name: 'Login / Sign Up' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((body) => body.includes('firestore.googleapis.com'))).toEqual([]);
      expect(scripts.filter((body) => body.includes('checkout.razorpay.com'))).toEqual([]);
    });
  });
});
