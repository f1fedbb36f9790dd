import { Router } from 'express';
import { documentIdSchema } from '../../src/domain/schemas';
import { enquiryUpdateSchema } from '../../src/domain/enquiries';
import { proformaFieldsSchema } from '../../src/domain/proforma';
import { paymentsContext, type AppDeps } from '../app-deps';
import { actorOf, requireStaff } from '../auth';
import { updateEnquiry } from '../enquiries/enquiries';
import { billEnquiry, previewEnquiryBill } from '../account/enquiry-billing';

/** A path parameter that must be a document id (400 otherwise). */
const idParam = (value: unknown) => documentIdSchema.parse(value);

/**
 * The console's inbox (`/api/staff/enquiries/...`, staff only): an enquiry's status and note, and
 * billing it. The public contact form is routes/contact.ts.
 */
export function enquiriesRouter(deps: AppDeps): Router {
  const router = Router();
  const { db, auth } = deps.firebase;
  const payments = paymentsContext(deps);
  router.use('/api/staff/enquiries', ...requireStaff(auth));

  router.post('/api/staff/enquiries/:id', async (req, res) => {
    const update = enquiryUpdateSchema.parse(req.body ?? {});
    const result = await updateEnquiry(db, idParam(req.params.id), update, actorOf(req.user!));
    res.json(result);
  });

  // Bill an enquiry: a proforma to its sender, whether or not they have an account (a lead).
  router.post('/api/staff/enquiries/:id/proforma', async (req, res) => {
    const fields = proformaFieldsSchema.parse(req.body ?? {});
    const issued = await billEnquiry(
      { ...payments, logger: req.log },
      auth,
      idParam(req.params.id),
      fields,
      actorOf(req.user!),
    );
    res.status(201).json(issued);
  });

  // Previews write nothing: the exact mail and PDF issuing would send, for staff to check first.
  router.post('/api/staff/enquiries/:id/proforma/preview', async (req, res) => {
    const fields = proformaFieldsSchema.parse(req.body ?? {});
    res.json(await previewEnquiryBill(payments, auth, idParam(req.params.id), fields));
  });
  return router;
}
