import { doc, orderBy, query } from 'firebase/firestore';
import { invoicesOf, listenToDoc, ordersOf, queriesOf, type Invoice } from '@/lib/firestore';

// The profile's three lists, newest first: lib/paged-list.ts reads them a page at a time.

export const invoicesQuery = (uid: string) => query(invoicesOf(uid), orderBy('createdAt', 'desc'));

export const queriesQuery = (uid: string) => query(queriesOf(uid), orderBy('submittedAt', 'desc'));

export const ordersQuery = (uid: string) => query(ordersOf(uid), orderBy('createdAt', 'desc'));

type OnError = (error: Error) => void;

/** One invoice, live (the invoice a mail links to); null when the user has no such invoice. */
export const subscribeToInvoice = (
  uid: string,
  invoiceDocId: string,
  onData: (invoice: Invoice | null) => void,
  onError: OnError,
) => listenToDoc(doc(invoicesOf(uid), invoiceDocId), onData, onError);
