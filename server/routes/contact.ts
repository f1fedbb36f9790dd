import { Router, type RequestHandler } from 'express';
import { contactFormSchema } from '../../src/domain/schemas';
import type { AppDeps } from '../app-deps';
import { authenticate } from '../auth';
import { addEnquiryMails } from '../mail/mails';
import { mailQueued } from '../mail/outbox';
import { perMinuteLimiter } from '../rate-limit';
import { enquiryData, queryData } from '../staff/enquiries';

/** Enquiries per client IP per minute: enough for a person, too few for a spammer. */
export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_SUCCESS_MESSAGE =
  'Thank you for reaching out! We have received your query and will get back to you within one business day.';
export const CONTACT_RATE_LIMIT_MESSAGE =
  'Too many enquiries from your connection. Please wait a minute and try again.';

/**
 * POST /api/contact (and the spec's POST /submit-contact-form, same body).
 * A signed-in sender's query goes to users/{uid}/queries, with the uid taken from the verified
 * ID token (the body's userId is ignored), and to the staff inbox `enquiries` under the same id;
 * a visitor's goes to `enquiries` only, so it is never lost.
 * Each queues an acknowledgement to the typed email and a notification to the company; the rate
 * limit runs first, so a refused request queues no mail.
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
    const form = contactFormSchema.parse(req.body ?? {});
    const { db } = deps.firebase;
    const enquiries = db.collection('enquiries');
    const ref = req.user ? db.collection('users').doc(req.user.uid).collection('queries').doc() : enquiries.doc();
    // The enquiry and its two mails commit together; the mails are sent later by the outbox worker,
    // so a slow or dead mail server never touches this request.
    const batch = db.batch();
    if (req.user) {
      batch.create(ref, queryData(form));
      batch.create(enquiries.doc(ref.id), enquiryData(form, { uid: req.user.uid, queryId: ref.id }));
    } else {
      batch.create(ref, enquiryData(form, null));
    }
    addEnquiryMails(batch, db, {
      enquiryId: ref.id,
      form,
      uid: req.user?.uid ?? null,
      submittedAt: new Date(),
      companyEmail: deps.config.COMPANY_EMAIL,
    });
    await batch.commit();
    mailQueued();
    res.status(201).json({ message: CONTACT_SUCCESS_MESSAGE });
  };

  for (const path of ['/api/contact', '/submit-contact-form']) {
    router.post(path, limiter, authenticate(deps.firebase.auth, { required: false }), submit);
  }
  return router;
}
