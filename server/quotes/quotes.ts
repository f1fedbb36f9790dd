import type { Auth } from 'firebase-admin/auth';
import { purchaseOrderOf, type PurchaseOrder } from '../../src/domain/purchase-order';
import { FieldValue, Timestamp, type DocumentData, type Transaction } from 'firebase-admin/firestore';
import {
  DEFAULT_VALID_DAYS,
  milestoneInvoiceLines,
  milestoneKey,
  QUOTE_MESSAGES,
  QUOTE_STATUS,
  quoteFigures,
  quoteLabel,
  quoteListedPaise,
  resolveMilestones,
  type Milestone,
  type QuoteFields,
  type QuoteMilestoneSource,
  type QuoteSnapshot,
} from '../../src/domain/quotes';
import { addDays, istToday } from '../../src/domain/ist';
import type { MailPreview } from '../../src/domain/proforma';
import { addAudit, type Actor } from '../audit';
import { seriesCounter } from '../documents/numbering';
import { taxDocumentDoc } from '../documents/store';
import { enquiryDoc, ENQUIRY_NOT_FOUND } from '../enquiries/enquiries';
import { HttpError } from '../errors';
import { documentFileName } from '../documents/pdf';
import { renderPdfOffThread } from '../documents/pdf-renderer';
import { quoteSentMail } from '../mail/quote-mails';
import { renderMail, type MailTemplate, type QuoteSentData } from '../mail/templates';
import { addMail, mailQueued, type MailAddress } from '../mail/outbox';
import { CUSTOMER_NOT_FOUND, issueProforma, type IssuedProforma, type ProformaContext } from '../payments/proformas';
import { customerOf } from '../account/enquiry-billing';
import { quoteSnapshot } from './snapshot';
import {
  quoteDoc,
  quoteDocumentId,
  quoteLinkDoc,
  quoteLinkToken,
  quotesCollection,
  readQuote,
  type StoredQuote,
} from './store';

/** What the quotes service works with: issuing proformas, and where customers' answers are reported. */
export interface QuotesContext extends ProformaContext {
  /** COMPANY_EMAIL: staff are told there how a customer answered. */
  companyEmail: string;
  /** PROFORMA_DUE_DAYS: the days a milestone's proforma gives to pay, unless staff choose a date. */
  dueDays: number;
}

const serverTime = () => FieldValue.serverTimestamp();

/** What a draft's fields store: the terms as typed, the milestones resolved to paise, and the totals. */
function termsFields(ctx: QuotesContext, fields: QuoteFields): DocumentData {
  const listedPaise = quoteListedPaise(fields.lines);
  const resolved = resolveMilestones(listedPaise, fields.milestones);
  // The schema checked this already; a direct caller gets the same answer.
  if (!resolved.ok) throw new HttpError(400, resolved.message);
  const terms = {
    description: fields.description,
    lines: fields.lines,
    amountsIncludeGst: fields.amountsIncludeGst,
    validUntil: fields.validUntil,
    milestones: resolved.milestones,
    terms: fields.terms,
    purchaseOrder: purchaseOrderOf(fields),
  };
  // What the milestones' invoices come to in all is the same in every state (GST added on top is
  // priced per line whatever the place of supply), so it can be stored before anyone is billed.
  const { totals } = quoteFigures(terms, ctx.documents.tax, 'intra-state');
  return { ...terms, listedPaise, totalPaise: totals.totalPaise };
}

export interface NewQuote extends QuoteFields {
  uid?: string;
  enquiryId?: string;
}

/**
 * Staff make a quote, as a Draft: for a customer (an account or a lead's record), or for whoever
 * sent an enquiry (the same customer billing an enquiry would bill: a lead's record is made for a
 * visitor). It takes the next number of the quote series now, in the same transaction, so
 * numbers have no gaps: a draft that is never sent is Withdrawn, never deleted.
 */
