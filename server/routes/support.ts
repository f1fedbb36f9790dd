import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import {
  holidaysSchema,
  staffSupportReplySchema,
  staffSupportUpdateSchema,
  SUPPORT_MAX_FILE_BYTES,
  SUPPORT_MESSAGES,
  supportReplySchema,
  supportRequestSchema,
} from '../../src/domain/support';
import { formatDueTime } from '../../src/domain/business-hours';
import { monthSchema } from '../../src/domain/ist';
import { can, COMPANY_HEADER, COMPANY_NOT_FOUND, type CompanyAction } from '../../src/domain/companies';
import { supportContext, type AppDeps } from '../app-deps';
import { recordAudit } from '../audit';
import { actorOf, authenticate, requireStaff } from '../auth';
import { actingCompanyId, requireMemberRole } from '../companies/access';
import type { Membership } from '../companies/companies';
import { requestDeadline } from '../deadline';
import { HttpError } from '../errors';
import { safeFileName, sniffFileType, type FileStore } from '../files/file-store';
import {
  parseQueueFilters,
  readHolidays,
  reviewQueue,
  saveHolidays,
  staffRequestPage,
  supportQueue,
  supportReport,
  supportTodayCounts,
} from '../support/console';
import { receiveInbound } from '../support/inbound';
import { parsePostmarkInbound } from '../support/postmark';
import {
  attachReviewMail,
  attachReviewMailSchema,
  dismissReviewMail,
  openRequestFromReviewMail,
  openReviewMailSchema,
  replyToReviewMail,
  replyToReviewMailSchema,
  searchReviewCustomers,
} from '../support/review';
import { SUPPORT_INBOUND, SUPPORT_REQUESTS_LIMITER } from '../support/store';
import {
  createSupportRequest,
  customerReply,
  FILE_NOT_FOUND,
  listOwnRequests,
  readRequestFile,
  readSupportRequest,
  requestCompanyOf,
  requestFileCompanyOf,
  staffReply,
  supportServices,
  updateSupportRequest,
} from '../support/requests';
import { contentDisposition } from './downloads';
import { perAccountPerHour } from './rate-limits';
import { uploadBodyParser, type UploadBodyOptions } from './upload-body';

export const POSTMARK_INBOUND_PATH = '/api/support/inbound/postmark';
export const UPLOAD_PATHS = ['/api/support/files', '/api/staff/support/files', '/api/staff/projects/files'];

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Postmark's documented webhook authentication: HTTP Basic credentials in the URL; compared in constant time. */
function hasInboundCredentials(req: Request, expected: { user: string; password: string }): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.get('authorization') ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'base64').toString('utf8');
  return timingSafeEqual(digest(given), digest(`${expected.user}:${expected.password}`));
}

/**
 * What Postmark sends at most: a mail of up to 35 MB, its attachments already base64 in that size.
 * deploy/cloud-run.yaml sizes memory and concurrency for this many bytes per request.
 */
export const INBOUND_BODY_LIMIT_BYTES = 35 * 1024 * 1024;

/**
 * The inbound webhook's budget, instead of the API's 8 s: a 35 MB mail stores up to 35 MB of
 * attachments before it answers (measured: 3 files of 8.6 MB took 8.5 s on the local emulator).
 * Postmark retries a timeout, and a retry finishes a delivery that failed midway.
 */
const INBOUND_TIMEOUT_MS = 60_000;

/**
 * The body parsers support needs before express.json(): an upload's raw bytes (10 MB; a larger
 * file is refused with the file's name), read only once `upload.gate` (App Check, the ID token)
 * let the caller in, within `upload.timeoutMs` (see upload-body.ts); and Postmark's JSON with
 * base64 attachments (up to its 35 MB), read only once the webhook's credentials are right:
 * without them (or with a malformed body and no credentials) the caller gets 403 and not one byte
 * of the body is read or parsed.
 */
