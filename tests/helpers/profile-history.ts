import { FieldValue, Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { STATUS } from '../../src/domain/status';
import { admin } from './emulators';

// A customer's long history on /profile: the e2e test (a few pages of it) and npm run bench:profile
// (1,000 of each, timed) share how it is written and how the page is measured.

/**
 * Writes `count` orders and `count` invoices (one a minute, the newest last) and three queries for
 * a customer, with the Admin SDK in batches of 500.
 */
export async function seedHistory(uid: string, email: string, count: number): Promise<void> {
  const { db } = admin();
  const start = Date.now() - (count + 10) * 60_000;
  let batch: WriteBatch = db.batch();
  let pending = 0;
  const add = async (path: string, data: Record<string, unknown>) => {
    batch.set(db.doc(path), data);
    pending += 1;
    if (pending === 500) {
      await batch.commit();
      batch = db.batch();
      pending = 0;
    }
  };
  for (let index = 0; index < count; index += 1) {
    const createdAt = Timestamp.fromMillis(start + index * 60_000);
    const number = String(index).padStart(6, '0');
    await add(`users/${uid}/orders/order-${number}`, {
      orderNumber: `ORD-${number}`,
      userId: uid,
      items: [{ id: 'website-Basic', name: 'Basic', category: 'Websites & E-commerce', price: '₹20,000' }],
      total: 20_000,
      currency: 'INR',
      status: index % 2 === 0 ? STATUS.paid : STATUS.cancelled,
      ...(index % 2 === 0 ? { paymentId: `pay_seed${number}`, paidAt: createdAt } : {}),
      createdAt,
    });
    await add(`users/${uid}/invoices/invoice-${number}`, {
      invoiceId: `INV-${number}`,
      name: 'Kiran Rao',
      email,
      amount: 1_500,
      currency: 'INR',
      status: index % 2 === 0 ? STATUS.paid : STATUS.pending,
      ...(index % 2 === 0 ? { paymentId: `pay_seedinv${number}`, paidAt: createdAt } : {}),
      createdAt,
    });
  }
  for (let index = 0; index < 3; index += 1) {
    await add(`users/${uid}/queries/query-${index}`, {
      name: 'Kiran Rao',
      businessName: 'Rao Traders',
      contactNumber: '9000012345',
      email,
      message: `Question ${index}`,
      status: STATUS.new,
      submittedAt: Timestamp.fromMillis(start + index * 60_000),
    });
  }
  if (pending > 0) await batch.commit();
}

/**
 * A company of `size` members, as the API writes one (server/companies): `companies/{companyId}`
 * and a membership per member, its owner's id the company's. `member` joins it as `role`; the
 * others are made-up people with every role in turn (they need no login to be listed).
 */
export async function seedCompany(
  companyId: string,
  name: string,
  size: number,
  member: { uid: string; name: string; role: 'billing' | 'technical' | 'viewer' },
): Promise<void> {
  const { db } = admin();
  const roles = ['billing', 'technical', 'viewer'] as const;
  const people = [
    { uid: companyId, name: 'Asha Verma', role: 'owner' },
    member,
    ...Array.from({ length: size - 2 }, (_, index) => ({
      uid: `${companyId}-m${index}`,
      name: `Member ${index}`,
      role: roles[index % roles.length]!,
    })),
  ];
  const batch = db.batch();
  batch.set(db.doc(`companies/${companyId}`), {
    name,
    legalName: name,
    gstin: '',
    pinCode: '',
    address: '',
    city: '',
    state: '',
    country: 'India',
    memberCount: people.length,
    memberEmails: Object.fromEntries(people.map((person) => [person.uid, `${person.uid}@example.com`])),
    searchTokens: [],
    createdAt: FieldValue.serverTimestamp(),
  });
  for (const person of people) {
    batch.set(db.doc(`companies/${companyId}/members/${person.uid}`), {
      uid: person.uid,
      role: person.role,
      canApprove: false,
      name: person.name,
      companyName: name,
      joinedAt: FieldValue.serverTimestamp(),
      invitedBy: person.uid === companyId ? null : companyId,
      noticeSeenAt: null,
    });
  }
  await batch.commit();
}

/**
 * Counts the documents Firestore sends the page, which is what it bills as reads: every
 * `documentChange` in the SDK's Listen channel (queries, listeners and single reads all go through
 * it). Observed from outside the app: fetch is wrapped and each Listen response read through a clone.
 */
export const COUNT_READS = () => {
  let documents = 0;
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await originalFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    const body = url.includes('/google.firestore.v1.Firestore/Listen/channel') ? response.clone().body : null;
    if (body) {
      void (async () => {
        const reader = body.getReader();
        const decoder = new TextDecoder();
        let carry = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          // A chunk may end inside the word: keep its tail for the next one.
          const text = carry + decoder.decode(value, { stream: true });
          documents += text.match(/"documentChange"/g)?.length ?? 0;
          carry = text.slice(-('"documentChange"'.length - 1));
        }
      })().catch(() => undefined);
    }
    return response;
  };
  Object.assign(window, { __documentsRead: () => documents });
};

/** Slows the page's CPU `rate` times (1: full speed), as the issue measured the profile at 4×. */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.detach();
}

/**
 * Opens /profile and resolves with the ms from navigation until the orders, invoices and queries
 * all show their newest rows: `rows` orders and invoices, and 3 queries. Firestore's reads are
 * counted from the start (see pageWeight).
 */
export async function openProfile(page: Page, rows: number): Promise<number> {
  await page.addInitScript(COUNT_READS);
  await page.goto('/profile');
  const ready = await page.waitForFunction(
    (expected) => {
      const counts = ['My Orders', 'My Invoices', 'My Queries'].map(
        (name) => document.querySelectorAll(`ul[aria-label="${name}"] > li`).length,
      );
      return counts[0] === expected && counts[1] === expected && counts[2] === 3 ? performance.now() : false;
    },
    rows,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await ready.jsonValue()) as number;
}

/** What the page holds now: its elements, and the documents Firestore has sent it (openProfile counts them). */
export function pageWeight(page: Page): Promise<{ elements: number; reads: number }> {
  return page.evaluate(() => ({
    elements: document.getElementsByTagName('*').length,
    reads: (window as unknown as { __documentsRead: () => number }).__documentsRead(),
  }));
}

/** How My Orders names the seeded order with index `index`. */
const seededOrder = (index: number) => `Order #ORD-${String(index).padStart(6, '0')}`;

/**
 * My Orders on /profile shows the newest first (the seeded order `newest`, then the 19 before it),
 * and 'Show more' reads the next 20 after the last one shown. Returns the list's region and rows.
 */
export async function expectTwoPagesOfOrders(page: Page, newest: number) {
  const orders = page.getByRole('region', { name: 'My Orders' });
  const rows = orders.getByRole('list', { name: 'My Orders' }).getByRole('listitem');
  await rows.nth(19).waitFor();
  await expect(rows.first().textContent()).resolves.toContain(seededOrder(newest));
  await expect(rows.nth(19).textContent()).resolves.toContain(seededOrder(newest - 19));
  await orders.getByRole('button', { name: 'Show more' }).click();
  await rows.nth(39).waitFor();
  expect(await rows.count()).toBe(40);
  await expect(rows.nth(20).textContent()).resolves.toContain(seededOrder(newest - 20));
  await expect(rows.nth(39).textContent()).resolves.toContain(seededOrder(newest - 39));
  return { orders, rows };
}
