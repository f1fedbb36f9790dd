import { describe, expect, it } from 'vitest';
import { findReusableOrder, type CartItem, type StoredOrder } from '@/domain/cart';

const basic: CartItem = { id: 'website-Basic', name: 'Basic', category: 'Websites & E-commerce', price: '₹20,000' };
const starter: CartItem = {
  id: 'manufacturing-Starter',
  name: 'Starter',
  category: 'Factory Management',
  price: '₹1,10,000',
};
const cart = [basic, starter];

const order = (overrides: Partial<StoredOrder> = {}): StoredOrder => ({
  id: 'o1',
  orderNumber: 'ORD-1757462400123',
  status: 'Pending',
  items: [starter, basic],
  totalPaise: 13_000_000,
  createdAt: new Date(1_757_462_400_123),
  ...overrides,
});

describe('findReusableOrder', () => {
  it('when a Pending order has the same items in another order and the same total, then it is reused', () => {
    expect(findReusableOrder([order()], cart)?.id).toBe('o1');
  });

  it('when there are no orders, then nothing is reused', () => {
    expect(findReusableOrder([], cart)).toBeNull();
  });

  it('when the order is no longer Pending, then it is not reused', () => {
    expect(findReusableOrder([order({ status: 'Paid' }), order({ status: 'Cancelled' })], cart)).toBeNull();
  });

  it('when the order has an item fewer or more, then it is not reused', () => {
    expect(findReusableOrder([order({ items: [basic] })], cart)).toBeNull();
    expect(findReusableOrder([order({ items: [basic, starter, basic] })], cart)).toBeNull();
    expect(findReusableOrder([order()], [basic])).toBeNull();
  });

  it('when the order has other ids of the same count, then it is not reused', () => {
    const premium = { ...basic, id: 'website-Premium' };
    expect(findReusableOrder([order({ items: [premium, starter] })], cart)).toBeNull();
  });

  it('when the total differs, then it is not reused', () => {
    expect(findReusableOrder([order({ totalPaise: 12_500_000 })], cart)).toBeNull();
    expect(findReusableOrder([order({ totalPaise: '13000000' })], cart)).toBeNull();
  });

  it('when the stored items are malformed, then it is not reused', () => {
    expect(findReusableOrder([order({ items: 'website-Basic' })], cart)).toBeNull();
    expect(findReusableOrder([order({ items: [{ name: 'Basic' }, starter] })], cart)).toBeNull();
  });

  it('when the cart is empty, then nothing is reused', () => {
    expect(findReusableOrder([order({ items: [], totalPaise: 0 })], [])).toBeNull();
  });

  it('when several Pending orders match, then the newest is reused', () => {
    const orders = [
      order({ id: 'old', createdAt: new Date(1000) }),
      order({ id: 'new', createdAt: new Date(3000) }),
      order({ id: 'mid', createdAt: new Date(2000) }),
    ];
    expect(findReusableOrder(orders, cart)?.id).toBe('new');
    expect(findReusableOrder([...orders, order({ id: 'just-written', createdAt: null })], cart)?.id).toBe(
      'just-written',
    );
  });
});
