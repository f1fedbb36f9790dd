import { FieldValue, Timestamp, type DocumentData, type Transaction } from 'firebase-admin/firestore';
import { CURRENCY, paiseToRupees } from '../../src/domain/money';
import { daysBetween, istToday } from '../../src/domain/ist';
import { dueDateProblem, MSME_MAX_TERM_DAYS, termDays } from '../../src/domain/msme';
import { purchaseOrderOf } from '../../src/domain/purchase-order';
import { payableLabel, pricePayable, readPayable } from '../../src/domain/payable';
import { type InvoiceLine, type ProformaPreview } from '../../src/domain/proforma';
import { STATUS } from '../../src/domain/status';
import type { TaxDocumentSnapshot } from '../../src/domain/tax-document';
import { addAudit, type Actor } from '../audit';
import { seriesCounter } from '../documents/numbering';
import { proformaSnapshot, type ProfileFields } from '../documents/snapshot';
import { documentFileName } from '../documents/pdf';
import { renderPdfOffThread } from '../documents/pdf-renderer';
import { taxDocumentDoc } from '../documents/store';
import { HttpError } from '../errors';
import { invoiceCancelledMail, invoiceIssuedMail } from '../mail/mails';
import { addMail, mailQueued, type MailAddress } from '../mail/outbox';
import { renderMail, type MailTemplate } from '../mail/templates';
import type { RenewalNotice } from '../mail/templates/renewals';
import type { PaymentsContext } from './context';
import { addPayLink, payLinkDoc, payLinkToken, payLinkUrl } from './pay-links';
import { companyDoc, invoiceTokens, rulesOf } from './purchase-orders';

export const CUSTOMER_NOT_FOUND = 'Customer not found.';

/** What issuing a proforma needs beyond the payment services: where links point, and how they are signed. */
export interface ProformaContext extends PaymentsContext {
  siteUrl: string;
  payLinkSecret: string;
}

export interface ProformaInput {
  /** The customer billed (an account, or a lead's customer record). */
  uid: string;
  description: string;
  /** Each with its own SAC if it has one (a quote's lines do); otherwise the settings' SAC for invoices. */
  lines: Array<InvoiceLine & { sac?: string }>;
  amountsIncludeGst: boolean;
  /** YYYY-MM-DD, India time. */
  dueDate: string;
  /** Where it comes from when it is not staff's own (a renewal, a quote's milestone); stored on it. */
  source?: Record<string, unknown>;
  /** A yearly maintenance renewal: its mail says what renewing means and what follows. */
  renewal?: Omit<RenewalNotice, 'profileUrl'>;
  /** Also sent its mail, a copy each: a project's contact who pays. */
  alsoTo?: MailAddress[];
  /** The buyer's PO number and vendor code ('' or left out: none; the vendor code then the company's default). */
  poNumber?: string | null;
  vendorCode?: string | null;
  /**
   * Why the due date is more than 45 days after issue, when it is: an MSME seller (SELLER_UDYAM)
   * needs one (section 15 of the MSMED Act), and it is kept on the invoice and in the audit entry.
   */
  longTermReason?: string | null;
}

export interface IssuedProforma {
  id: string;
  number: string;
  /** What the customer pays, GST included. */
  amountPaise: number;
  /** documents/{id} of its PDF. */
  documentId: string;
  payUrl: string;
}

/** documents/{id} of a proforma: one per invoice. */
export const proformaDocumentId = (invoiceDocId: string) => `proforma_${invoiceDocId}`;

/**
 * Issues a proforma invoice: the company's bill before payment, numbered in its own series
 * (PI/2026-27/0001, company-wide, in the same transaction as everything else). It is stored as the
 * customer's invoice `users/{uid}/invoices/{id}` (the payable: it shows in their lists and is paid
 * through the same single markPaid), with its printed snapshot in `documents/proforma_{id}` (its
 * PDF), its pay link, its mail (the PDF attached, the pay link, the customer's account link), and
 * the audit entry of the staff member who issued it. `alsoInTransaction` lets the caller commit its
 * own writes with it (a renewal's or a quote's state), knowing the invoice's id and number.
 */
