import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useLocation, useRoutes } from 'react-router-dom';
import type { SessionUser } from '@/lib/session';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import { hasStaffClaim } from './api';
import { ConsolePathContext } from './console-path';

// Each screen loads when first opened. (useRoutes, not <Routes>: the JSX route helpers would join
// the landing page's chunk, where the router lives.)
const screen = <T,>(load: () => Promise<T>, pick: (module: T) => () => ReactNode) =>
  lazy(() => load().then((module) => ({ default: pick(module) })));
const SCREENS = [
  {
    index: true,
    Screen: screen(
      () => import('./inbox'),
      (m) => m.InboxPage,
    ),
  },
  {
    path: 'enquiries/:id',
    Screen: screen(
      () => import('./enquiry-page'),
      (m) => m.EnquiryPage,
    ),
  },
  {
    path: 'customers',
    Screen: screen(
      () => import('./customers'),
      (m) => m.CustomersPage,
    ),
  },
  {
    path: 'customers/:uid',
    Screen: screen(
      () => import('./customer-page'),
      (m) => m.CustomerPage,
    ),
  },
  {
    path: 'payments',
    Screen: screen(
      () => import('./payments'),
      (m) => m.PaymentsPage,
    ),
  },
  {
    path: 'orders',
    Screen: screen(
      () => import('./orders'),
      (m) => m.OrdersPage,
    ),
  },
  {
    path: 'reconciliation',
    Screen: screen(
      () => import('./reconciliation'),
      (m) => m.ReconciliationPage,
    ),
  },
  {
    path: 'documents',
    Screen: screen(
      () => import('./documents'),
      (m) => m.DocumentsPage,
    ),
  },
  {
    path: 'mail',
    Screen: screen(
      () => import('./mail'),
      (m) => m.MailPage,
    ),
  },
];
const ROUTES = [
  ...SCREENS.map(({ Screen, ...route }) => ({ ...route, element: <Screen /> })),
  { path: '*', element: <ConsoleNotFound /> },
];

function Screens() {
  return <Suspense fallback={<p className="text-slate-600">Loading...</p>}>{useRoutes(ROUTES)}</Suspense>;
}

export const NOT_AUTHORISED = 'Not authorised';

const SECTIONS = [
  ['', 'Inbox'],
  ['customers', 'Customers'],
  ['payments', 'Payments'],
  ['orders', 'Orders'],
  ['reconciliation', 'Reconciliation'],
  ['documents', 'Documents'],
  ['mail', 'Mail'],
] as const;

function Message({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-3 space-y-4 text-slate-700">{children}</div>
    </section>
  );
}

/**
 * The staff console at /admin/*: staff only (the `staff` claim), for a signed-in, non-guest `user`
 * (the page asks a visitor to log in first); a customer sees 'Not authorised'. What the screens
 * read is also enforced by the rules, and every write by the API, so this gate is for the person,
 * not for security.
 */
export function StaffConsole({ basePath, user }: { basePath: string; user: SessionUser }) {
  const { pathname } = useLocation();
  const claim = useSubscription<boolean>(`staff:${user.uid}`, loadOnce(hasStaffClaim));

  if (claim.status === 'loading') {
    return <p className="px-4 py-16 text-center text-lg text-slate-700">Loading Admin Panel...</p>;
  }
  if (claim.status === 'error' || !claim.data) {
    return (
      <Message title={NOT_AUTHORISED}>
        <p>
          You are logged in as {user.email ?? 'this account'}, which is not a staff account. Ask an administrator to
          grant you staff access, then log in again.
        </p>
      </Message>
    );
  }
  return (
    <ConsolePathContext.Provider value={basePath}>
      <div className="mx-auto max-w-6xl px-3 py-6 sm:px-4">
        <nav aria-label="Console" className="-mx-3 mb-6 overflow-x-auto px-3">
          <ul className="flex gap-1 whitespace-nowrap">
            {SECTIONS.map(([path, label]) => {
              const target = path ? `${basePath}/${path}` : basePath;
              // (Link + useLocation, not NavLink: NavLink's code would join the landing chunk.)
              const isActive = path
                ? pathname.startsWith(target)
                : pathname === basePath || pathname.startsWith(`${basePath}/enquiries`);
              return (
                <li key={label}>
                  <Link
                    to={target}
                    aria-current={isActive ? 'page' : undefined}
                    className={`inline-block rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-brand-darker text-white' : 'text-slate-700 hover:bg-slate-100'}`}
                  >
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <Screens />
      </div>
    </ConsolePathContext.Provider>
  );
}

/** An unknown path under the console. */
function ConsoleNotFound() {
  return <Message title="Not found" />;
}
