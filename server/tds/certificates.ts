import {
  FieldValue,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
  type Timestamp,
  type WriteBatch,
} from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { istToday } from '../../src/domain/ist';
import { tdsCitationText } from '../../src/domain/tds';
import {
  isTdsCertificateStatus,
  TDS_CERTIFICATE_MAX_BYTES,
  TDS_CERTIFICATE_MESSAGES,
  tdsQuarterFromKey,
  type TdsCertificateStatus,
  type TdsCertificateView,
} from '../../src/domain/tds-certificates';
import { addAudit, type Actor } from '../audit';
import { HttpError, isAlreadyExists } from '../errors';
import { sniffFileType, type FileStore } from '../files/file-store';
import { addMail, mailQueued, toCompanyMembers, type OutboxMail } from '../mail/outbox';
import type { TdsCertificateLine } from '../mail/templates/tds-certificates';
import { forEachPage } from '../paging';
import { tdsCertificateDoc, TDS_CERTIFICATES } from '../payments/tds';

/**
 * TDS certificates after the payment: each TDS amount's record (created as awaited with its
 * payment, see payments/tds.ts) moves to received when the customer (an owner or billing member)
 * or staff upload the certificate's PDF, and to verified when staff have matched it with Form 26AS;
 * staff may send a received one back to awaited, with a reason the customer is mailed. Every move
 * is one transaction with its audit entry. After a quarter's certificate date, what is still
 * awaited is mailed to each company once for that quarter (tdsRemindersPass).
 */

