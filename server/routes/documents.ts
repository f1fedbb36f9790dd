import { Router, type Request } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { DOCUMENT_ID_PATTERN, DOWNLOAD_LABELS } from '../../src/domain/tax-document';
import type { AppDeps } from '../app-deps';
import { authenticate } from '../auth';
import { HttpError } from '../errors';
import { documentFileName } from '../documents/pdf';
import { renderPdfOffThread } from '../documents/pdf-renderer';
import { documentDoc, type IssuedDocumentFields } from '../documents/store';

export const DOCUMENT_NOT_FOUND = 'Document not found.';
export const DOCUMENT_PENDING = 'Your document is being prepared. Please try again in a minute.';

/** The document if the caller may see it: its owner or staff; anyone else is told it does not exist. */
async function readableDocument(db: Firestore, req: Request) {
  const id = String(req.params.id);
  if (!DOCUMENT_ID_PATTERN.test(id)) throw new HttpError(404, DOCUMENT_NOT_FOUND);
  const snapshot = await documentDoc(db, id).get();
  const user = req.user!;
  if (!snapshot.exists || (snapshot.get('uid') !== user.uid && !user.isStaff)) {
    throw new HttpError(404, DOCUMENT_NOT_FOUND);
  }
  return { id, data: snapshot.data()! };
}

/**
 * GET /api/documents/:id.pdf (the PDF) and GET /api/documents/:id (what the profile and console
 * show: kind, number, label). The id is the payment id, which the paid order or invoice carries.
 */
export function documentsRouter(deps: AppDeps): Router {
  const router = Router();
  const { db, auth } = deps.firebase;
  const requireUser = authenticate(auth, { required: true });

  router.get('/api/documents/:id.pdf', requireUser, async (req, res) => {
    const { data } = await readableDocument(db, req);
    if (data.status !== 'issued') throw new HttpError(409, DOCUMENT_PENDING);
    const { snapshot } = data as IssuedDocumentFields;
    const pdf = await renderPdfOffThread(snapshot);
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${documentFileName(snapshot)}"`,
        // Personal data: never stored by a shared cache.
        'Cache-Control': 'private, no-store',
      })
      .send(pdf);
  });

  router.get('/api/documents/:id', requireUser, async (req, res) => {
    const { id, data } = await readableDocument(db, req);
    if (data.status !== 'issued') {
      res.json({ id, status: 'pending' });
      return;
    }
    const issued = data as IssuedDocumentFields;
    res.json({
      id,
      status: 'issued',
      kind: issued.kind,
      title: issued.snapshot.title,
      number: issued.number,
      issueDate: issued.snapshot.issueDate,
      totalPaise: issued.snapshot.totals.totalPaise,
      downloadLabel: DOWNLOAD_LABELS[issued.kind],
    });
  });
  return router;
}
