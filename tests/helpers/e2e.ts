import axe, { type AxeResults } from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A fresh address per run, so journeys never collide with earlier users in the emulator. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The page's own Firebase instances and SDK modules, exposed by e2e builds (src/lib/firebase.ts). */
export interface FirebaseHooks {
  auth: import('firebase/auth').Auth;
  authSdk: () => Promise<typeof import('firebase/auth')>;
  firestoreSdk: () => Promise<typeof import('firebase/firestore')>;
  db: () => Promise<import('firebase/firestore').Firestore>;
  /** The page's App Check token, as the API client sends it. */
  appCheckToken: () => Promise<string | null>;
}

/**
 * axe's violations on what the page shows now (or only inside `include`). axe is injected once per
 * document and run in the page itself: @axe-core/playwright injected it again on every scan and
 * finished each in a new page, 2-3 CPU-seconds a scan against 0.5-1 (measured on / and /privacy).
 * Frames are left out: the app's one iframe, the mail preview, is sandboxed and runs no script, so
 * axe cannot run inside it.
 */
export async function axeViolations(
  page: Page,
  { include, exclude }: { include?: string; exclude?: string } = {},
): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ include, exclude }) => {
      // What a person sees: an animation the last change started is pending until the next frame
      // and reads as its first keyframe meanwhile (a fade as invisible). Usually none is pending.
      await Promise.all(document.getAnimations().map((animation) => animation.ready));
      const leftOut = [['iframe[sandbox]'], ...(exclude ? [[exclude]] : [])];
      // The whole document unless told otherwise: a context with only `exclude` checks nothing.
      const context = { include: include ? [[include]] : document, exclude: leftOut };
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      return (await inPage.run(context, { iframes: false, resultTypes: ['violations'] })).violations;
    },
    { include, exclude },
  );
}

/** No serious or critical axe violations on what the page shows now (or only inside `include`). */
export async function expectAccessible(page: Page, options: { include?: string; exclude?: string } = {}) {
  const bad = (await axeViolations(page, options)).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    // What axe saw (a contrast check's colours and ratio, the element), for a failure seen only in CI.
    JSON.stringify(
      bad.flatMap((violation) =>
        violation.nodes.map((node) => ({ html: node.html.slice(0, 300), data: node.any[0]?.data ?? null })),
      ),
    ),
  ).toEqual([]);
}

/**
 * The page's landmarks as assistive technology finds them: exactly one main, and the footer as
 * the one contentinfo (a <footer> counts only outside main, article, aside, nav and section).
 */
export async function expectLandmarks(page: Page) {
  await expect(page.getByRole('main').count()).resolves.toBe(1);
  await expect(page.getByRole('contentinfo').count()).resolves.toBe(1);
}

/** The signed-in user's uid, read from the page's own Auth. */
export function currentUid(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const hooks = (window as unknown as { __fb: { auth: import('firebase/auth').Auth } }).__fb;
    await hooks.auth.authStateReady();
    return hooks.auth.currentUser!.uid;
  });
}

/** The open dialog (or alert dialog), once its 300 ms fade-in has finished: axe and clicks see it whole. */
export async function shownDialog(page: Page, role: 'dialog' | 'alertdialog' = 'dialog') {
  const dialog = page.getByRole(role);
  await dialog.waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-state="open"]')].every((overlay) => getComputedStyle(overlay).opacity === '1'),
  );
  return dialog;
}

/** The public pages every page-wide check visits (the last is the not-found page). */
export const PUBLIC_PAGES = ['/', '/privacy', '/terms', '/refundpolicy', '/cancellationpolicy', '/no-such-page'];

/** Opens `path` and waits for its heading; on the home page, scrolls to the contact section so what loads late is asked for. */
export async function openPublicPage(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  if (path === '/') await page.locator('#contact').scrollIntoViewIfNeeded();
}

/** Presses the header's Login / Sign Up; returns the dialog once shown. */
export async function openLoginDialog(page: Page) {
  await page.getByRole('button', { name: 'Login / Sign Up' }).click();
  return shownDialog(page);
}

