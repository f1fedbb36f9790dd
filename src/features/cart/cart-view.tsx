import { Link } from 'react-router-dom';
import { cartTotalPaise, linePaise, type CartItem } from '@/domain/cart';
import { formatInr } from '@/domain/money';

export interface CartViewProps {
  items: CartItem[];
  isPaying: boolean;
  onRemove: (id: string) => void;
  onPay: () => void;
  /** Where 'Continue Shopping' goes (the landing page's products section). */
  shopHref: string;
}

/** The cart page's content: lines, total and the pay button (spec section 2). */
export function CartView({ items, isPaying, onRemove, onPay, shopHref }: CartViewProps) {
  const totalPaise = cartTotalPaise(items);
  return (
    <section aria-labelledby="cart-title" className="mx-auto max-w-4xl px-4 py-10">
      <h1 id="cart-title" className="text-3xl font-bold text-slate-900">
        Your Shopping Cart
      </h1>
      {items.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg text-slate-700">Your cart is currently empty.</p>
          <Link
            to={shopHref}
            className="mt-6 inline-flex h-11 items-center justify-center rounded-lg bg-brand-darker px-5 text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-darker"
          >
            Continue Shopping
          </Link>
        </div>
      ) : (
        <>
          <ul
            aria-label="Cart items"
            className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          >
            {items.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap items-center justify-between gap-4 p-5"
                data-testid="cart-line"
              >
                <div className="min-w-0">
                  <p className="text-lg font-semibold text-slate-900">{item.name}</p>
                  <p className="text-sm text-slate-600">{item.category}</p>
                  <p className="text-sm text-slate-600">{item.price}</p>
                </div>
                <div className="flex items-center gap-4">
                  <p className="text-lg font-semibold text-slate-900" data-testid="cart-line-amount">
                    {formatInr(linePaise(item))}
                  </p>
                  <button
                    type="button"
                    onClick={() => onRemove(item.id)}
                    aria-label={`Remove ${item.name} (${item.category}) from cart`}
                    className="h-9 rounded-lg border border-red-700 px-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-xl bg-slate-50 p-5">
            <p className="text-xl font-bold text-slate-900">
              Total: <span data-testid="cart-total">{formatInr(totalPaise)}</span>
            </p>
            {totalPaise > 0 && (
              <button
                type="button"
                onClick={onPay}
                disabled={isPaying}
                aria-busy={isPaying}
                className="inline-flex h-12 items-center justify-center rounded-lg bg-brand-darker px-6 text-base font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-darker disabled:cursor-not-allowed disabled:bg-slate-500"
              >
                {isPaying ? 'Processing...' : 'Proceed to Pay'}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