export async function createQuote(
  ctx: QuotesContext,
  auth: Auth,
  input: NewQuote,
  actor: Actor,
): Promise<{ id: string; number: string; uid: string }> {
  const { db } = ctx;
  let uid = input.uid ?? '';
  let enquiryName = '';
  if (input.enquiryId) {
    const enquiry = await enquiryDoc(db, input.enquiryId).get();
    if (!enquiry.exists) throw new HttpError(404, ENQUIRY_NOT_FOUND);
    uid = (await customerOf(ctx, auth, enquiry.data()!)).uid;
    enquiryName = String(enquiry.get('name') ?? '');
  }
  const terms = termsFields(ctx, input);
  const ref = quotesCollection(db).doc();
  const userRef = db.doc(`users/${uid}`);
  const number = await db.runTransaction(async (tx) => {
    const counter = seriesCounter(db, 'quote', Date.now());
    const [profile, counterSnap] = await tx.getAll(userRef, counter.ref);
    if (!profile!.exists) throw new HttpError(404, CUSTOMER_NOT_FOUND);
    const taken = counter.take(counterSnap!, ctx.documents.prefixes.quote);
    tx.create(ref, {
      uid,
      customerName: String(profile!.get('name') ?? '') || enquiryName,
      customerEmail: String(profile!.get('email') ?? ''),
      enquiryId: input.enquiryId ?? null,
      number: taken.number,
      numberKey: taken.number.toUpperCase(),
      financialYear: taken.financialYear,
      sequence: taken.sequence,
      version: 1,
      previousId: null,
      revisionId: null,
      supersededBy: null,
      status: QUOTE_STATUS.draft,
      ...terms,
      progress: {},
      paidPaise: 0,
      createdBy: actor.uid,
      createdAt: serverTime(),
      updatedAt: serverTime(),
    });
    taken.write(tx);
    addAudit(tx, db, {
      actor,
      action: 'quote.create',
      target: ref.path,
      before: null,
      after: { number: taken.number, version: 1, uid, totalPaise: terms.totalPaise },
    });
    return taken.number;
  });
  return { id: ref.id, number, uid };
}

/** A draft read in a transaction: 404 when there is none, 409 when it was sent (a sent quote never changes). */
async function draftIn(tx: Transaction, ctx: Pick<QuotesContext, 'db'>, id: string): Promise<StoredQuote> {
  const snapshot = await tx.get(quoteDoc(ctx.db, id));
  if (!snapshot.exists) throw new HttpError(404, QUOTE_MESSAGES.notFound);
  const quote = readQuote(snapshot);
  if (quote.status !== QUOTE_STATUS.draft) throw new HttpError(409, QUOTE_MESSAGES.sentIsImmutable);
  return quote;
}

/** Staff change a draft's terms (audited). A sent quote is refused: it is revised instead. */
export async function updateDraft(ctx: QuotesContext, id: string, fields: QuoteFields, actor: Actor): Promise<void> {
  const { db } = ctx;
  const terms = termsFields(ctx, fields);
  await db.runTransaction(async (tx) => {
    const quote = await draftIn(tx, ctx, id);
    tx.update(quoteDoc(db, id), { ...terms, updatedAt: serverTime() });
    addAudit(tx, db, {
      actor,
      action: 'quote.update',
      target: quoteDoc(db, id).path,
      before: { totalPaise: quote.totalPaise, validUntil: quote.validUntil, milestones: quote.milestones },
      after: { totalPaise: terms.totalPaise, validUntil: terms.validUntil, milestones: terms.milestones },
    });
  });
}

/** What a sent quote's mail says: the customer as printed, the totals and the milestones of its snapshot. */
function quoteSentData(quote: StoredQuote, snapshot: QuoteSnapshot): Omit<QuoteSentData, 'quoteLink'> {
  return {
    customerName: snapshot.recipient.name || quote.customerName || null,
    number: quote.number,
    version: quote.version,
    description: quote.description,
    totalPaise: snapshot.totals.totalPaise,
    validUntil: snapshot.validUntil,
    milestones: snapshot.milestones.map((milestone) => ({ label: milestone.label, amountPaise: milestone.totalPaise })),
  };
}

/** Where a preview's button points: the real quote link is made when the quote is sent. */
export const PREVIEW_QUOTE_URL = 'https://quote-link.made-when-sent.invalid/';