/** From a page with the site's header: Login / Sign Up, then Sign Up as a guest; returns the dialog at its details step. */
export async function guestDetailsStep(page: Page) {
  const modal = await openLoginDialog(page);
  await modal.getByRole('button', { name: 'Sign Up' }).click();
  await modal.getByRole('button', { name: 'Continue as Guest' }).click();
  await modal.getByRole('heading', { name: 'Complete Your Profile' }).waitFor();
  return modal;
}

/** Fills the sign-up form's own fields and the GSTIN when given; Confirm Password repeats the password unless `confirm` says otherwise. */
async function fillSignUp(form: Locator, person: SignUpPerson) {
  await form.getByLabel('Full Name').fill(person.name);
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Phone').fill(person.phone);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByLabel('Confirm Password').fill(person.confirm ?? person.password);
  await form.getByLabel('Address').fill(person.address);
  if (person.gstin) await form.getByLabel('GSTIN (optional)').fill(person.gstin);
}

interface SignUpPerson {
  name: string;
  email: string;
  phone: string;
  password: string;
  confirm?: string;
  address: string;
  gstin?: string;
}

/** The dropdowns are fed by the locations API: each waits for the list before choosing. */
export async function chooseLocation(page: Page, place = { state: 'Maharashtra', city: 'Pune' }) {
  await page.getByLabel('Country').selectOption({ label: 'India' });
  await page.getByLabel('State').selectOption({ label: place.state });
  await page.getByLabel('City').selectOption({ label: place.city });
}

/** At the dialog's Create an Account step: fills the form, chooses the location (Pune unless `place` says otherwise) and presses Create Account. */
export async function submitSignUp(
  page: Page,
  form: Locator,
  person: SignUpPerson,
  place?: Parameters<typeof chooseLocation>[1],
) {
  await form.getByRole('heading', { name: 'Create an Account' }).waitFor();
  await fillSignUp(form, person);
  await chooseLocation(page, place);
  await form.getByRole('button', { name: 'Create Account' }).click();
}

/** At the details step (Complete Your Profile): fills phone and address, chooses the location and presses Save & Continue. */
export async function saveDetailsStep(page: Page, modal: Locator, details: { phone: string; address: string }) {
  await modal.getByLabel('Phone').fill(details.phone);
  await modal.getByLabel('Address').fill(details.address);
  await chooseLocation(page);
  await modal.getByRole('button', { name: 'Save & Continue' }).click();
}

/** In the login dialog: Continue with Google as an account new to the emulator; returns at the details step. */
export async function continueWithNewGoogleAccount(modal: Locator, account: { email: string; name: string }) {
  await modal.getByRole('button', { name: 'Continue with Google' }).click();
  await modal.getByLabel('Google email').fill(account.email);
  await modal.getByLabel('Google name').fill(account.name);
  await modal.getByRole('button', { name: 'Continue as this account' }).click();
  await modal.getByRole('heading', { name: 'Complete Your Profile' }).waitFor();
}

/** Fills the contact form's name, email and message (the page is already at #contact) and presses Send Query. */
export async function sendContactQuery(page: Page, query: { name: string; email: string; message: string }) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(query.name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(query.email);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(query.message);
  await page.getByRole('button', { name: 'Send Query' }).click();
}

/**
 * The console's customer page once the panels that load on their own above its forms (the
 * statement, the company, the quotes) have come: they grow the page, and a press whose mouse-up
 * comes after one has moved the target is no click (seen: 'Make a quote' pressed while the
 * statement above it filled in, and no quote form opened).
 */
export async function customerPageLoaded(page: Page) {
  await page
    .getByRole('region', { name: 'Quotes', exact: true })
    .getByText(/^No quotes yet\.$| · version \d+$/)
    .first()
    .waitFor({ timeout: 20_000 });
  await page
    .getByRole('region', { name: 'Statement of account' })
    .getByText(/^Closing balance on /)
    .first()
    .waitFor({ timeout: 20_000 });
  await page
    .getByRole('region', { name: 'Company and members' })
    .getByText(/^Members \(\d+\)$|^No members yet/)
    .first()
    .waitFor({ timeout: 20_000 });
}
