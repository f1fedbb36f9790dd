import { PROCESS_STEPS } from '@/domain/process';
import { SectionHeading } from '@/components/section-heading';
import { LandingSection } from '@/components/landing-section';

const STEPS = PROCESS_STEPS;

/** The four steps every project goes through. */
export function Process() {
  return (
    <LandingSection id="process" className="bg-brand-darker py-20 text-white sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <SectionHeading id="process-title" eyebrow="Our process" tone="dark">
            From first call to go-live in four clear steps
          </SectionHeading>
          <p className="mt-4 text-lg leading-8 text-slate-100">
            You always know what happens next, what it costs and when you will see it.
          </p>
        </div>
        <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl bg-white/10 p-6 ring-1 ring-white/20">
              <span
                aria-hidden="true"
                className="grid size-11 place-items-center rounded-xl bg-white text-lg font-bold text-brand-darker"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-white">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-100">{step.text}</p>
              {index === 0 && (
                // A plain anchor: the contact section opens its "Book a call" tab (loaded only then).
                <a
                  href="#book-a-call"
                  className="mt-3 inline-block rounded text-sm font-semibold text-white underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-white"
                >
                  Book a call
                </a>
              )}
            </li>
          ))}
        </ol>
      </div>
    </LandingSection>
  );
}
