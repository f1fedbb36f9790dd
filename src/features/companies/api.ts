import {
  invitationApiPath,
  invitationSchema,
  memberRoleSchema,
  transferSchema,
  type CompanyView,
  type InvitationForm,
  type InvitationView,
  type MemberRoleForm,
  type ProjectContactRef,
  type TransferForm,
} from '@/domain/company-members';
import type { CompanyRole } from '@/domain/companies';
import { apiClient } from '@/lib/api-client';

// Company accounts through the API (the server decides what each role sees and may change).

/** One of the signed-in person's companies, and their role in it. */
export interface MyCompany {
  companyId: string;
  name: string;
  role: CompanyRole;
  roleLabel: string;
  canApprove: boolean;
}

/** Who manages a company in a screen: its owner on the profile, or staff in the console. */
export type CompanyScope = 'member' | 'staff';

const withAuth = { withAuth: true };
const companyPath = (scope: CompanyScope, companyId: string) =>
  `${scope === 'staff' ? '/api/staff/companies' : '/api/companies'}/${encodeURIComponent(companyId)}`;

/** The person's companies, their own first (founds theirs the first time). */
export async function getMyCompanies(): Promise<MyCompany[]> {
  return (await apiClient.get<{ companies: MyCompany[] }>('/api/companies/mine', withAuth)).companies;
}

/** A company as the caller may see it: members with roles; for the owner and staff e-mails and invitations. */
export function getCompany(scope: CompanyScope, companyId: string): Promise<CompanyView> {
  return apiClient.get(companyPath(scope, companyId), withAuth);
}

export function inviteMember(scope: CompanyScope, companyId: string, form: InvitationForm) {
  return apiClient.post<{ id: string; expiresAt: string }>(
    `${companyPath(scope, companyId)}/invitations`,
    invitationSchema.parse(form),
    withAuth,
  );
}

export function resendInvitation(scope: CompanyScope, companyId: string, invitationId: string) {
  const path = `${companyPath(scope, companyId)}/invitations/${encodeURIComponent(invitationId)}/resend`;
  return apiClient.post<{ expiresAt: string }>(path, {}, withAuth);
}

export function revokeInvitation(scope: CompanyScope, companyId: string, invitationId: string) {
  const path = `${companyPath(scope, companyId)}/invitations/${encodeURIComponent(invitationId)}/revoke`;
  return apiClient.post<{ revoked: true }>(path, {}, withAuth);
}

export function changeMemberRole(scope: CompanyScope, companyId: string, uid: string, form: MemberRoleForm) {
  const path = `${companyPath(scope, companyId)}/members/${encodeURIComponent(uid)}`;
  return apiClient.post<{ changed: boolean }>(path, memberRoleSchema.parse(form), withAuth);
}

export function removeMember(scope: CompanyScope, companyId: string, uid: string) {
  const path = `${companyPath(scope, companyId)}/members/${encodeURIComponent(uid)}/remove`;
  return apiClient.post<{ removed: true }>(path, {}, withAuth);
}

export function transferOwnership(scope: CompanyScope, companyId: string, form: TransferForm) {
  return apiClient.post(`${companyPath(scope, companyId)}/transfer`, transferSchema.parse(form), withAuth);
}

/** A project contact of the company, not a member nor invited yet: an invitation can be made from them. */
export interface ProjectContact extends ProjectContactRef {
  projectTitle: string;
  email: string;
  name: string;
}

export async function getProjectContacts(scope: CompanyScope, companyId: string): Promise<ProjectContact[]> {
  const path = `${companyPath(scope, companyId)}/project-contacts`;
  return (await apiClient.get<{ contacts: ProjectContact[] }>(path, withAuth)).contacts;
}

/** A member (not the owner) leaves the company. */
export function leaveCompany(companyId: string) {
  return apiClient.post<{ left: true }>(`${companyPath('member', companyId)}/leave`, {}, withAuth);
}

/** The owner deletes a company they alone are in (not their own: that goes with their account). */
export function deleteCompany(companyId: string) {
  return apiClient.post<{ deleted: true }>(`${companyPath('member', companyId)}/delete`, {}, withAuth);
}

/** The member saw what the company sees about them. */
export function markNoticeSeen(companyId: string) {
  return apiClient.post<{ seen: true }>(`${companyPath('member', companyId)}/notice`, {}, withAuth);
}

/** What an invitation link opens (no account needed to read it). */
export function getInvitation(token: string): Promise<InvitationView> {
  return apiClient.get(invitationApiPath(token));
}

/** Accepts an invitation with the signed-in login (its e-mail must be the invited one). */
export function acceptInvitation(token: string) {
  return apiClient.post<{ companyId: string; companyName: string; role: CompanyRole; roleLabel: string }>(
    `${invitationApiPath(token)}/accept`,
    {},
    withAuth,
  );
}
