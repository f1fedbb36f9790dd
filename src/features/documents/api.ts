import { doc } from 'firebase/firestore';
import type { DocumentKind } from '@/domain/tax-document';
import { ApiError, apiClient, type ApiFile } from '@/lib/api-client';
import { invoicesOf, type Invoice } from '@/records/invoices';
import { ordersOf, type Order } from '@/records/orders';
import { listenToDoc } from '@/lib/firestore';

/** The only module of the receipts feature that talks to Firestore or the API. */

export type ReceiptSubject = { kind: 'order'; order: Order } | { kind: 'invoice'; invoice: Invoice };

/** The paid (or still pending) order or invoice, live: the page follows the server's status. */
export function subscribeToSubject(
  uid: string,
  kind: 'order' | 'invoice',
  id: string,
  onData: (subject: ReceiptSubject | null) => void,
  onError: (error: Error) => void,
): () => void {
  if (kind === 'order') {
    return listenToDoc(doc(ordersOf(uid), id), (order) => onData(order && { kind, order }), onError);
  }
  return listenToDoc(doc(invoicesOf(uid), id), (invoice) => onData(invoice && { kind, invoice }), onError);
}

/** What GET /api/documents/:id says about the tax document of a payment. */
export type TaxDocumentInfo =
  { status: 'pending' } | { status: 'issued'; kind: DocumentKind; number: string; downloadLabel: string };

/** The payment's tax document, or null when it has none (paid before documents existed, or not ours). */
export async function loadTaxDocumentInfo(paymentId: string): Promise<TaxDocumentInfo | null> {
  try {
    return await apiClient.get<TaxDocumentInfo>(`/api/documents/${encodeURIComponent(paymentId)}`, { withAuth: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The PDF, fetched with the ID token. An ApiError 409 means it is still being numbered. */
export function downloadTaxDocument(paymentId: string): Promise<ApiFile> {
  return apiClient.getFile(`/api/documents/${encodeURIComponent(paymentId)}.pdf`, { withAuth: true });
}
