import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  doc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  Timestamp,
  where,
  writeBatch,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { allCatalogueEntries } from '@/domain/catalogue';
import { ORDER_MAX_ITEMS } from '@/domain/order-number';
import { list, read, remove, rulesTestbed, update, write } from '../helpers/rules-env';

const rules = rulesTestbed();
const { alice, bob, visitor, seed } = rules;

const cartItem = (overrides: Record<string, unknown> = {}) => ({
  id: 'website-Basic',
  name: 'Basic',
  category: 'Websites & E-commerce',
  price: '₹20,000',
  ...overrides,
});

const invoice = (overrides: Record<string, unknown> = {}) => ({
  invoiceId: 'INV-1',
  name: 'Alice',
  email: 'alice@example.com',
  amount: 1500,
  currency: 'INR',
  status: 'Pending',
  createdAt: serverTimestamp(),
  ...overrides,
});

/** An order's line: the same shape as a cart item. */
const item = cartItem;

const order = (overrides: Record<string, unknown> = {}) => ({
  orderNumber: 'ORD-1763790000123',
  userId: 'alice',
  items: [{ id: 'website-Basic', name: 'Basic', category: 'Websites & E-commerce', price: '₹20,000' }],
  total: 20000,
  currency: 'INR',
  status: 'Pending',
  createdAt: serverTimestamp(),
  ...overrides,
});

describe('users/{uid}/cart', () => {
  it('when the owner sets an item under its own id, then it is allowed, readable and deletable', async () => {
    await assertSucceeds(write(alice(), 'users/alice/cart/website-Basic', cartItem()));
    await assertSucceeds(list(alice(), 'users/alice/cart'));
    await assertSucceeds(remove(alice(), 'users/alice/cart/website-Basic'));
  });

  it('when the record id differs from the document id, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice/cart/website-Basic', cartItem({ id: 'website-Premium' })));
  });

  it('when the item has extra keys or wrong types, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice/cart/website-Basic', cartItem({ amount: 1 })));
    await assertFails(write(alice(), 'users/alice/cart/website-Basic', cartItem({ price: 20000 })));
  });

  it("when another user or a visitor touches alice's cart, then it is denied", async () => {
    await seed('users/alice/cart/website-Basic', cartItem());
    await assertFails(list(bob(), 'users/alice/cart'));
    await assertFails(write(bob(), 'users/alice/cart/website-Basic', cartItem()));
    await assertFails(remove(bob(), 'users/alice/cart/website-Basic'));
    await assertFails(list(visitor(), 'users/alice/cart'));
  });
});

describe('users/{uid}/invoices', () => {
  it('when the owner creates an invoice directly, then it is denied (the API creates them); their Pending ones are queryable by date', async () => {
    await assertFails(write(alice(), 'users/alice/invoices/i1', invoice()));
    await seed('users/alice/invoices/i1', invoice({ createdAt: Timestamp.now() }));
    await assertSucceeds(
      getDocs(
        query(
          collection(alice(), 'users/alice/invoices'),
          where('status', '==', 'Pending'),
          orderBy('createdAt', 'desc'),
        ),
      ),
    );
  });

  it('when a client creates an invoice already Paid, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice/invoices/i1', invoice({ status: 'Paid' })));
  });

  it('when the amount is below 1, not a number, or the currency is not INR, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice/invoices/i1', invoice({ amount: 0 })));
    await assertFails(write(alice(), 'users/alice/invoices/i1', invoice({ amount: '1500' })));
    await assertFails(write(alice(), 'users/alice/invoices/i1', invoice({ currency: 'USD' })));
  });

  it('when a client sets paymentId or another unknown key, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice/invoices/i1', invoice({ paymentId: 'pay_fake' })));
  });

  it('when the owner deletes a Paid invoice on its own, then it is denied; with or after the profile (account deletion), allowed', async () => {
    await seed('users/alice', { uid: 'alice', name: 'Alice' });
    await seed('users/alice/invoices/i1', invoice({ status: 'Paid', paymentId: 'pay_1', createdAt: Timestamp.now() }));
    await seed('users/alice/invoices/i2', invoice({ status: 'Paid', paymentId: 'pay_2', createdAt: Timestamp.now() }));
    await assertFails(remove(alice(), 'users/alice/invoices/i1'));

    const db = alice();
    const batch = writeBatch(db);
    batch.delete(doc(db, 'users/alice'));
    batch.delete(doc(db, 'users/alice/invoices/i1'));
    await assertSucceeds(batch.commit());
    // A later batch of a large account: the profile is already gone.
    await assertSucceeds(remove(db, 'users/alice/invoices/i2'));
  });

  it('when the owner deletes an invoice the company issued, then it is denied even while Pending', async () => {
    await seed('users/alice/invoices/i1', invoice({ issuedBy: 'company', number: 'NB-7', createdAt: Timestamp.now() }));
    await assertFails(remove(alice(), 'users/alice/invoices/i1'));
    await assertFails(remove(bob(), 'users/alice/invoices/i1'));
  });

  it('when the owner writes an invoice the API created (its amount, its id), then it is denied', async () => {
    await seed('users/alice/invoices/i1', invoice({ createdAt: Timestamp.now() }));
    await assertFails(write(alice(), 'users/alice/invoices/i1', invoice({ amount: 19.99 })));
    await assertFails(update(alice(), 'users/alice/invoices/i1', { invoiceId: 'INV-2' }));
  });
});

