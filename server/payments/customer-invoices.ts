import { FieldValue } from 'firebase-admin/firestore';
import { parseDocumentNumber } from '../../src/domain/document-number';
import { CURRENCY, paiseToRupees } from '../../src/domain/money';
import type { NewInvoice } from '../../src/domain/schemas';
import { invoiceNumberKey } from '../../src/domain/payments';
import { STATUS } from '../../src/domain/status';
import { HttpError } from '../errors';
import type { PaymentsContext } from './context';

export const INVOICE_ALREADY_PENDING = 'This invoice is already pending. Please pay from the list above.';
export const INVOICE_ALREADY_ENTERED = 'You have already entered an invoice with this ID.';
export const INVOICE_ID_RESERVED =
  'This looks like one of our own invoice numbers: please pay it from its email or your profile.';

/**
 * `invoiceNumbers/{uid}:{ID}` (server-only): one per invoice id of a customer, upper-cased, so
 * `inv-1` and `INV-1` are one invoice, even when two tabs enter it at once (a query cannot lock
 * what is not there yet).
 */
const invoiceIdClaim = (ctx: Pick<PaymentsContext, 'db'>, uid: string, invoiceId: string) =>
  ctx.db.doc(`invoiceNumbers/${uid}:${encodeURIComponent(invoiceNumberKey(invoiceId))}`);

/** A number of one of our own series (PI/2026-27/0001, NB/…): the company's, never a customer's to type. */
function isCompanyNumber(invoiceId: string, prefixes: Record<string, string>): boolean {
  const parsed = parseDocumentNumber(invoiceId.trim().toUpperCase());
  return parsed !== null && Object.values(prefixes).some((prefix) => prefix.toUpperCase() === parsed.prefix);
}

/**
 * An invoice the customer entered themselves (the contact section's Pay Invoice form), 'Pending',
 * for the amount they typed. Its id is theirs, unique for them regardless of letter case: the same
 * id again is refused (with the spec's message while it is pending); one they deleted may be
 * entered again.
 */
export async function createCustomerInvoice(
  ctx: Pick<PaymentsContext, 'db' | 'documents'>,
  uid: string,
  invoice: NewInvoice,
): Promise<{ docId: string; invoiceId: string }> {
  const { db } = ctx;
  const invoiceId = invoice.invoiceId.trim();
  if (isCompanyNumber(invoiceId, ctx.documents.prefixes)) throw new HttpError(409, INVOICE_ID_RESERVED);
  const claimRef = invoiceIdClaim(ctx, uid, invoiceId);
  const ref = db.collection(`users/${uid}/invoices`).doc();
  await db.runTransaction(async (tx) => {
    const claim = await tx.get(claimRef);
    if (claim.exists) {
      const existing = await tx.get(db.doc(`users/${uid}/invoices/${String(claim.get('invoiceDocId'))}`));
      if (existing.exists) {
        throw new HttpError(
          409,
          existing.get('status') === STATUS.pending ? INVOICE_ALREADY_PENDING : INVOICE_ALREADY_ENTERED,
        );
      }
    }
    tx.set(claimRef, { uid, invoiceId, invoiceDocId: ref.id, createdAt: FieldValue.serverTimestamp() });
    tx.create(ref, {
      invoiceId,
      name: invoice.name,
      email: invoice.email,
      amount: paiseToRupees(invoice.amountPaise),
      currency: CURRENCY,
      status: STATUS.pending,
      createdAt: FieldValue.serverTimestamp(),
    });
  });
  return { docId: ref.id, invoiceId };
}
