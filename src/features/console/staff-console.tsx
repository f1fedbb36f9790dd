import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useRoutes } from 'react-router';
import { Button } from '@/components/button';
import { Logo } from '@/components/logo';
import { COMPANY } from '@/domain/company';
import { signOutUser, type SessionUser } from '@/lib/session';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import { hasStaffClaim } from './api';
import { SCREENS } from './routes';
import { ConsolePathContext } from '@/components/console/console-path';

// useRoutes, not <Routes>: the JSX route helpers would join the landing page's chunk, where the router lives.
const ROUTES = [
  ...SCREENS.map(({ load, ...route }) => {
    const Screen = lazy(() => load().then((component) => ({ default: component })));
    return { ...route, element: <Screen /> };
  }),
  { path: '*', element: <ConsoleNotFound /> },
];

function Screens() {
  return <Suspense fallback={<p className="text-slate-600">Loading...</p>}>{useRoutes(ROUTES)}</Suspense>;
}

export const NOT_AUTHORISED = 'Not authorised';

/** The console's sections, in the navigation's order; `also` are paths that belong to a section. */
const SECTIONS: Array<{ path: string; label: string; also?: string[] }> = [
  { path: '', label: 'Home' },
  { path: 'inbox', label: 'Inbox', also: ['enquiries'] },
  { path: 'bookings', label: 'Bookings' },
  { path: 'customers', label: 'Customers' },
  { path: 'quotes', label: 'Quotes' },
  { path: 'projects', label: 'Projects' },
  { path: 'invoices', label: 'Invoices' },
  { path: 'payments', label: 'Payments' },
  { path: 'tds-certificates', label: 'TDS certificates' },
  { path: 'orders', label: 'Orders' },
  { path: 'renewals', label: 'Renewals' },
  { path: 'support', label: 'Support' },
  { path: 'documents', label: 'Documents' },
  { path: 'reconciliation', label: 'Reconciliation' },
  { path: 'mail', label: 'Mail' },
];

/** The section a console path is in ('' for the home page). */
function sectionOf(pathname: string, basePath: string): string {
  const rest = pathname.slice(basePath.length).replace(/^\/+/, '');
  const first = rest.split('/')[0] ?? '';
  return SECTIONS.find((section) => section.path === first || section.also?.includes(first))?.path ?? first;
}

function Message({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main id="console-main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-3 space-y-4 text-slate-700">{children}</div>
    </main>
  );
}

/**
 * The console's navigation: every section listed, the current one marked. A sidebar on a wide
 * screen; on a phone, a button naming the current section that opens the whole list (nothing is
 * hidden off-screen).
 */
function ConsoleNav({ basePath, current }: { basePath: string; current: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const currentLabel = SECTIONS.find((section) => section.path === current)?.label ?? 'Sections';
  const links = (
    <ul className="grid grid-cols-2 gap-1 md:grid-cols-1">
      {SECTIONS.map(({ path, label }) => {
        const isCurrent = path === current;
        return (
          <li key={label}>
            {/* (Link, not NavLink: NavLink's code would join the landing chunk.) */}
            <Link
              to={path ? `${basePath}/${path}` : basePath}
              aria-current={isCurrent ? 'page' : undefined}
              onClick={() => setIsOpen(false)}
              className={`block rounded-lg px-3 py-2 text-sm font-semibold ${
                isCurrent ? 'bg-brand-darker text-white' : 'text-slate-800 hover:bg-slate-100'
              }`}
            >
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
  return (
    <nav aria-label="Console" className="md:w-48 md:shrink-0">
      <div className="md:hidden">
        <Button
          variant="secondary"
          size="sm"
          className="w-full justify-between"
          aria-expanded={isOpen}
          aria-controls="console-sections"
          onClick={() => setIsOpen((open) => !open)}
        >
          <span>Menu: {currentLabel}</span>
          <span aria-hidden="true">{isOpen ? '▴' : '▾'}</span>
        </Button>
        {isOpen && (
          <div id="console-sections" className="mt-2 rounded-lg border border-slate-200 bg-white p-2">
            {links}
          </div>
        )}
      </div>
      <div className="hidden md:block">{links}</div>
    </nav>
  );
}

/**
 * The staff console at /admin/*: staff only (the `staff` claim), for a signed-in, non-guest `user`
 * (the page asks a visitor to log in first); a customer sees 'Not authorised'. What the screens
 * read is also enforced by the rules, and every write by the API, so this gate is for the person,
 * not for security. A shell of its own: the console's bar and navigation, no marketing header.
 */
export function StaffConsole({ basePath, user }: { basePath: string; user: SessionUser }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const claim = useSubscription<boolean>(`staff:${user.uid}`, loadOnce(hasStaffClaim));

  if (claim.status === 'loading') {
    return (
      <main id="console-main">
        <p className="px-4 py-16 text-center text-lg text-slate-700">Loading Admin Panel...</p>
      </main>
    );
  }
  if (claim.status === 'error' || !claim.data) {
    return (
      <Message title={NOT_AUTHORISED}>
        <p>
          You are logged in as {user.email ?? 'this account'}, which is not a staff account. Ask an administrator to
          grant you staff access, then log in again.
        </p>
        <Link to="/" className="text-brand-darker underline">
          Go to the website
        </Link>
      </Message>
    );
  }
  return (
    <ConsolePathContext.Provider value={basePath}>
      <div className="min-h-dvh bg-slate-50">
        <a
          href="#console-main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
        >
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-3 py-2 sm:px-4">
            <Link to={basePath} className="flex items-center gap-2 font-bold text-slate-900">
              <Logo className="size-7" />
              <span>
                {COMPANY.shortName} <span className="font-semibold text-slate-700">· Staff console</span>
              </span>
            </Link>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="hidden text-slate-700 sm:inline">{user.email}</span>
              <Link to="/" className="rounded-lg px-2 py-1.5 font-semibold text-brand-darker hover:underline">
                View website
              </Link>
              <Button variant="secondary" size="sm" onClick={() => void signOutUser().then(() => navigate('/'))}>
                Logout
              </Button>
            </div>
          </div>
        </header>
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-3 py-4 sm:px-4 md:flex-row md:gap-6">
          <ConsoleNav key={pathname} basePath={basePath} current={sectionOf(pathname, basePath)} />
          <main id="console-main" className="min-w-0 flex-1">
            <Screens />
          </main>
        </div>
        <footer className="mx-auto max-w-7xl border-t border-slate-200 px-3 py-4 text-xs text-slate-700 sm:px-4">
          {COMPANY.legalName} · Staff console · Times are India time (IST)
        </footer>
      </div>
    </ConsolePathContext.Provider>
  );
}

/** An unknown path under the console. */
function ConsoleNotFound() {
  return (
    <section className="py-10 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Not found</h1>
    </section>
  );
}
