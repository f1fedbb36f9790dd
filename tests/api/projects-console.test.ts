import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '@/domain/projects';
import { istToday } from '@/domain/ist';
import { backfillProjects } from '../../server/projects/backfill';
import { admin } from '../helpers/emulators';
import { seedProfile } from './documents-fixtures';
import { createPaymentOrder, docData, newUser, sandboxPay, seedOrder, verifyPayment } from './payments-fixtures';
import { projectFixtures, type App } from './projects-fixtures';
import { staffPerFile } from './staff-fixtures';

// The console's Projects list: every project names its customer (a cart's: its buyer), and staff
// find one by a word of the customer, the title or the order or quote number, a page at a time.

const staff = staffPerFile('projects-console-staff');

const { app, asStaff, acceptedQuote } = projectFixtures(() => staff);

/** A customer with this profile buys one plan from the cart and pays it online; the project it opens. */
async function boughtFromCart(server: App, profile: Record<string, unknown>, plan = 'website-Basic') {
  const user = await newUser('project-buyer');
  await seedProfile(user.uid, profile);
  const orderId = await seedOrder(user.uid, [plan]);
  const order = await createPaymentOrder(server, user.idToken, { firestore_id: orderId, type: 'product_order' });
  const paid = await sandboxPay(server, user.idToken, order.body.id as string);
  if (paid.outcome !== 'success') throw new Error('expected a payment');
  await verifyPayment(server, user.idToken, paid.result).expect(200);
  const orderNumber = (await docData(`users/${user.uid}/orders/${orderId}`))!.orderNumber as string;
  return { user, orderId, orderNumber, projectId: `order_${orderId}_${plan}` };
}

async function listed(server: App, query: Record<string, string> = {}) {
  const response = await asStaff(request(server).get('/api/staff/projects').query(query));
  expect(response.status).toBe(200);
  return response.body as { projects: ProjectSummary[]; next: string | null };
}

const names = (page: { projects: ProjectSummary[] }) => page.projects.map((project) => project.customerName);

describe('the customer of a cart project', () => {
  it('when a plan bought from the cart is paid, then its project names the buyer: the profile name, else the legal name, else the email', async () => {
    const server = app();
    const named = await boughtFromCart(server, { name: 'Asha Verma', legalName: 'Verma Textiles LLP' });
    const business = await boughtFromCart(server, { name: '', legalName: 'Iyer Sundaram Exports LLP' });
    const nameless = await boughtFromCart(server, { name: '', legalName: '', email: 'accounts@kaveri.example' });

    expect((await docData(`projects/${named.projectId}`))!.customerName).toBe('Asha Verma');
    expect((await docData(`projects/${business.projectId}`))!.customerName).toBe('Iyer Sundaram Exports LLP');
    expect((await docData(`projects/${nameless.projectId}`))!.customerName).toBe('accounts@kaveri.example');
    const view = await asStaff(request(server).get(`/api/staff/projects/${named.projectId}`)).expect(200);
    expect(view.body).toMatchObject({
      customerName: 'Asha Verma',
      source: { label: `Order ${named.orderNumber}` },
      totalLabel: 'Order total',
    });
    const row = (await listed(server)).projects.find((project) => project.id === named.projectId);
    expect(row).toMatchObject({
      customerName: 'Asha Verma',
      sourceLabel: `Order ${named.orderNumber}`,
      current: 'Consultation & Planning: Not started',
    });
  });

  it('when staff record an offline payment of a cart order, then its project names the buyer too', async () => {
    const server = app();
    const user = await newUser('offline-buyer');
    await seedProfile(user.uid, { name: 'Farah Khan' });
    const docId = await seedOrder(user.uid, ['website-Basic']);

    const recorded = await asStaff(request(server).post('/api/staff/payments/offline')).send({
      uid: user.uid,
      type: 'product_order',
      docId,
      requestId: 'offline-order-project-1',
      amountReceivedPaise: 20_000_00,
      receivedOn: istToday(),
      method: 'bank-transfer',
      reference: 'UTR123',
    });

    expect(recorded.status).toBe(201);
    expect((await docData(`projects/order_${docId}_website-Basic`))!.customerName).toBe('Farah Khan');
  });
});

