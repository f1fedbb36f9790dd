import { describe, expect, it } from 'vitest';
import {
  cartReducer,
  cartTotalPaise,
  linePaise,
  mergeCarts,
  parseStoredCart,
  priceOrderItems,
  type CartItem,
} from '@/domain/cart';
import { priceTextPaise } from '@/domain/money';
import { makeOrderNumber, ORDER_NUMBER_PATTERN } from '@/domain/order-number';

const item = (id: string, price = '₹20,000'): CartItem => ({ id, name: id, category: 'Websites & E-commerce', price });

describe('price parsing', () => {
  it("when the text is '1,10,000', then the amount is ₹1,10,000 in paise", () => {
    expect(priceTextPaise('1,10,000')).toBe(11_000_000);
    expect(linePaise({ price: '₹1,10,000' })).toBe(11_000_000);
  });

  it("when the text is '25,000 / year', then the amount is ₹25,000 in paise", () => {
    expect(priceTextPaise('25,000 / year')).toBe(2_500_000);
  });

  it('when the text has no digits, then the amount is 0', () => {
    expect(linePaise({ price: 'Contact us for pricing' })).toBe(0);
  });
});

describe('order number', () => {
  it("when made at a millisecond time, then it is 'ORD-' plus that time", () => {
    expect(makeOrderNumber(1_757_462_400_123)).toBe('ORD-1757462400123');
    expect(makeOrderNumber()).toMatch(ORDER_NUMBER_PATTERN);
  });
});

describe('cartTotalPaise', () => {
  it('when lines mix grouped prices, yearly texts and text without digits, then the total adds their first integers', () => {
    expect(cartTotalPaise([item('a', '₹1,10,000'), item('b', '25,000 / year'), item('c', 'On request')])).toBe(
      13_500_000,
    );
  });

  it('when the cart is empty, then the total is 0', () => {
    expect(cartTotalPaise([])).toBe(0);
  });
});

describe('cartReducer', () => {
  it('when an id already in the cart is added, then the cart is unchanged', () => {
    const cart = [item('website-Basic')];
    expect(cartReducer(cart, { type: 'add', item: item('website-Basic') })).toBe(cart);
  });

  it('when items are added, removed and cleared, then the list follows', () => {
    let cart = cartReducer([], { type: 'add', item: item('a') });
    cart = cartReducer(cart, { type: 'add', item: item('b') });
    expect(cart.map((line) => line.id)).toEqual(['a', 'b']);
    cart = cartReducer(cart, { type: 'remove', id: 'a' });
    expect(cart.map((line) => line.id)).toEqual(['b']);
    expect(cartReducer(cart, { type: 'clear' })).toEqual([]);
  });
});

describe('mergeCarts', () => {
  it('when signing in with a local cart, then only local items missing from the stored cart are written', () => {
    const stored = [item('website-Basic')];
    const local = [item('website-Basic'), item('gym-AI Full Suite')];
    const { items, toWrite } = mergeCarts(stored, local);
    expect(items.map((line) => line.id)).toEqual(['website-Basic', 'gym-AI Full Suite']);
    expect(toWrite.map((line) => line.id)).toEqual(['gym-AI Full Suite']);
  });
});

describe('parseStoredCart', () => {
  it('when local storage holds junk, then only well-formed, distinct lines survive', () => {
    const parsed = parseStoredCart([item('a'), { id: 5 }, null, item('a'), { ...item('b'), extra: 'x' }]);
    expect(parsed).toEqual([item('a'), item('b')]);
    expect(parseStoredCart('not a list')).toEqual([]);
  });
});

describe('priceOrderItems (server-side amount)', () => {
  it('when the items are catalogue plans, then the amount is the sum of catalogue prices, whatever the item texts say', () => {
    const result = priceOrderItems([
      { id: 'manufacturing-Starter', price: '₹1' },
      { id: 'website-Basic', price: 'free' },
    ]);
    expect(result).toEqual({ ok: true, amountPaise: 13_000_000 });
  });

  it('when an item is not in the catalogue, then it is rejected with its id', () => {
    expect(priceOrderItems([{ id: 'website-Basic' }, { id: 'website-Gold' }])).toEqual({
      ok: false,
      reason: 'unknown-item',
      itemId: 'website-Gold',
    });
  });

  it('when there are no items or they are malformed, then it is rejected', () => {
    expect(priceOrderItems([])).toMatchObject({ ok: false, reason: 'empty' });
    expect(priceOrderItems('x')).toMatchObject({ ok: false, reason: 'empty' });
    expect(priceOrderItems([{ name: 'x' }])).toMatchObject({ ok: false, reason: 'malformed' });
  });
});
