import type { MouseEvent, ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The landing page's sections, in page order: the one list of their ids and link labels. */
export const SECTIONS = [
  { id: 'home', label: 'Home' },
  { id: 'about', label: 'About' },
  { id: 'products', label: 'Products' },
  { id: 'process', label: 'Process' },
  { id: 'clients', label: 'Our Clients' },
  { id: 'contact', label: 'Contact' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

/** A link to a landing-page section from any page. */
export const sectionHref = (section: SectionId) => `/#${section}`;

/** Distance kept between the top of the window and a section: the 68px bar plus breathing room. */
export const SECTION_OFFSET = 80;

/**
 * Scrolls the landing page to a section and moves focus there; false when it is not on the page.
 * The one way of arriving at a section: a click on the page (SectionLink) and a URL's #section
 * (the router's ScrollManager) both come here.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - SECTION_OFFSET;
  // Smoothness comes from the CSS scroll-behavior, which honours prefers-reduced-motion.
  window.scrollTo({ top: Math.max(0, top) });
  // Screen-reader and keyboard users continue from the section they asked for.
  target.focus({ preventScroll: true });
  return true;
}

interface SectionLinkProps {
  section: SectionId;
  children: ReactNode;
  className?: string;
  /** Called before navigating, e.g. to close the drawer. */
  onNavigate?: () => void;
}

/**
 * A link to a landing-page section: on `/` it scrolls there; elsewhere it goes to `/#section`
 * (the ScrollManager lands on it). A real href keeps open-in-new-tab working.
 */
export function SectionLink({ section, children, className, onNavigate }: SectionLinkProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const href = sectionHref(section);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate?.();
    if (pathname === '/' && scrollToSection(section)) return;
    void navigate(href);
  };

  return (
    <a href={href} onClick={onClick} className={className}>
      {children}
    </a>
  );
}

/** The links to `sections` (all of them by default), each in a list item of the caller's list. */
export function SectionLinkItems({
  sections = SECTIONS,
  className,
}: {
  sections?: ReadonlyArray<(typeof SECTIONS)[number]>;
  className: string;
}) {
  return sections.map(({ id, label }) => (
    <li key={id}>
      <SectionLink section={id} className={className}>
        {label}
      </SectionLink>
    </li>
  ));
}
