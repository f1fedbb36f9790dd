import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { ActingFor } from '@/components/acting-for';
import { QuotePage } from '@/features/quotes/quote-page';
import { CompanyPage } from '../layouts/company-page';

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
  return (
    <CompanyPage
      loadingText="Loading quote..."
      signInText="Log in to read your quote."
      needs={{ action: 'readQuotes', title: 'Quote' }}
    >
      {(company, user) => (
        <QuotePage
          key={`${user.uid}/${company.acting!.companyId}/${id}`}
          source={{ kind: 'account', id }}
          heading={<ActingFor className="mb-4" />}
        />
      )}
    </CompanyPage>
  );
}
