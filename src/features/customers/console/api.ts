import { getDoc, onSnapshot, orderBy, query, type Query } from 'firebase/firestore';
import { billingDetailsSchema, type BillingDetailsForm } from '@/domain/profile-schemas';
import { apiClient } from '@/lib/api-client';
import {
  customersCollection,
  deletedAccountDoc,
  userDoc,
  type Customer,
  type DeletedAccount,
  type Profile,
} from '../data';
import { searchOn } from '@/lib/search-query';

export { queriesNewestFirst as customerQueriesQuery } from '@/features/enquiries';

/** Customers, newest first; only those holding the searched words (any word of a name, business, email, phone, GSTIN). */
export function customersQuery(search: string): Query<Customer> {
  return query(customersCollection(), ...searchOn(search), orderBy('createdAt', 'desc'));
}

type OnError = (error: Error) => void;

export const subscribeToCustomer = (uid: string, onData: (profile: Profile | null) => void, onError: OnError) =>
  onSnapshot(userDoc(uid), (snapshot) => onData(snapshot.data() ?? null), onError);

/** A customer who deleted their account: what is left (null when the uid never had an account). */
export const subscribeToDeletedAccount = (
  uid: string,
  onData: (account: DeletedAccount | null) => void,
  onError: OnError,
) => onSnapshot(deletedAccountDoc(uid), (snapshot) => onData(snapshot.data() ?? null), onError);

export async function getCustomer(uid: string): Promise<Profile | null> {
  return (await getDoc(userDoc(uid))).data() ?? null;
}

/** Corrects what a customer's tax invoices will print (issued ones keep theirs); answers the fields changed. */
export function updateBillingDetails(uid: string, details: BillingDetailsForm): Promise<{ changed: string[] }> {
  return apiClient.post(
    `/api/staff/customers/${encodeURIComponent(uid)}/billing`,
    billingDetailsSchema.parse(details),
    { withAuth: true },
  );
}
