import { createContext, Suspense, use, useState, type ComponentType } from 'react';
import { Button, buttonClasses } from '@/components/button';
import { FormMessage } from '@/components/form-field';
import { OTHER_PROJECT_TYPE, PROJECT_TYPES } from '@/domain/quote-request';
import { OUT_OF_PLAN_MESSAGES, OUT_OF_PLAN_WAY_BACK } from '@/domain/support';
import { useCompany } from '@/lib/company-session';
import { useSession } from '@/lib/session';

/** What support hands the quote request form: who asks, and what the request starts with. */
export interface QuoteFormProps {
  userId: string | null;
  defaultName?: string;
  defaultEmail?: string;
  projectType?: string;
  defaultBrief?: string;
  onStatus: (status: { type: 'success' | 'error'; text: string } | null) => void;
}

/**
 * The quote request form is the contact area's: the app hands it in (support imports no other area),
 * lazily, so its code loads only when an out-of-plan customer asks for a quote.
 */
export const QuoteFormContext = createContext<ComponentType<QuoteFormProps> | null>(null);

/** What a quote request made from support starts with: the kind of project the service is, and why. */
interface QuoteAbout {
  serviceName: string | null;
  brief: string;
}

// The quote request schema's limit for the brief.
const BRIEF_MAX = 2000;

/** A plan's name starts with its category ('Factory Management Growth'); anything else is 'Other'. */
function projectTypeOf(serviceName: string | null): string {
  return PROJECT_TYPES.find((type) => serviceName?.startsWith(type)) ?? OTHER_PROJECT_TYPE;
}

/** The way back into plan: the open renewal's pay link, or a quote request prefilled from the service or request. */
export function OutOfPlan({
  reason,
  payUrl: renewUrl,
  about,
}: {
  reason: string;
  payUrl: string | null;
  about: QuoteAbout;
}) {
  const session = useSession();
  const company = useCompany();
  // Renewing is paying: a member whose role cannot pay is told so instead.
  const payUrl = renewUrl && company.can('pay') ? renewUrl : null;
  const payRefusal = renewUrl && !payUrl ? company.refusal('pay') : null;
  const QuoteRequestForm = use(QuoteFormContext);
  const [isAsking, setAsking] = useState(false);
  const [status, setStatus] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  return (
    <div role="note" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>
        {OUT_OF_PLAN_MESSAGES[reason as keyof typeof OUT_OF_PLAN_MESSAGES] ?? reason}{' '}
        {renewUrl ? (payUrl ? OUT_OF_PLAN_WAY_BACK.renew : '') : OUT_OF_PLAN_WAY_BACK.quote}
      </p>
      <p className="mt-2">
        {payRefusal}
        {payUrl ? (
          <a className={buttonClasses('primary', 'sm')} href={payUrl}>
            Renew now
          </a>
        ) : (
          !payRefusal &&
          !isAsking &&
          QuoteRequestForm && (
            <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
              Ask for a quote
            </Button>
          )
        )}
      </p>
      {isAsking && QuoteRequestForm && (
        <div className="mt-3 rounded-lg border border-slate-200 bg-white p-4 text-slate-900">
          <h3 className="mb-3 text-base font-semibold">Ask for a quote</h3>
          {status && <FormMessage tone={status.type}>{status.text}</FormMessage>}
          <Suspense fallback={<p className="text-slate-700">Loading the form...</p>}>
            <QuoteRequestForm
              userId={session.user?.uid ?? null}
              defaultName={session.user?.displayName ?? ''}
              defaultEmail={session.user?.email ?? ''}
              projectType={projectTypeOf(about.serviceName)}
              defaultBrief={about.brief.slice(0, BRIEF_MAX)}
              onStatus={setStatus}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
