import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ActingFor } from '@/components/acting-for';
import { Button, buttonClasses } from '@/components/button';
import { companyLabel, noLongerMemberText } from '@/domain/acting-company';
import type { CompanyAction } from '@/domain/companies';
import { CompanyProvider, useCompany, type CompanySession } from '@/lib/company-session';
import type { CompanySessionStore } from '@/lib/company-session-store';
import { paths } from '../paths';

export interface CompanyGateProps {
  /** The signed-in person (SignInGate's user). */
  uid: string;
  /** Shown while their companies are not known yet (the page's own loading line). */
  loading: ReactNode;
  /** What the acting company's role must be able to do to see the page at all; its h1 when it cannot. */
  needs?: { action: CompanyAction; title: string };
  /** The page, for the acting company. */
  children: (company: CompanySession) => ReactNode;
  /** The company session (the app's one by default; component tests give their own). */
  store?: CompanySessionStore;
}

const FRAME = 'mx-auto max-w-xl px-4 py-16 text-center';

/**
 * A customer page of the acting company's records (profile, support, projects, quotes, the
 * statement, receipts). It follows the person's memberships live: when the company they act for
 * stops being theirs (removed, or they left), the page drops the company's records (their
 * listeners stop with them) and says so, and the session acts for their own company from then on.
 * A role that cannot read what the page shows (`needs`) is told why instead of a refused read.
 */
export function CompanyGate({ uid, store, ...props }: CompanyGateProps) {
  return (
    <CompanyProvider uid={uid} store={store}>
      <ActingCompanyPage {...props} />
    </CompanyProvider>
  );
}

/** What a page of the company the person acted for says once their membership went (removed, or left). */
export function CompanyLost() {
  const company = useCompany();
  const headingId = useId();
  if (!company.lost) return null;
  const next = company.acting;
  return (
    <section aria-labelledby={headingId} className={FRAME} data-testid="company-lost">
      {/* Read out as it replaces the page the person was on (their membership went while it was open). */}
      <div role="alert">
        <h1 id={headingId} className="text-2xl font-bold text-slate-900">
          {noLongerMemberText(company.lost)}
        </h1>
        <p className="mt-3 text-slate-700">
          Its records are not shown any more.
          {next ? ` You now act for ${companyLabel(next)}.` : ''}
        </p>
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        {next && <Button onClick={company.acknowledgeLost}>Continue with {companyLabel(next)}</Button>}
        <Link to={paths.home} className={buttonClasses('secondary')}>
          Go Back to Homepage
        </Link>
      </div>
    </section>
  );
}

function ActingCompanyPage({ loading, needs, children }: Omit<CompanyGateProps, 'uid' | 'store'>) {
  const company = useCompany();
  const headingId = useId();
  if (company.lost) return <CompanyLost />;
  if (company.status === 'loading') return loading;
  if (!company.acting || (needs && !company.can(needs.action))) {
    return (
      <section aria-labelledby={headingId} className={FRAME}>
        <h1 id={headingId} className="text-2xl font-bold text-slate-900">
          {needs?.title ?? 'No company'}
        </h1>
        <p className="mt-3 text-slate-700">{company.refusal(needs?.action ?? 'readMembers')}</p>
        <ActingFor canSwitch className="mt-4 flex justify-center" />
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
          <Link to={paths.profile} className={buttonClasses('secondary')}>
            Go to your profile
          </Link>
        </div>
      </section>
    );
  }
  return children(company);
}
