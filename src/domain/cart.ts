import { findCatalogueEntry } from './catalogue';
import { priceTextPaise } from './money';
import { STATUS } from './status';

/**
 * Cart maths, shared by the browser (the cart view) and the server (pricing an order).
 * Pure functions over plain lists: no storage, no React.
 */

/** A cart line as stored: the whole record, keyed by `categoryId-planName`. */
export interface CartItem {
  id: string;
  name: string;
  category: string;
  price: string;
}

export type CartAction =
  | { type: 'replace'; items: CartItem[] }
  | { type: 'add'; item: CartItem }
  | { type: 'remove'; id: string }
  | { type: 'clear' };

/** The cart reducer. Adding an id that is already there changes nothing (the caller refuses it). */
export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case 'replace':
      return dedupe(action.items);
    case 'add':
      return hasItem(items, action.item.id) ? items : [...items, action.item];
    case 'remove':
      return items.filter((item) => item.id !== action.id);
    case 'clear':
      return [];
  }
}

export function hasItem(items: readonly CartItem[], id: string): boolean {
  return items.some((item) => item.id === id);
}

function dedupe(items: readonly CartItem[]): CartItem[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

/**
 * Sign-in merge: the stored cart wins; local items whose id is not stored yet are added.
 * `toWrite` are the local items the caller must save to the stored cart.
 */
export function mergeCarts(
  stored: readonly CartItem[],
  local: readonly CartItem[],
): { items: CartItem[]; toWrite: CartItem[] } {
  const base = dedupe(stored);
  const toWrite = dedupe(local).filter((item) => !hasItem(base, item.id));
  return { items: [...base, ...toWrite], toWrite };
}

/** The amount of one line, from its stored price text (spec: its first integer, in rupees). */
export function linePaise(item: Pick<CartItem, 'price'>): number {
  return priceTextPaise(item.price);
}

/** What the cart view shows as the total, and what its order stores. */
export function cartTotalPaise(items: readonly Pick<CartItem, 'price'>[]): number {
  return items.reduce((sum, item) => sum + linePaise(item), 0);
}

/** Keeps only well-formed lines from untrusted storage (local storage can hold anything). */
export function parseStoredCart(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  return dedupe(
    value.filter(
      (item): item is CartItem =>
        typeof item === 'object' &&
        item !== null &&
        typeof item.id === 'string' &&
        item.id.length > 0 &&
        typeof item.name === 'string' &&
        typeof item.category === 'string' &&
        typeof item.price === 'string',
    ),
  ).map(({ id, name, category, price }) => ({ id, name, category, price }));
}

export type OrderPricing =
  { ok: true; amountPaise: number } | { ok: false; reason: 'empty' | 'malformed' | 'unknown-item'; itemId?: string };

/**
 * The payable amount of an order from the catalogue only: the item ids pick the plans, and the
 * browser's price texts and totals are never used.
 */
export function priceOrderItems(items: unknown): OrderPricing {
  if (!Array.isArray(items) || items.length === 0) return { ok: false, reason: 'empty' };
  let amountPaise = 0;
  for (const item of items) {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
    if (typeof id !== 'string') return { ok: false, reason: 'malformed' };
    const entry = findCatalogueEntry(id);
    if (!entry) return { ok: false, reason: 'unknown-item', itemId: id };
    amountPaise += entry.plan.oneTimePaise;
  }
  return { ok: true, amountPaise };
}

/** A stored order of the user, as far as reusing it for a cart is concerned. */
export interface StoredOrder {
  id: string;
  orderNumber: string;
  status: unknown;
  items: unknown;
  totalPaise: unknown;
  /** Creation time; null while the server timestamp is still pending (a just-written order). */
  createdAt: Date | null;
}

const sortedIds = (items: readonly unknown[]): string[] | null => {
  const ids = items.map((item) =>
    typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined,
  );
  return ids.every((id): id is string => typeof id === 'string') ? ids.sort() : null;
};

/**
 * The user's 'Pending' order for exactly this cart (the same item ids, as many, and the same total),
 * or null. Paying the cart again after a closed or failed checkout reuses it, so one cart attempt
 * never leaves several payable copies of the same order. The newest match wins.
 */
export function findReusableOrder<T extends StoredOrder>(orders: readonly T[], items: readonly CartItem[]): T | null {
  const wanted = sortedIds(items);
  if (!wanted || wanted.length === 0) return null;
  const totalPaise = cartTotalPaise(items);
  const matches = orders.filter((order) => {
    if (order.status !== STATUS.pending || order.totalPaise !== totalPaise || !Array.isArray(order.items)) return false;
    const ids = sortedIds(order.items);
    return ids !== null && ids.length === wanted.length && ids.every((id, index) => id === wanted[index]);
  });
  const newness = (order: T) => order.createdAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return matches.reduce<T | null>(
    (newest, order) => (newest && newness(newest) >= newness(order) ? newest : order),
    null,
  );
}

/**
 * Whether an order can still be paid: it is 'Pending' and its items are still sold at the total it
 * stores (the server checks the same before it charges). Only such an order shows 'Pay Now'.
 */
export function isOrderPayable(order: { status: unknown; items: unknown; totalPaise: unknown }): boolean {
  if (order.status !== STATUS.pending) return false;
  const pricing = priceOrderItems(order.items);
  return pricing.ok && pricing.amountPaise === order.totalPaise;
}
