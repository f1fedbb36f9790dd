import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { PayPage } from '@/features/billing/pay-page';

/** /pay/:token: an issued invoice's pay page, for whoever has its link (no account needed). */
export function PayRoute() {
  useDocumentTitle('Pay invoice');
  const { token = '' } = useParams();
  return <PayPage key={token} token={token} />;
}
