import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { CURRENCY, paiseToRupees } from '../../src/domain/money';
import { invoiceNumberKey, invoiceTotalPaise, suggestInvoiceNumber, type IssueInvoice } from '../../src/domain/staff';
import { STATUS } from '../../src/domain/status';
import { HttpError } from '../errors';
import { invoiceIssuedMail } from '../mail/mails';
import { addMail, mailQueued } from '../mail/outbox';
import { addAudit, type Actor } from '../audit';

export const CUSTOMER_NOT_FOUND = 'Customer not found.';
export const INVOICE_NOT_FOUND = 'Invoice not found.';
export const NUMBER_TAKEN = 'This customer already has an invoice with this number.';
export const ONLY_PENDING_CANCEL = 'Only an unpaid (Pending) invoice can be cancelled.';

const invoicesOf = (db: Firestore, uid: string) => db.collection(`users/${uid}/invoices`);

/**
 * `invoiceNumbers/{uid}:{number}` (server only): claims a number for one customer, so two staff
 * issuing the same number at once cannot both succeed (a query cannot lock what is not there yet).
 */
const numberClaimDoc = (db: Firestore, uid: string, key: string) =>
  db.doc(`invoiceNumbers/${uid}:${encodeURIComponent(key)}`);

/**
 * Issues an invoice to a customer: `users/{uid}/invoices/{id}` with `issuedBy: 'company'`, the
 * lines, and `amount` (rupees, the sum of the lines: what the customer is charged). In one
 * transaction: the number is checked unique for this customer (against issued numbers and the
 * customer's own invoice ids, case-insensitively), the 'invoice issued' mail is queued and the
 * action audited. Customers see it at once in My Invoices and the contact section.
 */
export async function issueInvoice(
  db: Firestore,
  input: IssueInvoice,
  actor: Actor,
  siteUrl: string,
): Promise<{ id: string; number: string; amountPaise: number }> {
  const userRef = db.doc(`users/${input.uid}`);
  const invoices = invoicesOf(db, input.uid);
  const ref = invoices.doc();
  const number = input.number.trim();
  const key = invoiceNumberKey(number);
  const amountPaise = invoiceTotalPaise(input.lines);
  await db.runTransaction(async (tx) => {
    const claimRef = numberClaimDoc(db, input.uid, key);
    const [profile, claim, sameId] = await Promise.all([
      tx.get(userRef),
      tx.get(claimRef),
      tx.get(invoices.where('invoiceId', '==', number).limit(1)),
    ]);
    if (!profile.exists) throw new HttpError(404, CUSTOMER_NOT_FOUND);
    if (claim.exists || !sameId.empty) throw new HttpError(409, NUMBER_TAKEN);
    tx.create(claimRef, { uid: input.uid, number, invoiceDocId: ref.id, createdAt: FieldValue.serverTimestamp() });
    const name = typeof profile.get('name') === 'string' ? (profile.get('name') as string) : '';
    const email = typeof profile.get('email') === 'string' ? (profile.get('email') as string) : '';
    const invoice = {
      // invoiceId is what the spec's lists and the payment flow show: the number.
      invoiceId: number,
      number,
      numberKey: key,
      issuedBy: 'company',
      issuedByUid: actor.uid,
      description: input.description,
      lines: input.lines,
      amount: paiseToRupees(amountPaise),
      currency: CURRENCY,
      status: STATUS.pending,
      name,
      email,
      createdAt: FieldValue.serverTimestamp(),
    };
    tx.create(ref, invoice);
    const [mailId, mail] = invoiceIssuedMail({
      uid: input.uid,
      invoiceDocId: ref.id,
      customerName: name || null,
      number,
      lines: input.lines,
      siteUrl,
    });
    addMail(tx, db, mailId, mail);
    const { createdAt: _createdAt, ...recorded } = invoice;
    addAudit(tx, db, { actor, action: 'invoice.issue', target: ref.path, before: null, after: recorded });
  });
  mailQueued();
  return { id: ref.id, number, amountPaise };
}

/**
 * Cancels an unpaid invoice (status 'Cancelled'): it can no longer be paid (payment orders are
 * refused, and a capture through a checkout left open is kept as a mismatch for refund).
 */
export async function cancelInvoice(db: Firestore, uid: string, invoiceId: string, actor: Actor): Promise<void> {
  const ref = invoicesOf(db, uid).doc(invoiceId);
  await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) throw new HttpError(404, INVOICE_NOT_FOUND);
    if (snapshot.get('status') !== STATUS.pending) throw new HttpError(409, ONLY_PENDING_CANCEL);
    tx.update(ref, {
      status: STATUS.cancelled,
      cancelledAt: FieldValue.serverTimestamp(),
      cancelledBy: actor.uid,
    });
    addAudit(tx, db, {
      actor,
      action: 'invoice.cancel',
      target: ref.path,
      before: { status: STATUS.pending },
      after: { status: STATUS.cancelled },
    });
  });
}

/** The suggested number of the customer's next issued invoice: one past the count, skipping any in use. */
export async function nextInvoiceNumber(db: Firestore, uid: string): Promise<string> {
  const invoices = invoicesOf(db, uid);
  const issued = await invoices.where('issuedBy', '==', 'company').count().get();
  for (let sequence = issued.data().count + 1; ; sequence += 1) {
    const candidate = suggestInvoiceNumber(sequence);
    const [claim, sameId] = await Promise.all([
      numberClaimDoc(db, uid, invoiceNumberKey(candidate)).get(),
      invoices.where('invoiceId', '==', candidate).limit(1).get(),
    ]);
    if (!claim.exists && sameId.empty) return candidate;
  }
}