/** What sending a draft would mail: its recipient (the customer's email), the mail as rendered, and the PDF. */
export interface QuoteSendPreview extends MailPreview {
  number: string;
  version: number;
  totalPaise: number;
}

/**
 * Exactly what sending a draft would mail, without sending or writing anything: the snapshot made
 * now from the customer's profile (as sending makes it), the mail with its PDF. Refused as sending
 * would be: not a draft (409), past its validity date (400).
 */
export async function previewQuoteSend(ctx: QuotesContext, id: string): Promise<QuoteSendPreview> {
  const { db } = ctx;
  const stored = await quoteDoc(db, id).get();
  if (!stored.exists) throw new HttpError(404, QUOTE_MESSAGES.notFound);
  const quote = readQuote(stored);
  if (quote.status !== QUOTE_STATUS.draft) throw new HttpError(409, QUOTE_MESSAGES.onlyDraftSent);
  if (quote.validUntil < istToday()) throw new HttpError(400, QUOTE_MESSAGES.validityPassed);
  const profile = (await db.doc(`users/${quote.uid}`).get()).data();
  const snapshot = quoteSnapshot({ quote, profile, settings: ctx.documents, issuedAtMs: Date.now() });
  const fileName = documentFileName(snapshot);
  const [, mail] = quoteSentMail({
    uid: quote.uid,
    quoteId: id,
    documentId: quoteDocumentId(id),
    data: quoteSentData(quote, snapshot),
  });
  const rendered = renderMail(mail as MailTemplate, { attachments: [fileName], quoteUrl: PREVIEW_QUOTE_URL });
  const pdf = await renderPdfOffThread(snapshot);
  const email = typeof profile?.email === 'string' && profile.email ? profile.email : quote.customerEmail;
  return {
    number: quote.number,
    version: quote.version,
    totalPaise: snapshot.totals.totalPaise,
    to: email,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    fileName,
    pdfBase64: pdf.toString('base64'),
  };
}

/**
 * Sends a draft: its printed snapshot is made now and kept (`documents/quote_{id}`, the PDF), its
 * link is recorded (only the token's hash), and the customer is mailed the PDF and the link, all
 * in one transaction. A revision withdraws the version it replaces at the same moment, so the
 * customer always has exactly one version to answer; if that one was accepted meanwhile, the
 * revision is refused.
 */
export async function sendQuote(
  ctx: QuotesContext,
  id: string,
  actor: Actor,
): Promise<{ status: string; number: string; version: number }> {
  const { db } = ctx;
  const ref = quoteDoc(db, id);
  const sent = await db.runTransaction(async (tx) => {
    const quote = await draftIn(tx, ctx, id).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 409) throw new HttpError(409, QUOTE_MESSAGES.onlyDraftSent);
      throw error;
    });
    if (quote.validUntil < istToday()) throw new HttpError(400, QUOTE_MESSAGES.validityPassed);
    const previousRef = quote.previousId ? quoteDoc(db, quote.previousId) : null;
    const [profile, previousSnap] = await tx.getAll(
      db.doc(`users/${quote.uid}`),
      ...(previousRef ? [previousRef] : []),
    );
    const previous = previousSnap?.exists ? readQuote(previousSnap) : null;
    if (previous?.status === QUOTE_STATUS.accepted) {
      throw new HttpError(409, QUOTE_MESSAGES.previousAccepted(previous.version));
    }
    const issuedAtMs = Date.now();
    const snapshot = quoteSnapshot({ quote, profile: profile!.data(), settings: ctx.documents, issuedAtMs });
    const documentId = quoteDocumentId(id);
    tx.create(taxDocumentDoc(db, documentId), {
      status: 'issued',
      series: 'quote',
      kind: 'quote',
      uid: quote.uid,
      quoteId: id,
      number: quote.number,
      financialYear: quote.financialYear,
      sequence: quote.sequence,
      version: quote.version,
      issuedAt: Timestamp.fromMillis(issuedAtMs),
      snapshot,
      amountPaise: snapshot.totals.totalPaise,
      createdAt: serverTime(),
    });
    tx.create(quoteLinkDoc(db, quoteLinkToken(ctx.payLinkSecret, id)), { quoteId: id, createdAt: serverTime() });
    tx.update(ref, {
      status: QUOTE_STATUS.sent,
      sentAt: serverTime(),
      sentBy: actor.uid,
      documentId,
      totalPaise: snapshot.totals.totalPaise,
      // The pipeline counts a quote once, when it is first sent (its revisions are the same quote).
      ...(quote.previousId ? {} : { firstSentAt: serverTime() }),
      updatedAt: serverTime(),
    });
    if (previous && previousRef && [QUOTE_STATUS.sent, QUOTE_STATUS.declined].includes(previous.status as 'Sent')) {
      tx.update(previousRef, {
        status: QUOTE_STATUS.withdrawn,
        withdrawnAt: serverTime(),
        withdrawnBy: actor.uid,
        withdrawReason: `Replaced by version ${quote.version}`,
        supersededBy: id,
        updatedAt: serverTime(),
      });
    }
    const [mailId, mail] = quoteSentMail({
      uid: quote.uid,
      quoteId: id,
      documentId,
      data: quoteSentData(quote, snapshot),
    });
    addMail(tx, db, mailId, mail);
    addAudit(tx, db, {
      actor,
      action: 'quote.send',
      target: ref.path,
      before: { status: QUOTE_STATUS.draft },
      after: { status: QUOTE_STATUS.sent, ...(previous ? { replaces: previous.id } : {}) },
    });
    return { status: QUOTE_STATUS.sent, number: quote.number, version: quote.version };
  });
  mailQueued();
  return sent;
}

