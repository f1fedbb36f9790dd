import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { FormMessage } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import { formatMinutes } from '@/domain/business-hours';
import { useCompany } from '@/lib/company-session';
import { useLoad, type Load } from '@/lib/use-load';
import { getMyRequests, getSupportServices } from './api';
import { OutOfPlan } from './out-of-plan';
import { PAGE, tierText, type SupportLinks } from './support-parts';

/** A role that cannot open requests (a viewer) sees why, where "New request" and "Get help" would be. */
function RaiseRefusal({ text }: { text: string }) {
  return <p className="text-sm text-slate-700">{text}</p>;
}

/** A section over one read: its heading, what shows while it loads or fails, then what it read. */
function LoadedSection<T>({
  id,
  title,
  className,
  load,
  children,
}: {
  id: string;
  title: string;
  className: string;
  load: Load<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {load.status === 'loading' && <p className="mt-2 text-slate-700">Loading {title.toLowerCase()}...</p>}
      {load.status === 'error' && <FormMessage tone="error">{load.error}</FormMessage>}
      {load.status === 'ready' && children(load.data)}
    </section>
  );
}

/**
 * /support: the acting company's services with their support tier and time used, and its
 * requests (every member's, for the roles that read support); its own heading slot `heading`
 * (the page's "Acting for", composed by the app).
 */
export function SupportHome({ links, heading }: { links: SupportLinks; heading?: ReactNode }) {
  const company = useCompany();
  // Read again when the person acts for another company (the API answers for the acting one).
  const companyId = company.acting?.companyId ?? '';
  const [services] = useLoad(getSupportServices, `services:${companyId}`);
  const [requests] = useLoad(getMyRequests, `requests:${companyId}`);
  const canRaise = company.can('raiseSupport');
  return (
    <div className={PAGE}>
      {heading}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Support</h1>
        {canRaise ? (
          <Link className={buttonClasses('primary')} to={links.newRequest()}>
            New request
          </Link>
        ) : (
          <RaiseRefusal text={company.refusal('raiseSupport')} />
        )}
      </div>
      <p className="mt-2 text-slate-700">
        Business hours: Monday to Friday, 9:30 am to 6:30 pm IST, except holidays. Times below are IST.
      </p>
      <LoadedSection id="support-services" title="Your services" className="mt-8" load={services}>
        {(data) => (
          <>
            {data.services.length === 0 && (
              <p className="mt-2 text-slate-700">
                You have no plans with yearly maintenance yet, so requests are out of plan.
              </p>
            )}
            <ul className="mt-3 space-y-3">
              {data.services.map((service) => (
                <li key={service.id} className="rounded-xl border border-slate-200 bg-white p-4">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <p className="font-semibold">{service.name}</p>
                      <p className="text-sm text-slate-700">{tierText(service)}</p>
                      <p className="text-sm text-slate-700">
                        Support used this year: {formatMinutes(service.minutesThisYear)}
                      </p>
                    </div>
                    <div className="flex items-center gap-3">
                      <StatusBadge status={service.status} />
                      {/* Named for its service: a list of "Get help" links would read alike. */}
                      {canRaise && (
                        <Link
                          className={buttonClasses('secondary', 'sm')}
                          to={links.newRequest(service.id)}
                          aria-label={`Get help with ${service.name}`}
                        >
                          Get help
                        </Link>
                      )}
                    </div>
                  </div>
                  {service.outOfPlan && (
                    <OutOfPlan
                      reason={service.outOfPlan}
                      payUrl={service.payUrl}
                      about={{ serviceName: service.name, brief: `Support and maintenance for ${service.name}.` }}
                    />
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </LoadedSection>
      <LoadedSection id="support-requests" title="Your requests" className="mt-10" load={requests}>
        {(data) =>
          data.requests.length === 0 ? (
            <p className="mt-2 text-slate-700">No requests yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {data.requests.map((request) => (
                <li key={request.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <Link
                      className="font-semibold wraps-anywhere text-brand-darker hover:underline"
                      to={links.request(request.id)}
                    >
                      {request.reference}: {request.subject}
                    </Link>
                    <p className="text-sm text-slate-700">{request.serviceName ?? 'Something else'}</p>
                  </div>
                  <StatusBadge status={request.status} />
                </li>
              ))}
            </ul>
          )
        }
      </LoadedSection>
    </div>
  );
}
