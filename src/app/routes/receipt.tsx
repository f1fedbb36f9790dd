import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { DOWNLOAD_LABELS } from '@/domain/tax-document';
import { ReceiptView } from '@/features/documents/receipt-view';
import { subscribeToSubject, type ReceiptSubject } from '@/features/documents/api';
import { taxSettings } from '@/lib/tax-settings';
import { useSubscription } from '@/lib/use-subscription';
import { CompanyPage } from '../layouts/company-page';
import { paths } from '../paths';
import { NotFoundRoute } from './not-found';

type ReceiptKind = 'order' | 'invoice';

/**
 * /receipts/order/:id and /receipts/invoice/:id: the receipt of a payment of the company the
 * signed-in person acts for (for the roles that read its billing), or of their own (their cart's).
 */
export function ReceiptRoute() {
  useDocumentTitle('Receipt');
  const { kind, id } = useParams();
  if ((kind !== 'order' && kind !== 'invoice') || !id) return <NotFoundRoute />;
  return (
    <CompanyPage loadingText="Loading receipt..." signInText="Log in to see your receipt.">
      {(company, user) => (
        <Receipt
          // A role that reads no billing of the acting company still has its own cart's receipts.
          companyId={company.can('readBilling') ? company.acting!.companyId : user.uid}
          ownId={user.uid}
          kind={kind}
          id={id}
        />
      )}
    </CompanyPage>
  );
}

/**
 * The receipt, looked for in the acting company and then in the person's own: the cart's order is
 * always their own company's, whatever company they act for.
 */
function Receipt({ companyId, ownId, kind, id }: { companyId: string; ownId: string; kind: ReceiptKind; id: string }) {
  const subject = useSubscription<ReceiptSubject | null>(`${companyId}/${ownId}/${kind}/${id}`, (onData, onError) => {
    let stop = subscribeToSubject(
      companyId,
      kind,
      id,
      (found) => {
        if (found || companyId === ownId) return onData(found);
        stop();
        stop = subscribeToSubject(ownId, kind, id, onData, onError);
      },
      onError,
    );
    return () => stop();
  });
  return (
    <ReceiptView
      subject={subject}
      downloadLabel={taxSettings.registered ? DOWNLOAD_LABELS['tax-invoice'] : DOWNLOAD_LABELS.receipt}
      profileHref={paths.profile}
    />
  );
}
