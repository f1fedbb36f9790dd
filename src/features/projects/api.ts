import type {
  MilestoneStatusChange,
  NewProject,
  ProjectListPage,
  ProjectListView,
  ProjectSummary,
  ProjectView,
} from '@/domain/projects';
import { apiClient, type ApiFile } from '@/lib/api-client';

/** The only module of projects that talks to the API: the customer's, a contact's (by link) and the console's calls. */

/** Whose page it is: the signed-in customer's, a contact's by their link, or staff's. */
export type ProjectSource =
  { kind: 'account'; id: string } | { kind: 'link'; token: string } | { kind: 'staff'; id: string };

function base(source: ProjectSource): { path: string; withAuth: boolean } {
  switch (source.kind) {
    case 'account':
      return { path: `/api/projects/${encodeURIComponent(source.id)}`, withAuth: true };
    case 'link':
      return { path: `/api/project-links/${encodeURIComponent(source.token)}`, withAuth: false };
    case 'staff':
      return { path: `/api/staff/projects/${encodeURIComponent(source.id)}`, withAuth: true };
  }
}

export function getProject(source: ProjectSource): Promise<ProjectView> {
  const { path, withAuth } = base(source);
  return apiClient.get<ProjectView>(path, { withAuth });
}

export function downloadProjectFile(source: ProjectSource, fileId: string): Promise<ApiFile> {
  const { path, withAuth } = base(source);
  return apiClient.getFile(`${path}/files/${encodeURIComponent(fileId)}`, { withAuth });
}

export interface SignOffAnswer {
  outcome: 'signed-off' | 'already-signed-off';
  status: string;
  invoice: { id: string; number: string; amountPaise: number | null } | null;
}

export function signOffMilestone(source: ProjectSource, index: number, name: string) {
  const { path, withAuth } = base(source);
  return apiClient.post<SignOffAnswer>(`${path}/milestones/${index}/signoff`, { name }, { withAuth });
}

export function askForChanges(source: ProjectSource, index: number, comment: string) {
  const { path, withAuth } = base(source);
  return apiClient.post<{ status: string }>(`${path}/milestones/${index}/changes`, { comment }, { withAuth });
}

export function postComment(source: ProjectSource, body: string, milestone: number | null = null) {
  const { path, withAuth } = base(source);
  return apiClient.post<{ id: string }>(`${path}/comments`, { body, milestone, updateId: null }, { withAuth });
}

export const renewLink = (token: string) =>
  apiClient.post<{ sent: boolean }>(`/api/project-links/${encodeURIComponent(token)}/renew`, {});

export function addContact(source: ProjectSource, input: { email: string; name: string; pays: boolean }) {
  const { path } = base(source);
  return apiClient.post<{ id: string }>(`${path}/contacts`, input, { withAuth: true });
}

export function revokeContact(source: ProjectSource, contactId: string) {
  const { path } = base(source);
  return apiClient.post(`${path}/contacts/${encodeURIComponent(contactId)}/revoke`, {}, { withAuth: true });
}

export function mailNewLink(source: ProjectSource, contactId: string) {
  const { path } = base(source);
  return apiClient.post(`${path}/contacts/${encodeURIComponent(contactId)}/link`, {}, { withAuth: true });
}

/** Marks a contact as the one who pays (the project's invoices are mailed to them too), or no longer. */
export function setContactPays(source: ProjectSource, contactId: string, pays: boolean) {
  const { path } = base(source);
  return apiClient.post<{ pays: boolean }>(
    `${path}/contacts/${encodeURIComponent(contactId)}/pays`,
    { pays },
    {
      withAuth: true,
    },
  );
}

export const getMyProjects = () => apiClient.get<{ projects: ProjectSummary[] }>('/api/projects', { withAuth: true });

// ---- staff ---------------------------------------------------------------------------------------

/** A page of the console's Projects list: a view, or a search (see server/projects/view.ts `staffProjects`). */
export function getStaffProjects(query: { view: ProjectListView; search: string; after?: string | null }) {
  const params = new URLSearchParams({ view: query.view });
  if (query.search.trim()) params.set('search', query.search.trim());
  if (query.after) params.set('after', query.after);
  return apiClient.get<ProjectListPage>(`/api/staff/projects?${params}`, { withAuth: true });
}

export const getProjectsToday = () =>
  apiClient.get<{ signOffsWaiting: number; deemedThisWeek: number }>('/api/staff/projects/today', { withAuth: true });

export const createProject = (input: NewProject) =>
  apiClient.post<{ id: string }>('/api/staff/projects', input, { withAuth: true });

export const uploadDeliverable = (file: File) =>
  apiClient.upload<{ id: string; name: string; size: number }>(
    `/api/staff/projects/files?name=${encodeURIComponent(file.name)}`,
    file,
    { withAuth: true },
  );

/** Uploads the picked files one by one (the first refusal stops with the API's message); their ids. */
export async function uploadDeliverables(files: File[]): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) ids.push((await uploadDeliverable(file)).id);
  return ids;
}

export const setMilestoneStatus = (id: string, index: number, change: MilestoneStatusChange) =>
  apiClient.post<{ status: string }>(`/api/staff/projects/${encodeURIComponent(id)}/milestones/${index}`, change, {
    withAuth: true,
  });

export const postProjectUpdate = (
  id: string,
  input: { body: string; links: Array<{ name: string; url: string }>; fileIds: string[] },
) => apiClient.post<{ id: string }>(`/api/staff/projects/${encodeURIComponent(id)}/updates`, input, { withAuth: true });
