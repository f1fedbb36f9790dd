import { apiClient } from '@/lib/api-client';
import type { ContactForm } from '@/domain/schemas';
import type { QuoteRequestForm } from '@/domain/quote-request';

/**
 * Sends a query to the API and returns the server's message. The ID token goes along when
 * someone is signed in, so the server files the query under that account.
 */
export async function submitQuery(form: ContactForm, userId: string | null): Promise<string> {
  // The schemas load with the form's validation, never with the landing page (see query-form.tsx).
  const { contactFormSchema } = await import('@/domain/schemas');
  const body = contactFormSchema.parse({ ...form, userId });
  const { message } = await apiClient.post<{ message: string }>('/api/contact', body, { withAuth: true });
  return message;
}

/**
 * Sends a request for a quote (the same endpoint and limits as a query, `kind: 'quote request'`)
 * and returns the server's message; filed under the signed-in account when there is one.
 */
export async function submitQuoteRequest(form: QuoteRequestForm, userId: string | null): Promise<string> {
  const { quoteRequestSchema } = await import('@/domain/quote-request');
  const body = quoteRequestSchema.parse({ ...form, userId });
  const { message } = await apiClient.post<{ message: string }>('/api/contact', body, { withAuth: true });
  return message;
}
