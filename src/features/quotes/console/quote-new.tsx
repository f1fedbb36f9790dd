import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSubscription } from '@/lib/use-subscription';
import { subscribeToEnquiry, type Enquiry } from '@/records/enquiries';
import { subscribeToCustomer, type Profile } from '@/records/users';
import { createQuote } from './api';
import { ConsolePage, Facts, Panel } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { QuoteForm } from './quote-form';
import { formatIstDateTime } from '@/domain/dates';

/**
 * A new quote (/admin/quotes/new?enquiry={id} or ?customer={uid}, with ?about= for what it is for when
 * it comes from a support request; a consultation's topic otherwise): for whom, then its terms. Saved, it is a numbered draft; the
 * console opens it to preview and send.
 */
export function NewQuotePage() {
  const [params] = useSearchParams();
  const enquiryId = params.get('enquiry');
  const uid = params.get('customer');
  const about = params.get('about') ?? '';
  const navigate = useNavigate();
  const to = useConsoleLink();
  const enquiry = useSubscription<Enquiry | null>(enquiryId ? `enquiry:${enquiryId}` : null, (onData, onError) =>
    subscribeToEnquiry(enquiryId!, onData, onError),
  );
  const customer = useSubscription<Profile | null>(uid ? `customer:${uid}` : null, (onData, onError) =>
    subscribeToCustomer(uid!, onData, onError),
  );
  const target = enquiryId ? enquiry : customer;

  if (!enquiryId && !uid) {
    return (
      <ConsolePage title="New quote">
        <p>
          A quote is for an enquiry or a customer: open one from the{' '}
          <Link to={to('inbox')} className="text-brand-darker underline">
            inbox
          </Link>{' '}
          or a{' '}
          <Link to={to('customers')} className="text-brand-darker underline">
            customer&apos;s page
          </Link>
          .
        </p>
      </ConsolePage>
    );
  }
  if (target.status === 'loading') return <p className="text-slate-600">Loading...</p>;
  if (!target.data) {
    return (
      <ConsolePage title="New quote">
        <p role="alert">{enquiryId ? 'This enquiry could not be found.' : 'This customer has no profile.'}</p>
      </ConsolePage>
    );
  }
  const request = enquiry.data?.quoteRequest ?? null;
  const call = enquiry.data?.consultation ?? null;
  // A quote made from a consultation starts from what the call was about.
  const fromCall = call ? (enquiry.data!.message.split('\n')[0] ?? '').slice(0, 300) : '';
  return (
    <ConsolePage title="New quote">
      <Panel id="quote-for" title="For">
        {enquiry.data ? (
          <>
            <Facts
              items={[
                ['From', `${enquiry.data.name} <${enquiry.data.email}>`],
                ['Business', enquiry.data.businessName || '—'],
                ...(request
                  ? ([
                      ['Project type', request.projectType],
                      ['Budget', request.budget],
                      ['Timeline', request.timeline],
                    ] as Array<[string, string]>)
                  : []),
                ...(call
                  ? ([
                      ['Consultation', `${formatIstDateTime(call.startAt)} with ${call.staffName} (${call.status})`],
                      ['Plan of interest', call.plan || '—'],
                    ] as Array<[string, string]>)
                  : []),
              ]}
            />
            <p className="mt-2 pasted-text text-slate-900">{enquiry.data.message}</p>
            {!enquiry.data.uid && (
              <p className="mt-2 text-sm text-slate-700">
                The quote goes to {enquiry.data.email}. No account is needed to accept it; if they sign up later with
                this email, it becomes theirs.
              </p>
            )}
          </>
        ) : (
          <Facts
            items={[
              ['Customer', customer.data!.name || '—'],
              ['Email', customer.data!.email || '—'],
              ...(about ? ([['About', about]] as Array<[string, string]>) : []),
            ]}
          />
        )}
      </Panel>
      <Panel id="quote-terms" title="The quote">
        <QuoteForm
          submitLabel="Save draft"
          description={fromCall || about}
          onSave={async (fields) => {
            const made = await createQuote({ ...fields, ...(enquiryId ? { enquiryId } : { uid: uid! }) });
            void navigate(to('quotes', made.id));
          }}
        />
      </Panel>
    </ConsolePage>
  );
}
