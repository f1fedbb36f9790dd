import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { ConsolePage } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { FormMessage, TextField } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import type { ProjectSummary } from '@/domain/projects';
import { createProject, getStaffProjects } from '../api';
import { ProjectPage } from '../project-page';
import { useLoad } from '@/lib/use-load';

function Group({ title, projects, id }: { title: string; projects: ProjectSummary[]; id: string }) {
  const to = useConsoleLink();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="font-semibold text-slate-900">
        {title} ({projects.length})
      </h2>
      {projects.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">None.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {projects.map((project) => (
            <li key={project.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <Link className="font-semibold break-words text-brand-darker underline" to={to('projects', project.id)}>
                  {project.title}
                </Link>
                <span className="block text-sm text-slate-700">
                  {project.customerName} · {project.current}
                  {project.nextDueOn ? ` · next due ${project.nextDueOn}` : ''}
                </span>
              </span>
              <StatusBadge status={project.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Opens a project by hand, then its page; `?customer={uid}` (a link from elsewhere in the console)
 * fills in the customer and opens the form.
 */
function NewProjectForm() {
  const navigate = useNavigate();
  const to = useConsoleLink();
  const [params] = useSearchParams();
  const [uid, setUid] = useState(params.get('customer') ?? '');
  const [title, setTitle] = useState('');
  const [labels, setLabels] = useState(
    'Consultation & Planning, Design & Prototyping, Development & Integration, Deployment & Support',
  );
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const created = await createProject({
        uid,
        title,
        milestones: labels
          .split(',')
          .map((label) => label.trim())
          .filter(Boolean)
          .map((label) => ({ label })),
      });
      setError(null);
      navigate(to('projects', created.id));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Could not open the project.');
    }
  }
  return (
    <details
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      open={Boolean(params.get('customer'))}
    >
      <summary className="cursor-pointer font-semibold text-slate-900">Open a project by hand</summary>
      <form
        aria-label="New project"
        className="mt-3 grid gap-2 sm:grid-cols-2"
        onSubmit={(event) => void submit(event)}
      >
        <TextField
          label="Customer id"
          hint="The last part of the customer's page address under Customers."
          value={uid}
          onChange={(event) => setUid(event.target.value)}
        />
        <TextField label="Title" value={title} onChange={(event) => setTitle(event.target.value)} />
        <TextField
          label="Milestones (comma-separated)"
          value={labels}
          onChange={(event) => setLabels(event.target.value)}
        />
        <div className="sm:self-end">
          <Button type="submit">Open project</Button>
        </div>
        {error && <FormMessage tone="error">{error}</FormMessage>}
      </form>
    </details>
  );
}

/** The console's Projects view: waiting for the customer's sign-off, ready to invoice, by status, and what is due next. */
export function ProjectsList() {
  const [state] = useLoad(getStaffProjects, 'projects');
  return (
    <ConsolePage title="Projects">
      <NewProjectForm />
      {state.status === 'loading' && <p className="text-slate-700">Loading projects...</p>}
      {state.status === 'error' && <FormMessage tone="error">{state.error}</FormMessage>}
      {state.status === 'ready' && (
        <div className="grid gap-4 lg:grid-cols-2">
          <Group
            id="projects-waiting"
            title="Waiting for the customer's sign-off"
            projects={state.data.projects.filter((p) => p.waitingForCustomer)}
          />
          <Group
            id="projects-invoice"
            title="Ready to invoice"
            projects={state.data.projects.filter((p) => p.readyToInvoice)}
          />
          <Group
            id="projects-next"
            title="Next milestone due"
            projects={state.data.projects
              .filter((p) => p.nextDueOn && p.status === 'Active')
              .sort((a, b) => (a.nextDueOn ?? '').localeCompare(b.nextDueOn ?? ''))}
          />
          <Group
            id="projects-active"
            title="Active"
            projects={state.data.projects.filter((p) => p.status === 'Active')}
          />
          <Group
            id="projects-completed"
            title="Completed"
            projects={state.data.projects.filter((p) => p.status === 'Completed')}
          />
        </div>
      )}
    </ConsolePage>
  );
}

/** One project in the console: everything the customer sees, plus moving milestones, updates and contacts. */
export function ProjectDetail() {
  const { id = '' } = useParams();
  const to = useConsoleLink();
  return (
    <div className="space-y-4">
      <Link className="text-sm text-brand-darker underline" to={to('projects')}>
        All projects
      </Link>
      <ProjectPage key={id} source={{ kind: 'staff', id }} />
    </div>
  );
}
