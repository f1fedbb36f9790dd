import type { Locator, Page } from 'playwright-core';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { dateInZone, formatInZone, timeInZone } from '@/domain/bookings';
import { sharedBrowser } from '../helpers/browser';
import { invitationOf, istDate, nextEuropeanChange } from '../helpers/bookings';
import { expectAccessible, shownDialog, uniqueEmail } from '../helpers/e2e';
import { admin, appCheckHeaders, stack } from '../helpers/emulators';
import { createLogin, pageHeading, signInAndOpen } from '../helpers/logins';
import { mailsTo, waitForMails, type CaughtMail } from '../helpers/mail-catcher';

// A visitor in India (Chrome reports Asia/Calcutta; Asia/Kolkata too) sees every time once, in
// IST, and books. A visitor in London books a consultation from the landing page on a date after
// Europe's next daylight-saving change (times in their zone with IST beside them), gets the
// invitation, moves the call from the mail's link and then cancels it; staff find it in the week
// view and the inbox, make a quote from it, and are asked first before blocking time over a
// booked call. Visitors at 390 px, staff at 1280 px (the block at 390), one page per zone.

const browser = sharedBrowser();
const LONDON = 'Europe/London';

async function freeSlots(): Promise<string[]> {
  const response = await fetch(`${stack.apiUrl}/api/bookings/slots`, { headers: await appCheckHeaders() });
  return ((await response.json()) as { slots: string[] }).slots;
}

/** The visitor's mail whose subject matches, once it has arrived. */
async function mailMatching(email: string, subject: RegExp): Promise<CaughtMail> {
  const mails = await waitForMails(async () => (await mailsTo(email)).filter((mail) => subject.test(mail.subject)), 1);
  expect(mails, `a mail '${subject}' to ${email}`).toHaveLength(1);
  return mails[0]!;
}

const linkIn = (mail: CaughtMail) => /https?:\/\/\S+\/booking\/[A-Za-z0-9._-]+/.exec(mail.text ?? '')![0];

const PHONE = { width: 390, height: 844 };
const IST = 'Asia/Kolkata';

/** Whether an element is wholly inside the window (the page is scrolled to it). */
async function isInWindow(element: Locator, height = PHONE.height): Promise<boolean> {
  const box = await element.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

/** The id of the focused element's nearest data-testid (the focus is on it or inside it). */
const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null);

/** From the hero's link, the contact section's "Book a call" tab (its code loads now): its form. */
async function openBookCallTab(page: Page) {
  await page.goto('/');
  await page.locator('#contact').waitFor();
  await page.getByRole('button', { name: 'Login / Sign Up' }).waitFor();
  await page.getByRole('link', { name: 'Book a free 30-minute call' }).click();
  await expect.poll(() => page.getByRole('tab', { name: 'Book a call' }).getAttribute('aria-selected')).toBe('true');
  const form = page.getByRole('form', { name: 'Book a call' });
  // The free times have loaded (the day picker pages from the first day on).
  await form.locator('[data-start]').first().waitFor();
  return form;
}

/** Pages the day picker forward until the day is shown, then picks it. */
async function pickDay(page: Page, label: string) {
  const day = page.getByRole('button', { name: label, exact: true });
  for (let tries = 0; tries < 60 && !(await day.isVisible()); tries += 1) {
    await page.getByRole('button', { name: 'Later dates' }).click();
  }
  await day.click();
}

