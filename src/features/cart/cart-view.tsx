import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/button';
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
          <Link to={shopHref} className={buttonClasses('primary', 'md', 'mt-6')}>
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
                  <Button
                    variant="dangerOutline"
                    size="sm"
                    onClick={() => onRemove(item.id)}
                    aria-label={`Remove ${item.name} (${item.category}) from cart`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-xl bg-slate-50 p-5">
            <p className="text-xl font-bold text-slate-900">
              Total: <span data-testid="cart-total">{formatInr(totalPaise)}</span>
            </p>
            {totalPaise > 0 && (
              <Button size="lg" onClick={onPay} disabled={isPaying} aria-busy={isPaying}>
                {isPaying ? 'Processing...' : 'Proceed to Pay'}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
