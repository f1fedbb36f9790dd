import { Router } from 'express';
import type { AppDeps } from '../app-deps';
import { authenticate } from '../auth';
import { documentPdf, documentSummary } from '../documents/read';
import { sendPdf } from './send-pdf';

/**
 * GET /api/documents/:id.pdf (the PDF) and GET /api/documents/:id (what the profile and console
 * show: kind, number, label). The id is the payment id, which the paid order or invoice carries.
 * Only its owner and staff may read a document; anyone else gets 404.
 */
export function documentsRouter(deps: AppDeps): Router {
  const router = Router();
  const { db, auth } = deps.firebase;
  const requireUser = authenticate(auth, { required: true });

  router.get('/api/documents/:id.pdf', requireUser, async (req, res) => {
    sendPdf(res, await documentPdf(db, String(req.params.id), req.user!));
  });

  router.get('/api/documents/:id', requireUser, async (req, res) => {
    res.json(await documentSummary(db, String(req.params.id), req.user!));
  });
  return router;
}
