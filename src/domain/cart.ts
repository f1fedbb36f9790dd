import { findCatalogueEntry } from './catalogue';
import { parsePriceAmount } from './money';

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

/** Rupee amount of one line: the first integer of its price text (0 if none). */
export function lineAmount(item: Pick<CartItem, 'price'>): number {
  return parsePriceAmount(item.price);
}

/** What the cart view shows as the total, in rupees. */
export function cartTotal(items: readonly Pick<CartItem, 'price'>[]): number {
  return items.reduce((sum, item) => sum + lineAmount(item), 0);
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
  { ok: true; amountRupees: number } | { ok: false; reason: 'empty' | 'malformed' | 'unknown-item'; itemId?: string };

/**
 * The payable amount of an order, in rupees, from the catalogue only: the item ids pick the plans,
 * and the browser's price texts and totals are never used.
 */
export function priceOrderItems(items: unknown): OrderPricing {
  if (!Array.isArray(items) || items.length === 0) return { ok: false, reason: 'empty' };
  let amountRupees = 0;
  for (const item of items) {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
    if (typeof id !== 'string') return { ok: false, reason: 'malformed' };
    const entry = findCatalogueEntry(id);
    if (!entry) return { ok: false, reason: 'unknown-item', itemId: id };
    amountRupees += entry.amountRupees;
  }
  return { ok: true, amountRupees };
}
