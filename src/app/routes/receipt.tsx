import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { DOWNLOAD_LABELS } from '@/domain/tax-document';
import { ReceiptView } from '@/features/documents/receipt-view';
import { subscribeToSubject, type ReceiptSubject } from '@/features/documents/api';
import type { SessionUser } from '@/lib/session';
import { taxSettings } from '@/lib/tax-settings';
import { useSubscription } from '@/lib/use-subscription';
import { SignInGate } from '../layouts/sign-in-gate';
import { paths } from '../paths';
import { NotFoundRoute } from './not-found';

type ReceiptKind = 'order' | 'invoice';

/** /receipts/order/:id and /receipts/invoice/:id: the receipt of the signed-in user's payment. */
export function ReceiptRoute() {
  useDocumentTitle('Receipt');
  const { kind, id } = useParams();
  if ((kind !== 'order' && kind !== 'invoice') || !id) return <NotFoundRoute />;
  return (
    <SignInGate
      loading={<p className="px-4 py-16 text-center text-lg text-slate-700">Loading receipt...</p>}
      title="Please log in"
      text="Log in to see your receipt."
    >
      {(user) => <Receipt user={user} kind={kind} id={id} />}
    </SignInGate>
  );
}

function Receipt({ user, kind, id }: { user: SessionUser; kind: ReceiptKind; id: string }) {
  const subject = useSubscription<ReceiptSubject | null>(`${user.uid}/${kind}/${id}`, (onData, onError) =>
    subscribeToSubject(user.uid, kind, id, onData, onError),
  );
  return (
    <ReceiptView
      subject={subject}
      downloadLabel={taxSettings.registered ? DOWNLOAD_LABELS['tax-invoice'] : DOWNLOAD_LABELS.receipt}
      profileHref={paths.profile}
    />
  );
}
