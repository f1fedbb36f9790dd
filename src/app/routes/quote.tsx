import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { ActingFor } from '@/components/acting-for';
import { QuotePage } from '@/features/quotes/quote-page';
import { CompanyGate } from '../layouts/company-gate';
import { SignInGate } from '../layouts/sign-in-gate';

/** /quote/:token: a quote's page, for whoever has the mail's link (no account needed). */
export function QuoteLinkRoute() {
  useDocumentTitle('Quote');
  const { token = '' } = useParams();
  return <QuotePage key={token} source={{ kind: 'link', token }} />;
}

/** /quotes/:id: a quote of the company the signed-in person acts for, from their account. */
export function AccountQuoteRoute() {
  useDocumentTitle('Quote');
  const { id = '' } = useParams();
  const loading = <p className="px-4 py-16 text-center text-lg text-slate-700">Loading quote...</p>;
  return (
    <SignInGate loading={loading} title="Please log in" text="Log in to read your quote.">
      {(user) => (
        <CompanyGate key={user.uid} uid={user.uid} loading={loading} needs={{ action: 'readQuotes', title: 'Quote' }}>
          {(company) => (
            <QuotePage
              key={`${user.uid}/${company.acting!.companyId}/${id}`}
              source={{ kind: 'account', id }}
              heading={<ActingFor className="mb-4" />}
            />
          )}
        </CompanyGate>
      )}
    </SignInGate>
  );
}
