import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { formatDueTime } from '../../src/domain/business-hours';
import { documentIdSchema } from '../../src/domain/schemas';
import { SUPPORT_MESSAGES } from '../../src/domain/support';
import {
  isTdsCertificateStatus,
  TDS_CERTIFICATE_MAX_BYTES,
  TDS_CERTIFICATE_MESSAGES,
  tdsCertificateRejectSchema,
  tdsQuarterFromKey,
} from '../../src/domain/tds-certificates';
import { tdsContext, type AppDeps } from '../app-deps';
import { actorOf, authenticate, requireStaff } from '../auth';
import { requireCompanyRole } from '../companies/access';
import { HttpError } from '../errors';
import { safeFileName } from '../files/file-store';
import {
  certificateFile,
  companyCertificates,
  rejectCertificate,
  staffCertificates,
  uploadCertificate,
  verifyCertificate,
} from '../tds/certificates';
import { perAccountPerHour } from './rate-limits';
import { sendFile } from './support';
import { uploadBodyParser, type UploadBodyOptions } from './upload-body';

/** Where a certificate's PDF is uploaded: the raw body, parsed before express.json (see tdsBodyParsers). */
export const TDS_UPLOAD_PATHS = [
  '/api/companies/:companyId/tds-certificates/:id/file',
  '/api/staff/tds-certificates/:id/file',
];

/**
 * The upload's body parser: the raw bytes of one PDF of at most TDS_CERTIFICATE_MAX_BYTES (support's
 * cap), read only once `upload.gate` (App Check, the ID token) let the caller in, refused with the
 * file's name before a byte is read when its Content-Length says it is larger, within
 * `upload.timeoutMs` (see upload-body.ts). Only a POST to the path itself: a download (GET) has no body.
 */
export function tdsBodyParsers(upload: Pick<UploadBodyOptions, 'gate' | 'timeoutMs'>): Array<[string, RequestHandler]> {
  const uploadBody = uploadBodyParser({
    ...upload,
    maxBytes: TDS_CERTIFICATE_MAX_BYTES,
    tooLarge: TDS_CERTIFICATE_MESSAGES.tooLarge,
  });
  return TDS_UPLOAD_PATHS.map((path): [string, RequestHandler] => [path, uploadBody]);
}

const cursorSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, 'Not a page cursor.')
  .optional()
  .transform((value) => value ?? null);

const staffFiltersSchema = z.object({
  quarter: z
    .string()
    .optional()
    .refine((value) => !value || tdsQuarterFromKey(value) !== null, 'Choose a quarter (2026-27-Q1).'),
  status: z
    .string()
    .optional()
    .refine((value) => !value || isTdsCertificateStatus(value), 'Choose awaited, received or verified.'),
  after: cursorSchema,
});

/** The uploaded file of a request: its name (query `name`) and its bytes (the raw body). */
function uploadedFile(req: Request) {
  if (!req.query.name) throw new HttpError(400, TDS_CERTIFICATE_MESSAGES.noName);
  const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  return { name: safeFileName(String(req.query.name)), bytes };
}

/**
 * TDS certificates: a company's (`/api/companies/{id}/tds-certificates…`: its owner, billing
 * members and viewers read them, its owner and billing members upload a PDF) and the console's
 * (`/api/staff/tds-certificates…`: list by quarter and status, upload, verify, send back, and the
 * reminders job run now). Every change is audited (server/tds/certificates.ts).
 */
export function tdsCertificatesRouter(deps: AppDeps): Router {
  const router = Router();
  const ctx = tdsContext(deps);
  const requireUser = authenticate(deps.firebase.auth, { required: true });
  const uploads = perAccountPerHour(deps, 'uploads', (limit, retryAt) =>
    SUPPORT_MESSAGES.tooManyUploads(limit, formatDueTime(retryAt)),
  );
  const companyOf = (req: Request) => documentIdSchema.parse(req.params.companyId);
  const idOf = (req: Request) => documentIdSchema.parse(req.params.id);

  // ---- the company ----------------------------------------------------------------------------
  router.get('/api/companies/:companyId/tds-certificates', requireUser, async (req, res) => {
    const companyId = companyOf(req);
    await requireCompanyRole({ db: ctx.db }, req.user!, companyId, 'readBilling');
    const after = cursorSchema.parse(req.query.after);
    res.set('Cache-Control', 'private, no-store').json(await companyCertificates(ctx, companyId, after));
  });

  router.post('/api/companies/:companyId/tds-certificates/:id/file', requireUser, async (req, res) => {
    const companyId = companyOf(req);
    const user = req.user!;
    await requireCompanyRole({ db: ctx.db }, user, companyId, 'pay');
    const file = uploadedFile(req);
    await uploads.take(user.uid, res, deps.config.UPLOADS_PER_HOUR);
    const certificate = await uploadCertificate(ctx, idOf(req), file, {
      actor: actorOf(user),
      as: 'customer',
      companyId,
    });
    res.status(201).json(certificate);
  });

  router.get('/api/companies/:companyId/tds-certificates/:id/file', requireUser, async (req, res) => {
    const companyId = companyOf(req);
    await requireCompanyRole({ db: ctx.db }, req.user!, companyId, 'readBilling');
    sendFile(res, await certificateFile(ctx, idOf(req), companyId));
  });

  // ---- staff ----------------------------------------------------------------------------------
  router.use('/api/staff/tds-certificates', ...requireStaff(deps.firebase.auth));

  router.get('/api/staff/tds-certificates', async (req, res) => {
    const filters = staffFiltersSchema.parse(req.query);
    res.set('Cache-Control', 'private, no-store').json(
      await staffCertificates(ctx, {
        quarter: filters.quarter || null,
        status: isTdsCertificateStatus(filters.status) ? filters.status : null,
        after: filters.after,
      }),
    );
  });

  router.post('/api/staff/tds-certificates/:id/file', async (req, res) => {
    const file = uploadedFile(req);
    await uploads.take(req.user!.uid, res, deps.config.STAFF_UPLOADS_PER_HOUR);
    const certificate = await uploadCertificate(ctx, idOf(req), file, {
      actor: actorOf(req.user!),
      as: 'staff',
      companyId: null,
    });
    res.status(201).json(certificate);
  });

  router.get('/api/staff/tds-certificates/:id/file', async (req, res) => {
    sendFile(res, await certificateFile(ctx, idOf(req), null));
  });

  router.post('/api/staff/tds-certificates/:id/verify', async (req, res) => {
    res.json(await verifyCertificate(ctx, idOf(req), actorOf(req.user!)));
  });

  router.post('/api/staff/tds-certificates/:id/reject', async (req, res) => {
    const { reason } = tdsCertificateRejectSchema.parse(req.body ?? {});
    res.json(await rejectCertificate({ ...ctx, logger: req.log }, idOf(req), reason, actorOf(req.user!)));
  });

  return router;
}