export function supportBodyParsers(
  inbound: { user: string; password: string } | null,
  upload: Pick<UploadBodyOptions, 'gate' | 'timeoutMs'>,
): Array<[string, RequestHandler]> {
  const uploadBody = uploadBodyParser({
    ...upload,
    maxBytes: SUPPORT_MAX_FILE_BYTES,
    tooLarge: SUPPORT_MESSAGES.fileTooLarge,
  });
  const inboundJson = express.json({ limit: INBOUND_BODY_LIMIT_BYTES });
  const inboundWebhook: RequestHandler = (req, res, next) => {
    if (req.method !== 'POST' || req.path !== '/') {
      next();
      return;
    }
    // A refused body is not drained over a kept-alive connection (body-parser would read it all
    // before answering): the answer goes at once and the connection is closed.
    if (!inbound || !hasInboundCredentials(req, inbound)) {
      res.set('Connection', 'close');
      next(inbound ? new HttpError(403, 'Not authorised.') : new HttpError(404, 'Not found.'));
      return;
    }
    if (Number(req.get('content-length') ?? 0) > INBOUND_BODY_LIMIT_BYTES) {
      res.set('Connection', 'close');
      next(new HttpError(413, 'The mail is larger than 35 MB.'));
      return;
    }
    inboundJson(req, res, next);
  };
  return [
    ...UPLOAD_PATHS.map((path): [string, RequestHandler] => [path, uploadBody]),
    [POSTMARK_INBOUND_PATH, inboundWebhook],
  ];
}

const idParam = (value: unknown) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,60}$/, 'Not found.')
    .parse(value);

/** A stored file as a download: its own type, never sniffed, sandboxed, with its SHA-256. */
export function sendFile(
  res: Response,
  file: { meta: { name: string; contentType: string; sha256: string }; bytes: Buffer },
) {
  const inline = file.meta.contentType.startsWith('image/') || file.meta.contentType === 'application/pdf';
  res
    .status(200)
    .set({
      'Content-Type': file.meta.contentType,
      'Content-Disposition': contentDisposition(file.meta.name, inline ? 'inline' : 'attachment'),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      Digest: `sha-256=${Buffer.from(file.meta.sha256, 'hex').toString('base64')}`,
    })
    .send(file.bytes);
}

/**
 * An upload's handler: the raw body (supportBodyParsers) stored in the file store as the signed-in
 * user's, when its name's extension and its content agree, and within the account's uploads per
 * hour (UPLOADS_PER_HOUR, STAFF_UPLOADS_PER_HOUR for staff; the same count for support and
 * projects); answers its id, name, type, size and SHA-256.
 */
export function fileUpload(deps: Pick<AppDeps, 'config' | 'firebase'>, files: FileStore) {
  const uploads = perAccountPerHour(deps, 'uploads', (limit, retryAt) =>
    SUPPORT_MESSAGES.tooManyUploads(limit, formatDueTime(retryAt)),
  );
  return async (req: Request, res: Response) => {
    const name = safeFileName(String(req.query.name ?? ''));
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!req.query.name) throw new HttpError(400, 'name: The file needs a name.');
    if (bytes.length === 0) throw new HttpError(400, SUPPORT_MESSAGES.fileEmpty(name));
    const type = sniffFileType(name, bytes);
    if (!type) throw new HttpError(415, SUPPORT_MESSAGES.fileType(name));
    const user = req.user!;
    await uploads.take(user.uid, res, user.isStaff ? deps.config.STAFF_UPLOADS_PER_HOUR : deps.config.UPLOADS_PER_HOUR);
    const meta = await files.put({ ownerUid: user.uid, name, ...type, bytes });
    res.status(201).json({ id: meta.id, name: meta.name, type: meta.type, size: meta.size, sha256: meta.sha256 });
  };
}

/**
 * Support requests: the customer's (`/api/support/...`, their own only: anyone else's is a 404),
 * the staff console's (`/api/staff/support/...`, audited), and Postmark's inbound webhook.
 */
