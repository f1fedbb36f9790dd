import type { ReactNode, Ref } from 'react';
import type { SectionId } from './section-link';

export interface LandingSectionProps {
  id: SectionId;
  /** Background and spacing. */
  className: string;
  children: ReactNode;
  ref?: Ref<HTMLElement>;
}

/**
 * A section of the landing page: the target of its /#id links, which takes focus when landed on
 * (scrollToSection), labelled by its heading `${id}-title`.
 */
export function LandingSection({ id, className, children, ref }: LandingSectionProps) {
  return (
    <section ref={ref} id={id} tabIndex={-1} aria-labelledby={`${id}-title`} className={`outline-none ${className}`}>
      {children}
    </section>
  );
}