describe('the Projects list', () => {
  it('when staff search by a word of the customer, the title, the order number or the quote number, then the matching projects are found, and every word must match', async () => {
    const server = app();
    const asha = await boughtFromCart(server, { name: 'Asha Verma' });
    const rohan = await boughtFromCart(server, { name: 'Rohan Mehta' }, 'manufacturing-Starter');
    const quote = await acceptedQuote(server, 'Kavya Rao');
    const quoteNumber = (await docData(`projects/${quote.projectId}`))!.source.number as string;

    expect(names(await listed(server, { search: 'verma' }))).toEqual(['Asha Verma']);
    expect(names(await listed(server, { search: 'ASHA' }))).toEqual(['Asha Verma']);
    // The beginning of a word, as people type it.
    expect(names(await listed(server, { search: 'meh' }))).toEqual(['Rohan Mehta']);
    expect(names(await listed(server, { search: asha.orderNumber }))).toEqual(['Asha Verma']);
    expect((await listed(server, { search: quoteNumber })).projects.map((p) => p.id)).toEqual([quote.projectId]);
    expect((await listed(server, { search: 'pune plant' })).projects.map((p) => p.id)).toEqual([quote.projectId]);
    // Every word must match: a customer's name with another's title finds nothing.
    expect(names(await listed(server, { search: 'asha factory' }))).toEqual([]);
    expect(names(await listed(server, { search: 'rohan factory' }))).toEqual(['Rohan Mehta']);
    expect((await docData(`projects/${rohan.projectId}`))!.title).toBe('Factory Management – Starter');
  });

  it('when there are more projects than a page, then the list reads them page by page, newest first, and each view is one query', async () => {
    const server = app();
    const user = await newUser('many-projects');
    await seedProfile(user.uid, { name: 'Meera Iyer' });
    for (let n = 1; n <= 22; n += 1) {
      await asStaff(request(server).post('/api/staff/projects'))
        .send({ uid: user.uid, title: `Store ${n}`, milestones: [{ label: 'Design' }] })
        .expect(201);
    }

    const first = await listed(server, { search: 'meera' });
    const second = await listed(server, { search: 'meera', after: first.next! });

    expect(first.projects).toHaveLength(20);
    expect(first.projects[0]!.title).toBe('Store 22');
    expect(second.projects.map((project) => project.title)).toEqual(['Store 2', 'Store 1']);
    expect(second.next).toBeNull();
    expect((await listed(server, { view: 'completed' })).projects).toEqual([]);
    expect((await listed(server, { view: 'all' })).projects).toHaveLength(20);
    const refused = await asStaff(request(server).get('/api/staff/projects').query({ view: 'everything' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual(expect.any(String));
    const lost = await asStaff(request(server).get('/api/staff/projects').query({ after: 'no-such-project' }));
    expect(lost.status).toBe(400);
    expect(lost.body).toEqual({ message: 'This list could not be read further. Start again from the top.' });
  });

  it('when a quote is accepted and its deposit not yet paid, then its row says the deposit is awaiting payment', async () => {
    const server = app();
    const { projectId } = await acceptedQuote(server);

    const row = (await listed(server)).projects.find((project) => project.id === projectId);

    expect(row?.current).toBe('30% deposit on acceptance: Awaiting payment');
  });
});

describe('npm run backfill', () => {
  it('when projects were opened before they carried a customer name and search words, then the backfill adds them once', async () => {
    const server = app();
    const { projectId, user } = await boughtFromCart(server, { name: 'Asha Verma' });
    const ref = admin().db.doc(`projects/${projectId}`);
    await ref.update({ customerName: '', searchTokens: null, readyToInvoice: null });

    const first = await backfillProjects(admin().db);
    const second = await backfillProjects(admin().db);

    expect(first).toBe(1);
    expect(second).toBe(0);
    const stored = (await ref.get()).data()!;
    expect(stored).toMatchObject({ customerName: 'Asha Verma', readyToInvoice: false, uid: user.uid });
    expect(stored.searchTokens).toEqual(expect.arrayContaining(['asha', 'verma', 've']));
    expect(names(await listed(server, { search: 'verma' }))).toEqual(['Asha Verma']);
  });
});
