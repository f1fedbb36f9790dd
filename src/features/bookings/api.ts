import type { BookingRequestForm, BookingSettings, MeetingPlace } from '@/domain/bookings';
import { apiClient } from '@/lib/api-client';

/** The free start times (UTC ISO) and what a call is. */
export interface SlotList {
  meetingMinutes: number;
  placeKind: 'video' | 'phone';
  minNoticeHours: number;
  windowDays: number;
  slots: string[];
}

export const loadSlots = () => apiClient.get<SlotList>('/api/bookings/slots');

/** Books a call; the server's message (or its error: 409 'That time was just taken…', 400, 429). */
export async function bookCall(form: BookingRequestForm): Promise<{ message: string; id?: string; startAt?: string }> {
  return apiClient.post('/api/bookings', form);
}

/** What the reschedule/cancel page shows of a booking. */
export interface BookingView {
  name: string;
  startAt: string;
  endAt: string;
  status: string;
  staffName: string;
  place: MeetingPlace;
  topic: string;
  canChange: boolean;
  reason: string | null;
  companyPhone: string;
}

const manage = (token: string) => `/api/bookings/manage/${encodeURIComponent(token)}`;
export const loadBooking = (token: string) => apiClient.get<BookingView>(manage(token));
export const loadRescheduleSlots = (token: string) => apiClient.get<SlotList>(`${manage(token)}/slots`);
export const rescheduleBooking = (token: string, startAt: string) =>
  apiClient.post<{ message: string; startAt: string }>(`${manage(token)}/reschedule`, { startAt });
export const cancelBooking = (token: string) => apiClient.post<{ message: string }>(`${manage(token)}/cancel`, {});

// ---- Staff ----
const withAuth = { withAuth: true };
export const loadBookingSettings = () =>
  apiClient.get<{ settings: BookingSettings; saved: boolean }>('/api/staff/bookings/settings', withAuth);
export const saveBookingSettings = (settings: BookingSettings) =>
  apiClient.post<{ settings: BookingSettings }>('/api/staff/bookings/settings', settings, withAuth);
/**
 * Blocks time; a 409 means booked calls are inside it (its message names them and asks): send
 * again with `overCalls` once staff said yes.
 */
export const blockTime = (block: {
  staffId: string;
  startAt: string;
  endAt: string;
  reason: string;
  overCalls?: boolean;
}) =>
  apiClient.post<{ id: string; callsInside: Array<{ id: string; name: string; startAt: string }> }>(
    '/api/staff/bookings/blocks',
    block,
    withAuth,
  );
export const removeBlock = (id: string) =>
  apiClient.post(`/api/staff/bookings/blocks/${encodeURIComponent(id)}/remove`, {}, withAuth);
export const markNoShow = (id: string) =>
  apiClient.post(`/api/staff/bookings/${encodeURIComponent(id)}/no-show`, {}, withAuth);
