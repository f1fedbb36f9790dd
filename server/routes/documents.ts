import { Router, type Request } from 'express';
import type { AppDeps } from '../app-deps';
import { authenticate } from '../auth';
import { requireMemberRole } from '../companies/access';
import {
  DOCUMENT_NOT_FOUND,
  documentCompanyOf,
  documentPdf,
  documentSummary,
  type DocumentReader,
} from '../documents/read';
import { sendPdf } from './send-pdf';

/**
 * GET /api/documents/:id.pdf (the PDF) and GET /api/documents/:id (what the profile and console
 * show: kind, number, label). The id is the payment id, which the paid order or invoice carries.
 * Only staff and the members of its company whose role may see its billing read a document (the
 * membership read now); anyone else gets 404, a member whose role may not 403.
 */
export function documentsRouter(deps: AppDeps): Router {
  const router = Router();
  const { db, auth } = deps.firebase;
  const requireUser = authenticate(auth, { required: true });

  /** The one check of both routes: staff, or a member of the document's company who may see its billing. */
  async function reader(req: Request): Promise<DocumentReader> {
    const user = req.user!;
    if (user.isStaff) return user;
    const companyId = await documentCompanyOf(db, String(req.params.id));
    await requireMemberRole(deps.firebase, user, companyId, 'readBilling', DOCUMENT_NOT_FOUND);
    return { uid: companyId!, isStaff: false };
  }

  router.get('/api/documents/:id.pdf', requireUser, async (req, res) => {
    sendPdf(res, await documentPdf(db, String(req.params.id), await reader(req)));
  });

  router.get('/api/documents/:id', requireUser, async (req, res) => {
    res.json(await documentSummary(db, String(req.params.id), await reader(req)));
  });
  return router;
}
