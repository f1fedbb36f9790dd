import { deleteDoc, doc, getDoc, getDocs, orderBy, query, serverTimestamp, setDoc, where } from 'firebase/firestore';
import type { CartItem } from '@/domain/cart';
import { cartTotalPaise } from '@/domain/cart';
import { CURRENCY, paiseToRupees, paiseToRupeeText } from '@/domain/money';
import { makeOrderNumber } from '@/domain/order-number';
import type {
  CheckoutResult,
  PaymentOrderRequest,
  PaymentOrderResponse,
  SandboxPayResponse,
  VerifyPaymentResponse,
} from '@/domain/payments';
import type { NewInvoice, PaymentType } from '@/domain/schemas';
import { OPEN_STATUSES, STATUS } from '@/domain/status';
import type { TdsCertificateView } from '@/domain/tds-certificates';
import { apiClient, type ApiFile } from '@/lib/api-client';
import { convertedDocs } from '@/lib/converted-docs';
import { invoicesOf, type Invoice } from '@/records/invoices';
import { ordersOf, type Order } from '@/records/orders';
import { listenToList } from '@/lib/firestore';
import { userDoc } from '@/records/users';

/** The only module of the payments feature that talks to Firestore or the API. */

/** The user's invoices still to pay ('Pending' or 'Partially paid'), newest first, live. Returns the unsubscribe function. */
export function subscribeToPendingInvoices(
  uid: string,
  onData: (invoices: Invoice[]) => void,
  onError: (error: Error) => void,
): () => void {
  const pending = query(invoicesOf(uid), where('status', 'in', OPEN_STATUSES), orderBy('createdAt', 'desc'));
  return listenToList(pending, onData, onError);
}

/**
 * Creates a 'Pending' invoice for the signed-in user from the validated form, through the API
 * (which keeps invoice ids unique per customer whatever their letter case); returns its id. It is
 * the person's own company's, whatever company they act for elsewhere (`uid`).
 */
export function createInvoice(uid: string, invoice: NewInvoice): Promise<{ docId: string; invoiceId: string }> {
  return apiClient.post(
    '/api/invoices',
    {
      name: invoice.name,
      email: invoice.email,
      invoiceId: invoice.invoiceId,
      amount: paiseToRupeeText(invoice.amountPaise),
    },
    { withAuth: true, companyId: uid },
  );
}

/**
 * Deletes an invoice the user entered and has not paid (the rules refuse any other), so that a
 * mistyped or abandoned one can be entered again.
 */
export async function deleteInvoice(uid: string, docId: string): Promise<void> {
  await deleteDoc(doc(invoicesOf(uid), docId));
}

/** The user's 'Pending' orders (a single-field filter: no composite index needed). */
export async function loadPendingOrders(uid: string): Promise<Order[]> {
  const snapshot = await getDocs(query(ordersOf(uid), where('status', '==', STATUS.pending)));
  return convertedDocs(snapshot);
}

/** Creates the 'Pending' order document of a cart (the server re-prices it before charging). */
export async function createOrder(uid: string, items: CartItem[]): Promise<{ docId: string; orderNumber: string }> {
  const orderNumber = makeOrderNumber();
  const ref = doc(ordersOf(uid));
  await setDoc(ref, {
    id: ref.id,
    ownerUid: uid,
    orderNumber,
    userId: uid,
    items: items.map(({ id, name, category, price }) => ({ id, name, category, price })),
    totalPaise: cartTotalPaise(items),
    currency: CURRENCY,
    status: STATUS.pending,
    createdAt: serverTimestamp(),
  });
  return { docId: ref.id, orderNumber };
}

/** Name, email and phone for the checkout's prefill; missing fields are simply left out. */
export async function loadPrefill(uid: string): Promise<{ name?: string; email?: string; contact?: string }> {
  try {
    const profile = (await getDoc(userDoc(uid))).data();
    return {
      name: profile?.name || undefined,
      email: profile?.email || undefined,
      contact: profile?.phone || undefined,
    };
  } catch {
    return {};
  }
}

/** The gateway order the API created (or reused) for a document. */
export interface PaymentOrder {
  id: string;
  amountPaise: number;
  currency: 'INR';
  keyId: string;
  gateway: 'razorpay' | 'sandbox';
}

/** What a new invoice's payer typed, sent as the spec's body fields (the server only compares it). */
export interface ClaimedAmount {
  amountPaise: number;
  userName: string;
  userEmail: string;
}

/**
 * The company a payment is made for: the acting company by default (lib/api-client.ts); the
 * person's own for their cart's order, whatever company they act for.
 */
export interface PaymentCompany {
  companyId?: string;
}

export async function requestPaymentOrder(
  type: PaymentType,
  docId: string,
  claimed?: ClaimedAmount,
  { companyId }: PaymentCompany = {},
): Promise<PaymentOrder> {
  const body: PaymentOrderRequest = { firestore_id: docId, type, currency: CURRENCY };
  if (claimed) {
    // The spec's landing-page body: the amount in rupees, as typed.
    Object.assign(body, {
      amount: paiseToRupees(claimed.amountPaise),
      userName: claimed.userName,
      userEmail: claimed.userEmail,
    });
  }
  // The wire's `amount` is paise, as Razorpay's is.
  const { amount, ...order } = await apiClient.post<PaymentOrderResponse>('/api/payments/orders', body, {
    withAuth: true,
    companyId,
  });
  return { ...order, amountPaise: amount };
}

export function verifyPayment(
  result: CheckoutResult,
  { companyId }: PaymentCompany = {},
): Promise<VerifyPaymentResponse> {
  return apiClient.post<VerifyPaymentResponse>('/api/payments/verify', result, { withAuth: true, companyId });
}

/** The sandbox checkout's Pay / Fail buttons (only when the server has no Razorpay keys). */
export async function sandboxPay(
  orderId: string,
  outcome: 'success' | 'failure',
  { companyId }: PaymentCompany = {},
): Promise<CheckoutResult> {
  const response = await apiClient.post<SandboxPayResponse>(
    '/api/payments/sandbox/pay',
    { razorpay_order_id: orderId, outcome },
    { withAuth: true, companyId },
  );
  if (response.outcome === 'failure') throw new Error(response.error.description);
  return response.result;
}

// ---- TDS certificates (the company's, through the API) ------------------------------------------

const tdsCertificatesPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/tds-certificates`;

/** One page of the company's TDS certificates, newest first (`after`: the cursor the last page gave). */
export async function listTdsCertificates(
  companyId: string,
  after: string | null,
): Promise<{ items: TdsCertificateView[]; next: string | null }> {
  const query = after ? `?after=${encodeURIComponent(after)}` : '';
  const page = await apiClient.get<{ certificates: TdsCertificateView[]; next: string | null }>(
    `${tdsCertificatesPath(companyId)}${query}`,
    { withAuth: true },
  );
  return { items: page.certificates, next: page.next };
}

/** Uploads a certificate's PDF (the API checks it is one, and its size); answers the certificate as it is now. */
export function uploadTdsCertificate(companyId: string, id: string, file: File): Promise<TdsCertificateView> {
  return apiClient.upload<TdsCertificateView>(
    `${tdsCertificatesPath(companyId)}/${encodeURIComponent(id)}/file?name=${encodeURIComponent(file.name)}`,
    file,
    { withAuth: true },
  );
}

/** The certificate's uploaded PDF. */
export function downloadTdsCertificate(companyId: string, id: string): Promise<ApiFile> {
  return apiClient.getFile(`${tdsCertificatesPath(companyId)}/${encodeURIComponent(id)}/file`, { withAuth: true });
}
