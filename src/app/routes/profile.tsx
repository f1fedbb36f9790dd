import { Navigate, useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { useDocumentTitle } from '@/components/use-document-title';
import { AUTH_MESSAGES } from '@/domain/auth-messages';
import { usePayment } from '@/features/payments/use-payment';
import {
  DeleteAccountPanel,
  InvoicesList,
  OrdersList,
  ProfileOverview,
  QueriesList,
  useProfile,
} from '@/features/profile';
import { signOutUser, useSession, type SessionUser } from '@/lib/session';
import { useToast } from '@/lib/toast';
import { paths } from '../paths';

const LOADING = <p className="px-4 py-16 text-center text-lg text-slate-700">Loading Profile...</p>;

export function ProfileRoute() {
  const { status, user } = useSession();
  useDocumentTitle('My Profile');
  if (status === 'loading') return LOADING;
  if (!user) return <Navigate to={paths.home} replace />;
  return <ProfilePage key={user.uid} user={user} />;
}

function ProfilePage({ user }: { user: SessionUser }) {
  const { profile, reload } = useProfile(user.uid);
  const payment = usePayment();
  const notify = useToast();
  const navigate = useNavigate();

  const logout = () => void signOutUser().then(() => navigate(paths.home));
  const deletePanel = (
    <DeleteAccountPanel
      onDeleted={() => {
        notify(AUTH_MESSAGES.deletedAccount, 'success', { keepOnNavigation: true });
        navigate(paths.home);
      }}
      onFailed={(message) => notify(message, 'error')}
    />
  );

  if (profile.status === 'loading' && profile.data === undefined) return LOADING;
  if (!profile.data) {
    // No profile document (or it could not be read). The delete panel stays so that an account
    // whose data is already gone can still be removed.
    return (
      <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
        <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <h1 className="text-xl font-semibold">Could not find user profile.</h1>
          <Button variant="secondary" size="sm" className="mt-4" onClick={logout}>
            Logout
          </Button>
        </div>
        {deletePanel}
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <ProfileOverview
        profile={profile.data}
        isGuest={user.isAnonymous}
        onSaved={reload}
        onLogout={logout}
        onLinked={() => window.location.reload()}
      />
      <InvoicesList
        uid={user.uid}
        payingId={payment.payingId}
        onPay={(invoice) => void payment.pay({ type: 'invoice', docId: invoice.id, invoiceId: invoice.invoiceId })}
      />
      <QueriesList uid={user.uid} />
      <OrdersList
        uid={user.uid}
        payingId={payment.payingId}
        onPay={(order) => void payment.pay({ type: 'product_order', docId: order.id, orderNumber: order.orderNumber })}
      />
      {deletePanel}
    </section>
  );
}
