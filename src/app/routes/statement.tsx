import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { defaultStatementRange, statementRangeSchema } from '@/domain/statement';
import { ActingFor } from '@/components/acting-for';
import { TdsCertificatesPanel } from '@/features/billing';
import { StatementPage } from '@/features/statements';
import { CompanyPage } from '../layouts/company-page';

/**
 * /statement (?from=&to= from the monthly mail): the statement of account of the company the
 * signed-in person acts for (their own, or the one they chose), for the roles that read its
 * billing, and its TDS certificates (the reminder mails link to #tds-certificates); the API decides
 * again who may see them.
 */
export function StatementRoute() {
  useDocumentTitle('Statement of account');
  const [params] = useSearchParams();
  const asked = statementRangeSchema.safeParse({ from: params.get('from'), to: params.get('to') });
  const range = asked.success ? asked.data : defaultStatementRange();
  return (
    <CompanyPage
      loadingText="Loading statement..."
      signInText="Log in to see your statement of account."
      needs={{ action: 'readBilling', title: 'Statement of account' }}
    >
      {(company) => (
        <>
          <StatementPage
            key={company.acting!.companyId}
            companyId={company.acting!.companyId}
            initialRange={range}
            heading={<ActingFor canSwitch />}
          />
          {/* The TDS the company deducted and the certificates we wait for (shown once it has deducted any). */}
          <div className="mx-auto max-w-4xl px-4 pb-10">
            <TdsCertificatesPanel key={company.acting!.companyId} companyId={company.acting!.companyId} />
          </div>
        </>
      )}
    </CompanyPage>
  );
}
