import { lazy, Suspense } from 'react';
import { NavLink, Route, Routes } from 'react-router-dom';
import { Button } from '@/components/button';
import { useDocumentTitle } from '@/components/use-document-title';
import { useAuthModal } from '@/lib/auth-modal';
import { useSession } from '@/lib/session';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import { hasStaffClaim } from './api';
import { ConsolePathContext } from './console-path';
import { InboxPage } from './inbox';

// Each screen but the inbox loads when first opened.
const EnquiryPage = lazy(() => import('./enquiry-page').then((m) => ({ default: m.EnquiryPage })));
const CustomersPage = lazy(() => import('./customers').then((m) => ({ default: m.CustomersPage })));
const CustomerPage = lazy(() => import('./customer-page').then((m) => ({ default: m.CustomerPage })));
const PaymentsPage = lazy(() => import('./payments').then((m) => ({ default: m.PaymentsPage })));
const OrdersPage = lazy(() => import('./orders').then((m) => ({ default: m.OrdersPage })));
const ReconciliationPage = lazy(() => import('./reconciliation').then((m) => ({ default: m.ReconciliationPage })));
const DocumentsPage = lazy(() => import('./documents').then((m) => ({ default: m.DocumentsPage })));
const MailPage = lazy(() => import('./mail').then((m) => ({ default: m.MailPage })));

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

function Message({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-3 space-y-4 text-slate-700">{children}</div>
    </section>
  );
}

/**
 * The staff console at /admin/*: staff only (the `staff` claim). A visitor is asked to log in; a
 * signed-in customer sees 'Not authorised'. What the screens read is also enforced by the rules,
 * and every write by the API, so this gate is for the person, not for security.
 */
export function StaffConsole({ basePath }: { basePath: string }) {
  useDocumentTitle('Staff console');
  const { status, user } = useSession();
  const authModal = useAuthModal();
  const claim = useSubscription<boolean>(user && !user.isAnonymous ? `staff:${user.uid}` : null, loadOnce(hasStaffClaim));

  if (status === 'loading' || (user && !user.isAnonymous && claim.status === 'loading')) {
    return <p className="px-4 py-16 text-center text-lg text-slate-700">Loading Admin Panel...</p>;
  }
  if (!user || user.isAnonymous) {
    return (
      <Message title="Staff console">
        <p>Log in with your staff account to continue.</p>
        <Button onClick={() => authModal.open('login')}>Login</Button>
      </Message>
    );
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
          {SECTIONS.map(([path, label]) => (
            <li key={label}>
              <NavLink
                to={path ? `${basePath}/${path}` : basePath}
                end={path === ''}
                className={({ isActive }) =>
                  `inline-block rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-brand-darker text-white' : 'text-slate-700 hover:bg-slate-100'}`
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<p className="text-slate-600">Loading...</p>}>
        <Routes>
          <Route index element={<InboxPage />} />
          <Route path="enquiries/:id" element={<EnquiryPage />} />
          <Route path="customers" element={<CustomersPage />} />
          <Route path="customers/:uid" element={<CustomerPage />} />
          <Route path="payments" element={<PaymentsPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="reconciliation" element={<ReconciliationPage />} />
          <Route path="documents" element={<DocumentsPage />} />
          <Route path="mail" element={<MailPage />} />
          <Route path="*" element={<Message title="Not found" />} />
        </Routes>
      </Suspense>
    </div>
    </ConsolePathContext.Provider>
  );
}
