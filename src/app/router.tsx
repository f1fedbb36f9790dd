import { createBrowserRouter } from 'react-router-dom';
import { RootLayout } from './layouts/root-layout';
import { paths } from './paths';
import { LandingRoute } from './routes/landing';
import { RouteError } from './routes/route-error';

// The landing page is in the first chunk (it is what most visitors see first); every other
// page is loaded on demand.
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while a directly opened lazy page loads its code (the landing page is never lazy).
    hydrateFallbackElement: (
      <p role="status" className="px-4 py-24 text-center text-slate-600">
        Loading...
      </p>
    ),
    children: [
      { path: paths.home, element: <LandingRoute /> },
      { path: paths.cart, lazy: () => import('./routes/cart').then((m) => ({ Component: m.CartRoute })) },
      { path: paths.profile, lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })) },
      { path: paths.receipt, lazy: () => import('./routes/receipt').then((m) => ({ Component: m.ReceiptRoute })) },
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
]);
