import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CartProvider, useCart, type CartApi } from '@/features/cart/cart-provider';
import { LOCAL_CART_KEY } from '@/features/cart/local-cart';
import { useAuthModal } from '@/lib/auth-modal';
import { SessionContext, type Session } from '@/lib/session';
import { GUEST as guest, REGISTERED as registered, renderApp, SIGNED_OUT } from '../../helpers/render-app';

const api = vi.hoisted(() => ({
  loadCart: vi.fn(),
  saveCartItem: vi.fn(),
  saveCartItems: vi.fn(),
  deleteCartItem: vi.fn(),
  clearStoredCart: vi.fn(),
}));
vi.mock('@/features/cart/api', () => api);
// The tasks waiting for the browser to be idle, run by hand (when-idle.test.ts covers the timing).
const idle = vi.hoisted(() => [] as Array<() => void>);
vi.mock('@/lib/when-idle', () => ({
  whenIdle: (task: () => void) => {
    idle.push(task);
    return () => {
      const at = idle.indexOf(task);
      if (at !== -1) idle.splice(at, 1);
    };
  },
}));

const basic = { id: 'website-Basic', name: 'Basic', category: 'Websites & E-commerce', price: '₹20,000' };
const starter = { id: 'manufacturing-Starter', name: 'Starter', category: 'Factory Management', price: '₹1,10,000' };

let cart: CartApi;
function Probe() {
  cart = useCart();
  return <p data-testid="count">{cart.count}</p>;
}

function renderCart(session: Session) {
  return renderApp(
    <CartProvider>
      <Probe />
    </CartProvider>,
    { session },
  );
}

beforeEach(() => {
  window.localStorage.clear();
  vi.clearAllMocks();
  api.loadCart.mockResolvedValue([]);
  api.saveCartItems.mockResolvedValue(undefined);
  api.saveCartItem.mockResolvedValue(undefined);
  api.deleteCartItem.mockResolvedValue(undefined);
  api.clearStoredCart.mockResolvedValue(undefined);
});

describe('CartProvider', () => {
  it('when a guest adds plans, then they live in local storage and the add alert shows', async () => {
    renderCart(guest);
    await act(() => cart.add(basic));

    expect(screen.getByTestId('count')).toHaveTextContent('1');
    expect(JSON.parse(window.localStorage.getItem(LOCAL_CART_KEY)!)).toEqual([basic]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Basic from Websites & E-commerce has been added to your cart!',
    );
    expect(api.saveCartItem).not.toHaveBeenCalled();
  });

  it('when the same plan is added twice, then the duplicate is refused with the alert', async () => {
    renderCart(guest);
    await act(() => cart.add(basic));
    await act(() => cart.add(basic));

    expect(screen.getByTestId('count')).toHaveTextContent('1');
    expect(screen.getByRole('alert')).toHaveTextContent('Basic is already in your cart.');
  });

  it('when a registered user signs in with a local cart, then missing items are written, the local copy deleted and the carts merged', async () => {
    window.localStorage.setItem(LOCAL_CART_KEY, JSON.stringify([basic, starter]));
    api.loadCart.mockResolvedValue([basic]);

    renderCart(registered);

    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    expect(api.saveCartItems).toHaveBeenCalledWith('u1', [starter]);
    expect(window.localStorage.getItem(LOCAL_CART_KEY)).toBeNull();
  });

  it('when storing a removal fails, then it is only logged and the view still updates', async () => {
    api.loadCart.mockResolvedValue([basic, starter]);
    api.deleteCartItem.mockRejectedValue(new Error('offline'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCart(registered);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));

    await act(() => cart.remove(basic.id));

    expect(screen.getByTestId('count')).toHaveTextContent('1');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('when a registered user clears the cart, then the stored items are deleted in one batch', async () => {
    api.loadCart.mockResolvedValue([basic, starter]);
    renderCart(registered);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));

    await act(() => cart.clear());

    expect(screen.getByTestId('count')).toHaveTextContent('0');
    expect(api.clearStoredCart).toHaveBeenCalledWith('u1');
  });
});

describe('CartProvider across tabs', () => {
  it('when another tab already added the plan to the local cart, then adding it here is refused with the alert', async () => {
    renderCart(guest);
    window.localStorage.setItem(LOCAL_CART_KEY, JSON.stringify([basic]));

    await act(() => cart.add(basic));

    expect(screen.getByRole('alert')).toHaveTextContent('Basic is already in your cart.');
    expect(screen.getByTestId('count')).toHaveTextContent('1');
  });
});

