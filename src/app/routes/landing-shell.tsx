import { About } from '@/features/landing/about';
import { Hero } from '@/features/landing/hero';

/** What the first screen of the landing page shows. */
export function AboveTheFold() {
  return (
    <>
      <Hero />
      <About />
    </>
  );
}

/** Holds the place of the sections below the fold while their code loads. */
export function BelowFoldPlaceholder() {
  return <div aria-hidden="true" className="min-h-screen bg-slate-50" />;
}
