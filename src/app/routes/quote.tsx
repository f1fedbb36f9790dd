import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { QuotePage } from '@/features/quotes/quote-page';
import { SignInGate } from '../layouts/sign-in-gate';

/** /quote/:token: a quote's page, for whoever has the mail's link (no account needed). */
export function QuoteLinkRoute() {
  useDocumentTitle('Quote');
  const { token = '' } = useParams();
  return <QuotePage key={token} source={{ kind: 'link', token }} />;
}

/** /quotes/:id: a quote of the signed-in customer's, from their account. */
export function AccountQuoteRoute() {
  useDocumentTitle('Quote');
  const { id = '' } = useParams();
  return (
    <SignInGate
      loading={<p className="px-4 py-16 text-center text-lg text-slate-700">Loading quote...</p>}
      title="Please log in"
      text="Log in to read your quote."
    >
      {(user) => <QuotePage key={`${user.uid}/${id}`} source={{ kind: 'account', id }} />}
    </SignInGate>
  );
}
