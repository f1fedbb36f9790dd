import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  PO_MESSAGES,
  purchaseOrderOf,
  readPurchaseOrder,
  type PurchaseOrder,
  type PurchaseOrderRules,
} from '../../src/domain/purchase-order';
import { invoiceSearchTokens } from '../../src/domain/search';
import { isOpenStatus } from '../../src/domain/status';
import { addAudit, type Actor } from '../audit';
import { addFounding, isCustomerProfile } from '../companies/companies';
import { taxDocumentDoc } from '../documents/store';
import { HttpError } from '../errors';

/**
 * Purchase orders: a company's rules (does it require a PO number on what it pays, which vendor
 * code it knows us by) and the PO number and vendor code of one of its proformas. The rules live
 * on `companies/{companyId}` (server-only; a company's id is its founding customer's uid), not on the
 * owner's profile, whose keys the rules let the customer write.
 */

export const companyDoc = (db: Firestore, companyId: string) => db.doc(`companies/${companyId}`);

export const PO_NOT_FOUND = 'Invoice not found.';
export const PO_NOT_OPEN = 'The PO number of a paid or cancelled invoice cannot be changed.';
export const COMPANY_NOT_FOUND = 'Customer not found.';

/** A company's rules as stored (none stored: no PO required, no vendor code). */
export function rulesOf(company: DocumentData | undefined): PurchaseOrderRules {
  const stored = (company?.purchaseOrderRules ?? {}) as Record<string, unknown>;
  return {
    requirePoNumber: stored.requirePoNumber === true,
    vendorCode: typeof stored.vendorCode === 'string' ? stored.vendorCode : '',
  };
}

export async function purchaseOrderRules(db: Firestore, companyId: string): Promise<PurchaseOrderRules> {
  return rulesOf((await companyDoc(db, companyId).get()).data());
}

/** Sets a company's rules (staff, or the company itself), audited; answers the rules now in force. */
export async function setPurchaseOrderRules(
  db: Firestore,
  companyId: string,
  rules: PurchaseOrderRules,
  actor: Actor,
): Promise<PurchaseOrderRules> {
  const ref = companyDoc(db, companyId);
  return db.runTransaction(async (tx) => {
    const [profile, company] = await tx.getAll(db.doc(`users/${companyId}`), ref);
    if (!profile!.exists) throw new HttpError(404, COMPANY_NOT_FOUND);
    const before = rulesOf(company!.data());
    const after: PurchaseOrderRules = { requirePoNumber: rules.requirePoNumber, vendorCode: rules.vendorCode.trim() };
    if (before.requirePoNumber === after.requirePoNumber && before.vendorCode === after.vendorCode) return after;
    const fields = { purchaseOrderRules: after, updatedAt: FieldValue.serverTimestamp() };
    // A customer's company not founded yet is founded with its rules, its customer as owner: a
    // company document written without its owner would shut them out of their own records.
    if (!company!.exists && isCustomerProfile(profile!))
      addFounding(tx, db, companyId, profile!.data()!, actor, fields);
    else tx.set(ref, fields, { merge: true });
    addAudit(tx, db, {
      actor,
      action: 'company.purchase-orders',
      target: ref.path,
      before: { ...before },
      after: { ...after },
    });
    return after;
  });
}

/** The tokens an invoice is found by in the console, from its stored fields and its buyer's profile. */
export function invoiceTokens(invoice: DocumentData, profile: DocumentData | undefined, po: PurchaseOrder | null) {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return invoiceSearchTokens({
    number: text(invoice.number) ?? text(invoice.invoiceId),
    poNumber: po?.poNumber,
    vendorCode: po?.vendorCode,
    name: text(invoice.name),
    legalName: text(profile?.legalName),
    email: text(invoice.email),
  });
}

/**
 * Whether a proforma may be paid under its company's rules: one that requires a PO number cannot
 * be paid without one (409 with the message the pay page answers by asking for it).
 */
export function refuseWithoutPoNumber(invoice: DocumentData, company: DocumentData | undefined): void {
  if (invoice.kind !== 'proforma' || !rulesOf(company).requirePoNumber) return;
  if (!readPurchaseOrder(invoice.purchaseOrder)?.poNumber) throw new HttpError(409, PO_MESSAGES.required);
}

export interface PurchaseOrderChange {
  /** Who typed it: staff, the signed-in customer, or whoever holds the invoice's pay link. */
  actor: Actor;
  via: 'staff' | 'account' | 'pay-link';
}

/**
 * Sets the PO number and vendor code of an open proforma (a field left empty keeps what it has):
 * on the invoice (with its search tokens) and on its printed proforma, which is a request for
 * payment and not a tax document, so the buyer's reference may join it until it is paid. The tax
 * invoice issued on payment prints it from the invoice. Audited; a repeat changes nothing.
 */
export async function setInvoicePurchaseOrder(
  db: Firestore,
  ref: { uid: string; docId: string },
  input: { poNumber?: string | null; vendorCode?: string | null },
  change: PurchaseOrderChange,
): Promise<PurchaseOrder | null> {
  return db.runTransaction(async (transaction) => {
    const invoiceRef = db.doc(`users/${ref.uid}/invoices/${ref.docId}`);
    const [invoiceSnap, profileSnap] = await transaction.getAll(invoiceRef, db.doc(`users/${ref.uid}`));
    if (!invoiceSnap!.exists) throw new HttpError(404, PO_NOT_FOUND);
    const invoice = invoiceSnap!.data()!;
    const current = readPurchaseOrder(invoice.purchaseOrder);
    const next = purchaseOrderOf({
      poNumber: input.poNumber?.trim() || current?.poNumber,
      vendorCode: input.vendorCode?.trim() || current?.vendorCode,
    });
    if (current?.poNumber === next?.poNumber && current?.vendorCode === next?.vendorCode) return current;
    if (invoice.issuedBy !== 'company' || !isOpenStatus(invoice.status as string)) {
      throw new HttpError(409, PO_NOT_OPEN);
    }
    transaction.update(invoiceRef, {
      purchaseOrder: next,
      searchTokens: invoiceTokens(invoice, profileSnap!.data(), next),
    });
    if (typeof invoice.documentId === 'string') {
      transaction.update(taxDocumentDoc(db, invoice.documentId), { 'snapshot.purchaseOrder': next });
    }
    addAudit(transaction, db, {
      actor: change.actor,
      action: 'invoice.purchase-order',
      target: invoiceRef.path,
      before: { purchaseOrder: current },
      after: { purchaseOrder: next, via: change.via },
    });
    return next;
  });
}
