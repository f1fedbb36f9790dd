import {
  acceptQuoteSchema,
  declineQuoteSchema,
  quoteChangesSchema,
  type AcceptQuote,
  type QuoteView,
} from '@/domain/quotes';
import { apiClient, type ApiFile } from '@/lib/api-client';
import { env } from '@/lib/env';

/**
 * The only module of the quote page that talks to the API. A quote is opened by its mailed link
 * (no account: the token is all it takes) or, signed in, by its id (the customer's own only).
 */
export type QuoteSource = { kind: 'link'; token: string } | { kind: 'account'; id: string };

const base = (source: QuoteSource) =>
  source.kind === 'link'
    ? `/api/quote-links/${encodeURIComponent(source.token)}`
    : `/api/quotes/${encodeURIComponent(source.id)}`;
const options = (source: QuoteSource) => ({ withAuth: source.kind === 'account' });

/** The value checked with the shared schema; a refusal throws its first message (what the server would say). */
function checked<T>(
  schema: {
    safeParse: (
      value: unknown,
    ) => { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } };
  },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Please check the form.');
  return result.data;
}

export function getQuote(source: QuoteSource): Promise<QuoteView> {
  return apiClient.get<QuoteView>(base(source), options(source));
}

/** What accepting answers: the first milestone's invoice, issued with it. */
export interface Acceptance {
  status: 'Accepted';
  outcome: 'accepted' | 'already-accepted';
  deposit: { number: string; amountPaise: number; payUrl: string } | null;
}

export function acceptQuote(source: QuoteSource, input: AcceptQuote): Promise<Acceptance> {
  return apiClient.post<Acceptance>(`${base(source)}/accept`, checked(acceptQuoteSchema, input), options(source));
}

export function declineQuote(source: QuoteSource, comment: string): Promise<{ status: string }> {
  return apiClient.post(`${base(source)}/decline`, checked(declineQuoteSchema, { comment }), options(source));
}

export function askForChanges(source: QuoteSource, comment: string): Promise<{ status: string }> {
  return apiClient.post(`${base(source)}/changes`, checked(quoteChangesSchema, { comment }), options(source));
}

/** A link's PDF downloads by plain link; an account's needs the ID token, so it is fetched. */
export const quotePdfHref = (source: QuoteSource) =>
  source.kind === 'link' ? `${env.apiUrl}${base(source)}/quote.pdf` : null;

export function downloadQuotePdf(source: QuoteSource): Promise<ApiFile> {
  return apiClient.getFile(`${base(source)}/quote.pdf`, options(source));
}
