import { createContext, useContext, type ReactNode } from 'react';

export interface CartLine {
  id: string;
  name: string;
  category: string;
  price: string;
}

export interface CartApi {
  items: CartLine[];
  count: number;
  has: (id: string) => boolean;
  add: (item: CartLine) => Promise<void>;
  remove: (id: string) => Promise<void>;
  clear: () => Promise<void>;
}

const CartContext = createContext<CartApi | null>(null);

// Placeholder until the cart issue lands: an empty cart.
export function CartProvider({ children }: { children: ReactNode }) {
  const value: CartApi = {
    items: [],
    count: 0,
    has: () => false,
    add: async () => {},
    remove: async () => {},
    clear: async () => {},
  };
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartApi {
  const context = useContext(CartContext);
  if (!context) throw new Error('useCart must be used inside <CartProvider>.');
  return context;
}