describe('users/{uid}/orders', () => {
  it('when the owner creates a Pending order for itself, then it is allowed', async () => {
    await assertSucceeds(write(alice(), 'users/alice/orders/o1', order()));
    await assertSucceeds(getDocs(query(collection(alice(), 'users/alice/orders'), orderBy('createdAt', 'desc'))));
  });

  it('when the order is created Paid, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice/orders/o1', order({ status: 'Paid' })));
  });

  it('when the order names another user, has no items or a bad order number, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice/orders/o1', order({ userId: 'bob' })));
    await assertFails(write(alice(), 'users/alice/orders/o1', order({ items: [] })));
    await assertFails(write(alice(), 'users/alice/orders/o1', order({ orderNumber: 'ORDER-1' })));
  });

  it('when every item is a catalogue plan with exactly id, name, category and price, then it is allowed', async () => {
    const everyPlan = allCatalogueEntries().map((entry) => ({
      id: entry.id,
      name: entry.plan.name,
      category: entry.category.name,
      price: entry.plan.price,
    }));
    await assertSucceeds(write(alice(), 'users/alice/orders/o1', order({ items: everyPlan })));
  });

  it('when an item is not a record, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice/orders/o1', order({ items: [1, 'two', null] })));
    await assertFails(write(alice(), 'users/alice/orders/o1', order({ items: [item(), null] })));
    await assertFails(write(alice(), 'users/alice/orders/o1', order({ items: [item(), 'website-Basic'] })));
  });

  it('when an item has another key, a missing key or a nested record, then it is denied', async () => {
    const { price: _price, ...noPrice } = item();
    for (const bad of [item({ note: 'x' }), item({ extra: { nested: 'x'.repeat(100) } }), noPrice]) {
      await assertFails(write(alice(), 'users/alice/orders/o1', order({ items: [bad] })));
    }
  });

  it('when an item field is not a string, empty or too long, then it is denied', async () => {
    for (const bad of [
      item({ name: 7 }),
      item({ name: '' }),
      item({ name: 'x'.repeat(18_000) }),
      item({ category: 'x'.repeat(101) }),
      item({ price: 20000 }),
      item({ price: '₹'.repeat(31) }),
    ]) {
      await assertFails(write(alice(), 'users/alice/orders/o1', order({ items: [bad] })));
    }
  });

  it('when an item id is not a plan the catalogue sells, then it is denied', async () => {
    const ghost = order({ items: [item({ id: 'website-Platinum' })] });
    await assertFails(write(alice(), 'users/alice/orders/o1', ghost));
    await assertFails(write(alice(), 'users/alice/orders/o1', order({ items: [item(), item({ id: 7 })] })));
  });

  it('when an order holds more than ORDER_MAX_ITEMS items, then it is denied (that many is allowed)', async () => {
    const most = order({ items: Array(ORDER_MAX_ITEMS).fill(item()) });
    const tooMany = order({ items: Array(ORDER_MAX_ITEMS + 1).fill(item()) });
    await assertSucceeds(write(alice(), 'users/alice/orders/o1', most));
    await assertFails(write(alice(), 'users/alice/orders/o2', tooMany));
  });

  it('when the order number is too long (200,000 digits, or 17), then it is denied', async () => {
    const huge = order({ orderNumber: `ORD-${'9'.repeat(200_000)}` });
    await assertFails(write(alice(), 'users/alice/orders/o1', huge));
    const seventeen = order({ orderNumber: `ORD-${'1'.repeat(17)}` });
    await assertFails(write(alice(), 'users/alice/orders/o1', seventeen));
    const sixteen = order({ orderNumber: `ORD-${'1'.repeat(16)}` });
    await assertSucceeds(write(alice(), 'users/alice/orders/o1', sixteen));
  });

  it('when the total is above ₹1,00,00,000, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice/orders/o1', order({ total: 10_000_001 })));
  });

  it('when the total is not a positive number, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice/orders/o1', order({ total: 0 })));
    await assertFails(write(alice(), 'users/alice/orders/o1', order({ total: '20000' })));
  });
});

