import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { MailIcon, MapPinIcon, PhoneIcon } from '@/components/icons';
import { COMPANY } from '@/domain/company';
import { SectionHeading } from '@/components/section-heading';
import { LandingSection } from '@/components/landing-section';
import { scrollToSection } from '@/components/section-link';

// The form (and, once the visitor types, zod) loads only when the visitor comes near it: it is not needed
// for the first paint, and most visitors who never reach the bottom never download it.
const QueryForm = lazy(() => import('@/features/contact/query-form').then((module) => ({ default: module.QueryForm })));
// The quote request form loads only when its tab is opened: few visitors ask for a quote.
const QuoteRequestForm = lazy(() =>
  import('@/features/contact/quote-request-form').then((module) => ({ default: module.QuoteRequestForm })),
);

// "Book a call" (consultations) loads only when its tab is opened: nothing of it is in the landing page's chunks.
const BookCallTab = lazy(() =>
  import('@/features/bookings').then((module) => module.loadBookCallTab()).then((Tab) => ({ default: Tab })),
);

/** The anchor the hero's and the Process section's "Book a call" links point at (`#book-a-call`). */
const BOOK_A_CALL_ANCHOR = 'book-a-call';

type Tab = 'query' | 'invoice' | 'quote' | 'call';
type Status = { type: 'success' | 'error'; text: string } | null;

export interface ContactSectionProps {
  isSignedIn: boolean;
  /** The first auth state is not known yet. */
  isAuthPending?: boolean;
  userId: string | null;
  /** The signed-in user's name and email, filled in on the query form. */
  userName?: string;
  userEmail?: string;
  onLogin: () => void;
  /** Shown on the 'Pay Invoice' tab for signed-in users (the payments feature, composed by the page). */
  invoicePanel: ReactNode;
  /**
   * A request to open 'Request a Quote' (a plan card's 'Need something different?'), with the kind
   * of project chosen; each new `key` opens it again and brings the section into view.
   */
  quoteRequest?: { projectType: string; key: number } | null;
}

const TABS: Array<[Tab, string]> = [
  ['query', 'Send a Query'],
  ['invoice', 'Pay Invoice'],
  ['quote', 'Request a Quote'],
  ['call', 'Book a call'],
];

function useIsNear(ref: React.RefObject<HTMLElement | null>): boolean {
  // Without IntersectionObserver (old browsers, jsdom) the form shows at once; the prerendered
  // page (no window) holds its place, as the browser's first render does.
  const [isNear, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    if (isNear) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(ref.current!);
    return () => observer.disconnect();
  }, [isNear, ref]);
  return isNear;
}

/**
 * Contact: a query form and, for signed-in users, invoice payment. Its tabs come from three areas
 * (contact's forms, billing's invoice panel, bookings' calls), so the app composes it.
 */