/** What a revision copies from the version it revises. */
const REVISION_COPIES = [
  'uid',
  'customerName',
  'customerEmail',
  'enquiryId',
  'number',
  'numberKey',
  'financialYear',
  'sequence',
  'description',
  'lines',
  'amountsIncludeGst',
  'milestones',
  'terms',
  'purchaseOrder',
  'listedPaise',
  'totalPaise',
] as const;

/**
 * Starts a revision of a sent (or expired, or declined) quote: a new Draft version with the same
 * number and terms, to edit and send. The version it revises stays as it is until then.
 */
export async function reviseQuote(
  ctx: QuotesContext,
  id: string,
  actor: Actor,
): Promise<{ id: string; version: number }> {
  const { db } = ctx;
  const ref = quoteDoc(db, id);
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) throw new HttpError(404, QUOTE_MESSAGES.notFound);
    const quote = readQuote(snapshot);
    if (quote.status !== QUOTE_STATUS.sent && quote.status !== QUOTE_STATUS.declined) {
      throw new HttpError(409, QUOTE_MESSAGES.onlyRevisable);
    }
    if (quote.revisionId) {
      const revision = await tx.get(quoteDoc(db, quote.revisionId));
      if (revision.exists && revision.get('status') === QUOTE_STATUS.draft) {
        throw new HttpError(409, QUOTE_MESSAGES.revisionDrafted(quote.version + 1));
      }
    }
    const revisionRef = quotesCollection(db).doc();
    const today = istToday();
    const version = quote.version + 1;
    const stored = snapshot.data() as DocumentData;
    tx.create(revisionRef, {
      // The customer, the number and the terms carry over; nothing of the old version's answers does.
      ...Object.fromEntries(REVISION_COPIES.map((key) => [key, stored[key] ?? null])),
      version,
      previousId: id,
      revisionId: null,
      supersededBy: null,
      status: QUOTE_STATUS.draft,
      validUntil: quote.validUntil >= today ? quote.validUntil : addDays(today, DEFAULT_VALID_DAYS),
      progress: {},
      paidPaise: 0,
      createdBy: actor.uid,
      createdAt: serverTime(),
      updatedAt: serverTime(),
    });
    tx.update(ref, { revisionId: revisionRef.id, updatedAt: serverTime() });
    addAudit(tx, db, {
      actor,
      action: 'quote.revise',
      target: revisionRef.path,
      before: null,
      after: { number: quote.number, version, revises: id },
    });
    return { id: revisionRef.id, version };
  });
}

