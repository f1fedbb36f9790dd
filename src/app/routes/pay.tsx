import { useParams } from 'react-router';
import { Footer } from '@/components/footer';
import { useDocumentTitle } from '@/components/use-document-title';
import { PayPage } from '@/features/billing/pay-page';
import { POLICY_LINKS } from './policy-links';

/** /pay/:token: an issued invoice's pay page, for whoever has its link (no account needed). */
export function PayRoute() {
  useDocumentTitle('Pay invoice');
  const { token = '' } = useParams();
  return (
    <>
      <PayPage key={token} token={token} />
      <Footer policyLinks={POLICY_LINKS} />
    </>
  );
}
