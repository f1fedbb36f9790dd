import { orderBy, query, where } from 'firebase/firestore';
import { apiClient } from '@/lib/api-client';
import { renewalsCollection, servicesOf } from './data';

// The customer's yearly maintenance: their services (soonest renewal first) and each one's renewals.

export const servicesQuery = (uid: string) => query(servicesOf(uid), orderBy('renewsOn'));

/** One service's renewals, newest first (the rules let a customer read only their own, by uid). */
export const renewalsQuery = (uid: string, serviceId: string) =>
  query(
    renewalsCollection(),
    where('uid', '==', uid),
    where('serviceId', '==', serviceId),
    orderBy('renewsOn', 'desc'),
  );

/** "Stop renewing": the API cancels the service (and its open renewal invoice), tells staff and audits it. */
export function stopRenewing(serviceId: string): Promise<{ status: string; endsOn: string | null }> {
  return apiClient.post(`/api/services/${encodeURIComponent(serviceId)}/stop`, {}, { withAuth: true });
}
