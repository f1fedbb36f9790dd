import { Router, type RequestHandler } from 'express';
import { isQuoteRequest, parseEnquiryBody } from '../../src/domain/quote-request';
import { CONTACT_HONEYPOT_FIELD } from '../../src/domain/schemas';
import type { AppDeps } from '../app-deps';
import { authenticate } from '../auth';
import { recordEnquiry } from '../enquiries/enquiries';
import { perHour, perMinute } from './rate-limits';

/** Enquiries per client IP per minute: enough for a person, too few for a spammer. */
export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_SUCCESS_MESSAGE =
  'Thank you for reaching out! We have received your query and will get back to you within one business day.';
export const QUOTE_REQUEST_SUCCESS_MESSAGE =
  'Thank you! We have received your request for a quote and will get back to you within one business day.';
export const CONTACT_RATE_LIMIT_MESSAGE =
  'Too many enquiries from your connection. Please wait a minute and try again.';
/**
 * Enquiries per email address per clock hour, whatever connection they come from: a botnet
 * posting one address from many IPs passes the per-IP limit, and every enquiry mails that address.
 */
export const CONTACT_EMAIL_LIMIT_PER_HOUR = 3;
export const CONTACT_EMAIL_LIMIT_MESSAGE =
  'Too many enquiries from this email address. Please try again in an hour, or call us.';

/** A filled-in honeypot: only a bot fills a field nobody can see. */
function isHoneypotFilled(body: unknown): boolean {
  const value = (body as Record<string, unknown> | null | undefined)?.[CONTACT_HONEYPOT_FIELD];
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * POST /api/contact (and the spec's POST /submit-contact-form, same body; or a quote request, with
 * `kind: 'quote request'`, on the same path and the same limits): records the enquiry
 * (see recordEnquiry) for the sender the verified ID token names, if any. First a filled honeypot
 * is answered 201 as if it succeeded (a bot learns nothing) with nothing written or mailed, not
 * even a rate-limit count; then the per-IP limit, then the per-email limit: a refused request
 * writes nothing and queues no mail.
 */
export function contactRouter(deps: AppDeps): Router {
  const router = Router();
  // One limiter for both paths, so switching path does not double the allowance; counted in
  // Firestore, so it holds across instances (it caps the mails enquiries cause).
  const limiter = perMinute(deps, 'contact', CONTACT_RATE_LIMIT, CONTACT_RATE_LIMIT_MESSAGE);
  const perEmail = perHour(deps, 'contact-email', CONTACT_EMAIL_LIMIT_PER_HOUR, CONTACT_EMAIL_LIMIT_MESSAGE);

  const honeypot: RequestHandler = (req, res, next) => {
    if (!isHoneypotFilled(req.body)) return next();
    req.log?.info({ contact: 'honeypot' }, 'contact: a bot filled the honeypot; answered as success, nothing kept');
    res.status(201).json({ message: CONTACT_SUCCESS_MESSAGE });
  };

  const submit: RequestHandler = async (req, res) => {
    // A query (the spec's body) or a request for a quote, each checked with its own schema.
    const form = parseEnquiryBody(req.body);
    await perEmail.count(form.email.trim().toLowerCase());
    await recordEnquiry(deps.firebase.db, {
      form,
      uid: req.user?.uid ?? null,
      companyEmail: deps.config.COMPANY_EMAIL,
    });
    res.status(201).json({ message: isQuoteRequest(form) ? QUOTE_REQUEST_SUCCESS_MESSAGE : CONTACT_SUCCESS_MESSAGE });
  };

  for (const path of ['/api/contact', '/submit-contact-form']) {
    router.post(path, honeypot, limiter, authenticate(deps.firebase.auth, { required: false }), submit);
  }
  return router;
}
