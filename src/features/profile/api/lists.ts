import { doc } from 'firebase/firestore';
import { invoicesOf, type Invoice } from '@/records/invoices';
import { listenToDoc } from '@/lib/firestore';

// The profile's three lists, newest first: lib/paged-list.ts reads them a page at a time.
export { invoicesNewestFirst as invoicesQuery } from '@/records/invoices';
export { ordersNewestFirst as ordersQuery } from '@/records/orders';
export { queriesNewestFirst as queriesQuery } from '@/records/queries';

type OnError = (error: Error) => void;

/** One invoice, live (the invoice a mail links to); null when the user has no such invoice. */
export const subscribeToInvoice = (
  uid: string,
  invoiceDocId: string,
  onData: (invoice: Invoice | null) => void,
  onError: OnError,
) => listenToDoc(doc(invoicesOf(uid), invoiceDocId), onData, onError);
