import type { ReactNode } from 'react';
import type { CompanyAction } from '@/domain/companies';
import type { CompanySession } from '@/lib/company-session';
import type { SessionUser } from '@/lib/session';
import { CompanyGate } from './company-gate';
import { SignInGate } from './sign-in-gate';

export interface CompanyPageProps {
  /** The page's loading line ('Loading quote...'), while the person or their companies are not known yet. */
  loadingText: string;
  /** What logging in opens, on the signed-out panel ('Log in to read your quote.'). */
  signInText: string;
  /** What the acting company's role must be able to do to see the page (CompanyGate's `needs`). */
  needs?: { action: CompanyAction; title: string };
  children: (company: CompanySession, user: SessionUser) => ReactNode;
}

/**
 * A customer page of the acting company's records (a quote, a project, the statement, a receipt,
 * support): signed in first (SignInGate), then for the company they act for (CompanyGate), with
 * one loading line for both.
 */
export function CompanyPage({ loadingText, signInText, needs, children }: CompanyPageProps) {
  const loading = <p className="px-4 py-16 text-center text-lg text-slate-700">{loadingText}</p>;
  return (
    <SignInGate loading={loading} title="Please log in" text={signInText}>
      {(user) => (
        <CompanyGate key={user.uid} uid={user.uid} loading={loading} needs={needs}>
          {(company) => children(company, user)}
        </CompanyGate>
      )}
    </SignInGate>
  );
}
