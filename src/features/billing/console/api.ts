import {
  getAggregateFromServer,
  orderBy,
  query,
  sum,
  Timestamp,
  where,
  type QueryConstraint,
} from 'firebase/firestore';
import { dateRangeMs, istToday, monthRangeMs, type DateRange } from '@/domain/ist';
import { issueProformaSchema, type IssueProforma, type ProformaPreview } from '@/domain/proforma';
import { offlinePaymentSchema, refundRequestSchema, type OfflinePayment, type RefundRequest } from '@/domain/payments';
import { PAYABLE_STATUSES, PAYMENT_EXCEPTIONS, type PaymentStatus } from '@/domain/console-status';
import { OPEN_STATUSES } from '@/domain/status';
import { searchQueryOf } from '@/domain/search';
import { tdsCertificateRejectSchema, type TdsCertificateView } from '@/domain/tds-certificates';
import { apiClient, type ApiFile } from '@/lib/api-client';
import { searchOn } from '@/lib/search-query';
import { invoicesOfEveryone, type IssuedProforma } from '@/records/invoices';
import { ordersOfEveryone } from '@/records/orders';
import { paymentsCollection } from '../data';

/** The console's billing: reads under the rules (Firestore), every write through the API. */

// ---- Lists (each a Query the paged-list hook pages through) --------------------------------------

/** The invoices list: '' all, a status, or 'overdue' (unpaid past their due date, the longest overdue first). */
export type InvoicesView = '' | 'overdue' | (typeof PAYABLE_STATUSES)[number];

export function invoicesQuery(view: InvoicesView, search = '') {
  // A search (number, PO number, vendor code, buyer) looks through every invoice, whatever the view.
  if (searchQueryOf(search)) return query(invoicesOfEveryone(), ...searchOn(search), orderBy('createdAt', 'desc'));
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

// ---- The console's home: counts and sums the database works out (never a whole collection read) ----

/** Invoices past their due date with something still to pay (Pending, or Partially paid). */
export const overdueInvoicesQuery = () =>
  query(invoicesOfEveryone(), where('status', 'in', OPEN_STATUSES), where('dueDate', '<', istToday()));
export const paymentExceptionsQuery = () => query(paymentsCollection(), where('status', 'in', [...PAYMENT_EXCEPTIONS]));

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

// ---- Every write: the API, which checks the claim and audits --------------------------------------

const withAuth = { withAuth: true };

export function previewProforma(input: IssueProforma): Promise<ProformaPreview> {
  return apiClient.post('/api/staff/invoices/preview', issueProformaSchema.parse(input), withAuth);
}

export function issueProforma(input: IssueProforma): Promise<IssuedProforma> {
  return apiClient.post('/api/staff/invoices', issueProformaSchema.parse(input), withAuth);
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

/** The payments of a date range as a CSV file, for the accountant. */
export const downloadPaymentsCsv = (range: DateRange) =>
  apiClient.getFile(
    `/api/staff/payments.csv?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`,
    withAuth,
  );

// ---- TDS certificates ---------------------------------------------------------------------------

export interface TdsCertificateFilter {
  /** '2026-27-Q3', or '' for every quarter. */
  quarter: string;
  /** 'awaited', 'received', 'verified', or '' for all. */
  status: string;
}

/** One page of the console's TDS certificates, by quarter and status, newest first. */
export async function staffTdsCertificates(
  filter: TdsCertificateFilter,
  after: string | null,
): Promise<{ items: TdsCertificateView[]; next: string | null }> {
  const params = new URLSearchParams();
  if (filter.quarter) params.set('quarter', filter.quarter);
  if (filter.status) params.set('status', filter.status);
  if (after) params.set('after', after);
  const page = await apiClient.get<{ certificates: TdsCertificateView[]; next: string | null }>(
    `/api/staff/tds-certificates?${params.toString()}`,
    withAuth,
  );
  return { items: page.certificates, next: page.next };
}

const staffCertificatePath = (id: string) => `/api/staff/tds-certificates/${encodeURIComponent(id)}`;

export function staffUploadTdsCertificate(id: string, file: File): Promise<TdsCertificateView> {
  return apiClient.upload(`${staffCertificatePath(id)}/file?name=${encodeURIComponent(file.name)}`, file, withAuth);
}

export const staffDownloadTdsCertificate = (id: string): Promise<ApiFile> =>
  apiClient.getFile(`${staffCertificatePath(id)}/file`, withAuth);

export function verifyTdsCertificate(id: string): Promise<TdsCertificateView> {
  return apiClient.post(`${staffCertificatePath(id)}/verify`, {}, withAuth);
}

export function rejectTdsCertificate(id: string, reason: string): Promise<TdsCertificateView> {
  return apiClient.post(`${staffCertificatePath(id)}/reject`, tdsCertificateRejectSchema.parse({ reason }), withAuth);
}

/** The reminders job, now: each company whose certificates of a past quarter are awaited, mailed once. */
export function runTdsReminders(): Promise<{ outcome: string; report?: { reminded: number; already: number } }> {
  return apiClient.post('/api/staff/jobs/tds-certificates/run', {}, withAuth);
}
