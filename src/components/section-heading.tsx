import type { ReactNode } from 'react';

export interface SectionHeadingProps {
  /** The heading's id; its section is labelled by it. */
  id: string;
  /** The small line above the heading. */
  eyebrow: string;
  children: ReactNode;
  /** 'dark' on a brand-coloured band. */
  tone?: 'light' | 'dark';
  className?: string;
}

/** The heading of a landing-page section: a small eyebrow line, then the h2. */
export function SectionHeading({ id, eyebrow, children, tone = 'light', className = '' }: SectionHeadingProps) {
  const isDark = tone === 'dark';
  return (
    <>
      <p
        className={`text-sm font-semibold tracking-wide uppercase ${isDark ? 'text-brand-light' : 'text-brand-darker'}`}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={`mt-3 text-3xl font-bold tracking-tight sm:text-4xl ${isDark ? 'text-white' : 'text-slate-900'} ${className}`}
      >
        {children}
      </h2>
    </>
  );
}
