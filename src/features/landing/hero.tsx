import { buttonClasses } from '@/components/button';
import { ArrowRightIcon, CheckIcon } from '@/components/icons';
import { SectionLink } from '@/components/section-link';
import { COMPANY } from '@/domain/company';
import { LandingSection } from '@/components/landing-section';

const PROMISES = ['Fixed prices in INR', 'Built and supported in India', 'You own your data'];

/** The first screen: what we do, in one sentence, and the way to the plans. */
export function Hero() {
  return (
    <LandingSection id="home" className="relative overflow-hidden bg-gradient-to-b from-brand-light via-white to-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -right-40 size-[32rem] rounded-full bg-brand/15 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 md:pt-20 lg:grid-cols-2 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-darker shadow-sm ring-1 ring-brand/30">
            <span className="size-2 rounded-full bg-brand" aria-hidden="true" />
            {COMPANY.name}
          </p>
          <h1
            id="home-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
          >
            Software made for the way <span className="text-brand-darker">your business</span> works
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
            Factory management, websites and online stores, learning apps, gym platforms and home automation: designed
            around your people, built to last and priced upfront.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <SectionLink section="products" className={buttonClasses('primary', 'lg')}>
              Explore Solutions
              <ArrowRightIcon className="size-5" />
            </SectionLink>
            <SectionLink section="process" className={buttonClasses('secondary', 'lg')}>
              How we work
            </SectionLink>
          </div>
          <p className="mt-4 text-base text-slate-700">
            Rather talk first?{' '}
            {/* A plain anchor: the contact section opens its "Book a call" tab (loaded only then). */}
            <a href="#book-a-call" className="font-semibold text-brand-darker underline underline-offset-2">
              Book a free 30-minute call
            </a>
          </p>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex items-center gap-2">
                <CheckIcon className="size-4 text-brand-darker" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative hidden lg:block">
          {/* Only wide screens show (and so download) the illustration; phones go straight to the text. */}
          <picture>
            <source media="(min-width: 1024px)" srcSet="/images/hero.svg" width="640" height="520" />
            <img
              src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
              alt="A factory dashboard, an online store and a learning app built by our team"
              width="640"
              height="520"
              decoding="async"
              className="h-auto w-full drop-shadow-xl"
            />
          </picture>
        </div>
      </div>
    </LandingSection>
  );
}
