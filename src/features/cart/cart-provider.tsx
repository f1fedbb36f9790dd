import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { cartReducer, hasItem, mergeCarts, type CartAction, type CartItem } from '@/domain/cart';
import { useAuthModal } from '@/lib/auth-modal';
import { useSession } from '@/lib/session';
import { useToast } from '@/lib/toast';
import { whenIdle } from '@/lib/when-idle';
import {
  readCartCache,
  readLocalCart,
  removeCartCaches,
  removeLocalCart,
  writeCartCache,
  writeLocalCart,
} from './local-cart';

export type CartLine = CartItem;

export interface CartApi {
  items: CartLine[];
  count: number;
  has: (id: string) => boolean;
  add: (item: CartLine) => Promise<void>;
  /**
   * A visitor pressed Add to Cart and is asked to sign up: the plan is added (with the spec's
   * message) once they sign up, log in or continue as a guest, and forgotten if they close the
   * auth modal signed out.
   */
  addAfterSignIn: (item: CartLine) => void;
  remove: (id: string) => Promise<void>;
  clear: () => Promise<void>;
  /**
   * Checks a registered user's stored cart now (the cart page) rather than when the browser is
   * next idle; resolves once the view holds it.
   */
  sync: () => Promise<void>;
}

const CartContext = createContext<CartApi | null>(null);

const loadApi = () => import('./api');

