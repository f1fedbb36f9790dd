import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Carousel } from '@/components/carousel';
import { CATEGORIES, planItemId, type Category } from '@/domain/catalogue';
import { PlanCard } from './plan-card';
import { SectionHeading } from '@/components/section-heading';
import { LandingSection } from '@/components/landing-section';

export interface CartItemInput {
  id: string;
  name: string;
  category: string;
  price: string;
}

export interface ProductsSectionProps {
  onAddToCart: (item: CartItemInput) => void;
  isInCart: (id: string) => boolean;
  /** True when someone (a user or a guest) is signed in; otherwise adding asks them to sign up. */
  canAdd: boolean;
  /**
   * Nobody is signed in, or that is not known yet: the page asks them to sign up once it knows, and
   * adds this plan once they have (or at once, for someone who turns out to be signed in).
   */
  onNeedLogin: (item: CartItemInput) => void;
  /** A plan card's 'Need something different?': asks for a quote for this kind of project. */
  onRequestQuote?: (projectType: string) => void;
  categories?: Category[];
}

const STRIP_HEIGHT = 60;
const BAR_HEIGHT = 68;

/**
 * Products and plans: a sticky tab strip of categories over horizontally scrolling snap panels,
 * one per category, each with its media, tagline and three plan cards.
 */
export function ProductsSection({
  onAddToCart,
  isInCart,
  canAdd,
  onNeedLogin,
  onRequestQuote,
  categories = CATEGORIES,
}: ProductsSectionProps) {
  const [active, setActive] = useState(0);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  // The panel a tab sent the scroller to, until it gets there: its smooth scroll starts in the
  // panel left behind and passes the ones between, and none of them is the visitor's choice.
  const destination = useRef<number | null>(null);

  // The active tab follows the panel in view, however it got there (tab, swipe, or focus).
  useEffect(() => {
    const scroller = scrollerRef.current!;
    // Where scrollend is missing (Safari before 26.2), a scroll has ended when it rests on a panel.
    const hasScrollEnd = 'onscrollend' in scroller;
    let frame = 0;
    const follow = () => {
      if (scroller.clientWidth === 0) return;
      const position = scroller.scrollLeft / scroller.clientWidth;
      const inView = Math.round(position);
      const isOnAPanel = Math.abs(position - inView) * scroller.clientWidth < 1;
      // On a tab's way, only arriving (or, without scrollend, coming to rest elsewhere) moves the tab.
      if (destination.current !== null && inView !== destination.current && (hasScrollEnd || !isOnAPanel)) return;
      destination.current = null;
      setActive(inView);
    };
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(follow);
    };
    // However the scroll ended (arrived, or stopped short by a swipe or a re-snap), the panel it rests on is active.
    const onScrollEnd = () => {
      destination.current = null;
      onScroll();
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    scroller.addEventListener('scrollend', onScrollEnd);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      scroller.removeEventListener('scrollend', onScrollEnd);
      cancelAnimationFrame(frame);
    };
  }, []);

  // Keep the active tab visible in the strip (it scrolls sideways on small screens).
  useEffect(() => {
    const tab = tabRefs.current[active];
    const strip = tab?.parentElement;
    if (!tab || !strip || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollTo({ left: tab.offsetLeft - strip.clientWidth / 2 + tab.offsetWidth / 2 });
  }, [active]);

  const select = (index: number) => {
    const scroller = scrollerRef.current!;
    destination.current = index;
    setActive(index);
    scroller.scrollTo({ left: index * scroller.clientWidth });
    // When the strip is stuck and the user has read down a panel, bring the new panel's top into view.
    const top = scroller.getBoundingClientRect().top;
    if (top < BAR_HEIGHT + STRIP_HEIGHT) {
      window.scrollTo({ top: window.scrollY + top - BAR_HEIGHT - STRIP_HEIGHT });
    }
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = categories.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    select(next);
    tabRefs.current[next]?.focus();
  };

  const add = (category: Category, planIndex: number) => {
    const plan = category.plans[planIndex]!;
    const item = {
      id: planItemId(category.id, plan.name),
      name: plan.name,
      category: category.name,
      price: plan.price,
    };
    if (canAdd) onAddToCart(item);
    else onNeedLogin(item);
  };

  return (
    <LandingSection id="products" className="bg-slate-50 pt-20 pb-16 sm:pt-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="products-title" eyebrow="Products & plans" className="max-w-3xl">
          Solutions with clear, upfront prices
        </SectionHeading>
        <p className="mt-4 max-w-2xl text-lg leading-8 text-slate-600">
          Pick a product line to see its plans. Every plan is a one-time build price plus a yearly fee for hosting,
          maintenance and support, where one applies.
        </p>
      </div>

      <div className="sticky top-[calc(68px+var(--toast-inset,0px))] z-20 mt-10 border-y border-slate-200 bg-slate-50/95 backdrop-blur supports-[backdrop-filter]:bg-slate-50/80">
        <div
          role="tablist"
          aria-label="Product categories"
          className="relative mx-auto flex h-[60px] max-w-7xl items-center gap-2 overflow-x-auto px-4 [scrollbar-width:none] sm:px-6"
        >
          {categories.map((category, index) => (
            <button
              key={category.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`tab-${category.id}`}
              aria-selected={index === active}
              aria-controls={`panel-${category.id}`}
              tabIndex={index === active ? 0 : -1}
              onClick={() => select(index)}
              onKeyDown={(event) => onTabKeyDown(event, index)}
              className={`shrink-0 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-darker ${
                index === active
                  ? 'bg-brand-darker text-white shadow-sm'
                  : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:text-brand-darker'
              }`}
            >
              {category.name}
            </button>
          ))}
        </div>
      </div>

      <div
        ref={scrollerRef}
        className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none]"
        data-testid="product-panels"
      >
        {categories.map((category, index) => (
          // Panels out of view are inert: not in the Tab order (the tabs reach them). All panels are
          // as tall as the tallest; the spare height goes into the plan cards, not below them.
          <div
            key={category.id}
            id={`panel-${category.id}`}
            role="tabpanel"
            aria-labelledby={`tab-${category.id}`}
            inert={index !== active}
            className="flex w-full shrink-0 snap-start snap-always flex-col"
          >
            <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col px-4 pt-10 sm:px-6">
              <div className="grid items-center gap-8 md:grid-cols-2 lg:gap-12">
                <Carousel slides={category.media} label={`${category.name} screenshots`} width={800} height={500} />
                <div>
                  <p className="text-sm font-medium text-slate-500">
                    {index + 1} / {categories.length}
                  </p>
                  <h3 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{category.name}</h3>
                  <p className="mt-3 text-lg leading-8 text-slate-600">{category.tagline}</p>
                </div>
              </div>
              <div className="mt-10 grid flex-1 gap-6 md:grid-cols-3">
                {category.plans.map((plan, planIndex) => {
                  const id = planItemId(category.id, plan.name);
                  return (
                    <PlanCard
                      key={plan.name}
                      plan={plan}
                      headingId={`plan-${category.id}-${planIndex}`}
                      isFeatured={planIndex === 1}
                      isInCart={isInCart(id)}
                      onAdd={() => add(category, planIndex)}
                      onRequestQuote={onRequestQuote && (() => onRequestQuote(category.name))}
                    />
                  );
                })}
              </div>
            </div>
          </div>
        ))}
      </div>
    </LandingSection>
  );
}
