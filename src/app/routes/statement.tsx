import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { defaultStatementRange, statementRangeSchema } from '@/domain/statement';
import { TdsCertificatesPanel } from '@/features/billing';
import { StatementPage } from '@/features/statements';
import { SignInGate } from '../layouts/sign-in-gate';

/**
 * /statement (?from=&to= from the monthly mail): the signed-in company's statement of account, and
 * its TDS certificates (the reminder mails link to #tds-certificates). A company's id is today its
 * owner's uid; the API decides who may see them.
 */
export function StatementRoute() {
  useDocumentTitle('Statement of account');
  const [params] = useSearchParams();
  const asked = statementRangeSchema.safeParse({ from: params.get('from'), to: params.get('to') });
  const range = asked.success ? asked.data : defaultStatementRange();
  return (
    <SignInGate
      loading={<p className="px-4 py-16 text-center text-lg text-slate-700">Loading statement...</p>}
      title="Please log in"
      text="Log in to see your statement of account."
    >
      {(user) => (
        <>
          <StatementPage key={user.uid} companyId={user.uid} initialRange={range} />
          {/* The TDS the company deducted and the certificates we wait for (shown once it has deducted any). */}
          <div className="mx-auto max-w-4xl px-4 pb-10">
            <TdsCertificatesPanel key={user.uid} companyId={user.uid} />
          </div>
        </>
      )}
    </SignInGate>
  );
}
