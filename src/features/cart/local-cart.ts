import { parseStoredCart, type CartItem } from '@/domain/cart';

/** Visitors' and guests' cart: the spec's 'cart-items' list in local storage. */
export const LOCAL_CART_KEY = 'cart-items';

export function readLocalCart(): CartItem[] {
  try {
    const raw = window.localStorage.getItem(LOCAL_CART_KEY);
    return raw ? parseStoredCart(JSON.parse(raw)) : [];
  } catch (error) {
    console.error('Could not read the saved cart.', error);
    return [];
  }
}

export function writeLocalCart(items: CartItem[]): void {
  try {
    if (items.length === 0) window.localStorage.removeItem(LOCAL_CART_KEY);
    else window.localStorage.setItem(LOCAL_CART_KEY, JSON.stringify(items));
  } catch (error) {
    console.error('Could not save the cart.', error);
  }
}

export function removeLocalCart(): void {
  writeLocalCart([]);
}

/**
 * A registered user's stored cart, last seen on this device: it draws the cart badge at once on
 * the landing page, so Firestore can wait until the browser is idle (or the cart is opened) to
 * check it. Keyed by uid; forgotten on sign-out.
 */
const CACHE_PREFIX = 'cart-cache:';

export function readCartCache(uid: string): CartItem[] | null {
  try {
    const raw = window.localStorage.getItem(CACHE_PREFIX + uid);
    return raw ? parseStoredCart(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function writeCartCache(uid: string, items: CartItem[]): void {
  try {
    window.localStorage.setItem(CACHE_PREFIX + uid, JSON.stringify(items));
  } catch (error) {
    console.error('Could not save the cart.', error);
  }
}

export function removeCartCaches(): void {
  try {
    const keys = Object.keys(window.localStorage).filter((key) => key.startsWith(CACHE_PREFIX));
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}