export async function issueProforma(
  ctx: ProformaContext,
  input: ProformaInput,
  {
    actor,
    alsoInTransaction,
  }: {
    actor: Actor | null;
    /** The caller's own writes, given what is being issued (e.g. a renewal's record of its invoice). */
    alsoInTransaction?: (tx: Transaction, issued: Omit<IssuedProforma, 'payUrl'>) => void;
  },
): Promise<IssuedProforma> {
  const { db } = ctx;
  const userRef = db.doc(`users/${input.uid}`);
  const invoiceRef = userRef.collection('invoices').doc();
  const ref = { uid: input.uid, type: 'invoice' as const, docId: invoiceRef.id };
  const documentId = proformaDocumentId(invoiceRef.id);
  const issued = await db.runTransaction(async (tx) => {
    const issuedAtMs = Date.now();
    const counter = seriesCounter(db, 'proforma', issuedAtMs);
    const [profile, counterSnap, company] = await tx.getAll(userRef, counter.ref, companyDoc(db, input.uid));
    if (!profile!.exists) throw new HttpError(404, CUSTOMER_NOT_FOUND);
    const { number, financialYear, sequence, write } = counter.take(counterSnap!, ctx.documents.prefixes.proforma);
    const draft = draftProforma(
      ctx,
      input,
      profile!.data()!,
      { number, financialYear, issuedAtMs, company: company!.data() },
      invoiceRef.id,
    );
    const { stored, snapshot, chargedPaise } = draft;

    tx.create(invoiceRef, { ...stored, issuedByUid: actor?.uid ?? null, createdAt: FieldValue.serverTimestamp() });
    tx.create(taxDocumentDoc(db, documentId), {
      status: 'issued',
      series: 'proforma',
      kind: 'proforma',
      uid: input.uid,
      number,
      financialYear,
      sequence,
      issuedAt: Timestamp.fromMillis(issuedAtMs),
      snapshot,
      payable: { type: 'invoice', docId: invoiceRef.id },
      amountPaise: chargedPaise,
      createdAt: FieldValue.serverTimestamp(),
    });
    write(tx);
    addPayLink(tx, db, ctx.payLinkSecret, ref);
    addMail(tx, db, ...draft.mail);
    if (actor) {
      // What was issued, as stored (a due date beyond 45 days with its reason among it); its
      // search tokens are derived, not issued.
      const { searchTokens: _tokens, ...issuedFields } = stored;
      addAudit(tx, db, {
        actor,
        action: 'invoice.issue',
        target: invoiceRef.path,
        before: null,
        after: { ...issuedFields, issuedByUid: actor.uid },
      });
    }
    alsoInTransaction?.(tx, { id: invoiceRef.id, number, amountPaise: chargedPaise, documentId });
    return { number, amountPaise: chargedPaise };
  });
  mailQueued();
  return {
    id: invoiceRef.id,
    ...issued,
    documentId,
    payUrl: payLinkUrl(ctx.siteUrl, ctx.payLinkSecret, ref),
  };
}

interface ProformaNumbering {
  number: string;
  financialYear: string;
  issuedAtMs: number;
  /** companies/{uid}: the company's purchase-order rules (its default vendor code). */
  company: DocumentData | undefined;
}

/**
 * The due date's terms: an MSME seller's term in days (at most 45, printed) and, beyond 45 days,
 * the reason it needs (400 without one); anyone else's due date is as staff chose it.
 */
function dueTerms(ctx: ProformaContext, input: ProformaInput, issuedAtMs: number) {
  const issueDay = istToday(issuedAtMs);
  if (!ctx.documents.msme) return { msmeTermDays: null, longTermReason: null };
  const problem = dueDateProblem(issueDay, input.dueDate, input.longTermReason);
  if (problem) throw new HttpError(400, problem);
  return {
    msmeTermDays: termDays(issueDay, input.dueDate),
    longTermReason:
      daysBetween(issueDay, input.dueDate) > MSME_MAX_TERM_DAYS ? (input.longTermReason?.trim() ?? null) : null,
  };
}

/**
 * A proforma as it is issued, from its input, its customer's profile and its number: the invoice
 * stored, its printed snapshot, what it charges and its mail. One function for issuing and for
 * the preview staff see first, so the preview is what the customer gets.
 */
function draftProforma(
  ctx: ProformaContext,
  input: ProformaInput,
  profile: DocumentData,
  { number, financialYear, issuedAtMs, company }: ProformaNumbering,
  invoiceDocId: string,
) {
  const name = typeof profile.name === 'string' ? profile.name : '';
  const email = typeof profile.email === 'string' ? profile.email : '';
  const { msmeTermDays, longTermReason } = dueTerms(ctx, input, issuedAtMs);
  const purchaseOrder = purchaseOrderOf({
    poNumber: input.poNumber,
    vendorCode: input.vendorCode || rulesOf(company).vendorCode,
  });
  const stored: Record<string, unknown> = {
    // invoiceId is what the spec's lists and the payment flow show: the number.
    invoiceId: number,
    number,
    numberKey: number.toUpperCase(),
    kind: 'proforma',
    issuedBy: 'company',
    description: input.description,
    lines: input.lines,
    amountsIncludeGst: input.amountsIncludeGst,
    dueDate: input.dueDate,
    currency: CURRENCY,
    status: STATUS.pending,
    name,
    email,
    documentId: proformaDocumentId(invoiceDocId),
    ...(input.source ? { source: input.source } : {}),
    ...(purchaseOrder ? { purchaseOrder } : {}),
    ...(msmeTermDays !== null ? { msmeTermDays } : {}),
    ...(longTermReason ? { longTermReason } : {}),
  };
  stored.searchTokens = invoiceTokens(stored, profile, purchaseOrder);
  const payable = readPayable({ type: 'invoice', docId: invoiceDocId }, stored);
  const pricing = pricePayable(payable, ctx.documents.tax);
  if (!pricing.ok) throw new HttpError(400, pricing.message);
  stored.amount = paiseToRupees(pricing.chargedPaise);
  const snapshot: TaxDocumentSnapshot = proformaSnapshot({
    payable,
    profile: profile as ProfileFields,
    settings: ctx.documents,
    number,
    financialYear,
    issuedAtMs,
    purchaseOrder,
    msmeTermDays,
  });
  // A lead has no account to log in to: the pay link is their way in.
  const profileUrl =
    profile.isLead === true ? null : `${ctx.siteUrl}/profile?invoice=${encodeURIComponent(invoiceDocId)}`;
  const mail = invoiceIssuedMail({
    uid: input.uid,
    invoiceDocId,
    documentId: proformaDocumentId(invoiceDocId),
    customerName: snapshot.recipient.name || name || null,
    snapshot,
    profileUrl,
    renewal: input.renewal ? { ...input.renewal, profileUrl } : null,
    alsoTo: input.alsoTo,
  });
  return { stored, snapshot, chargedPaise: pricing.chargedPaise, mail, email };
}

