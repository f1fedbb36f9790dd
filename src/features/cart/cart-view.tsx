import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { LockIcon } from '@/components/icons';
import { linePaise, type CartItem } from '@/domain/cart';
import { findCatalogueEntry } from '@/domain/catalogue';
import { formatInr } from '@/domain/money';
import { payableSummary, type TaxSettings } from '@/domain/tax';

export interface CartViewProps {
  items: CartItem[];
  isPaying: boolean;
  onRemove: (id: string) => void;
  onPay: () => void;
  /** Where 'Continue Shopping' goes (the landing page's products section). */
  shopHref: string;
  /** The pages a buyer agrees to by paying. */
  termsHref: string;
  refundHref: string;
  /** How the seller charges GST (the same settings the API charges by). */
  tax: TaxSettings;
}

const inlineLink =
  'rounded font-medium text-brand-darker underline underline-offset-2 hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-brand-darker';

/** The yearly fee of a cart line's plan: null when it has none, undefined when the plan is not sold any more. */
const yearlyPaiseOf = (item: CartItem) => findCatalogueEntry(item.id)?.plan.yearlyPaise;

/**
 * The cart page's content (spec section 2): each line once, with what is paid now and what follows
 * yearly; the total payable now as the checkout will charge it, how GST is treated, what the buyer
 * agrees to, and the pay button.
 */
export function CartView({ items, isPaying, onRemove, onPay, shopHref, termsHref, refundHref, tax }: CartViewProps) {
  const summary = payableSummary(items.map(linePaise), tax);
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
            {items.map((item) => {
              const yearlyPaise = yearlyPaiseOf(item);
              return (
                <li
                  key={item.id}
                  className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 p-5"
                  data-testid="cart-line"
                >
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="text-lg font-semibold break-words text-slate-900">{item.name}</p>
                    <p className="text-sm text-slate-600">{item.category}</p>
                  </div>
                  <div className="flex items-start gap-4">
                    <div className="text-right">
                      <p className="text-slate-900">
                        <span className="text-sm text-slate-600">one-time </span>
                        <span className="text-lg font-semibold" data-testid="cart-line-amount">
                          {formatInr(linePaise(item))}
                        </span>
                        <span className="text-sm text-slate-600"> now</span>
                      </p>
                      {yearlyPaise !== undefined && (
                        <p className="text-sm text-slate-600" data-testid="cart-line-yearly">
                          {yearlyPaise === null ? 'no yearly fee' : `+ ${formatInr(yearlyPaise)} / year from year two`}
                        </p>
                      )}
                    </div>
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
              );
            })}
          </ul>
          <div className="mt-6 rounded-xl bg-slate-50 p-5">
            {summary.addedGstPaise > 0 && (
              <dl className="mb-3 space-y-1 text-sm text-slate-700">
                <div className="flex justify-between gap-4">
                  <dt>Plans</dt>
                  <dd>{formatInr(summary.listedPaise)}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt>GST at {tax.ratePercent}%</dt>
                  <dd data-testid="cart-gst">{formatInr(summary.addedGstPaise)}</dd>
                </div>
              </dl>
            )}
            <p className="flex flex-wrap items-baseline justify-between gap-x-4 text-xl font-bold text-slate-900">
              <span>Total payable now</span>
              <span data-testid="cart-total">{formatInr(summary.totalPaise)}</span>
            </p>
            {summary.gstNote && (
              <p className="mt-1 text-sm text-slate-600" data-testid="cart-gst-note">
                {summary.gstNote}
              </p>
            )}
            {summary.totalPaise > 0 && (
              <div className="mt-5 space-y-3 border-t border-slate-200 pt-5">
                <p className="text-sm text-slate-700">
                  By paying you agree to the{' '}
                  <Link to={termsHref} className={inlineLink}>
                    Terms
                  </Link>{' '}
                  and the{' '}
                  <Link to={refundHref} className={inlineLink}>
                    Refund Policy
                  </Link>
                  .
                </p>
                <Button size="lg" className="w-full sm:w-auto" onClick={onPay} disabled={isPaying} aria-busy={isPaying}>
                  {isPaying ? 'Processing...' : 'Proceed to Pay'}
                </Button>
                <p className="flex items-center gap-1.5 text-sm text-slate-600">
                  <LockIcon className="size-4 shrink-0" />
                  Secured by Razorpay · UPI, cards, netbanking
                </p>
              </div>
            )}
          </div>
        </>
      )}
    </section>
  );
}
