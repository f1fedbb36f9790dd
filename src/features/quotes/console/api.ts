import { count, getAggregateFromServer, onSnapshot, orderBy, query, sum, Timestamp, where } from 'firebase/firestore';
import type { Query, QueryConstraint } from 'firebase/firestore';
import { QUOTE_REQUEST_KIND } from '@/domain/quote-request';
import {
  newQuoteSchema,
  QUOTE_STATUS,
  quoteFieldsSchema,
  type NewQuoteInput,
  type QuoteFieldsInput,
  type QuoteStatus,
  type QuoteView,
} from '@/domain/quotes';
import { addDays, istDayStartMs, istToday } from '@/domain/ist';
import { apiClient, type ApiFile } from '@/lib/api-client';
import { enquiriesCollection } from '@/records/enquiries';
import { quoteDoc, quotesCollection, type QuoteRecord } from '../data';
import { taxDocumentsCollection } from '@/records/tax-documents';

/**
 * The console's quotes: reads under the rules (lists, one quote live, the pipeline's counts and
 * sums, which the database works out) and every change through the API, which checks the staff
 * claim and audits. Its own module beside api.ts, which holds the rest of the console's calls.
 */

const withAuth = { withAuth: true };

// ---- Lists -------------------------------------------------------------------------------------

/** The quotes list's views: every quote, or one status (Sent and Expired are told apart by date). */
export type QuotesView = '' | QuoteStatus;

/** Which quotes a view holds, without its order (also what its totals add up). */
function viewConstraints(view: QuotesView, today = istToday()): QueryConstraint[] {
  if (view === QUOTE_STATUS.sent) return [where('status', '==', 'Sent'), where('validUntil', '>=', today)];
  if (view === QUOTE_STATUS.expired) return [where('status', '==', 'Sent'), where('validUntil', '<', today)];
  return view ? [where('status', '==', view)] : [];
}

/** A view's quotes, newest first; open ones by the day they lapse (soonest first), expired ones latest first. */
export function quotesQuery(view: QuotesView) {
  const order =
    view === QUOTE_STATUS.sent
      ? orderBy('validUntil')
      : view === QUOTE_STATUS.expired
        ? orderBy('validUntil', 'desc')
        : orderBy('createdAt', 'desc');
  return query(quotesCollection(), ...viewConstraints(view), order);
}

export const customerQuotesQuery = (uid: string) =>
  query(quotesCollection(), where('uid', '==', uid), orderBy('createdAt', 'desc'));
export const enquiryQuotesQuery = (enquiryId: string) =>
  query(quotesCollection(), where('enquiryId', '==', enquiryId), orderBy('createdAt', 'desc'));

export interface QuoteTotals {
  count: number;
  /** What the view's quotes come to, GST included, and what has been paid of them. */
  totalPaise: number;
  paidPaise: number;
}

/** How many quotes a view holds and what they add up to: counted and summed by the database. */
export async function quoteTotals(view: QuotesView): Promise<QuoteTotals> {
  const totals = (
    await getAggregateFromServer(query(quotesCollection(), ...viewConstraints(view)), {
      count: count(),
      total: sum('totalPaise'),
      paid: sum('paidPaise'),
    })
  ).data();
  return { count: totals.count, totalPaise: totals.total ?? 0, paidPaise: totals.paid ?? 0 };
}

export const subscribeToQuote = (
  id: string,
  onData: (quote: QuoteRecord | null) => void,
  onError: (error: Error) => void,
) => onSnapshot(quoteDoc(id), (snapshot) => onData(snapshot.data() ?? null), onError);

// ---- The pipeline, on the console's home ----------------------------------------------------------

export const FUNNEL_DAYS = 90;

export interface Funnel {
  enquiries: number;
  quoteRequests: number;
  /** Quotes first sent (a revision is the same quote). */
  quotesSent: number;
  accepted: number;
  /** Quotes whose first milestone (the deposit) was paid. */
  paid: number;
}

/**
 * The last 90 days (today included, India time), each stage counted by the database from what
 * happened in them: enquiries, quote requests, quotes sent, accepted, deposits paid. No counter is
 * kept anywhere, so the figures cannot drift from the data.
 */
export async function pipelineFunnel(nowMs = Date.now()): Promise<Funnel> {
  const since = Timestamp.fromMillis(istDayStartMs(addDays(istToday(nowMs), -(FUNNEL_DAYS - 1))));
  const countOf = async (source: Query<unknown>) =>
    (await getAggregateFromServer(source, { count: count() })).data().count;
  const [enquiries, quoteRequests, quotesSent, accepted, paid] = await Promise.all([
    countOf(query(enquiriesCollection(), where('submittedAt', '>=', since))),
    countOf(query(enquiriesCollection(), where('kind', '==', QUOTE_REQUEST_KIND), where('submittedAt', '>=', since))),
    countOf(query(quotesCollection(), where('firstSentAt', '>=', since))),
    countOf(query(quotesCollection(), where('acceptedAt', '>=', since))),
    countOf(query(quotesCollection(), where('depositPaidAt', '>=', since))),
  ]);
  return { enquiries, quoteRequests, quotesSent, accepted, paid };
}

/**
 * What quotes' milestone invoices brought in during one month (India time), in paise: the tax
 * documents of their payments (each keeps where its invoice came from), summed by the database.
 */
export async function quoteRevenueInMonth(month: string): Promise<number> {
  const startMs = Date.parse(`${month}-01T00:00:00+05:30`);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, monthNumber, 1)).toISOString().slice(0, 7);
  const endMs = Date.parse(`${next}-01T00:00:00+05:30`);
  const inMonth = query(
    taxDocumentsCollection(),
    where('subject.source.kind', '==', 'quote'),
    where('paidAt', '>=', Timestamp.fromMillis(startMs)),
    where('paidAt', '<', Timestamp.fromMillis(endMs)),
  );
  return (await getAggregateFromServer(inMonth, { received: sum('amountPaise') })).data().received ?? 0;
}

// ---- Every change: the API ----------------------------------------------------------------------

export function createQuote(input: NewQuoteInput): Promise<{ id: string; number: string; uid: string }> {
  return apiClient.post('/api/staff/quotes', newQuoteSchema.parse(input), withAuth);
}

const path = (id: string, rest = '') => `/api/staff/quotes/${encodeURIComponent(id)}${rest}`;

export function updateQuote(id: string, fields: QuoteFieldsInput): Promise<{ status: string }> {
  return apiClient.post(path(id), quoteFieldsSchema.parse(fields), withAuth);
}

/** What the customer will see (a draft, as it would be sent now), or sees. */
export const previewQuote = (id: string) => apiClient.get<QuoteView>(path(id, '/preview'), withAuth);

export const downloadQuotePdf = (id: string): Promise<ApiFile> => apiClient.getFile(path(id, '/quote.pdf'), withAuth);

export const sendQuote = (id: string): Promise<{ status: string; number: string; version: number }> =>
  apiClient.post(path(id, '/send'), {}, withAuth);

export const reviseQuote = (id: string): Promise<{ id: string; version: number }> =>
  apiClient.post(path(id, '/revise'), {}, withAuth);

export const withdrawQuote = (id: string, reason: string): Promise<{ status: string }> =>
  apiClient.post(path(id, '/withdraw'), { reason }, withAuth);

