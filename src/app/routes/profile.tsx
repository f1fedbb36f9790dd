import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { useDocumentTitle } from '@/components/use-document-title';
import { AUTH_MESSAGES } from '@/domain/auth-messages';
import { DOWNLOAD_LABELS } from '@/domain/tax-document';
import { useInvoiceDeletion } from '@/features/billing/use-invoice-deletion';
import { usePayment, type PayTarget } from '@/features/billing/use-payment';
import {
  DeleteAccountPanel,
  EmailPreferencesPanel,
  InvoiceToPay,
  InvoicesList,
  OrdersList,
  ProfileOverview,
  QueriesList,
  useLeadJoin,
  useProfile,
  YourDataPanel,
} from '@/features/profile';
import { CompanyPanel } from '@/features/companies';
import { MyProjects } from '@/features/projects';
import { MyServices } from '@/features/renewals/my-services';
import { DownloadDocument } from '@/features/documents/download-document';
import { ActingFor } from '@/components/acting-for';
import { CompanyProvider, useCompany } from '@/lib/company-session';
import { signOutUser, type SessionUser } from '@/lib/session';
import { taxSettings } from '@/lib/tax-settings';
import { useToast } from '@/lib/toast';
import type { Invoice } from '@/records/invoices';
import type { Order } from '@/records/orders';
import type { Service } from '@/features/renewals';
import { CompanyLost } from '../layouts/company-gate';
import { SignInGate } from '../layouts/sign-in-gate';
import { paths, projectPath, receiptPath, supportNewPath } from '../paths';

const LOADING = <p className="px-4 py-16 text-center text-lg text-slate-700">Loading Profile...</p>;

export function ProfileRoute() {
  useDocumentTitle('My Profile');
  const [params] = useSearchParams();
  return (
    <SignInGate
      loading={LOADING}
      title="Please log in"
      text={params.has('invoice') ? 'Log in to view and pay your invoice.' : 'Log in to see your profile.'}
    >
      {(user) => (
        <CompanyProvider uid={user.uid}>
          <ProfilePage key={user.uid} user={user} />
        </CompanyProvider>
      )}
    </SignInGate>
  );
}

/**
 * The profile: the person's own details, companies, queries and privacy, and the records of the
 * company they act for (their own, or one they chose with "Acting for"), each section only for a
 * role that reads it (src/domain/companies.ts): a technical member sees support, projects and
 * services; a billing member invoices, orders, the statement and services; a viewer everything,
 * with no action their role cannot take.
 */
