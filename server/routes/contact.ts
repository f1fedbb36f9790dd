import { Router, type RequestHandler } from 'express';
import { isQuoteRequest, parseEnquiryBody } from '../../src/domain/quote-request';
import type { AppDeps } from '../app-deps';
import { authenticate } from '../auth';
import { recordEnquiry } from '../enquiries/enquiries';
import { perMinuteLimiter } from '../rate-limit';

/** Enquiries per client IP per minute: enough for a person, too few for a spammer. */
export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_SUCCESS_MESSAGE =
  'Thank you for reaching out! We have received your query and will get back to you within one business day.';
export const QUOTE_REQUEST_SUCCESS_MESSAGE =
  'Thank you! We have received your request for a quote and will get back to you within one business day.';
export const CONTACT_RATE_LIMIT_MESSAGE =
  'Too many enquiries from your connection. Please wait a minute and try again.';

/**
 * POST /api/contact (and the spec's POST /submit-contact-form, same body; or a quote request, with
 * `kind: 'quote request'`, on the same path and the same limits): records the enquiry
 * (see recordEnquiry) for the sender the verified ID token names, if any. The rate limit runs
 * first, so a refused request writes nothing and queues no mail.
 */
export function contactRouter(deps: AppDeps): Router {
  const router = Router();
  // One limiter for both paths, so switching path does not double the allowance; counted in
  // Firestore, so it holds across instances (it caps the mails enquiries cause).
  const limiter = perMinuteLimiter(CONTACT_RATE_LIMIT, CONTACT_RATE_LIMIT_MESSAGE, {
    db: deps.firebase.db,
    name: `${deps.config.RATE_LIMIT_SCOPE}.contact`,
  });

  const submit: RequestHandler = async (req, res) => {
    // A query (the spec's body) or a request for a quote, each checked with its own schema.
    const form = parseEnquiryBody(req.body);
    await recordEnquiry(deps.firebase.db, {
      form,
      uid: req.user?.uid ?? null,
      companyEmail: deps.config.COMPANY_EMAIL,
    });
    res.status(201).json({ message: isQuoteRequest(form) ? QUOTE_REQUEST_SUCCESS_MESSAGE : CONTACT_SUCCESS_MESSAGE });
  };

  for (const path of ['/api/contact', '/submit-contact-form']) {
    router.post(path, limiter, authenticate(deps.firebase.auth, { required: false }), submit);
  }
  return router;
}
