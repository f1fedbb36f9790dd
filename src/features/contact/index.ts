// What other features may use of the contact section: the quote request form (support offers it,
// prefilled, to an out-of-plan customer). Import it lazily: it carries the form's validation.
export { QuoteRequestForm, type QuoteRequestFormProps } from './quote-request-form';
