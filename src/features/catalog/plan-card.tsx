import { useSyncExternalStore } from 'react';
import { Button } from '@/components/button';
import { CheckIcon } from '@/components/icons';
import { Price } from '@/components/price';
import { sectionHref } from '@/components/section-link';
import { supportTierName, type Plan } from '@/domain/catalogue';
import { taxSettings } from '@/lib/tax-settings';

/** A registered seller whose prices exclude GST charges it on top: every price says so. */
const addsGst = taxSettings.registered && !taxSettings.pricesIncludeGst;

const subscribeToNothing = () => () => {};

/**
 * False in the prerendered HTML and while React takes it over, true from then on: before that a
 * tap has no handler, so the button says it is inactive; after it, every tap counts.
 */
function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

export interface PlanCardProps {
  plan: Plan;
  /** Id of the heading element, for the article's accessible name. */
  headingId: string;
  isFeatured?: boolean;
  isInCart: boolean;
  onAdd: () => void;
  /** 'Need something different?': opens the quote request form (a link to the contact section without script). */
  onRequestQuote?: () => void;
}

/** One plan: name, one-time price, yearly fee (or none), limits, features and the cart button. */
export function PlanCard({ plan, headingId, isFeatured = false, isInCart, onAdd, onRequestQuote }: PlanCardProps) {
  const isHydrated = useIsHydrated();
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-2xl bg-white p-6 ${
        isFeatured ? 'shadow-lg ring-2 ring-brand' : 'shadow-sm ring-1 ring-slate-200'
      }`}
    >
      {isFeatured && (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-darker px-3 py-0.5 text-xs font-semibold text-white">
          Recommended
        </p>
      )}
      <h4 id={headingId} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </h4>
      {plan.description && <p className="mt-1 min-h-12 text-sm leading-6 text-slate-600">{plan.description}</p>}
      <p className="mt-5 flex flex-wrap items-baseline gap-x-2">
        <Price paise={plan.oneTimePaise} className="text-3xl font-extrabold tracking-tight text-slate-900" />
        <span className="text-sm text-slate-600">one-time{addsGst && ' + GST'}</span>
      </p>
      <p className="mt-1 text-sm font-medium text-slate-700" data-testid="yearly">
        {plan.yearlyPaise === null ? (
          'No yearly fee'
        ) : (
          <>
            + <Price paise={plan.yearlyPaise} /> / year{addsGst && ' + GST'}
          </>
        )}
      </p>
      {plan.yearlyPaise !== null && (
        <p className="text-sm text-slate-600" data-testid="support-tier">
          {supportTierName(plan.yearlyPaise)} support
        </p>
      )}
      {plan.note && (
        <p
          className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="plan-note"
        >
          {plan.note}
        </p>
      )}
      <ul className="mt-5 flex-1 space-y-2.5 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-darker" />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        className="mt-6 w-full"
        variant={isFeatured ? 'primary' : 'secondary'}
        disabled={isInCart}
        aria-disabled={!isHydrated || undefined}
        onClick={onAdd}
      >
        {isInCart ? 'Added to Cart' : 'Add to Cart'}
      </Button>
      <a
        href={sectionHref('contact')}
        onClick={(event) => {
          if (!onRequestQuote || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onRequestQuote();
        }}
        className="mt-3 self-center rounded text-sm font-medium text-brand-darker underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-darker"
      >
        Need something different? Ask for a quote
      </a>
    </article>
  );
}
