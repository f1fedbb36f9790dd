import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { ActingFor } from '@/components/acting-for';
import { ProjectPage } from '@/features/projects';
import { CompanyGate } from '../layouts/company-gate';
import { SignInGate } from '../layouts/sign-in-gate';

// Inside the root layout's <main>: a page region, never a second main landmark.
const PAGE = 'mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10';

/** /projects/:id: a project of the company the signed-in person acts for. */
export function AccountProjectRoute() {
  useDocumentTitle('Project');
  const { id = '' } = useParams();
  const loading = <p className="px-4 py-16 text-center text-lg text-slate-700">Loading project...</p>;
  return (
    <SignInGate loading={loading} title="Please log in" text="Log in to follow your project.">
      {(user) => (
        <CompanyGate
          key={user.uid}
          uid={user.uid}
          loading={loading}
          needs={{ action: 'readProjects', title: 'Project' }}
        >
          {() => (
            <div className={PAGE}>
              <ProjectPage key={`${user.uid}/${id}`} source={{ kind: 'account', id }} heading={<ActingFor />} />
            </div>
          )}
        </CompanyGate>
      )}
    </SignInGate>
  );
}

/** /project-links/:token: one project, for a contact the customer added (no account needed). */
export function ProjectLinkRoute() {
  useDocumentTitle('Project');
  const { token = '' } = useParams();
  return (
    <div className={PAGE}>
      <ProjectPage key={token} source={{ kind: 'link', token }} />
    </div>
  );
}
