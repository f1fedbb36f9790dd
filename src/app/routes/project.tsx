import { useParams } from 'react-router';
import { Footer } from '@/components/footer';
import { useDocumentTitle } from '@/components/use-document-title';
import { ProjectPage } from '@/features/projects';
import { SignInGate } from '../layouts/sign-in-gate';
import { POLICY_LINKS } from './policy-links';

const PAGE = 'mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10';

/** /projects/:id: a project of the signed-in customer's. */
export function AccountProjectRoute() {
  useDocumentTitle('Project');
  const { id = '' } = useParams();
  return (
    <SignInGate
      loading={<p className="px-4 py-16 text-center text-lg text-slate-700">Loading project...</p>}
      title="Please log in"
      text="Log in to follow your project."
    >
      {(user) => (
        <>
          <main className={PAGE}>
            <ProjectPage key={`${user.uid}/${id}`} source={{ kind: 'account', id }} />
          </main>
          <Footer policyLinks={POLICY_LINKS} />
        </>
      )}
    </SignInGate>
  );
}

/** /project-links/:token: one project, for a contact the customer added (no account needed). */
export function ProjectLinkRoute() {
  useDocumentTitle('Project');
  const { token = '' } = useParams();
  return (
    <>
      <main className={PAGE}>
        <ProjectPage key={token} source={{ kind: 'link', token }} />
      </main>
      <Footer policyLinks={POLICY_LINKS} />
    </>
  );
}
