import {
  count,
  getAggregateFromServer,
  getCountFromServer,
  getDoc,
  onSnapshot,
  orderBy,
  query,
  sum,
  Timestamp,
  where,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore';
import {
  dateRangeMs,
  istToday,
  monthRangeMs,
  monthSchema,
  enquiryUpdateSchema,
  issueProformaSchema,
  proformaFieldsSchema,
  type ProformaFields,
  offlinePaymentSchema,
  refundRequestSchema,
  type DateRange,
  type EnquiryUpdate,
  type IssueProforma,
  type OfflinePayment,
  type ProformaPreview,
  type RefundRequest,
} from '@/domain/staff';
import { searchQueryOf } from '@/domain/search';
import { PAYABLE_STATUSES, PAYMENT_EXCEPTIONS, type PaymentStatus } from '@/domain/console-status';
import { OPEN_STATUSES, STATUS } from '@/domain/status';
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
  invoicesOfEveryone,
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
import {
  forecastMonthRange,
  LIVE_SERVICE_STATUSES,
  nextMonths,
  SERVICE_STATUS,
  serviceUpdateSchema,
  type ServiceUpdate,
} from '@/domain/renewals';
import { addDays } from '@/domain/staff';
import { servicesOfEveryone } from '@/lib/firestore';

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

/**
 * A search box's words as a query constraint: rows whose search tokens hold its longest word
 * (src/domain/search.ts). The rows shown must also hold its other words: see `matchesSearch`.
 */
function searchOn(search: string): QueryConstraint[] {
  const asked = searchQueryOf(search);
  return asked ? [where('searchTokens', 'array-contains', asked.token)] : [];
}

/** Whether a row found by `searchOn` also holds the search box's other words. */
export function matchesSearch(search: string, row: { searchTokens?: string[] }): boolean {
  const asked = searchQueryOf(search);
  return !asked || asked.others.every((word) => row.searchTokens?.includes(word));
}

export interface InboxFilter {
  status: string;
  search: string;
}

/** The inbox, newest first: optionally one status, and only enquiries holding the searched words. */
export function inboxQuery(filter: InboxFilter): Query<Enquiry> {
  const byStatus = filter.status ? [where('status', '==', filter.status)] : [];
  return query(enquiriesCollection(), ...byStatus, ...searchOn(filter.search), orderBy('submittedAt', 'desc'));
}

/** Customers, newest first; only those holding the searched words (any word of a name, business, email, phone, GSTIN). */
export function customersQuery(search: string): Query<Customer> {
  return query(customersCollection(), ...searchOn(search), orderBy('createdAt', 'desc'));
}

/** The invoices list: '' all, a status, or 'overdue' (unpaid past their due date, the longest overdue first). */
export type InvoicesView = '' | 'overdue' | (typeof PAYABLE_STATUSES)[number];

export function invoicesQuery(view: InvoicesView) {
  if (view === 'overdue') return query(overdueInvoicesQuery(), orderBy('dueDate'));
  return query(invoicesOfEveryone(), ...(view ? [where('status', '==', view)] : []), orderBy('createdAt', 'desc'));
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

// ---- The console's home: counts and sums the database works out (never a whole collection read) ----

/** A figure of the console's home: how many (or how much), read with an aggregate query. */
export const countOf = async (source: Query<unknown>) => (await getCountFromServer(source)).data().count;

export const newEnquiriesQuery = () => query(enquiriesCollection(), where('status', '==', STATUS.new));
/** Invoices past their due date with something still to pay (Pending, or Partially paid). */
export const overdueInvoicesQuery = () =>
  query(invoicesOfEveryone(), where('status', 'in', OPEN_STATUSES), where('dueDate', '<', istToday()));
export const paymentExceptionsQuery = () => query(paymentsCollection(), where('status', 'in', [...PAYMENT_EXCEPTIONS]));

/** 'YYYY-MM' of the 12 months ending with this one, in India's calendar, oldest first. */
export function lastMonths(count: number, nowMs = Date.now()): string[] {
  const [year, month] = istToday(nowMs).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (count - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

/**
 * What customers paid in one month (India time): captured payments, less what was refunded of them,
 * in paise. Summed by the database over that month's payments.
 */
export async function receivedInMonth(month: string): Promise<number> {
  const { startMs, endMs } = monthRangeMs(month);
  const inMonth = query(
    paymentsCollection(),
    where('status', 'in', ['paid', 'refunded']),
    where('createdAt', '>=', Timestamp.fromMillis(startMs)),
    where('createdAt', '<', Timestamp.fromMillis(endMs)),
  );
  const totals = (
    await getAggregateFromServer(inMonth, { received: sum('amountPaise'), refunded: sum('refundedPaise') })
  ).data();
  return (totals.received ?? 0) - (totals.refunded ?? 0);
}

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

export function previewProforma(input: IssueProforma): Promise<ProformaPreview> {
  return apiClient.post('/api/staff/invoices/preview', issueProformaSchema.parse(input), withAuth);
}

export function previewEnquiryBill(enquiryId: string, fields: ProformaFields): Promise<ProformaPreview> {
  return apiClient.post(
    `/api/staff/enquiries/${encodeURIComponent(enquiryId)}/proforma/preview`,
    proformaFieldsSchema.parse(fields),
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

export function recordOfflinePayment(
  input: OfflinePayment,
): Promise<{ paymentId: string; outcome: 'paid' | 'part-paid' | 'already-recorded'; balanceDuePaise: number }> {
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

/** A month's accountant's pack (GSTR-1 tables, the register of documents, the payments) as a ZIP. */
export const downloadAccountantPack = (month: string) =>
  downloadFile(`/api/staff/accountant-pack?month=${encodeURIComponent(monthSchema.parse(month))}`);

/** An issued tax invoice, receipt or credit note as PDF (staff may read every document). */
export const downloadDocumentPdf = (id: string) => downloadFile(`/api/documents/${encodeURIComponent(id)}.pdf`);

// ---- Renewals: services with a yearly fee, across customers ------------------------------------------

/** The Renewals screen's lists: due in the next 90 days, overdue, lapsed, cancelled. */
export type RenewalsView = 'due' | 'overdue' | 'lapsed' | 'cancelled';
export const RENEWALS_DUE_WITHIN_DAYS = 90;

/** Soonest renewal first. */
export function renewalsQuery(view: RenewalsView, today = istToday()) {
  const byDate = orderBy('renewsOn');
  switch (view) {
    case 'due':
      return query(
        servicesOfEveryone(),
        where('status', 'in', [SERVICE_STATUS.active, SERVICE_STATUS.due]),
        where('renewsOn', '<=', addDays(today, RENEWALS_DUE_WITHIN_DAYS)),
        byDate,
      );
    case 'overdue':
      return query(servicesOfEveryone(), where('status', '==', SERVICE_STATUS.overdue), byDate);
    case 'lapsed':
      return query(servicesOfEveryone(), where('status', '==', SERVICE_STATUS.lapsed), byDate);
    case 'cancelled':
      return query(servicesOfEveryone(), where('status', '==', SERVICE_STATUS.cancelled), byDate);
  }
}

/** The home's figure: renewals invoiced and awaiting payment, not yet late. */
export const renewalsDueQuery = () => query(servicesOfEveryone(), where('status', '==', SERVICE_STATUS.due));

export interface ForecastMonth {
  /** 'YYYY-MM'. */
  month: string;
  /** The yearly fees of the live services renewing that month (the first month also takes overdue ones). */
  totalPaise: number;
  services: number;
}

/**
 * What renewals should bring in over the 12 months starting with this one: the yearly fees of the
 * services still renewing (Active, Renewal due, Overdue), by the month of their renewal date.
 * Summed by the database, one aggregate per month.
 */
export function renewalForecast(today = istToday()): Promise<ForecastMonth[]> {
  return Promise.all(
    nextMonths(today, 12).map(async (month, index) => {
      const { from, to } = forecastMonthRange(month, index === 0);
      const inMonth = query(
        servicesOfEveryone(),
        where('status', 'in', LIVE_SERVICE_STATUSES),
        ...(from ? [where('renewsOn', '>=', from)] : []),
        where('renewsOn', '<', to),
      );
      const totals = (await getAggregateFromServer(inMonth, { fees: sum('yearlyFeePaise'), services: count() })).data();
      return { month, totalPaise: totals.fees ?? 0, services: totals.services };
    }),
  );
}

export function runRenewals(): Promise<Record<string, unknown>> {
  return apiClient.post('/api/staff/jobs/renewals/run', {}, withAuth);
}

const servicePath = (uid: string, serviceId: string) =>
  `/api/staff/customers/${encodeURIComponent(uid)}/services/${encodeURIComponent(serviceId)}`;

/** A new renewal date or yearly fee; an open renewal invoice is replaced by one at the new terms. */
export function updateService(uid: string, serviceId: string, update: ServiceUpdate): Promise<{ changed: string[] }> {
  return apiClient.post(servicePath(uid, serviceId), serviceUpdateSchema.parse(update), withAuth);
}

export function cancelService(uid: string, serviceId: string): Promise<{ status: string }> {
  return apiClient.post(`${servicePath(uid, serviceId)}/cancel`, {}, withAuth);
}

export function reinstateService(uid: string, serviceId: string): Promise<{ status: string }> {
  return apiClient.post(`${servicePath(uid, serviceId)}/reinstate`, {}, withAuth);
}