/** Withdraws a draft or a sent quote (audited): it can no longer be sent or answered. */
export async function withdrawQuote(ctx: QuotesContext, id: string, reason: string, actor: Actor): Promise<void> {
  const { db } = ctx;
  const ref = quoteDoc(db, id);
  await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) throw new HttpError(404, QUOTE_MESSAGES.notFound);
    const { status } = readQuote(snapshot);
    if (status !== QUOTE_STATUS.draft && status !== QUOTE_STATUS.sent) {
      throw new HttpError(409, QUOTE_MESSAGES.onlyWithdrawable);
    }
    tx.update(ref, {
      status: QUOTE_STATUS.withdrawn,
      withdrawnAt: serverTime(),
      withdrawnBy: actor.uid,
      withdrawReason: reason,
      updatedAt: serverTime(),
    });
    addAudit(tx, db, {
      actor,
      action: 'quote.withdraw',
      target: ref.path,
      before: { status },
      after: { status: QUOTE_STATUS.withdrawn, reason },
    });
  });
}

/** Firestore's FAILED_PRECONDITION: a write conditioned on the time the quote was read found it changed. */
export const isStaleRead = (error: unknown) => (error as { code?: unknown } | null)?.code === 9;

/**
 * Issues milestone `index`'s proforma for a quote as read at `readAt` (issueProforma: numbered in
 * the proforma series, with its PDF, pay link and mail), recording it on the quote in the same
 * transaction, with `changes`. The quote is written only if it has not changed since it was read
 * (a lastUpdateTime precondition), so two requests racing to issue the same milestone issue one
 * invoice: the other's whole transaction fails (isStaleRead) and it reads the quote again.
 */
export function issueMilestoneInvoice(
  ctx: QuotesContext,
  quote: StoredQuote,
  index: number,
  options: {
    readAt: Timestamp;
    actor: Actor | null;
    dueDate?: string;
    changes?: DocumentData;
    also?: (tx: Transaction, issued: { id: string; number: string; amountPaise: number }) => void;
    /** Also sent the invoice's mail, a copy each: the project's contact who pays. */
    alsoTo?: MailAddress[];
    /** The PO the customer gave as they accepted (it wins over the quote's, and is stored on it). */
    purchaseOrder?: PurchaseOrder | null;
  },
): Promise<IssuedProforma> {
  const milestone: Milestone = quote.milestones[index]!;
  const source: QuoteMilestoneSource = { kind: 'quote', quoteId: quote.id, milestone: index };
  return issueProforma(
    ctx,
    {
      uid: quote.uid,
      description: `Quote ${quoteLabel(quote.number, quote.version)}, milestone ${index + 1} of ${quote.milestones.length}: ${milestone.label}`,
      lines: milestoneInvoiceLines(quote, milestone),
      amountsIncludeGst: quote.amountsIncludeGst,
      // The buyer's PO for the project: on every milestone's invoice.
      poNumber: options.purchaseOrder?.poNumber ?? quote.purchaseOrder?.poNumber,
      vendorCode: options.purchaseOrder?.vendorCode ?? quote.purchaseOrder?.vendorCode,
      dueDate: options.dueDate ?? addDays(istToday(), ctx.dueDays),
      source: { ...source },
      ...(options.alsoTo?.length ? { alsoTo: options.alsoTo } : {}),
    },
    {
      actor: options.actor,
      alsoInTransaction: (tx, issued) => {
        tx.update(
          quoteDoc(ctx.db, quote.id),
          {
            ...options.changes,
            [`progress.${milestoneKey(index)}`]: {
              state: 'invoiced',
              invoiceId: issued.id,
              invoiceNumber: issued.number,
              amountPaise: issued.amountPaise,
              invoicedAt: serverTime(),
              ...(options.actor ? { reachedBy: options.actor.uid } : {}),
            },
            updatedAt: serverTime(),
          },
          { lastUpdateTime: options.readAt },
        );
        options.also?.(tx, issued);
      },
    },
  );
}