/**
 * The cart of spec section 4. Visitors and guests (anonymous sign-in) keep it in local storage;
 * a registered user's cart is users/{uid}/cart. On sign-in the stored cart is loaded, local items
 * it lacks are written to it, and the local copy is deleted. Storage failures are only logged:
 * the view always follows the user's action.
 *
 * A returning registered user's badge is drawn from the copy this device last saw (local-cart.ts),
 * and Firestore (139 KB brotli) loads only once the browser is idle, the cart is opened, or the user
 * changes the cart: the landing page stays as light as for a visitor.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const authModal = useAuthModal();
  const toast = useToast();
  const [items, setItems] = useState<CartItem[]>(() => (typeof window === 'undefined' ? [] : readLocalCart()));
  const itemsRef = useRef(items);
  const storedUid = status === 'ready' && user && !user.isAnonymous ? user.uid : null;
  const isSignedOut = status === 'ready' && !user;
  // Which cart the view holds: a registered user's stored cart (once merged) or the local one.
  const cartKey = storedUid ?? 'local';
  const [loadedCart, setLoadedCart] = useState<string | null>(null);
  const [pendingAdd, setPendingAdd] = useState<CartLine | null>(null);
  // The one load-and-merge of the signed-in user's stored cart (started at most once per uid).
  const syncing = useRef<{ uid: string; done: Promise<void> } | null>(null);

  const apply = useCallback((action: CartAction) => {
    const next = cartReducer(itemsRef.current, action);
    itemsRef.current = next;
    setItems(next);
    return next;
  }, []);

  const syncStored = useCallback(
    (uid: string): Promise<void> => {
      if (syncing.current?.uid === uid) return syncing.current.done;
      const current: { uid: string; done: Promise<void> } = { uid, done: Promise.resolve() };
      const isCurrent = () => syncing.current === current;
      current.done = (async () => {
        let isLoaded = false;
        try {
          const api = await loadApi();
          const stored = await api.loadCart(uid);
          const { items: merged, toWrite } = mergeCarts(stored, readLocalCart());
          if (toWrite.length > 0) await api.saveCartItems(uid, toWrite);
          // Only once the local items are safely stored is the local copy deleted.
          removeLocalCart();
          isLoaded = true;
          if (isCurrent()) apply({ type: 'replace', items: merged });
        } catch (error) {
          console.error('Could not load the cart.', error);
        }
        if (!isCurrent()) return;
        setLoadedCart(uid);
        // A failed load is tried again when the cart is next opened or changed.
        if (!isLoaded) syncing.current = null;
      })();
      syncing.current = current;
      return current.done;
    },
    [apply],
  );

  useEffect(() => {
    if (status === 'loading') return;
    if (!storedUid) {
      syncing.current = null;
      // Signed out: a registered user's cart is not left behind on this device.
      if (isSignedOut) removeCartCaches();
      apply({ type: 'replace', items: readLocalCart() });
      setLoadedCart('local');
      return;
    }
    if (syncing.current?.uid === storedUid) return;
    setLoadedCart(null);
    const cached = readCartCache(storedUid);
    // Local items to merge (someone just signed in with a visitor's cart) cannot wait.
    if (cached && readLocalCart().length === 0) {
      // Like the first session state (lib/session.tsx), a render the visitor did not ask for.
      startTransition(() => void apply({ type: 'replace', items: cached }));
      return whenIdle(() => void syncStored(storedUid));
    }
    void syncStored(storedUid);
  }, [status, storedUid, isSignedOut, apply, syncStored]);

  // The device's copy follows the stored cart once it has been checked.
  useEffect(() => {
    if (storedUid && loadedCart === storedUid) writeCartCache(storedUid, items);
  }, [storedUid, loadedCart, items]);

  const sync = useCallback(async () => {
    if (storedUid) await syncStored(storedUid);
  }, [storedUid, syncStored]);

  const add = useCallback(
    async (item: CartLine) => {
      // Local storage is the truth of a local cart: another tab may have added this plan meanwhile.
      // A stored cart is checked first, so the add is not undone by its load.
      if (storedUid) await syncStored(storedUid);
      else apply({ type: 'replace', items: readLocalCart() });
      if (hasItem(itemsRef.current, item.id)) {
        toast(`${item.name} is already in your cart.`, 'error', { key: `cart-add:${item.id}` });
        return;
      }
      const line: CartItem = { id: item.id, name: item.name, category: item.category, price: item.price };
      const next = apply({ type: 'add', item: line });
      toast(`${item.name} from ${item.category} has been added to your cart!`, 'success', {
        key: `cart-add:${item.id}`,
      });
      try {
        if (storedUid) await (await loadApi()).saveCartItem(storedUid, line);
        else writeLocalCart(next);
      } catch (error) {
        console.error('Could not save the cart item.', error);
      }
    },
    [apply, storedUid, syncStored, toast],
  );

  // The plan a visitor wanted goes in once the auth modal has closed with someone signed in and
  // their cart is in view (a registered user's stored cart merged), never before.
  useEffect(() => {
    if (!pendingAdd || authModal.isOpen || status === 'loading') return;
    if (!user) {
      setPendingAdd(null);
      return;
    }
    if (loadedCart !== cartKey) {
      if (storedUid) void syncStored(storedUid);
      return;
    }
    setPendingAdd(null);
    void add(pendingAdd);
  }, [pendingAdd, authModal.isOpen, status, user, loadedCart, cartKey, storedUid, syncStored, add]);

  const remove = useCallback(
    async (id: string) => {
      if (storedUid) await syncStored(storedUid);
      const next = apply({ type: 'remove', id });
      try {
        if (storedUid) await (await loadApi()).deleteCartItem(storedUid, id);
        else writeLocalCart(next);
      } catch (error) {
        console.error('Could not remove the cart item.', error);
      }
    },
    [apply, storedUid, syncStored],
  );

  const clear = useCallback(async () => {
    if (storedUid) await syncStored(storedUid);
    apply({ type: 'clear' });
    try {
      if (storedUid) await (await loadApi()).clearStoredCart(storedUid);
      else removeLocalCart();
    } catch (error) {
      console.error('Could not clear the cart.', error);
    }
  }, [apply, storedUid, syncStored]);

  const has = useCallback((id: string) => hasItem(items, id), [items]);
  const value = useMemo<CartApi>(
    () => ({ items, count: items.length, has, add, addAfterSignIn: setPendingAdd, remove, clear, sync }),
    [items, has, add, remove, clear, sync],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartApi {
  const context = useContext(CartContext);
  if (!context) throw new Error('useCart must be used inside <CartProvider>.');
  return context;
}