describe('CartProvider: the plan a visitor wanted', () => {
  let signIn: (session: Session) => void;
  let modal: ReturnType<typeof useAuthModal>;

  /** The cart under a session the test changes, as sign-up would. */
  function SignInHarness() {
    const [session, setSession] = useState<Session>(SIGNED_OUT);
    signIn = setSession;
    return (
      <SessionContext.Provider value={session}>
        <ModalProbe />
        <CartProvider>
          <Probe />
        </CartProvider>
      </SessionContext.Provider>
    );
  }
  function ModalProbe() {
    modal = useAuthModal();
    return null;
  }

  it('when a visitor presses Add to Cart and then signs up, then the plan is in their stored cart with the added message', async () => {
    renderApp(<SignInHarness />);
    act(() => {
      cart.addAfterSignIn(basic);
      modal.open('signup');
    });
    expect(screen.getByTestId('count')).toHaveTextContent('0');

    act(() => signIn(registered));
    act(() => modal.close());

    await waitFor(() => expect(api.saveCartItem).toHaveBeenCalledWith('u1', basic));
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Basic from Websites & E-commerce has been added to your cart!',
    );
  });

  it('when the visitor continues as a guest, then the plan is in the local cart', async () => {
    renderApp(<SignInHarness />);
    act(() => {
      cart.addAfterSignIn(starter);
      modal.open('signup');
    });
    act(() => signIn(guest));
    act(() => modal.close());

    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
    expect(JSON.parse(window.localStorage.getItem(LOCAL_CART_KEY)!)).toEqual([starter]);
  });

  it('when the visitor closes the modal without signing in, then the plan is forgotten (a later login adds nothing)', async () => {
    renderApp(<SignInHarness />);
    act(() => {
      cart.addAfterSignIn(basic);
      modal.open('signup');
    });
    act(() => modal.close());
    act(() => signIn(registered));

    await waitFor(() => expect(api.loadCart).toHaveBeenCalled());
    expect(api.saveCartItem).not.toHaveBeenCalled();
    expect(screen.getByTestId('count')).toHaveTextContent('0');
  });
});

describe('CartProvider: a returning registered user on the landing page', () => {
  beforeEach(() => {
    idle.length = 0;
  });
  const runIdle = () => act(() => idle.splice(0).forEach((callback) => callback()));

  it('when this device saw their cart before, then the badge shows it at once and Firestore waits until the browser is idle', async () => {
    window.localStorage.setItem('cart-cache:u1', JSON.stringify([basic]));
    api.loadCart.mockResolvedValue([basic, starter]);

    renderCart(registered);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));

    expect(idle).toHaveLength(1);
    expect(api.loadCart).not.toHaveBeenCalled();

    await runIdle();
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    expect(api.loadCart).toHaveBeenCalledWith('u1');
    expect(JSON.parse(window.localStorage.getItem('cart-cache:u1')!)).toEqual([basic, starter]);
  });

  it('when the cart is opened before the browser is idle, then the stored cart is checked at once', async () => {
    window.localStorage.setItem('cart-cache:u1', JSON.stringify([basic, starter]));
    api.loadCart.mockResolvedValue([starter]);
    renderCart(registered);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    expect(idle).toHaveLength(1);

    await act(() => cart.sync());

    expect(api.loadCart).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('count')).toHaveTextContent('1');
  });

  it('when a plan is added before the browser is idle, then the stored cart is loaded first and the plan kept', async () => {
    window.localStorage.setItem('cart-cache:u1', JSON.stringify([]));
    api.loadCart.mockResolvedValue([starter]);
    renderCart(registered);
    await waitFor(() => expect(idle).toHaveLength(1));

    await act(() => cart.add(basic));

    expect(api.saveCartItem).toHaveBeenCalledWith('u1', basic);
    expect(screen.getByTestId('count')).toHaveTextContent('2');
  });

  it('when nothing is known about their cart on this device, then it is loaded without waiting', async () => {
    api.loadCart.mockResolvedValue([basic]);
    renderCart(registered);

    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
    expect(idle).toHaveLength(0);
  });

  it('when someone signs out, then the copy of the stored cart is removed from this device', async () => {
    window.localStorage.setItem('cart-cache:u1', JSON.stringify([basic]));
    renderCart(SIGNED_OUT);

    await waitFor(() => expect(window.localStorage.getItem('cart-cache:u1')).toBeNull());
  });
});
