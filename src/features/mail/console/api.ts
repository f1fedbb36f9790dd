import { orderBy, query, where } from 'firebase/firestore';
import { apiClient } from '@/lib/api-client';
import { mailCollection } from '../data';

export const mailQuery = (status: string) =>
  query(mailCollection(), ...(status ? [where('status', '==', status)] : []), orderBy('createdAt', 'desc'));

export function resendMail(id: string): Promise<{ status: string }> {
  return apiClient.post(`/api/staff/mail/${encodeURIComponent(id)}/resend`, {}, { withAuth: true });
}