function ProfilePage({ user }: { user: SessionUser }) {
  const { profile, reload } = useProfile(user.uid);
  const company = useCompany();
  useLeadJoin(user);
  const payment = usePayment();
  const deletion = useInvoiceDeletion();
  const notify = useToast();
  const navigate = useNavigate();
  // The invoice-issued mail links to /profile?invoice={id}: that invoice opens ready to pay.
  const [params] = useSearchParams();
  const linkedInvoiceId = params.get('invoice');

  /** Pay Now: the checkout, then the receipt. */
  async function pay(target: PayTarget) {
    const paid = await payment.pay(target);
    if (paid) navigate(receiptPath(target.type === 'invoice' ? 'invoice' : 'order', target.docId));
  }
  const payInvoice = (invoice: Invoice) =>
    void pay({ type: 'invoice', docId: invoice.id, invoiceId: invoice.invoiceId });
  // A due renewal is paid as its proforma invoice, through the same checkout.
  const payRenewal = (service: Service) =>
    service.renewal &&
    void pay({ type: 'invoice', docId: service.renewal.invoiceDocId, invoiceId: service.renewal.number });
  const payOrder = (order: Order) =>
    void pay({ type: 'product_order', docId: order.id, orderNumber: order.orderNumber });

  // The receipt page's download, beside each paid order and invoice (one component for both); a
  // list asks the API only when a download is pressed.
  const documentAction = (paymentId: string, itemLabel: string) => (
    <DownloadDocument
      paymentId={paymentId}
      fallbackLabel={taxSettings.registered ? DOWNLOAD_LABELS['tax-invoice'] : DOWNLOAD_LABELS.receipt}
      itemLabel={itemLabel}
      size="sm"
      lookUp="on-click"
    />
  );

  // The company whose records the page lists: the person's own, or the one they act for.
  const companyId = company.acting?.companyId ?? user.uid;
  const canPay = company.can('pay');
  const payRefusal = canPay ? undefined : company.refusal('pay');
  // What every list of payable things on the page shares.
  const payableLists = { uid: companyId, payingId: payment.payingId, documentAction, payRefusal };
  const invoiceReceipt = (invoice: Invoice) => receiptPath('invoice', invoice.id);

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

  // The company acted for went (its owner removed the person, or they left elsewhere): its records go too.
  if (company.lost) return <CompanyLost />;
  if ((profile.status === 'loading' && profile.data === undefined) || company.status === 'loading') return LOADING;
  if (!profile.data) {
    // No profile document (or it could not be read). The delete panel stays so that an account
    // whose data is already gone can still be removed.
    return (
      <>
        <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
          <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
            <h1 className="text-xl font-semibold">Could not find user profile.</h1>
            <Button variant="secondary" size="sm" className="mt-4" onClick={logout}>
              Logout
            </Button>
          </div>
          {deletePanel}
        </section>
      </>
    );
  }

  const can = company.can;
  return (
    <>
      <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
        <ProfileOverview
          profile={profile.data}
          isGuest={user.isAnonymous}
          onSaved={reload}
          onLogout={logout}
          onLinked={() => window.location.reload()}
          companySwitcher={company.isShared ? <ActingFor canSwitch /> : undefined}
        />
        {/* A guest has no address to be invited by or to invite from: companies need a login. */}
        {!user.isAnonymous && <CompanyPanel uid={user.uid} />}
        {linkedInvoiceId && can('readBilling') && (
          <InvoiceToPay
            {...payableLists}
            invoiceDocId={linkedInvoiceId}
            onPay={canPay ? payInvoice : undefined}
            receiptHref={invoiceReceipt}
          />
        )}
        {(can('readBilling') || can('readSupport')) && (
          <p className="flex flex-wrap justify-end gap-2">
            {can('readBilling') && (
              <Link className={buttonClasses('secondary', 'sm')} to={paths.statement}>
                Statement of account
              </Link>
            )}
            {can('readSupport') && (
              <Link className={buttonClasses('secondary', 'sm')} to={paths.support}>
                Support requests
              </Link>
            )}
          </p>
        )}
        {can('readProjects') && <MyProjects uid={companyId} projectHref={projectPath} />}
        {can('readServices') && (
          <MyServices
            {...payableLists}
            onPay={canPay ? payRenewal : undefined}
            canStop={can('manageRenewals')}
            showsBilling={can('readBilling')}
            note={can('readBilling') && !canPay ? payRefusal : undefined}
            onNotice={notify}
            serviceAction={(service) =>
              can('raiseSupport') && (
                <Link
                  className={buttonClasses('secondary', 'sm', 'whitespace-nowrap')}
                  to={supportNewPath(service.id)}
                  aria-label={`Get help with ${service.category} – ${service.planName}`}
                >
                  Get help
                </Link>
              )
            }
          />
        )}
        {can('readBilling') && (
          <InvoicesList
            {...payableLists}
            onPay={canPay ? payInvoice : undefined}
            receiptHref={invoiceReceipt}
            // Only the owner deletes an invoice they entered in their own company (the rules say the same).
            canDelete={companyId === user.uid && can('manageCompany') ? deletion.canDelete : undefined}
            onDelete={deletion.request}
            hiddenIds={deletion.deletedIds}
          />
        )}
        <QueriesList uid={user.uid} />
        {can('readBilling') && (
          <OrdersList
            {...payableLists}
            onPay={canPay ? payOrder : undefined}
            receiptHref={(order) => receiptPath('order', order.id)}
          />
        )}
        {/* Consent to news and offers goes by email: only for an account that has one. */}
        {!user.isAnonymous && profile.data.email && <EmailPreferencesPanel profile={profile.data} onSaved={reload} />}
        <YourDataPanel />
        {deletePanel}
        {deletion.dialog}
      </section>
    </>
  );
}