export function ContactSection({
  isSignedIn,
  isAuthPending = false,
  userId,
  userName = '',
  userEmail = '',
  onLogin,
  invoicePanel,
  quoteRequest = null,
}: ContactSectionProps) {
  const [tab, setTab] = useState<Tab>('query');
  const [status, setStatus] = useState<Status>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({
    query: null,
    invoice: null,
    quote: null,
    call: null,
  });
  const isNear = useIsNear(sectionRef);
  const statusRef = useRef<HTMLParagraphElement>(null);

  // On a phone the message appears below the fold, under the form: bring it into view.
  useEffect(() => {
    if (status) statusRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [status]);

  const switchTo = (next: Tab) => {
    setTab(next);
    setStatus(null);
  };
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const at = TABS.findIndex(([id]) => id === tab);
    const index =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? TABS.length - 1
          : (at + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    const next = TABS[index]![0];
    switchTo(next);
    tabRefs.current[next]?.focus();
  };

  // A plan card asked for a quote: open its tab and bring it into view.
  const quoteKey = quoteRequest?.key;
  useEffect(() => {
    if (quoteKey === undefined) return;
    setTab('quote');
    setStatus(null);
    scrollToSection('contact');
    tabRefs.current.quote?.focus({ preventScroll: true });
  }, [quoteKey]);

  // A "Book a call" link (#book-a-call, on the hero and the Process section) opens its tab; the
  // hash is then dropped, so the next click changes it again.
  useEffect(() => {
    const openCall = () => {
      if (location.hash !== `#${BOOK_A_CALL_ANCHOR}`) return;
      setTab('call');
      setStatus(null);
      history.replaceState(history.state, '', location.pathname + location.search);
      tabRefs.current.call?.focus({ preventScroll: true });
    };
    openCall();
    addEventListener('hashchange', openCall);
    return () => removeEventListener('hashchange', openCall);
  }, []);

  return (
    <LandingSection ref={sectionRef} id="contact" className="bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-20 sm:px-6 sm:py-24 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <SectionHeading id="contact-title" eyebrow="Contact">
            Tell us what you want to build
          </SectionHeading>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            Send us a few lines about your business and we will reply within one business day. Existing clients can pay
            their invoices here too.
          </p>
          <ul className="mt-8 space-y-4 text-slate-700">
            <li className="flex items-start gap-3">
              <MailIcon className="mt-0.5 size-5 shrink-0 text-brand-darker" />
              <a
                href={`mailto:${COMPANY.email}`}
                className="rounded hover:text-brand-darker focus-visible:outline-2 focus-visible:outline-brand-darker"
              >
                {COMPANY.email}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <PhoneIcon className="mt-0.5 size-5 shrink-0 text-brand-darker" />
              <a
                href={`tel:${COMPANY.phone.replace(/\s/g, '')}`}
                className="rounded hover:text-brand-darker focus-visible:outline-2 focus-visible:outline-brand-darker"
              >
                {COMPANY.phone}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <MapPinIcon className="mt-0.5 size-5 shrink-0 text-brand-darker" />
              <span>{COMPANY.address}</span>
            </li>
          </ul>
        </div>

        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-3">
          <span id={BOOK_A_CALL_ANCHOR} aria-hidden="true" className="block scroll-mt-24" />
          <div
            role="tablist"
            aria-label="Contact options"
            className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:grid-cols-4"
          >
            {TABS.map(([id, label]) => (
              <button
                key={id}
                ref={(element) => {
                  tabRefs.current[id] = element;
                }}
                type="button"
                role="tab"
                id={`contact-tab-${id}`}
                aria-selected={tab === id}
                aria-controls={`contact-panel-${id}`}
                tabIndex={tab === id ? 0 : -1}
                onClick={() => switchTo(id)}
                onKeyDown={onTabKeyDown}
                className={`min-h-11 rounded-lg px-1 text-sm leading-tight font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-darker ${
                  tab === id ? 'bg-white text-brand-darker shadow-sm' : 'text-slate-600 hover:text-slate-900'
                }`}
              >
                {label}
              </button>
            ))}
          </div>

          <div
            id={`contact-panel-${tab}`}
            role="tabpanel"
            aria-labelledby={`contact-tab-${tab}`}
            tabIndex={0}
            className="mt-6 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-darker"
          >
            {tab === 'query' ? (
              isNear ? (
                <Suspense fallback={<FormPlaceholder />}>
                  <QueryForm userId={userId} defaultName={userName} defaultEmail={userEmail} onStatus={setStatus} />
                </Suspense>
              ) : (
                <FormPlaceholder />
              )
            ) : tab === 'call' ? (
              <Suspense fallback={<FormPlaceholder />}>
                <BookCallTab onStatus={setStatus} defaultName={userName} defaultEmail={userEmail} />
              </Suspense>
            ) : tab === 'quote' ? (
              <Suspense fallback={<FormPlaceholder />}>
                <QuoteRequestForm
                  userId={userId}
                  defaultName={userName}
                  defaultEmail={userEmail}
                  projectType={quoteRequest?.projectType ?? ''}
                  onStatus={setStatus}
                />
              </Suspense>
            ) : isAuthPending ? (
              <p className="py-10 text-center text-slate-600">Loading...</p>
            ) : isSignedIn ? (
              invoicePanel
            ) : (
              <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
                <h3 className="text-lg font-semibold text-slate-900">Please log in</h3>
                <p className="max-w-sm text-sm text-slate-600">
                  Log in to see your pending invoices and pay them securely online.
                </p>
                <Button onClick={onLogin}>Login to Continue</Button>
              </div>
            )}
          </div>

          <div aria-live="polite" role="status" className="empty:hidden">
            {status && (
              <p
                ref={statusRef}
                data-testid="contact-status"
                data-type={status.type}
                className={`mt-6 rounded-lg px-4 py-3 text-sm font-medium ${
                  status.type === 'success'
                    ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200'
                    : 'bg-red-50 text-red-800 ring-1 ring-red-200'
                }`}
              >
                {status.text}
              </p>
            )}
          </div>
        </div>
      </div>
    </LandingSection>
  );
}

/** Holds the form's space while its code loads, so nothing jumps. */
function FormPlaceholder() {
  return <div aria-hidden="true" className="min-h-[30rem] animate-pulse rounded-lg bg-slate-50" />;
}
