import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { ActingFor } from '@/components/acting-for';
import { ProjectPage } from '@/features/projects';
import { CompanyPage } from '../layouts/company-page';

// Inside the root layout's <main>: a page region, never a second main landmark.
const PAGE = 'mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10';

/** /projects/:id: a project of the company the signed-in person acts for. */
export function AccountProjectRoute() {
  useDocumentTitle('Project');
  const { id = '' } = useParams();
  return (
    <CompanyPage
      loadingText="Loading project..."
      signInText="Log in to follow your project."
      needs={{ action: 'readProjects', title: 'Project' }}
    >
      {(_company, user) => (
        <div className={PAGE}>
          <ProjectPage key={`${user.uid}/${id}`} source={{ kind: 'account', id }} heading={<ActingFor />} />
        </div>
      )}
    </CompanyPage>
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
