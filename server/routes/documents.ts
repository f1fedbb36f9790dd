import { Router, type Request } from 'express';
import { monthSchema } from '../../src/domain/ist';
import { financialYearSchema } from '../../src/domain/turnover';
import type { AppDeps } from '../app-deps';
import { authenticate, requireStaff } from '../auth';
import { requireMemberRole } from '../companies/access';
import {
  DOCUMENT_NOT_FOUND,
  documentCompanyOf,
  documentPdf,
  documentSummary,
  type DocumentReader,
} from '../documents/read';
import { accountantPack } from '../documents/accountant-pack';
import { financialYearTurnover } from '../documents/turnover';
import { sendDownload } from './downloads';
import { sendPdf } from './send-pdf';

/**
 * GET /api/documents/:id.pdf (the PDF) and GET /api/documents/:id (what the profile and console
 * show: kind, number, label). The id is the payment id, which the paid order or invoice carries.
 * Only staff and the members of its company whose role may see its billing read a document (the
 * membership read now); anyone else gets 404, a member whose role may not 403. For staff: a
 * month's accountant's pack (a ZIP) and the financial year's turnover.
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

  const staff = requireStaff(auth);
  router.get('/api/staff/accountant-pack', ...staff, async (req, res) => {
    const month = monthSchema.parse(req.query.month);
    const { tax, hsnDigits } = deps.config.documents;
    const pack = await accountantPack(db, month, {
      sellerRegistered: tax.registered,
      hsnDigits,
      tally: deps.config.tally,
    });
    sendDownload(res, { fileName: pack.fileName, contentType: 'application/zip', body: Buffer.from(pack.zip) });
  });

  // The Today page's turnover watch: the year's taxable value, read against the e-invoicing threshold.
  router.get('/api/staff/turnover', ...staff, async (req, res) => {
    const year = financialYearSchema.parse(req.query.year);
    res.json(await financialYearTurnover(db, year, deps.config.TURNOVER_WARNING_RUPEES * 100));
  });
  return router;
}
