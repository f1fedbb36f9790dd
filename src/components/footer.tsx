import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COMPANY } from '@/domain/company';
import { MailIcon, MapPinIcon, PhoneIcon } from './icons';
import { Logo } from './logo';
import { SectionLinkItems, SECTIONS } from './section-link';

/** Spec: the footer's quick links are every section but the clients. */
const QUICK_LINKS = SECTIONS.filter((section) => section.id !== 'clients');

export interface FooterLink {
  to: string;
  label: string;
}

const linkClass =
  'rounded text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** The site footer: who we are, quick links to the sections, policies and the data credit. */
export function Footer({ policyLinks }: { policyLinks: FooterLink[] }) {
  const telephone = COMPANY.phone.replace(/\s/g, '');
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <Logo className="size-8" />
            {COMPANY.name}
          </p>
          <p className="mt-4 max-w-md text-sm leading-6">
            Bespoke software for Indian businesses: factory management, websites and online stores, learning apps, gym
            platforms and home automation. Designed, built and supported by one team in Bengaluru.
          </p>
          <ul className="mt-6 space-y-3 text-sm">
            <li className="flex items-start gap-3">
              <MapPinIcon className="mt-0.5 size-4 shrink-0 text-brand" />
              <span>{COMPANY.address}</span>
            </li>
            <li className="flex items-center gap-3">
              <MailIcon className="size-4 shrink-0 text-brand" />
              <a href={`mailto:${COMPANY.email}`} className={linkClass}>
                {COMPANY.email}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <PhoneIcon className="size-4 shrink-0 text-brand" />
              <a href={`tel:${telephone}`} className={linkClass}>
                {COMPANY.phone}
              </a>
            </li>
          </ul>
        </div>
        <FooterNav id="footer-quick-links" title="Quick links">
          <SectionLinkItems sections={QUICK_LINKS} className={linkClass} />
        </FooterNav>
        <FooterNav id="footer-policies" title="Policies">
          {policyLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={linkClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </FooterNav>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-slate-400 sm:px-6 md:flex-row md:items-center md:justify-between">
          {/* The year is the build's in the prerendered page; after New Year the app's differs, and that is fine. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {COMPANY.legalName}. All prices in Indian rupees (INR).
          </p>
          <p>
            Location data ©{' '}
            <a
              href="https://countrystatecity.in"
              target="_blank"
              rel="noopener noreferrer"
              className={`${linkClass} underline`}
            >
              CountryStateCity<span className="sr-only"> (opens in a new tab)</span>
            </a>{' '}
            (ODbL)
          </p>
        </div>
      </div>
    </footer>
  );
}

/** A column of the footer's links under its heading. */
function FooterNav({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wide text-white uppercase">
        {title}
      </h2>
      <ul className="mt-4 space-y-3 text-sm">{children}</ul>
    </nav>
  );
}
