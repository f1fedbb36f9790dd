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