// Once stored, invoices and orders are locked alike: only the API changes them, only their owner deletes them.
describe.each([
  { kind: 'invoices', make: invoice, amountField: 'amount' },
  { kind: 'orders', make: order, amountField: 'total' },
])('users/{uid}/$kind once stored', ({ kind, make, amountField }) => {
  const path = `users/alice/${kind}/d1`;
  beforeEach(async () => {
    await seed(path, make({ createdAt: Timestamp.now() }));
  });

  it(`when a client marks it Paid, changes its ${amountField} or sets paymentId later, then it is denied`, async () => {
    for (const change of [{ status: 'Paid' }, { [amountField]: 1 }, { paymentId: 'pay_fake' }]) {
      await assertFails(update(alice(), path, change));
    }
  });

  it(`when another user reads, writes or deletes alice's ${kind}, or a visitor lists them, then it is denied`, async () => {
    await assertFails(read(bob(), path));
    await assertFails(write(bob(), `users/alice/${kind}/d2`, make()));
    await assertFails(remove(bob(), path));
    await assertFails(list(visitor(), `users/alice/${kind}`));
  });

  it('when the owner deletes a Pending one, then it is allowed', async () => {
    await assertSucceeds(remove(alice(), path));
  });
});

describe('users/{uid}/queries', () => {
  const stored = {
    name: 'Alice',
    email: 'a@example.com',
    message: 'Hi',
    businessName: '',
    contactNumber: '',
    status: 'New',
  };

  it('when the owner reads and deletes their queries, then it is allowed', async () => {
    await seed('users/alice/queries/q1', { ...stored, submittedAt: Timestamp.now() });
    await assertSucceeds(getDocs(query(collection(alice(), 'users/alice/queries'), orderBy('submittedAt', 'desc'))));
    await assertSucceeds(remove(alice(), 'users/alice/queries/q1'));
  });

  it('when a client writes a query itself (the server does), then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice/queries/q1', { ...stored, submittedAt: serverTimestamp() }));
  });

  it("when another user reads alice's queries, then it is denied", async () => {
    await seed('users/alice/queries/q1', { ...stored, submittedAt: Timestamp.now() });
    await assertFails(list(bob(), 'users/alice/queries'));
  });
});

describe('server-only collections', () => {
  it.each([
    'enquiries',
    'payments',
    'webhookEvents',
    'gatewayOrders',
    'sandboxOrders',
    'sandboxPayments',
    'documents',
    'counters',
    'mail',
    // A company's PO rules and its mailed statements: the API serves them to the company and staff.
    'companies',
    'statements',
    // Each TDS amount's certificate: the API serves it to the company's billing readers and staff.
    'tdsCertificates',
  ])('when any client reads or writes %s, then it is denied', async (name) => {
    await seed(`${name}/x`, { any: 'thing' });
    await assertFails(read(alice(), `${name}/x`));
    await assertFails(write(alice(), `${name}/y`, { any: 'thing' }));
    await assertFails(read(visitor(), `${name}/x`));
    await assertFails(write(visitor(), `${name}/y`, { any: 'thing' }));
  });

  it('when the owner of a tax document reads or lists it directly, then it is denied (the API serves it)', async () => {
    await seed('documents/pay_1', { uid: 'alice', status: 'issued', number: 'NB/2026-27/0001' });
    await assertFails(read(alice(), 'documents/pay_1'));
    await assertFails(getDocs(query(collection(alice(), 'documents'), where('uid', '==', 'alice'))));
    await assertFails(update(alice(), 'documents/pay_1', { number: 'NB/2026-27/0002' }));
  });

  it('when a client lists the whole users collection, then it is denied', async () => {
    await assertFails(list(alice(), 'users'));
  });
});
