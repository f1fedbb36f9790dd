import { doc, orderBy, query } from 'firebase/firestore';
import {
  invoicesOf,
  listenToDoc,
  listenToList,
  ordersOf,
  queriesOf,
  type CustomerQuery,
  type Invoice,
  type Order,
} from '@/lib/firestore';

// The profile's three lists, newest first and live (see listenToList); each returns its unsubscribe.

type OnData<T> = (items: T[]) => void;
type OnError = (error: Error) => void;

export const subscribeToInvoices = (uid: string, onData: OnData<Invoice>, onError: OnError) =>
  listenToList(query(invoicesOf(uid), orderBy('createdAt', 'desc')), onData, onError);

export const subscribeToQueries = (uid: string, onData: OnData<CustomerQuery>, onError: OnError) =>
  listenToList(query(queriesOf(uid), orderBy('submittedAt', 'desc')), onData, onError);

export const subscribeToOrders = (uid: string, onData: OnData<Order>, onError: OnError) =>
  listenToList(query(ordersOf(uid), orderBy('createdAt', 'desc')), onData, onError);

/** One invoice, live (the invoice a mail links to); null when the user has no such invoice. */
export const subscribeToInvoice = (
  uid: string,
  invoiceDocId: string,
  onData: (invoice: Invoice | null) => void,
  onError: OnError,
) => listenToDoc(doc(invoicesOf(uid), invoiceDocId), onData, onError);