export function supportRouter(deps: AppDeps): Router {
  const router = Router();
  const ctx = supportContext(deps);
  const signedIn = authenticate(deps.firebase.auth, { required: true });

  const upload = fileUpload(deps, ctx.files);
  const requests = perAccountPerHour(deps, SUPPORT_REQUESTS_LIMITER, (limit, retryAt) =>
    SUPPORT_MESSAGES.tooManyRequests(limit, formatDueTime(retryAt)),
  );

  // ---- the customer ----------------------------------------------------------------------------
  // Every route below acts for a company: the one named by X-Company-Id (else the person's own)
  // for what is not yet a request, the request's own company for one. `member` is the one check:
  // the membership read now, the role table of src/domain/companies.ts; 404 (in the record's
  // words) for anyone outside the company, 403 naming the role for a member whose role may not.
  const member = (req: Request, companyId: string | null, action: CompanyAction, notFound = COMPANY_NOT_FOUND) =>
    requireMemberRole(deps.firebase, req.user!, companyId, action, notFound);
  const acting = (req: Request) => actingCompanyId(req.user!, req.get(COMPANY_HEADER));
  /** A renewal's pay link is billing's: a member who may not see invoices gets none. */
  const payLinkFor = (membership: Membership, payUrl: string | null) =>
    can(membership, 'readBilling') ? payUrl : null;

  router.post('/api/support/files', signedIn, upload);

  router.get('/api/support/services', signedIn, async (req, res) => {
    const companyId = acting(req);
    const membership = await member(req, companyId, 'readServices');
    const services = await supportServices(ctx, companyId);
    res.json({ services: services.map((service) => ({ ...service, payUrl: payLinkFor(membership, service.payUrl) })) });
  });

  router.post('/api/support/requests', signedIn, async (req, res) => {
    const form = supportRequestSchema.parse(req.body ?? {});
    const companyId = acting(req);
    const membership = await member(req, companyId, 'raiseSupport');
    // Counted per person, whichever company they raise it for.
    await requests.take(req.user!.uid, res, deps.config.SUPPORT_REQUESTS_PER_HOUR);
    const created = await createSupportRequest(ctx, {
      uid: companyId,
      requesterUid: req.user!.uid,
      ...form,
      via: 'web',
    });
    res.status(201).json({ ...created, payUrl: payLinkFor(membership, created.payUrl) });
  });

  router.get('/api/support/requests', signedIn, async (req, res) => {
    const companyId = acting(req);
    await member(req, companyId, 'readSupport');
    res.json({ requests: await listOwnRequests(ctx, companyId) });
  });

  router.get('/api/support/requests/:id', signedIn, async (req, res) => {
    const id = String(req.params.id);
    const companyId = await requestCompanyOf(ctx, id);
    const membership = await member(req, companyId, 'readSupport', SUPPORT_MESSAGES.notFound);
    const { customerEmail: _email, ...request } = await readSupportRequest(
      ctx,
      { uid: companyId!, isStaff: false },
      id,
    );
    res.json({ ...request, payUrl: payLinkFor(membership, request.payUrl ?? null) });
  });

  router.post('/api/support/requests/:id/replies', signedIn, async (req, res) => {
    const reply = supportReplySchema.parse(req.body ?? {});
    const id = String(req.params.id);
    const companyId = await requestCompanyOf(ctx, id);
    await member(req, companyId, 'replySupport', SUPPORT_MESSAGES.notFound);
    const author = { companyId: companyId!, uid: req.user!.uid };
    res.status(201).json(await customerReply(ctx, author, id, { ...reply, via: 'web' }));
  });

  // A request's file for its company's members who read its requests (never an internal note's),
  // an upload for its uploader, anything for staff; anyone else gets the 404 of a file that does not exist.
  router.get('/api/support/files/:id', signedIn, async (req, res) => {
    const user = req.user!;
    const id = idParam(req.params.id);
    const companyId = user.isStaff ? null : await requestFileCompanyOf(ctx, id);
    if (companyId !== null) await member(req, companyId, 'readSupport', FILE_NOT_FOUND);
    sendFile(res, await readRequestFile(ctx, { uid: companyId ?? user.uid, isStaff: user.isStaff }, id));
  });

  // ---- Postmark Inbound -----------------------------------------------------------------------
  const inbound = deps.config.support.inbound;
  if (inbound) {
    router.post(POSTMARK_INBOUND_PATH, requestDeadline(INBOUND_TIMEOUT_MS), async (req, res) => {
      // supportBodyParsers checked the credentials before reading the body (403 tells Postmark to
      // stop retrying); checked again so the route is never open wherever it is mounted.
      if (!hasInboundCredentials(req, inbound)) throw new HttpError(403, 'Not authorised.');
      const mail = parsePostmarkInbound(req.body);
      const outcome = await receiveInbound({ ...ctx }, mail);
      res.json(outcome);
    });
  }

  // ---- staff ----------------------------------------------------------------------------------
  router.use('/api/staff/support', ...requireStaff(deps.firebase.auth));
  router.post('/api/staff/support/files', upload);

  router.get('/api/staff/support/queue', async (req, res) => {
    res.json(await supportQueue(ctx, parseQueueFilters(req.query as Record<string, unknown>)));
  });
  router.get('/api/staff/support/today', async (_req, res) => {
    res.json(await supportTodayCounts(ctx));
  });
  router.get('/api/staff/support/report', async (req, res) => {
    res.json(await supportReport(ctx, monthSchema.parse(req.query.month)));
  });
  router.get('/api/staff/support/review', async (_req, res) => {
    res.json({ mails: await reviewQueue(ctx) });
  });
  router.get('/api/staff/support/review/customers', async (req, res) => {
    res.json({ customers: await searchReviewCustomers(ctx, String(req.query.q ?? '')) });
  });
  // What staff do with a mail waiting for review; each audited on the mail's record.
  const reviewAction = (
    action: string,
    run: (staff: { uid: string }, id: string, body: unknown) => Promise<Record<string, unknown>>,
  ) =>
    router.post(`/api/staff/support/review/:id/${action}`, async (req, res) => {
      const id = idParam(req.params.id);
      const result = await run({ uid: req.user!.uid }, id, req.body ?? {});
      await recordAudit(deps.firebase.db, {
        actor: actorOf(req.user!),
        action: `support.review.${action}`,
        target: `${SUPPORT_INBOUND}/${id}`,
        before: { outcome: 'review' },
        after: result,
      });
      res.json(result);
    });
  reviewAction('attach', (staff, id, body) => attachReviewMail(ctx, staff, id, attachReviewMailSchema.parse(body)));
  reviewAction('open', (staff, id, body) =>
    openRequestFromReviewMail(ctx, staff, id, openReviewMailSchema.parse(body)),
  );
  reviewAction('reply', (staff, id, body) => replyToReviewMail(ctx, staff, id, replyToReviewMailSchema.parse(body)));
  reviewAction('dismiss', (staff, id) => dismissReviewMail(ctx, staff, id));
  router.get('/api/staff/support/holidays', async (_req, res) => {
    res.json(await readHolidays(ctx));
  });
  router.post('/api/staff/support/holidays', async (req, res) => {
    const { holidays } = holidaysSchema.parse(req.body ?? {});
    const before = await readHolidays(ctx);
    const saved = await saveHolidays(ctx, holidays);
    await recordAudit(deps.firebase.db, {
      actor: actorOf(req.user!),
      action: 'support.holidays',
      target: 'settings/businessCalendar',
      before: { holidays: before.holidays.length },
      after: { holidays: saved.holidays.length },
    });
    res.json(saved);
  });
  router.get('/api/staff/support/requests/:id', async (req, res) => {
    res.json(await staffRequestPage(ctx, idParam(req.params.id)));
  });
  router.post('/api/staff/support/requests/:id/replies', async (req, res) => {
    const reply = staffSupportReplySchema.parse(req.body ?? {});
    const user = req.user!;
    const id = idParam(req.params.id);
    const result = await staffReply(ctx, { uid: user.uid }, id, reply);
    await recordAudit(deps.firebase.db, {
      actor: actorOf(user),
      action: reply.internal ? 'support.note' : 'support.reply',
      target: `supportRequests/${id}`,
      before: null,
      after: { message: result.id, minutes: reply.minutes, status: result.status },
    });
    res.status(201).json(result);
  });
  router.post('/api/staff/support/requests/:id', async (req, res) => {
    const change = staffSupportUpdateSchema.parse(req.body ?? {});
    const id = idParam(req.params.id);
    const result = await updateSupportRequest(ctx, id, change);
    await recordAudit(deps.firebase.db, {
      actor: actorOf(req.user!),
      action: 'support.update',
      target: `supportRequests/${id}`,
      before: result.before,
      after: change,
    });
    res.json({ status: result.status });
  });
  return router;
}