/** Where a preview's button points: the real pay link is made when the proforma is issued. */
export const PREVIEW_PAY_URL = 'https://pay-link.made-when-issued.invalid/';

/**
 * Exactly what issuing would send, without issuing anything: the mail and its PDF for a customer
 * (their profile now) or, for an enquiry's sender with no customer record yet, the profile issuing
 * would make for them. Nothing is written; the number shown is the series' next.
 */
export async function previewProforma(
  ctx: ProformaContext,
  input: ProformaInput,
  profile?: DocumentData,
): Promise<ProformaPreview> {
  const issuedAtMs = Date.now();
  const counter = seriesCounter(ctx.db, 'proforma', issuedAtMs);
  const [stored, counterSnap, company] = await Promise.all([
    profile ? null : ctx.db.doc(`users/${input.uid}`).get(),
    counter.ref.get(),
    companyDoc(ctx.db, input.uid).get(),
  ]);
  const customer = profile ?? stored?.data();
  if (!customer) throw new HttpError(404, CUSTOMER_NOT_FOUND);
  const { number, financialYear } = counter.take(counterSnap, ctx.documents.prefixes.proforma);
  const draft = draftProforma(
    ctx,
    input,
    customer,
    { number, financialYear, issuedAtMs, company: company.data() },
    'preview',
  );
  const fileName = documentFileName(draft.snapshot);
  const rendered = renderMail(draft.mail[1] as MailTemplate, {
    attachments: [fileName],
    documents: [`${draft.snapshot.title} ${number}`],
    payUrl: PREVIEW_PAY_URL,
  });
  const pdf = await renderPdfOffThread(draft.snapshot);
  return {
    number,
    amountPaise: draft.chargedPaise,
    to: draft.email,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    fileName,
    pdfBase64: pdf.toString('base64'),
  };
}

export const INVOICE_NOT_FOUND = 'Invoice not found.';
export const ONLY_PENDING_CANCEL = 'Only an unpaid (Pending) invoice can be cancelled.';

/**
 * Cancels an unpaid invoice (status 'Cancelled'), audited: it can no longer be paid (payment
 * orders are refused, its pay link says it was cancelled, and a capture through a checkout left
 * open is kept as a mismatch for refund); the customer is mailed that it is cancelled.
 */
export async function cancelInvoice(
  ctx: Pick<ProformaContext, 'db' | 'payLinkSecret'>,
  ref: { uid: string; docId: string },
  actor: Actor,
): Promise<void> {
  const { db } = ctx;
  const invoiceRef = db.doc(`users/${ref.uid}/invoices/${ref.docId}`);
  const link = payLinkDoc(db, payLinkToken(ctx.payLinkSecret, { ...ref, type: 'invoice' }));
  await db.runTransaction(async (tx) => {
    const [snapshot, linkSnap] = await tx.getAll(invoiceRef, link);
    if (!snapshot!.exists) throw new HttpError(404, INVOICE_NOT_FOUND);
    if (snapshot!.get('status') !== STATUS.pending) throw new HttpError(409, ONLY_PENDING_CANCEL);
    tx.update(invoiceRef, {
      status: STATUS.cancelled,
      cancelledAt: FieldValue.serverTimestamp(),
      cancelledBy: actor.uid,
    });
    if (linkSnap!.exists) tx.update(link, { revokedAt: FieldValue.serverTimestamp() });
    // The customer was mailed the invoice and its pay link: they hear it is cancelled.
    if (snapshot!.get('issuedBy') === 'company') {
      const payable = readPayable({ type: 'invoice', docId: ref.docId }, snapshot!.data()!);
      const [mailId, mail] = invoiceCancelledMail(ref.uid, ref.docId, {
        customerName: payable.name,
        label: payableLabel(payable),
        description: payable.description,
        amountPaise: payable.amountPaise ?? 0,
      });
      addMail(tx, db, mailId, mail);
    }
    addAudit(tx, db, {
      actor,
      action: 'invoice.cancel',
      target: invoiceRef.path,
      before: { status: STATUS.pending },
      after: { status: STATUS.cancelled },
    });
  });
  mailQueued();
}
