import { buttonClasses } from '@/components/button';
import { SectionLink } from '@/components/section-link';
import { SectionHeading } from '@/components/section-heading';
import { LandingSection } from '@/components/landing-section';

const FACTS = [
  { value: '5', label: 'product lines, from the shop floor to the living room' },
  { value: '15', label: 'fixed-price plans, one-time plus a clear yearly fee' },
  { value: '1', label: 'team from first call to long-term support' },
];

const VALUES = [
  {
    title: 'Built around you',
    text: 'We start from how your team works today and shape the software to it, not the other way round.',
  },
  {
    title: 'Honest pricing',
    text: 'Every plan has a published one-time price and yearly fee in rupees. No surprises in the invoice.',
  },
  {
    title: 'Here for the long run',
    text: 'Maintenance, updates and support come from the same engineers who built your system.',
  },
];

/** Who we are and why clients pick us. */
export function About() {
  return (
    <LandingSection id="about" className="bg-white py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
        <div>
          <SectionHeading id="about-title" eyebrow="About us">
            A small studio that builds software businesses rely on
          </SectionHeading>
          <p className="mt-6 text-lg leading-8 text-slate-600">
            We are a Bengaluru-based team of engineers and designers who build bespoke software for manufacturers,
            retailers, educators, fitness brands and homeowners across India. Every project is custom software, backed
            by recurring maintenance or delivered as a one-time project: whichever fits you.
          </p>
          <p className="mt-4 leading-7 text-slate-600">
            From the first conversation we focus on the outcome you need: fewer spreadsheets, more orders, happier
            members. Then we design, build, deploy and keep it running.
          </p>
          <SectionLink section="contact" className={buttonClasses('primary', 'lg', 'mt-8')}>
            Get in Touch
          </SectionLink>
        </div>
        <div className="space-y-6">
          <dl className="grid grid-cols-3 gap-4">
            {FACTS.map((fact) => (
              <div key={fact.label} className="flex flex-col gap-1 rounded-2xl bg-brand-light p-4 sm:p-5">
                <dt className="text-xs leading-5 text-slate-700 sm:text-sm">{fact.label}</dt>
                <dd className="order-first text-3xl font-extrabold text-brand-darker sm:text-4xl">{fact.value}</dd>
              </div>
            ))}
          </dl>
          <ul className="space-y-4">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-2xl border border-slate-200 p-5">
                <h3 className="font-semibold text-slate-900">{value.title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </LandingSection>
  );
}
