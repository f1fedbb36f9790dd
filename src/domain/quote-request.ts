import { z } from 'zod';
import { contactFormSchema, required, type ContactSubmission } from './schemas';

/**
 * A request for a quote: the contact form's sender fields plus what the project is (one of the
 * catalogue's five categories, or 'Other'), a short brief, a budget band and a timeline. It is
 * stored as an enquiry of kind 'quote request' and mailed like any enquiry.
 */

export const QUOTE_REQUEST_KIND = 'quote request';

export const OTHER_PROJECT_TYPE = 'Other';
/**
 * The catalogue's five category names (a unit test keeps them equal) and 'Other'. Written out, not
 * read from the catalogue: the quote form's chunk would otherwise split the catalogue out of the
 * landing page's own chunk.
 */
export const PROJECT_TYPES = [
  'Factory Management',
  'Websites & E-commerce',
  'Learning Apps',
  'Gym & Fitness',
  'Home Automation',
  OTHER_PROJECT_TYPE,
] as const;

export const BUDGET_BANDS = [
  'Under ₹1 lakh',
  '₹1 – 3 lakh',
  '₹3 – 10 lakh',
  '₹10 – 25 lakh',
  'Above ₹25 lakh',
  'Not sure yet',
] as const;

export const TIMELINES = ['Within a month', '1 – 3 months', '3 – 6 months', 'More than 6 months', 'Flexible'] as const;

const oneOf = (values: readonly string[], message: string) =>
  z.string({ message }).refine((value) => values.includes(value), message);

export const quoteRequestSchema = contactFormSchema.omit({ message: true }).extend({
  kind: z.literal(QUOTE_REQUEST_KIND),
  projectType: oneOf(PROJECT_TYPES, 'Choose the kind of project.'),
  brief: required('Tell us briefly what you need.', 2000),
  budget: oneOf(BUDGET_BANDS, 'Choose a budget.'),
  timeline: oneOf(TIMELINES, 'Choose a timeline.'),
});
export type QuoteRequestForm = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/** The project details of a quote request, as the inbox and the company's mail show them. */
export interface QuoteRequestDetails {
  projectType: string;
  budget: string;
  timeline: string;
}

export const isQuoteRequestBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === QUOTE_REQUEST_KIND;

/** What the contact endpoint takes: a query (the spec's body) or a quote request (`kind: 'quote request'`). */
export type EnquirySubmissionForm = ContactSubmission | QuoteRequest;

/** Validates a contact endpoint body with the schema of its kind (throws the ZodError of that form). */
export function parseEnquiryBody(body: unknown): EnquirySubmissionForm {
  return isQuoteRequestBody(body) ? quoteRequestSchema.parse(body) : contactFormSchema.parse(body ?? {});
}

export const isQuoteRequest = (form: EnquirySubmissionForm): form is QuoteRequest =>
  'kind' in form && form.kind === QUOTE_REQUEST_KIND;

/** The enquiry's message: a query's own, or a quote request's brief. */
export const enquiryMessage = (form: EnquirySubmissionForm) => (isQuoteRequest(form) ? form.brief : form.message);
