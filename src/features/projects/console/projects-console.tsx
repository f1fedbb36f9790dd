import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { FilterInput, FilterSelect, ListPage, TitleLink } from '@/components/console/console-parts';
import { useConsoleLink, useViewParam } from '@/components/console/console-path';
import { searchKey } from '@/components/console/searched-rows';
import { FormMessage, TextAreaField, TextField } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import { formatDay } from '@/domain/dates';
import { PROJECT_LIST_VIEWS, type ProjectListView, type ProjectSummary } from '@/domain/projects';
import { customerLabel } from '@/domain/customers';
import type { Customer } from '@/records/users';
import { useCustomer } from '@/records/use-customer';
import { useApiPages } from '@/lib/api-pages';
import type { PagedList } from '@/lib/paged-list';
import { createProject, getStaffProjects } from '../api';
import { StaffProjectPage } from './staff-project-page';
import { findCustomers } from './api';

const VIEWS = PROJECT_LIST_VIEWS.map(([view, text]): [ProjectListView, string] => [view, text]);

/**
 * The Projects list from the API, a page at a time (the API joins what a row needs: the status of
 * a deposit's invoice): a new view or search starts again from the first page; 'Show more' reads
 * the page after the last project read. A late answer for an older view or search is dropped.
 */
function useProjectPages(view: ProjectListView, search: string): PagedList<ProjectSummary> {
  return useApiPages(`${view}:${searchKey(search)}`, (after) =>
    getStaffProjects({ view, search, after }).then((page) => ({ items: page.projects, next: page.next })),
  );
}

/** One row: the project, whose it is, where it came from, the milestone it stands at, and what waits. */
function ProjectRow({ project }: { project: ProjectSummary }) {
  const to = useConsoleLink();
  return (
    <>
      <div className="min-w-0 flex-1 basis-64">
        <TitleLink to={to('projects', project.id)}>{project.title}</TitleLink>
        <p className="text-sm font-medium break-words text-slate-900">{project.customerName || 'Customer not named'}</p>
        <p className="text-sm break-words text-slate-700">
          {project.sourceLabel} · {project.current}
          {project.nextDueOn ? ` · next due ${formatDay(project.nextDueOn)}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {project.waitingForCustomer && <StatusBadge status="Waiting for sign-off" />}
        {project.readyToInvoice && <StatusBadge status="Ready to invoice" />}
        <StatusBadge status={project.status} />
      </div>
    </>
  );
}

/** Picks the customer of a new project by searching their name, business or email, as the Customers list does. */
function CustomerPicker({ uid, onChange }: { uid: string; onChange: (uid: string) => void }) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<{ search: string; customers: Customer[]; error: string | null }>({
    search: '',
    customers: [],
    error: null,
  });
  const chosen = useCustomer(uid, !uid);
  useEffect(() => {
    if (!search.trim()) return;
    let isCurrent = true;
    findCustomers(search).then(
      (customers) => isCurrent && setFound({ search, customers, error: null }),
      (error: unknown) =>
        isCurrent && setFound({ search, customers: [], error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [search]);

  if (uid) {
    return (
      <div className="sm:col-span-2">
        <p className="text-sm font-semibold text-slate-800">Customer</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-900">
          <span data-testid="project-customer" className="break-words">
            {chosen ? `${customerLabel(chosen)}${chosen.email ? ` · ${chosen.email}` : ''}` : 'Loading customer...'}
          </span>
          <Button variant="link" size="sm" onClick={() => onChange('')}>
            Choose another customer
          </Button>
        </p>
      </div>
    );
  }
  const isCurrent = found.search === search && search.trim() !== '';
  return (
    <div className="sm:col-span-2">
      <FilterInput
        label="Customer"
        value={search}
        onChange={setSearch}
        placeholder="Any word of a name, business or email"
      />
      {isCurrent && found.error && <FormMessage tone="error">{found.error}</FormMessage>}
      {isCurrent && !found.error && found.customers.length === 0 && (
        <p className="mt-1 text-sm text-slate-700">No customer matches. Check the spelling, or search by email.</p>
      )}
      {isCurrent && found.customers.length > 0 && (
        <ul
          aria-label="Matching customers"
          className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200"
        >
          {found.customers.map((customer) => (
            <li key={customer.uid}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-slate-50 focus:outline-2 focus:outline-brand-darker"
                onClick={() => onChange(customer.uid)}
              >
                <span className="block font-semibold break-words text-slate-900">{customerLabel(customer)}</span>
                <span className="block break-words text-slate-700">{customer.email || 'No email'}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Opens a project by hand, then its page: the customer is found by searching; `?customer={uid}`
 * (a link from elsewhere in the console) chooses them and opens the form.
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
        <CustomerPicker uid={uid} onChange={setUid} />
        <TextField label="Title" value={title} onChange={(event) => setTitle(event.target.value)} />
        <TextAreaField
          label="Milestones (comma-separated)"
          rows={3}
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

/**
 * The console's Projects view: a view (active, waiting for the customer's sign-off, ready to
 * invoice, next due, completed, all) searched by any word of the customer, the title or the order
 * or quote number, a page at a time.
 */
export function ProjectsList() {
  const [view, setView] = useViewParam(VIEWS, 'view', 'active');
  const [search, setSearch] = useState('');
  const list = useProjectPages(view, search);
  const viewName = VIEWS.find(([value]) => value === view)![1];
  return (
    <ListPage<ProjectSummary>
      title="Projects"
      above={
        <>
          <NewProjectForm />
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
            <FilterInput
              label="Search projects"
              value={search}
              onChange={setSearch}
              placeholder="Customer, title, order or quote number"
            />
            <FilterSelect label="Show" value={view} onChange={setView} options={VIEWS} className="sm:w-72" />
          </div>
        </>
      }
      label={`Projects: ${viewName}`}
      list={list}
      emptyText={
        search.trim()
          ? `No project under “${viewName}” matches your search.${view === 'all' ? '' : ' Show “All” to search every project.'}`
          : `No projects under “${viewName}”.`
      }
      row={(project) => <ProjectRow project={project} />}
    />
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
      <StaffProjectPage key={id} id={id} />
    </div>
  );
}
