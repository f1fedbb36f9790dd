import { startTransition, useEffect, useState } from 'react';
import { useDocumentTitle } from '@/components/use-document-title';
import { AboveTheFold, BelowFoldPlaceholder } from './landing-shell';

type BelowFoldModule = typeof import('./landing-below-fold');

let belowFold: BelowFoldModule | undefined;

/**
 * Loads the sections below the fold: their own chunk, so the JS the first screen needs stays
 * small (DESIGN.md budgets). The app awaits it before taking over the prerendered page (the
 * route's preload), so hydration renders the whole page at once and never suspends.
 */
export function loadBelowFold(): Promise<BelowFoldModule> {
  return import('./landing-below-fold').then((module) => (belowFold = module));
}

/** The below-the-fold module: at once when already loaded, else after the first paint. */
function useBelowFold(): BelowFoldModule | undefined {
  const [module, setModule] = useState(belowFold);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (module) return;
    let isCancelled = false;
    loadBelowFold().then(
      // A transition: React renders the big sections in slices and the page stays responsive.
      (loaded) => !isCancelled && startTransition(() => setModule(loaded)),
      (reason: unknown) => !isCancelled && setError(reason ?? new Error('The page could not be loaded.')),
    );
    return () => {
      isCancelled = true;
    };
  }, [module]);
  // Let the route's error element offer a retry, as a failed lazy page does.
  if (error) throw error;
  return module;
}

export function LandingRoute() {
  useDocumentTitle('');
  const module = useBelowFold();
  return (
    <>
      <AboveTheFold />
      {module ? <module.BelowFold /> : <BelowFoldPlaceholder />}
    </>
  );
}
