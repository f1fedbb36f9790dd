import { Navigate, useParams } from 'react-router-dom';
import { Footer } from '@/components/footer';
import { useDocumentTitle } from '@/components/use-document-title';
import { DOWNLOAD_LABELS } from '@/domain/tax-document';
import { ReceiptView } from '@/features/receipts/receipt-view';
import { subscribeToSubject, type ReceiptSubject } from '@/features/receipts/api';
import { useSession } from '@/lib/session';
import { taxSettings } from '@/lib/tax-settings';
import { useSubscription } from '@/lib/use-subscription';
import { paths } from '../paths';
import { POLICY_LINKS } from './policy-links';
import { NotFoundRoute } from './not-found';

/** /receipts/order/:id and /receipts/invoice/:id: the receipt of the signed-in user's payment. */
export function ReceiptRoute() {
  useDocumentTitle('Receipt');
  const { kind, id } = useParams();
  const { status, user } = useSession();
  const isKnownKind = kind === 'order' || kind === 'invoice';
  const key = user && isKnownKind && id ? `${user.uid}/${kind}/${id}` : null;
  const subject = useSubscription<ReceiptSubject | null>(key, (onData, onError) =>
    subscribeToSubject(user!.uid, kind as 'order' | 'invoice', id!, onData, onError),
  );

  if (!isKnownKind || !id) return <NotFoundRoute />;
  if (status === 'loading') return <p className="px-4 py-16 text-center text-lg text-slate-700">Loading receipt...</p>;
  if (!user) return <Navigate to={paths.home} replace />;
  return (
    <>
      <ReceiptView
        subject={subject}
        downloadLabel={taxSettings.registered ? DOWNLOAD_LABELS['tax-invoice'] : DOWNLOAD_LABELS.receipt}
        profileHref={paths.profile}
      />
      <Footer policyLinks={POLICY_LINKS} />
    </>
  );
}
