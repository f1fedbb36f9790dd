import type { Holiday } from '@/domain/business-hours';
import {
  type ReviewCustomer,
  type SupportRequestView,
  type SupportServiceView,
  type SupportStatus,
  type SupportTierId,
} from '@/domain/support';
import { apiClient, type ApiFile } from '@/lib/api-client';

/** The only module of support that talks to the API: the customer's calls and the console's. */

export interface UploadedFile {
  id: string;
  name: string;
  type: string;
  size: number;
}

export function uploadFile(file: File, { staff = false } = {}): Promise<UploadedFile> {
  const base = staff ? '/api/staff/support/files' : '/api/support/files';
  return apiClient.upload<UploadedFile>(`${base}?name=${encodeURIComponent(file.name)}`, file, { withAuth: true });
}

export const downloadFile = (id: string): Promise<ApiFile> =>
  apiClient.getFile(`/api/support/files/${encodeURIComponent(id)}`, { withAuth: true });

export const getSupportServices = () =>
  apiClient.get<{ services: SupportServiceView[] }>('/api/support/services', { withAuth: true });

export const getMyRequests = () =>
  apiClient.get<{ requests: SupportRequestView[] }>('/api/support/requests', { withAuth: true });

export const getMyRequest = (id: string) =>
  apiClient.get<SupportRequestView>(`/api/support/requests/${encodeURIComponent(id)}`, { withAuth: true });

export interface CreatedRequest {
  id: string;
  reference: string;
  outOfPlan: string | null;
  payUrl: string | null;
}

export const createRequest = (input: { serviceId: string; subject: string; description: string; fileIds: string[] }) =>
  apiClient.post<CreatedRequest>('/api/support/requests', input, { withAuth: true });

export const replyToRequest = (id: string, input: { body: string; fileIds: string[] }) =>
  apiClient.post<{ status: string }>(`/api/support/requests/${encodeURIComponent(id)}/replies`, input, {
    withAuth: true,
  });

// ---- the console --------------------------------------------------------------------------------

export type QueueRow = SupportRequestView & { customerName: string | null };

export function getQueue(filters: {
  status?: SupportStatus | '';
  tier?: SupportTierId | '';
  assignee?: string;
  after?: string;
}) {
  const query = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return apiClient.get<{ rows: QueueRow[]; next: string | null }>(
    `/api/staff/support/queue${query ? `?${query}` : ''}`,
    {
      withAuth: true,
    },
  );
}

export interface StaffRequestPage extends SupportRequestView {
  uid: string;
  customerName: string | null;
  customerEmail: string | null;
  service: { id: string; name: string; status: string; renewsOn: string; yearlyFee: string } | null;
  unpaidInvoices: Array<{ id: string; number: string; amount: string; dueDate: string | null }>;
}

export const getStaffRequest = (id: string) =>
  apiClient.get<StaffRequestPage>(`/api/staff/support/requests/${encodeURIComponent(id)}`, { withAuth: true });

export const staffReply = (
  id: string,
  input: { body: string; internal: boolean; minutes: number; waitOnCustomer: boolean; fileIds: string[] },
) =>
  apiClient.post<{ id: string; status: string }>(
    `/api/staff/support/requests/${encodeURIComponent(id)}/replies`,
    input,
    {
      withAuth: true,
    },
  );

export const updateRequest = (id: string, change: { status?: string; assigneeUid?: string | null }) =>
  apiClient.post<{ status: string }>(`/api/staff/support/requests/${encodeURIComponent(id)}`, change, {
    withAuth: true,
  });

export interface SupportToday {
  dueToday: number;
  overdue: number;
  /** New requests nobody has answered yet (out-of-plan ones too), and the oldest of them. */
  untouched: number;
  oldestUntouched: Array<{
    id: string;
    reference: string;
    subject: string;
    customerName: string | null;
    isOutOfPlan: boolean;
    createdAt: number;
  }>;
  waitingForReview: number;
}

export const getTodayCounts = () => apiClient.get<SupportToday>('/api/staff/support/today', { withAuth: true });

export interface SupportReport {
  month: string;
  tiers: Array<{
    tier: string;
    requests: number;
    firstReplyWithinTarget: number | null;
    firstReplies: { withinTarget: number; of: number };
    resolutionWithinTarget: number | null;
    resolutions: { withinTarget: number; of: number };
    medianFirstReplyMinutes: number | null;
  }>;
  outOfPlan: number;
  usageThisYear: Array<{ uid: string; serviceName: string; customerName: string | null; minutes: number }>;
}

export const getReport = (month: string) =>
  apiClient.get<SupportReport>(`/api/staff/support/report?month=${encodeURIComponent(month)}`, { withAuth: true });

export const getHolidays = () =>
  apiClient.get<{ holidays: Holiday[]; isDefault: boolean }>('/api/staff/support/holidays', { withAuth: true });

export const saveHolidays = (holidays: Holiday[]) =>
  apiClient.post<{ holidays: Holiday[] }>('/api/staff/support/holidays', { holidays }, { withAuth: true });

export interface ReviewMail {
  id: string;
  from: string;
  /** The sender's login, when they are a customer: "Open a request" starts with them. */
  sender: { uid: string; name: string | null; email: string } | null;
  subject: string;
  reason: string;
  text: string;
  receivedAt: number;
  attachments: Array<{ name: string; size: number; fileId: string | null; refused: string | null }>;
}

export const getReviewMails = () =>
  apiClient.get<{ mails: ReviewMail[] }>('/api/staff/support/review', { withAuth: true });

export const searchCustomers = (search: string) =>
  apiClient.get<{ customers: ReviewCustomer[] }>(
    `/api/staff/support/review/customers?q=${encodeURIComponent(search)}`,
    { withAuth: true },
  );

const reviewAction = <T>(id: string, action: 'attach' | 'open' | 'reply' | 'dismiss', body: object = {}) =>
  apiClient.post<T>(`/api/staff/support/review/${encodeURIComponent(id)}/${action}`, body, { withAuth: true });

/** Attaches a waiting mail to a request (the customer's message when from the requester's proven address, else a note). */
export const attachReviewMail = (id: string, reference: string) =>
  reviewAction<{ requestId: string; reference: string; as: 'customer' | 'note' }>(id, 'attach', { reference });

/** Opens a request for a customer from a waiting mail. */
export const openFromReviewMail = (id: string, input: { uid: string; serviceId: string }) =>
  reviewAction<{ requestId: string; reference: string }>(id, 'open', input);

/** Answers a waiting mail's sender once. */
export const replyToReviewMail = (id: string, body: string) => reviewAction<{ mailId: string }>(id, 'reply', { body });

/** Dismisses a waiting mail as spam. */
export const dismissReviewMail = (id: string) => reviewAction<{ dismissed: true }>(id, 'dismiss');
