import { onSnapshot } from 'firebase/firestore';
import { billingDetailsSchema, type BillingDetailsForm } from '@/domain/profile-schemas';
import { apiClient } from '@/lib/api-client';
import { deletedAccountDoc, type DeletedAccount } from '../data';

// The customer record itself (the users collection) is a shared record: src/records/users.ts.

type OnError = (error: Error) => void;

/** A customer who deleted their account: what is left (null when the uid never had an account). */
export const subscribeToDeletedAccount = (
  uid: string,
  onData: (account: DeletedAccount | null) => void,
  onError: OnError,
) => onSnapshot(deletedAccountDoc(uid), (snapshot) => onData(snapshot.data() ?? null), onError);

/** Corrects what a customer's tax invoices will print (issued ones keep theirs); answers the fields changed. */
export function updateBillingDetails(uid: string, details: BillingDetailsForm): Promise<{ changed: string[] }> {
  return apiClient.post(
    `/api/staff/customers/${encodeURIComponent(uid)}/billing`,
    billingDetailsSchema.parse(details),
    { withAuth: true },
  );
}