describe('booking a consultation', () => {
  it('when a visitor in India opens Book a call (Chrome says Asia/Calcutta, others Asia/Kolkata) and books, then the tab, the times, the confirmation and the mail show each time once, in IST, with no GMT+5:30 or zone name', async () => {
    const [slot] = await freeSlots();
    const startMs = Date.parse(slot!);
    const istTime = `${timeInZone(startMs, IST)} IST`;
    const istWhen = formatInZone(startMs, IST);
    const email = uniqueEmail('call-india');

    // Kolkata first: only looks. Calcutta (what Chrome reports in India) then books that time.
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta']) {
      await browser.withPage(
        async ({ page }) => {
          const form = await openBookCallTab(page);
          await expect(form.textContent()).resolves.toContain('Times are shown in India time (IST).');
          await pickDay(page, dateInZone(startMs, IST));
          const time = form.locator(`[data-start="${slot}"]`);
          await expect(time.textContent()).resolves.toBe(istTime);
          const shown = (await form.textContent())!;
          expect(shown).not.toMatch(/GMT|Calcutta|Kolkata|your time/);
          expect(shown.split(istTime)).toHaveLength(2);
          if (zone !== 'Asia/Calcutta') return;

          // Chrome's own name for India: book, and read the confirmation and the mail.
          await time.click();
          await form.getByRole('textbox', { name: 'Name' }).fill('Priya Nair');
          await form.getByRole('textbox', { name: 'Email' }).fill(email);
          await form.getByRole('textbox', { name: 'Phone' }).fill('9876543210');
          await form.getByRole('textbox', { name: /What would you like to talk about/ }).fill('A billing app.');
          await form.getByRole('button', { name: 'Book the call' }).click();
          const confirmation = page.getByTestId('booking-confirmation');
          await confirmation.waitFor({ timeout: 15_000 });
          await expect(page.getByTestId('booked-when').textContent()).resolves.toBe(istWhen);
          expect(await confirmation.textContent()).not.toMatch(/GMT|Calcutta|Kolkata/);
          await expect.poll(() => focusedTestId(page)).toBe('booking-confirmation');
          await expect.poll(() => isInWindow(confirmation)).toBe(true);
          await expectAccessible(page, { include: '#contact' });
          const stored = await admin().db.collection('bookings').where('email', '==', email).get();
          expect(stored.docs.map((doc) => doc.get('timeZone'))).toEqual([IST]);
          const mail = await mailMatching(email, /is booked/);
          expect(mail.subject).toBe(`Your call with Nimbus Bespoke Software is booked: ${istWhen}`);
          expect(`${mail.subject} ${mail.text}`).not.toMatch(/GMT|Calcutta/);
        },
        PHONE,
        { timezoneId: zone },
      );
    }
  });

  it('when a London visitor books across the daylight-saving change, reschedules and cancels from the mail, then every time is right in both zones, and staff see it in the week view and inbox and make a quote from it', async () => {
    const email = uniqueEmail('call-visitor');
    const change = nextEuropeanChange(Date.now() + 86_400_000);
    const after = (await freeSlots()).filter((slot) => istDate(Date.parse(slot)) > change.date);
    // 10:00 IST on the first working day after the change: 04:30 UTC, so 5:30 am BST (or 4:30 am GMT).
    const first = after.find((slot) => slot.endsWith('T04:30:00.000Z'))!;
    const second = after.find((slot) => slot > first && istDate(Date.parse(slot)) === istDate(Date.parse(first)))!;
    const london = change.after === 'BST' ? ['5:30 am BST', '6:15 am BST'] : ['4:30 am GMT', '5:15 am GMT'];
    const dayLabel = dateInZone(Date.parse(first), LONDON);

    let bookingId = '';
    await browser.withPage(
      async ({ page }) => {
        // 1. From the hero's link, the contact section's "Book a call" tab (its code loads now).
        const form = await openBookCallTab(page);
        await expect(form.textContent()).resolves.toContain('Europe/London');

        await pickDay(page, dayLabel);
        const time = form.locator(`[data-start="${first}"]`);
        await expect(time.textContent()).resolves.toBe(`${london[0]} · 10:00 am IST`);
        await time.click();
        await form.getByRole('textbox', { name: 'Name' }).fill('Ana Silva');
        await form.getByRole('textbox', { name: 'Email' }).fill(email);
        await form.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0958');
        await form.getByRole('textbox', { name: 'Company (optional)' }).fill('Silva Foods');
        await form
          .getByRole('textbox', { name: /What would you like to talk about/ })
          .fill('A stock and orders app for our kitchens.');
        await form.getByRole('combobox', { name: 'Plan of interest (optional)' }).selectOption('Websites & E-commerce');
        await expectAccessible(page, { include: '#contact' });
        await form.getByRole('button', { name: 'Book the call' }).click();
        const booked = page.getByTestId('booking-confirmation');
        await booked.waitFor({ timeout: 15_000 });
        await expect(booked.textContent()).resolves.toContain(`${london[0]} (10:00 am IST)`);

        // The stored start and the invitation's are the IST instant chosen.
        const stored = await admin().db.collection('bookings').where('email', '==', email).get();
        expect(stored.size).toBe(1);
        bookingId = stored.docs[0]!.id;
        expect((stored.docs[0]!.get('startAt') as Timestamp).toDate().toISOString()).toBe(first);
        const confirmation = await mailMatching(email, /is booked/);
        const invitation = await invitationOf(confirmation);
        expect(invitation).toMatchObject({ method: 'REQUEST', sequence: 0, start: first });

        // 2. Reschedule from the mail's link, to the next time that day.
        await page.goto(linkIn(confirmation));
        await pageHeading(page, 'Your call with us');
        await expect(page.getByTestId('booking-when').textContent()).resolves.toContain(`${london[0]} (10:00 am IST)`);
        await page.getByRole('button', { name: 'Show free times' }).click();
        await pickDay(page, dayLabel);
        await page.locator(`[data-start="${second}"]`).click();
        await page.getByRole('button', { name: /^Move to / }).click();
        await page.getByText('Your call has been moved').waitFor();
        // The times above it closed: the confirmation is in the window, with the focus.
        await expect.poll(() => focusedTestId(page)).toBe('booking-message');
        await expect.poll(() => isInWindow(page.getByTestId('booking-message'))).toBe(true);
        await expect
          .poll(() => page.getByTestId('booking-when').textContent())
          .toContain(`${london[1]} (10:45 am IST)`);
        const moved = await invitationOf(await mailMatching(email, /has moved/));
        expect(moved).toMatchObject({ uid: invitation.uid, method: 'REQUEST', sequence: 1, start: second });

        // 3. Cancel it.
        await page.getByRole('button', { name: 'Cancel the call' }).click();
        await page.getByRole('button', { name: 'Yes, cancel the call' }).click();
        await page.getByText('Your call has been cancelled').waitFor();
        await expect.poll(() => page.getByTestId('booking-status').textContent()).toBe('Cancelled');
        const cancelled = await invitationOf(await mailMatching(email, /is cancelled/));
        expect(cancelled).toMatchObject({ uid: invitation.uid, method: 'CANCEL', status: 'CANCELLED', sequence: 2 });
        await expectAccessible(page);
      },
      PHONE,
      { timezoneId: LONDON },
    );

    // 4. Staff: the week view, the inbox, and a quote made from the booking.
    const staff = await createLogin('booking-staff', { isStaff: true });
    await browser.withPage(async ({ page }) => {
      await signInAndOpen(page, staff.email, `/admin/bookings?week=${istDate(Date.parse(second))}`);
      await pageHeading(page, 'Bookings');
      const call = page.getByTestId('week-call').filter({ hasText: 'Ana Silva' });
      await call.waitFor({ timeout: 20_000 });
      await expect(call.textContent()).resolves.toContain('10:45 am');
      await expectAccessible(page);

      await page.goto('/admin/inbox');
      await pageHeading(page, 'Inbox');
      await page.getByText('Ana Silva').first().waitFor();
      await page.goto(`/admin/enquiries/${bookingId}`);
      await page.getByText('A call (consultation)').waitFor({ timeout: 20_000 });
      await page.getByRole('link', { name: 'Make a quote' }).click();
      await pageHeading(page, 'New quote');
      const form = page.getByRole('form', { name: 'Quote' });
      await expect(form.getByRole('textbox', { name: 'Quote for' }).inputValue()).resolves.toBe(
        'A stock and orders app for our kitchens.',
      );
      await form.getByLabel('Line 1 description').fill('Stock and orders app');
      await form.getByLabel('Line 1 rate (₹)').fill('2,40,000');
      await form.getByRole('button', { name: 'Save draft' }).click();
      await page.waitForURL((url) => /^\/admin\/quotes\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'), {
        timeout: 20_000,
      });
      const quotes = await admin().db.collection('quotes').where('enquiryId', '==', bookingId).get();
      expect(quotes.size).toBe(1);
      expect(quotes.docs[0]!.get('description')).toBe('A stock and orders app for our kitchens.');

      // 5. On a phone: blocking time that holds a booked call names the call and asks first.
      const held = (await freeSlots()).find((slot) => slot > second)!;
      const booked = await fetch(`${stack.apiUrl}/api/bookings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(await appCheckHeaders()) },
        body: JSON.stringify({
          startAt: held,
          name: 'Ravi Kumar',
          email: uniqueEmail('held-call'),
          phone: '9876543210',
          topic: 'A loom dashboard',
          timeZone: IST,
        }),
      });
      expect(booked.status).toBe(201);
      const heldMs = Date.parse(held);
      const istClock = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(11, 16);
      await page.setViewportSize(PHONE);
      await page.goto(`/admin/bookings?week=${istDate(heldMs)}`);
      await pageHeading(page, 'Bookings');
      const blockForm = page.getByRole('form', { name: 'Block time' });
      await blockForm.getByLabel('Day').fill(istDate(heldMs));
      await blockForm.getByLabel('From (IST)').fill(istClock(heldMs));
      await blockForm.getByLabel('Until (IST)').fill(istClock(heldMs + 30 * 60_000));
      await blockForm.getByRole('button', { name: 'Block' }).click();
      const asked = await shownDialog(page, 'alertdialog');
      await expect(asked.getByTestId('block-over-calls').textContent()).resolves.toContain(
        `Ravi Kumar, ${formatInZone(heldMs, IST)}`,
      );
      expect(
        await admin().db.collection('bookingBlocks').where('startAt', '==', Timestamp.fromMillis(heldMs)).get(),
      ).toHaveProperty('size', 0);
      await expectAccessible(page);
      await asked.getByRole('button', { name: 'Block anyway' }).click();
      await page.getByText('the call already in it (Ravi Kumar) stays booked').waitFor();
    });
  });
});
