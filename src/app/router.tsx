import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { PageLoading } from './layouts/page-loading';
import { RootLayout } from './layouts/root-layout';
import { paths } from './paths';
import { LandingRoute, loadBelowFold } from './routes/landing';
import { RouteError } from './routes/route-error';

/** What a route needs loaded before its first render, besides its own `lazy` code. */
export interface RouteHandle {
  preload?: () => Promise<unknown>;
}

// The landing page is in the first chunk (it is what most visitors see first); every other
// page is loaded on demand.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while a lazy page loads its code, if it was not loaded before the first render.
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: paths.home, element: <LandingRoute />, handle: { preload: loadBelowFold } satisfies RouteHandle },
      { path: paths.cart, lazy: () => import('./routes/cart').then((m) => ({ Component: m.CartRoute })) },
      { path: paths.profile, lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })) },
      {
        path: paths.statement,
        lazy: () => import('./routes/statement').then((m) => ({ Component: m.StatementRoute })),
      },
      { path: paths.receipt, lazy: () => import('./routes/receipt').then((m) => ({ Component: m.ReceiptRoute })) },
      { path: paths.pay, lazy: () => import('./routes/pay').then((m) => ({ Component: m.PayRoute })) },
      { path: paths.quoteLink, lazy: () => import('./routes/quote').then((m) => ({ Component: m.QuoteLinkRoute })) },
      {
        path: paths.booking,
        lazy: () => import('./routes/booking').then((m) => ({ Component: m.BookingLinkRoute })),
      },
      { path: paths.quote, lazy: () => import('./routes/quote').then((m) => ({ Component: m.AccountQuoteRoute })) },
      {
        path: paths.project,
        lazy: () => import('./routes/project').then((m) => ({ Component: m.AccountProjectRoute })),
      },
      {
        path: paths.projectLink,
        lazy: () => import('./routes/project').then((m) => ({ Component: m.ProjectLinkRoute })),
      },
      { path: paths.invite, lazy: () => import('./routes/invite').then((m) => ({ Component: m.InviteRoute })) },
      {
        path: `${paths.support}/*`,
        lazy: () => import('./routes/support').then((m) => ({ Component: m.SupportRoutes })),
      },
      { path: paths.privacy, lazy: () => import('./routes/policies').then((m) => ({ Component: m.PrivacyRoute })) },
      { path: paths.terms, lazy: () => import('./routes/policies').then((m) => ({ Component: m.TermsRoute })) },
      { path: paths.refund, lazy: () => import('./routes/policies').then((m) => ({ Component: m.RefundRoute })) },
      {
        path: paths.cancellation,
        lazy: () => import('./routes/policies').then((m) => ({ Component: m.CancellationRoute })),
      },
      {
        path: paths.adminPanel,
        lazy: () => import('./routes/admin-panel').then((m) => ({ Component: m.AdminPanelRoute })),
      },
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
  {
    // The staff console: a shell of its own (no marketing header), and each screen in its own
    // chunk (its routes live there).
    path: `${paths.admin}/*`,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminRoute })),
  },
];

/**
 * Loads all the code the routes matching `pathname` render (their `lazy` modules, and what their
 * handle preloads), so the first render of that path suspends nowhere. The build renders each
 * prerendered page after this, and so does the browser before it takes the page over: both
 * render the same tree, which hydration requires. Resolves false when some code failed to load.
 */
export async function loadRouteCode(pathname: string): Promise<boolean> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const loads = matches.map(async ({ route }) => {
    if (typeof route.lazy === 'function') {
      const loaded = await route.lazy();
      // The router then sees a plain route and renders it at once, without its fallback.
      Object.assign(route, loaded, { lazy: undefined });
    }
    await (route.handle as RouteHandle | undefined)?.preload?.();
  });
  const results = await Promise.allSettled(loads);
  return results.every((result) => result.status === 'fulfilled');
}

/** The browser's router, created once the current route's code is in (see loadRouteCode). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
