import {
  getDoc,
  onSnapshot,
  orderBy,
  query,
  Timestamp,
  where,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore';
import {
  dateRangeMs,
  enquiryUpdateSchema,
  issueProformaSchema,
  proformaFieldsSchema,
  type ProformaFields,
  offlinePaymentSchema,
  refundRequestSchema,
  searchTerm,
  type DateRange,
  type EnquiryUpdate,
  type IssueProforma,
  type OfflinePayment,
  type RefundRequest,
} from '@/domain/staff';
import { PAYMENT_EXCEPTIONS, type PaymentStatus } from '@/domain/console-status';
import { billingDetailsSchema, type BillingDetailsForm } from '@/domain/profile-schemas';
import { apiClient, ApiError, appCheckHeaders } from '@/lib/api-client';
import { env } from '@/lib/env';
import {
  customersCollection,
  deletedAccountDoc,
  enquiriesCollection,
  enquiryDoc,
  leaseDoc,
  mailCollection,
  ordersOfEveryone,
  paymentsCollection,
  taxDocumentsCollection,
  userDoc,
  type Customer,
  type DeletedAccount,
  type Enquiry,
  type JobRun,
  type Profile,
} from '@/lib/firestore';
import { currentIdToken, loadAuth } from '@/lib/session';

/** The only module of the console that talks to Firestore (reads, under the rules) or the API (every write). */

/** Whether the signed-in user carries the `staff` claim (the token is refreshed once, so a fresh grant counts). */
export async function hasStaffClaim(): Promise<boolean> {
  const { auth } = await loadAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return false;
  const token = await user.getIdTokenResult();
  if (token.claims.staff === true) return true;
  return (await user.getIdTokenResult(true)).claims.staff === true;
}

// ---- Lists (each a Query the paged-list hook pages through) --------------------------------------

/** A prefix search on a lower-cased copy: by email when the term has an '@', else by name. */
function prefixOn(term: string): QueryConstraint[] {
  const field = term.includes('@') ? 'emailLower' : 'nameLower';
  return [where(field, '>=', term), where(field, '<=', `${term}\uf8ff`), orderBy(field)];
}

export interface InboxFilter {
  status: string;
  search: string;
}

/** The inbox: newest first, or matching names/emails in order when searching; optionally one status. */
export function inboxQuery(filter: InboxFilter): Query<Enquiry> {
  const term = searchTerm(filter.search);
  const byStatus = filter.status ? [where('status', '==', filter.status)] : [];
  return query(enquiriesCollection(), ...byStatus, ...(term ? prefixOn(term) : [orderBy('submittedAt', 'desc')]));
}

export function customersQuery(search: string): Query<Customer> {
  const term = searchTerm(search);
  return query(customersCollection(), ...(term ? prefixOn(term) : [orderBy('createdAt', 'desc')]));
}

export function ordersQuery(status: string) {
  return query(ordersOfEveryone(), ...(status ? [where('status', '==', status)] : []), orderBy('createdAt', 'desc'));
}

export interface PaymentsFilter {
  /** '' for every status, 'exceptions' for the ones that need a person. */
  status: PaymentStatus | 'exceptions' | '';
  range: DateRange | null;
}

export function paymentsQuery(filter: PaymentsFilter) {
  const constraints: QueryConstraint[] = [];
  if (filter.status === 'exceptions') constraints.push(where('status', 'in', [...PAYMENT_EXCEPTIONS]));
  else if (filter.status) constraints.push(where('status', '==', filter.status));
  if (filter.range) {
    const { startMs, endMs } = dateRangeMs(filter.range);
    constraints.push(
      where('createdAt', '>=', Timestamp.fromMillis(startMs)),
      where('createdAt', '<', Timestamp.fromMillis(endMs)),
    );
  }
  return query(paymentsCollection(), ...constraints, orderBy('createdAt', 'desc'));
}

export const customerPaymentsQuery = (uid: string) =>
  query(paymentsCollection(), where('uid', '==', uid), orderBy('createdAt', 'desc'));
export {
  invoicesNewestFirst as customerInvoicesQuery,
  ordersNewestFirst as customerOrdersQuery,
  queriesNewestFirst as customerQueriesQuery,
} from '@/lib/firestore';

export const mailQuery = (status: string) =>
  query(mailCollection(), ...(status ? [where('status', '==', status)] : []), orderBy('createdAt', 'desc'));
export const documentsQuery = () => query(taxDocumentsCollection(), orderBy('createdAt', 'desc'));

// ---- Single documents, live --------------------------------------------------------------------

type OnError = (error: Error) => void;

export const subscribeToEnquiry = (id: string, onData: (enquiry: Enquiry | null) => void, onError: OnError) =>
  onSnapshot(enquiryDoc(id), (snapshot) => onData(snapshot.data() ?? null), onError);

export const subscribeToCustomer = (uid: string, onData: (profile: Profile | null) => void, onError: OnError) =>
  onSnapshot(userDoc(uid), (snapshot) => onData(snapshot.data() ?? null), onError);

/** A customer who deleted their account: what is left (null when the uid never had an account). */
export const subscribeToDeletedAccount = (
  uid: string,
  onData: (account: DeletedAccount | null) => void,
  onError: OnError,
) => onSnapshot(deletedAccountDoc(uid), (snapshot) => onData(snapshot.data() ?? null), onError);

/** The tax documents issued to one customer, newest first (kept after their account is deleted). */
export const customerDocumentsQuery = (uid: string) =>
  query(taxDocumentsCollection(), where('uid', '==', uid), orderBy('createdAt', 'desc'));

export const subscribeToJobRun = (name: string, onData: (run: JobRun | null) => void, onError: OnError) =>
  onSnapshot(leaseDoc(name), (snapshot) => onData(snapshot.data() ?? null), onError);

export async function getCustomer(uid: string): Promise<Profile | null> {
  return (await getDoc(userDoc(uid))).data() ?? null;
}

// ---- Every write: the API, which checks the claim and audits --------------------------------------

const withAuth = { withAuth: true };

export function updateEnquiry(id: string, update: EnquiryUpdate): Promise<{ changed: boolean }> {
  return apiClient.post(`/api/staff/enquiries/${encodeURIComponent(id)}`, enquiryUpdateSchema.parse(update), withAuth);
}

/** A proforma the server issued: its number, what it charges (GST included) and its pay link. */
export interface IssuedProforma {
  id: string;
  number: string;
  amountPaise: number;
  payUrl: string;
}

/** Corrects what a customer's tax invoices will print (issued ones keep theirs); answers the fields changed. */
export function updateBillingDetails(uid: string, details: BillingDetailsForm): Promise<{ changed: string[] }> {
  return apiClient.post(
    `/api/staff/customers/${encodeURIComponent(uid)}/billing`,
    billingDetailsSchema.parse(details),
    withAuth,
  );
}

export function issueProforma(input: IssueProforma): Promise<IssuedProforma> {
  return apiClient.post('/api/staff/invoices', issueProformaSchema.parse(input), withAuth);
}

/**
 * Bills an enquiry: a proforma to whoever sent it, also someone with no account (a lead's
 * customer record is made for their email). Answers who was billed.
 */
export function billEnquiry(
  enquiryId: string,
  fields: ProformaFields,
): Promise<IssuedProforma & { customerUid: string; isLead: boolean }> {
  return apiClient.post(
    `/api/staff/enquiries/${encodeURIComponent(enquiryId)}/proforma`,
    proformaFieldsSchema.parse(fields),
    withAuth,
  );
}

export function cancelInvoice(uid: string, invoiceId: string): Promise<{ status: string }> {
  return apiClient.post(
    `/api/staff/customers/${encodeURIComponent(uid)}/invoices/${encodeURIComponent(invoiceId)}/cancel`,
    {},
    withAuth,
  );
}

export interface RefundOutcome {
  refundId: string;
  status: 'pending' | 'processed' | 'failed';
  amountPaise: number;
  message: string;
}

/** Refunds a payment; a refusal by the gateway arrives as an ApiError with its reason. */
export function refundPayment(paymentId: string, request: RefundRequest): Promise<RefundOutcome> {
  return apiClient.post<RefundOutcome>(
    `/api/staff/payments/${encodeURIComponent(paymentId)}/refunds`,
    refundRequestSchema.parse(request),
    withAuth,
  );
}

export function recordOfflinePayment(input: OfflinePayment): Promise<{ paymentId: string; outcome: string }> {
  return apiClient.post('/api/staff/payments/offline', offlinePaymentSchema.parse(input), withAuth);
}

export function runReconciliation(): Promise<Record<string, number>> {
  return apiClient.post('/api/staff/jobs/reconcile/run', {}, withAuth);
}

export function resendMail(id: string): Promise<{ status: string }> {
  return apiClient.post(`/api/staff/mail/${encodeURIComponent(id)}/resend`, {}, withAuth);
}

/** A file the API serves to staff (a CSV export, a document's PDF), as a Blob. */
async function downloadFile(path: string): Promise<Blob> {
  const [token, appCheck] = await Promise.all([currentIdToken(), appCheckHeaders()]);
  const response = await fetch(`${env.apiUrl}${path}`, {
    headers: { ...appCheck, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? `Download failed (${response.status}).`);
  }
  return response.blob();
}

/** The payments of a date range as a CSV file, for the accountant. */
export const downloadPaymentsCsv = (range: DateRange) =>
  downloadFile(`/api/staff/payments.csv?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`);

/** An issued tax invoice, receipt or credit note as PDF (staff may read every document). */
export const downloadDocumentPdf = (id: string) => downloadFile(`/api/documents/${encodeURIComponent(id)}.pdf`);
