import { Link } from 'react-router';
import { Panel } from '@/components/panel';
import { StatusBadge } from '@/components/status-badge';
import { getMyProjects } from './api';
import { useLoad } from '@/lib/use-load';

/** 'My Projects' on /profile: each project the customer bought, where it stands, and whether it waits for them. */
export function MyProjects({ uid, projectHref }: { uid: string; projectHref: (id: string) => string }) {
  const [state] = useLoad(getMyProjects, uid);
  return (
    <Panel titleId="my-projects-title" title="My Projects">
      {state.status === 'loading' && <p className="mt-3 text-slate-700">Loading projects...</p>}
      {state.status === 'error' && <p className="mt-3 text-red-700">{state.error}</p>}
      {state.status === 'ready' &&
        (state.data.projects.length === 0 ? (
          <p className="mt-3 text-slate-700">No projects yet. A quote you accept or a plan you buy starts one.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {state.data.projects.map((project) => (
              <li key={project.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span className="min-w-0">
                  <Link className="font-semibold break-words text-brand-darker underline" to={projectHref(project.id)}>
                    {project.title}
                  </Link>
                  <span className="block text-sm text-slate-700">{project.current}</span>
                </span>
                <span className="flex items-center gap-2">
                  {project.waitingForCustomer && <StatusBadge status="Waiting for your sign-off" />}
                  <StatusBadge status={project.status} />
                </span>
              </li>
            ))}
          </ul>
        ))}
    </Panel>
  );
}
