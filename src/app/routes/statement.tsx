import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { defaultStatementRange, statementRangeSchema } from '@/domain/statement';
import { ActingFor } from '@/components/acting-for';
import { TdsCertificatesPanel } from '@/features/billing';
import { StatementPage } from '@/features/statements';
import { CompanyGate } from '../layouts/company-gate';
import { SignInGate } from '../layouts/sign-in-gate';

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
  const loading = <p className="px-4 py-16 text-center text-lg text-slate-700">Loading statement...</p>;
  return (
    <SignInGate loading={loading} title="Please log in" text="Log in to see your statement of account.">
      {(user) => (
        <CompanyGate
          key={user.uid}
          uid={user.uid}
          loading={loading}
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
        </CompanyGate>
      )}
    </SignInGate>
  );
}
