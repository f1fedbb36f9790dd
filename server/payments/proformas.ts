import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { CURRENCY, paiseToRupees } from '../../src/domain/money';
import { pricePayable, readPayable } from '../../src/domain/payable';
import type { InvoiceLine } from '../../src/domain/staff';
import { STATUS } from '../../src/domain/status';
import type { TaxDocumentSnapshot } from '../../src/domain/tax-document';
import { addAudit, type Actor } from '../audit';
import { seriesCounter } from '../documents/numbering';
import { proformaSnapshot, type ProfileFields } from '../documents/snapshot';
import { taxDocumentDoc } from '../documents/store';
import { HttpError } from '../errors';
import { invoiceIssuedMail } from '../mail/mails';
import { addMail, mailQueued } from '../mail/outbox';
import type { RenewalNotice } from '../mail/templates/renewals';
import type { PaymentsContext } from './context';
import { addPayLink, payLinkDoc, payLinkToken, payLinkUrl } from './pay-links';

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
  lines: InvoiceLine[];
  amountsIncludeGst: boolean;
  /** YYYY-MM-DD, India time. */
  dueDate: string;
  /** Where it comes from when it is not staff's own (a renewal, a quote's milestone); stored on it. */
  source?: Record<string, unknown>;
  /** A yearly maintenance renewal: its mail says what renewing means and what follows. */
  renewal?: Omit<RenewalNotice, 'profileUrl'>;
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
 * own writes with it (a renewal's or a quote's state).
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
    const [profile, counterSnap] = await tx.getAll(userRef, counter.ref);
    if (!profile!.exists) throw new HttpError(404, CUSTOMER_NOT_FOUND);
    const { number, financialYear, sequence, write } = counter.take(counterSnap!, ctx.documents.prefixes.proforma);
    const name = typeof profile!.get('name') === 'string' ? (profile!.get('name') as string) : '';
    const email = typeof profile!.get('email') === 'string' ? (profile!.get('email') as string) : '';
    const stored: Record<string, unknown> = {
      // invoiceId is what the spec's lists and the payment flow show: the number.
      invoiceId: number,
      number,
      numberKey: number.toUpperCase(),
      kind: 'proforma',
      issuedBy: 'company',
      issuedByUid: actor?.uid ?? null,
      description: input.description,
      lines: input.lines,
      amountsIncludeGst: input.amountsIncludeGst,
      dueDate: input.dueDate,
      currency: CURRENCY,
      status: STATUS.pending,
      name,
      email,
      documentId,
      ...(input.source ? { source: input.source } : {}),
    };
    const payable = readPayable(ref, stored);
    const pricing = pricePayable(payable, ctx.documents.tax);
    if (!pricing.ok) throw new HttpError(400, pricing.message);
    stored.amount = paiseToRupees(pricing.chargedPaise);
    const snapshot: TaxDocumentSnapshot = proformaSnapshot({
      payable,
      profile: profile!.data() as ProfileFields,
      settings: ctx.documents,
      number,
      financialYear,
      issuedAtMs,
    });

    tx.create(invoiceRef, { ...stored, createdAt: FieldValue.serverTimestamp() });
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
      amountPaise: pricing.chargedPaise,
      createdAt: FieldValue.serverTimestamp(),
    });
    write(tx);
    addPayLink(tx, db, ctx.payLinkSecret, ref);
    // A lead has no account to log in to: the pay link is their way in.
    const profileUrl =
      profile!.get('isLead') === true ? null : `${ctx.siteUrl}/profile?invoice=${encodeURIComponent(invoiceRef.id)}`;
    const [mailId, mail] = invoiceIssuedMail({
      uid: input.uid,
      invoiceDocId: invoiceRef.id,
      documentId,
      customerName: snapshot.recipient.name || name || null,
      snapshot,
      profileUrl,
      renewal: input.renewal ? { ...input.renewal, profileUrl } : null,
    });
    addMail(tx, db, mailId, mail);
    if (actor) {
      addAudit(tx, db, { actor, action: 'invoice.issue', target: invoiceRef.path, before: null, after: stored });
    }
    alsoInTransaction?.(tx, { id: invoiceRef.id, number, amountPaise: pricing.chargedPaise, documentId });
    return { number, amountPaise: pricing.chargedPaise };
  });
  mailQueued();
  return {
    id: invoiceRef.id,
    ...issued,
    documentId,
    payUrl: payLinkUrl(ctx.siteUrl, ctx.payLinkSecret, ref),
  };
}

export const INVOICE_NOT_FOUND = 'Invoice not found.';
export const ONLY_PENDING_CANCEL = 'Only an unpaid (Pending) invoice can be cancelled.';

/**
 * Cancels an unpaid invoice (status 'Cancelled'), audited: it can no longer be paid (payment
 * orders are refused, its pay link opens nothing, and a capture through a checkout left open is
 * kept as a mismatch for refund).
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
    addAudit(tx, db, {
      actor,
      action: 'invoice.cancel',
      target: invoiceRef.path,
      before: { status: STATUS.pending },
      after: { status: STATUS.cancelled },
    });
  });
}
