import { lazy } from 'react';
import { useNavigate, useParams, useRoutes, useSearchParams } from 'react-router';
import { ActingFor } from '@/components/acting-for';
import { useDocumentTitle } from '@/components/use-document-title';
import type { CompanyAction } from '@/domain/companies';
import { NewRequestPage, QuoteFormContext, RequestPage, SupportHome, type SupportLinks } from '@/features/support';
import { CompanyPage } from '../layouts/company-page';
import { paths, supportNewPath, supportRequestPath } from '../paths';

const LINKS: SupportLinks = {
  home: paths.support,
  newRequest: supportNewPath,
  request: supportRequestPath,
};

// The contact area's quote request form, for the out-of-plan panel: loaded only when asked for.
const QuoteRequestForm = lazy(() => import('@/features/contact').then((m) => ({ default: m.QuoteRequestForm })));

/** Signed in, acting for a company whose support the role may `needs` (reading it, by default). */
function Gated({
  children,
  needs = { action: 'readSupport', title: 'Support' },
}: {
  children: () => React.ReactNode;
  needs?: { action: CompanyAction; title: string };
}) {
  return (
    <CompanyPage
      loadingText="Loading support..."
      signInText="Log in to ask for help and follow your requests."
      needs={needs}
    >
      {children}
    </CompanyPage>
  );
}

/** /support: the acting company's services, their support tier and time used, and its requests. */
export function SupportRoute() {
  useDocumentTitle('Support');
  return <Gated>{() => <SupportHome links={LINKS} heading={<ActingFor canSwitch className="mb-4" />} />}</Gated>;
}

/** /support/new (?service=id from "Get help"). */
export function NewSupportRequestRoute() {
  useDocumentTitle('New support request');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Gated needs={{ action: 'raiseSupport', title: 'New support request' }}>
      {() => (
        <NewRequestPage
          links={LINKS}
          serviceId={params.get('service')}
          heading={<ActingFor className="mb-4" />}
          onCreated={(id) => navigate(supportRequestPath(id))}
        />
      )}
    </Gated>
  );
}

/** /support/:id: one request of the acting company's. */
export function SupportRequestRoute() {
  useDocumentTitle('Support request');
  const { id = '' } = useParams();
  return <Gated>{() => <RequestPage key={id} id={id} links={LINKS} heading={<ActingFor className="mb-4" />} />}</Gated>;
}

/** /support, /support/new and /support/:id: one lazy route in the app's table (the landing page carries its router). */
export function SupportRoutes() {
  const routes = useRoutes([
    { index: true, element: <SupportRoute /> },
    { path: 'new', element: <NewSupportRequestRoute /> },
    { path: ':id', element: <SupportRequestRoute /> },
  ]);
  return <QuoteFormContext value={QuoteRequestForm}>{routes}</QuoteFormContext>;
}
