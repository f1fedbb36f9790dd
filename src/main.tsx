// First: before any chunk builds a zod schema (see the module).
import './lib/zod-jitless';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, loadRouteCode } from './app/router';
import './index.css';

const container = document.getElementById('root')!;

// A prerendered page is taken over in place (hydrated), which needs a first render identical to
// its HTML: so the page's code is loaded first. Without it (dev server, app-only pages, a chunk
// that failed to load) the app simply renders into the container. (No top-level await: the lazy
// chunks import from this one, which must have finished evaluating.)
void loadRouteCode(window.location.pathname).then((isCodeLoaded) => {
  const app = <App router={createAppRouter()} />;
  if (isCodeLoaded && container.hasAttribute('data-prerendered')) {
    // A transition lets React hydrate in slices: the page, already painted, stays responsive.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
});
