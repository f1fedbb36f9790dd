import { ExternalLinkIcon } from '@/components/icons';
import { SectionHeading } from '@/components/section-heading';
import { LandingSection } from '@/components/landing-section';

export interface ClientCard {
  name: string;
  logo: string;
  description: string;
  /** Public project links the client has approved; none yet, so no card shows a link. */
  links: Array<{ name: string; url: string }>;
}

// A card shows only links that are real: until a client approves a public link it has none (the
// placeholders on example.com went nowhere).
export const CLIENTS: ClientCard[] = [
  {
    name: 'Shakti Forgings',
    logo: '/images/clients/shakti-forgings.svg',
    description:
      'A 40-machine forging unit in Pune tracking every job card, shift and machine stop live on the shop floor.',
    links: [],
  },
  {
    name: 'Verdant Threads',
    logo: '/images/clients/verdant-threads.svg',
    description:
      'A handloom clothing label from Jaipur selling across India through its own online store with UPI checkout.',
    links: [],
  },
  {
    name: 'Gurukul Online Academy',
    logo: '/images/clients/gurukul-academy.svg',
    description: 'An exam-coaching institute in Kota running live classes, tests and rank lists for 6,000 students.',
    links: [],
  },
  {
    name: 'IronPulse Fitness',
    logo: '/images/clients/ironpulse-fitness.svg',
    description: 'A chain of three gyms in Hyderabad with member app, QR attendance and automated membership billing.',
    links: [],
  },
  {
    name: 'Kaveri Residences',
    logo: '/images/clients/kaveri-residences.svg',
    description:
      'Premium villas in Mysuru where lights, curtains, climate and security work from one app and by voice.',
    links: [],
  },
  {
    name: 'Annapurna Foods',
    logo: '/images/clients/annapurna-foods.svg',
    description:
      'A packaged-snacks maker in Coimbatore with production planning, batch traceability and a B2B ordering site.',
    links: [],
  },
];

/** Six client cards, with their public project links where they have any (opened safely in a new tab). */
export function Clients() {
  return (
    <LandingSection id="clients" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <SectionHeading id="clients-title" eyebrow="Our clients">
            Businesses that run on our software
          </SectionHeading>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            From forging lines to fitness floors, a few of the teams we build for and support every day.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {CLIENTS.map((client) => (
            <li
              key={client.name}
              className="flex flex-col rounded-2xl border border-slate-200 p-6 transition-shadow hover:shadow-md"
            >
              <img
                src={client.logo}
                alt={`${client.name} logo`}
                width="160"
                height="48"
                loading="lazy"
                decoding="async"
                className="h-12 w-40 object-contain object-left"
              />
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{client.name}</h3>
              <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{client.description}</p>
              {client.links.length > 0 && (
                <ul className="mt-5 flex flex-wrap gap-2">
                  {client.links.map((link) => (
                    <li key={link.url}>
                      <a
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1.5 rounded-full bg-brand-light px-3 py-1.5 text-sm font-medium text-brand-darker hover:bg-brand/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-darker"
                      >
                        {link.name}
                        <ExternalLinkIcon className="size-3.5" />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </div>
    </LandingSection>
  );
}
