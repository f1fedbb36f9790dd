import { useNavigate, useParams, useRoutes, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { NewRequestPage, RequestPage, SupportHome, type SupportLinks } from '@/features/support';
import { SignInGate } from '../layouts/sign-in-gate';
import { paths, supportNewPath, supportRequestPath } from '../paths';

const LINKS: SupportLinks = {
  home: paths.support,
  newRequest: supportNewPath,
  request: supportRequestPath,
};

function Gated({ children }: { children: () => React.ReactNode }) {
  return (
    <SignInGate
      loading={<p className="px-4 py-16 text-center text-lg text-slate-700">Loading support...</p>}
      title="Please log in"
      text="Log in to ask for help and follow your requests."
    >
      {children}
    </SignInGate>
  );
}

/** /support: the customer's services, their support tier and time used, and their requests. */
export function SupportRoute() {
  useDocumentTitle('Support');
  return <Gated>{() => <SupportHome links={LINKS} />}</Gated>;
}

/** /support/new (?service=id from "Get help"). */
export function NewSupportRequestRoute() {
  useDocumentTitle('New support request');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Gated>
      {() => (
        <NewRequestPage
          links={LINKS}
          serviceId={params.get('service')}
          onCreated={(id) => navigate(supportRequestPath(id))}
        />
      )}
    </Gated>
  );
}

/** /support/:id: one request of the customer's. */
export function SupportRequestRoute() {
  useDocumentTitle('Support request');
  const { id = '' } = useParams();
  return <Gated>{() => <RequestPage key={id} id={id} links={LINKS} />}</Gated>;
}

/** /support, /support/new and /support/:id: one lazy route in the app's table (the landing page carries its router). */
export function SupportRoutes() {
  return useRoutes([
    { index: true, element: <SupportRoute /> },
    { path: 'new', element: <NewSupportRequestRoute /> },
    { path: ':id', element: <SupportRequestRoute /> },
  ]);
}