export interface TdsContext {
  db: Firestore;
  files: FileStore;
  siteUrl: string;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** How many certificates one page of a list holds. */
export const TDS_PAGE_SIZE = 50;

/** What a file is attached to: its certificate. */
const attachedTo = (id: string) => `${TDS_CERTIFICATES}/${id}`;

/** Where a customer uploads their certificates: the statement page (its TDS certificates panel). */
export const tdsUploadUrl = (siteUrl: string) => `${siteUrl}/statement#tds-certificates`;

const iso = (value: unknown) => (value ? (value as Timestamp).toDate().toISOString() : null);

/** A stored certificate as the pages show it. */
export function certificateView(snapshot: DocumentSnapshot): TdsCertificateView {
  const data = snapshot.data() ?? {};
  const quarter = tdsQuarterFromKey(data.quarter);
  const file = data.file as DocumentData | null | undefined;
  const rejection = data.lastRejection as DocumentData | null | undefined;
  const section = typeof data.tdsSection === 'string' ? data.tdsSection : null;
  return {
    id: snapshot.id,
    companyId: String(data.uid ?? ''),
    customerName: (data.customerName as string | null) ?? null,
    paidFor: (data.paidFor as string | null) ?? null,
    paymentId: String(data.paymentId ?? snapshot.id),
    receivedOn: String(data.receivedOn ?? ''),
    tdsPaise: Number(data.tdsPaise ?? 0),
    tdsSection: section,
    citation: section ? tdsCitationText(section) : 'TDS',
    quarter: String(data.quarter ?? ''),
    quarterLabel: quarter?.label ?? String(data.quarter ?? ''),
    certificateDueOn: String(data.certificateDueOn ?? ''),
    form: String(data.form ?? 'Form 16A'),
    status: isTdsCertificateStatus(data.status) ? data.status : 'awaited',
    file: file
      ? {
          name: String(file.name),
          size: Number(file.size),
          uploadedAt: iso(file.uploadedAt),
          uploadedBy: file.uploadedBy === 'staff' ? 'staff' : 'customer',
        }
      : null,
    verifiedAt: iso(data.verifiedAt),
    rejection: rejection ? { reason: String(rejection.reason), at: iso(rejection.at) } : null,
  };
}

export interface CertificatePage {
  certificates: TdsCertificateView[];
  /** The cursor of the next page (the last certificate's id), or null when there is none. */
  next: string | null;
}

/** One page of a query, newest first, after the certificate `after` names. */
async function page(db: Firestore, query: Query, after: string | null): Promise<CertificatePage> {
  let ordered = query.orderBy('createdAt', 'desc');
  if (after) {
    const cursor = await tdsCertificateDoc(db, after).get();
    if (cursor.exists) ordered = ordered.startAfter(cursor);
  }
  const read = await ordered.limit(TDS_PAGE_SIZE + 1).get();
  const docs = read.docs.slice(0, TDS_PAGE_SIZE);
  return {
    certificates: docs.map(certificateView),
    next: read.size > TDS_PAGE_SIZE ? docs[docs.length - 1]!.id : null,
  };
}

/** A company's certificates, newest first, a page at a time (the caller has checked the reader may see its billing). */
export function companyCertificates(ctx: TdsContext, companyId: string, after: string | null = null) {
  return page(ctx.db, ctx.db.collection(TDS_CERTIFICATES).where('uid', '==', companyId), after);
}

/** The console's list: by quarter and status (either may be left out), newest first, a page at a time. */
export function staffCertificates(
  ctx: TdsContext,
  filters: { quarter?: string | null; status?: TdsCertificateStatus | null; after?: string | null },
) {
  let query: Query = ctx.db.collection(TDS_CERTIFICATES);
  if (filters.quarter) query = query.where('quarter', '==', filters.quarter);
  if (filters.status) query = query.where('status', '==', filters.status);
  return page(ctx.db, query, filters.after ?? null);
}

/** A certificate, for a reader: the company's own (404 for another company's: ids are not probed), or any for staff. */
async function readCertificate(ctx: TdsContext, id: string, companyId: string | null): Promise<DocumentSnapshot> {
  const snapshot = await tdsCertificateDoc(ctx.db, id).get();
  if (!snapshot.exists || (companyId !== null && snapshot.get('uid') !== companyId)) {
    throw new HttpError(404, TDS_CERTIFICATE_MESSAGES.notFound);
  }
  return snapshot;
}

export interface Uploader {
  actor: Actor;
  as: 'customer' | 'staff';
  /** The company the customer acts for (null for staff, who may upload for any). */
  companyId: string | null;
}

/**
 * Stores an uploaded certificate (a PDF, at most TDS_CERTIFICATE_MAX_BYTES, by its content and its
 * name) and moves its record to received, audited. A certificate may be replaced until staff have
 * verified it (a wrong file uploaded, one sent back); the file it replaces is deleted. The file is
 * stored first and attached to its certificate, so a failed move leaves nothing the uploads job
 * would not delete.
 */
export async function uploadCertificate(
  ctx: TdsContext,
  id: string,
  file: { name: string; bytes: Buffer },
  uploader: Uploader,
): Promise<TdsCertificateView> {
  if (file.bytes.length === 0) throw new HttpError(400, TDS_CERTIFICATE_MESSAGES.empty(file.name));
  if (file.bytes.length > TDS_CERTIFICATE_MAX_BYTES)
    throw new HttpError(413, TDS_CERTIFICATE_MESSAGES.tooLarge(file.name));
  const type = sniffFileType(file.name, file.bytes);
  if (type?.type !== 'PDF') throw new HttpError(415, TDS_CERTIFICATE_MESSAGES.pdfOnly(file.name));
  const before = await readCertificate(ctx, id, uploader.companyId);
  if (before.get('status') === 'verified') throw new HttpError(409, TDS_CERTIFICATE_MESSAGES.alreadyVerified);

  const stored = await ctx.files.put({
    ownerUid: String(before.get('uid')),
    name: file.name,
    ...type,
    bytes: file.bytes,
  });
  let replaced: string | null = null;
  try {
    await ctx.files.attach([stored.id], attachedTo(id));
    await ctx.db.runTransaction(async (tx) => {
      const ref = tdsCertificateDoc(ctx.db, id);
      const current = await tx.get(ref);
      if (current.get('status') === 'verified') throw new HttpError(409, TDS_CERTIFICATE_MESSAGES.alreadyVerified);
      const previous = current.get('file') as DocumentData | null;
      replaced = (previous?.id as string | undefined) ?? null;
      const now = FieldValue.serverTimestamp();
      tx.update(ref, {
        status: 'received',
        file: {
          id: stored.id,
          name: stored.name,
          size: stored.size,
          sha256: stored.sha256,
          uploadedAt: now,
          uploadedBy: uploader.as,
          uploaderUid: uploader.actor.uid,
        },
        reminderDue: false,
        updatedAt: now,
      });
      addAudit(tx, ctx.db, {
        actor: uploader.actor,
        action: 'tds-certificate.upload',
        target: ref.path,
        before: {
          status: current.get('status'),
          file: previous ? { name: previous.name, sha256: previous.sha256 } : null,
        },
        after: {
          status: 'received',
          file: { name: stored.name, sha256: stored.sha256, size: stored.size },
          by: uploader.as,
        },
      });
    });
  } catch (error) {
    await ctx.files.delete(stored.id).catch(() => undefined);
    throw error;
  }
  if (replaced) {
    await ctx.files
      .delete(replaced)
      .catch((error: unknown) =>
        ctx.logger?.warn({ err: error, fileId: replaced }, 'deleting a replaced TDS certificate failed'),
      );
  }
  return certificateView(await tdsCertificateDoc(ctx.db, id).get());
}

/** A certificate's uploaded PDF, for its company's billing readers (companyId) or staff (null). */
export async function certificateFile(ctx: TdsContext, id: string, companyId: string | null) {
  const certificate = await readCertificate(ctx, id, companyId);
  const fileId = (certificate.get('file') as DocumentData | null)?.id as string | undefined;
  const file = fileId ? await ctx.files.get(fileId) : null;
  if (!file) throw new HttpError(404, 'This certificate has no file yet.');
  return file;
}

/** Staff verify a received certificate against Form 26AS: verified, by whom and when, audited. */
export async function verifyCertificate(ctx: TdsContext, id: string, actor: Actor): Promise<TdsCertificateView> {
  const ref = tdsCertificateDoc(ctx.db, id);
  await ctx.db.runTransaction(async (tx) => {
    const current = await tx.get(ref);
    if (!current.exists) throw new HttpError(404, TDS_CERTIFICATE_MESSAGES.notFound);
    const status = current.get('status') as TdsCertificateStatus;
    if (status === 'verified') throw new HttpError(409, TDS_CERTIFICATE_MESSAGES.verifiedAlready);
    if (status !== 'received') throw new HttpError(409, TDS_CERTIFICATE_MESSAGES.notReceived);
    const now = FieldValue.serverTimestamp();
    tx.update(ref, { status: 'verified', verifiedBy: actor, verifiedAt: now, updatedAt: now });
    addAudit(tx, ctx.db, {
      actor,
      action: 'tds-certificate.verify',
      target: ref.path,
      before: { status },
      after: { status: 'verified', file: (current.get('file') as DocumentData | null)?.sha256 ?? null },
    });
  });
  return certificateView(await ref.get());
}

/** What a mail says of one certificate. */
const lineOf = (data: DocumentData): TdsCertificateLine => ({
  paidFor: (data.paidFor as string | null) ?? null,
  receivedOn: String(data.receivedOn),
  tdsPaise: Number(data.tdsPaise),
  citation: typeof data.tdsSection === 'string' ? tdsCitationText(data.tdsSection) : 'TDS',
});

/**
 * Staff send a received certificate back (it does not match Form 26AS, it is another payment's):
 * awaited again, its file kept with the rejection for the record, and the company's billing
 * members mailed the reason, once per rejection (`tds-certificate:{id}:rejected:{n}`), all in one
 * transaction with the audit entry.
 */
export async function rejectCertificate(
  ctx: TdsContext,
  id: string,
  reason: string,
  actor: Actor,
): Promise<TdsCertificateView> {
  const ref = tdsCertificateDoc(ctx.db, id);
  await ctx.db.runTransaction(async (tx) => {
    const current = await tx.get(ref);
    if (!current.exists) throw new HttpError(404, TDS_CERTIFICATE_MESSAGES.notFound);
    const data = current.data()!;
    if (data.status === 'verified') throw new HttpError(409, TDS_CERTIFICATE_MESSAGES.verifiedAlready);
    if (data.status !== 'received') throw new HttpError(409, TDS_CERTIFICATE_MESSAGES.notReceived);
    const count = Number(data.rejections ?? 0) + 1;
    const now = FieldValue.serverTimestamp();
    tx.update(ref, {
      status: 'awaited',
      file: null,
      rejections: count,
      lastRejection: { reason, at: now, by: actor, file: data.file ?? null },
      // Awaited again: reminded after its quarter's date, unless that quarter's reminder went already.
      reminderDue: true,
      updatedAt: now,
    });
    addAudit(tx, ctx.db, {
      actor,
      action: 'tds-certificate.reject',
      target: ref.path,
      before: { status: data.status, file: (data.file as DocumentData | null)?.sha256 ?? null },
      after: { status: 'awaited', reason },
    });
    const mail: OutboxMail = {
      template: 'tds-certificate-rejected',
      data: {
        customerName: (data.customerName as string | null) ?? null,
        certificate: lineOf(data),
        form: String(data.form ?? 'Form 16A'),
        reason,
        uploadUrl: tdsUploadUrl(ctx.siteUrl),
      },
      ...toCompanyMembers(String(data.uid)),
      replyTo: null,
      attachmentDocumentId: null,
    };
    addMail(tx, ctx.db, `tds-certificate:${id}:rejected:${count}`, mail);
  });
  mailQueued();
  return certificateView(await ref.get());
}

// ---- reminders -------------------------------------------------------------------------------

export interface TdsRemindersReport {
  /** Awaited certificates past their quarter's date. */
  checked: number;
  /** Companies mailed now (one mail per company and quarter). */
  reminded: number;
  /** Companies already reminded for that quarter (an earlier pass, another instance). */
  already: number;
  failed: number;
}

/** The reminder's outbox id: one per company and quarter, whatever runs it. */
export const reminderMailId = (companyId: string, quarter: string) => `tds-certificates:${companyId}:${quarter}`;

/**
 * After a quarter's certificate date (India's day), every company with a TDS certificate of that
 * quarter still awaited gets one mail listing them, to its billing members and owner, once: the
 * mail's id names the company and the quarter and is only ever created, so a second pass or
 * instance sends nothing. Candidates are what is awaited and not yet reminded (`reminderDue`, set
 * when a certificate is awaited, cleared once its reminder is queued or it is uploaded), found page
 * by page with one indexed query, so old certificates nobody ever sends are not read again.
 */
export async function tdsRemindersPass(
  ctx: TdsContext,
  { nowMs = Date.now() }: { nowMs?: number } = {},
): Promise<TdsRemindersReport> {
  const report: TdsRemindersReport = { checked: 0, reminded: 0, already: 0, failed: 0 };
  const today = istToday(nowMs);
  const groups = new Map<string, { companyId: string; quarter: string; docs: QueryDocumentSnapshot[] }>();
  await forEachPage(
    ctx.db
      .collection(TDS_CERTIFICATES)
      .where('status', '==', 'awaited')
      .where('reminderDue', '==', true)
      .where('certificateDueOn', '<', today)
      .orderBy('certificateDueOn'),
    async (docs) => {
      for (const doc of docs) {
        report.checked += 1;
        const companyId = String(doc.get('uid'));
        const quarter = String(doc.get('quarter'));
        const key = reminderMailId(companyId, quarter);
        const group = groups.get(key) ?? { companyId, quarter, docs: [] };
        group.docs.push(doc);
        groups.set(key, group);
      }
    },
    { pageSize: 500, maxPages: 20 },
  );
  for (const [mailId, group] of groups) {
    const reminded = (batch: WriteBatch) => {
      for (const doc of group.docs)
        batch.update(doc.ref, { reminderDue: false, remindedAt: FieldValue.serverTimestamp() });
      return batch;
    };
    try {
      const quarter = tdsQuarterFromKey(group.quarter);
      const first = group.docs[0]!.data();
      const batch = reminded(ctx.db.batch());
      addMail(batch, ctx.db, mailId, {
        template: 'tds-certificate-reminder',
        data: {
          customerName: (first.customerName as string | null) ?? null,
          quarterLabel: quarter?.label ?? group.quarter,
          dueOn: String(first.certificateDueOn),
          form: String(first.form ?? 'Form 16A'),
          certificates: group.docs.map((doc) => lineOf(doc.data())),
          uploadUrl: tdsUploadUrl(ctx.siteUrl),
        },
        ...toCompanyMembers(group.companyId),
        replyTo: null,
        attachmentDocumentId: null,
      });
      await batch.commit();
      report.reminded += 1;
    } catch (error) {
      if (!isAlreadyExists(error)) {
        report.failed += 1;
        ctx.logger?.error({ err: error, mailId }, 'a TDS certificate reminder failed');
        continue;
      }
      // Reminded for this quarter already (one sent back since, another instance's pass): once is all.
      report.already += 1;
      await reminded(ctx.db.batch())
        .commit()
        .catch((flagError: unknown) => ctx.logger?.warn({ err: flagError, mailId }, 'marking TDS reminders failed'));
    }
  }
  if (report.reminded > 0) mailQueued();
  return report;
}
