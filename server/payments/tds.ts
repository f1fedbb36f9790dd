import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { formatInr } from '../../src/domain/money';
import { payableTaxableValue, readPayable, type PayableRef } from '../../src/domain/payable';
import type { TdsDeclaration } from '../../src/domain/payments';
import { istToday } from '../../src/domain/ist';
import type { TaxDocumentSnapshot } from '../../src/domain/tax-document';
import { quoteTds, taxableValueOfPayment, tdsQuotesOn, type TdsPayerKind, type TdsQuote } from '../../src/domain/tds';
import { tdsCertificateFormOn, tdsQuarterOfDay } from '../../src/domain/tds-certificates';
import { addAudit, type Actor, type AuditWriter } from '../audit';
import { taxDocumentDoc } from '../documents/store';
import { HttpError } from '../errors';
import type { PaymentsContext } from './context';
import { proformaDocumentId } from './proformas';

/**
 * Paying net of TDS: the payer names only the kind of payment; here the server works out, from
 * the stored bill, its taxable value (GST shown separately is left out, CBDT Circular 23/2017),
 * the rate and citation of the day (src/domain/tds.ts) and the TDS, and the gateway order is for
 * what is due less that TDS. The TDS travels with the gateway order (OrderTds on
 * gatewayOrders/{id}), so whichever path reports the capture (verify, webhook, reconciliation)
 * settles the bill with received + TDS through markPaid, and a TDS certificate is then awaited.
 */

/** The TDS of one gateway order: what was declared and what the server made of it. */
export interface OrderTds {
  kind: TdsPayerKind;
  /** The citation id stored on the payment ('194J', '1027'). */
  section: string;
  basisPoints: number;
  /** The taxable value of what this order pays, in paise. */
  taxablePaise: number;
  /** The TDS, in paise (rounded to the rupee). */
  paise: number;
}

export const TDS_MESSAGES = {
  invoicesOnly: 'TDS can be declared when paying an invoice. An order from the cart is paid in full.',
  notOffered: 'That kind of payment has no TDS entry for today. Choose another, or pay in full.',
  nothingLeft: 'After TDS there is less than ₹1 left to pay online. Please contact us to settle it.',
  noTaxableValue: 'This invoice has no taxable value to work TDS out on.',
} as const;

/** Two orders' TDS are the same deduction (a retried checkout may reuse the order). */
export const sameOrderTds = (a: OrderTds | null | undefined, b: OrderTds | null | undefined): boolean =>
  (a ?? null) === null
    ? (b ?? null) === null
    : b != null && a!.kind === b.kind && a!.section === b.section && a!.paise === b.paise;

/** A stored OrderTds (on a payable, a claim or a gateway order), or null. */
export function readOrderTds(value: unknown): OrderTds | null {
  const tds = value as Partial<OrderTds> | null | undefined;
  if (!tds || typeof tds.section !== 'string' || !Number.isSafeInteger(tds.paise) || (tds.paise ?? 0) <= 0) return null;
  return tds as OrderTds;
}

/** A bill's taxable value and total, as printed on its proforma when it has one, else as its tax invoice will print them. */
export async function billTotals(
  ctx: Pick<PaymentsContext, 'db' | 'documents'>,
  ref: PayableRef,
  stored: DocumentData,
): Promise<{ taxablePaise: number; totalPaise: number } | null> {
  if (stored.kind === 'proforma') {
    const document = await taxDocumentDoc(ctx.db, proformaDocumentId(ref.docId)).get();
    const totals = (document.get('snapshot') as TaxDocumentSnapshot | undefined)?.totals;
    if (document.get('status') === 'issued' && totals) {
      return { taxablePaise: totals.taxablePaise, totalPaise: totals.totalPaise };
    }
  }
  return payableTaxableValue(readPayable(ref, stored), ctx.documents.tax);
}

/** The base of the TDS on paying `duePaise` of a bill now: the taxable share of what is paid. */
export const tdsBase = (totals: { taxablePaise: number; totalPaise: number }, duePaise: number) =>
  taxableValueOfPayment(totals, duePaise);

/** What the pay page offers: each kind a payer may declare today, quoted on the taxable value of what is due. */
export function tdsChoices(taxablePaise: number, day = istToday()): TdsQuote[] {
  return tdsQuotesOn(day, taxablePaise);
}

/**
 * The TDS of a checkout that declares one: the kind's citation and rate today, on the taxable
 * share of the `duePaise` being paid. A 400 for an order (the cart is paid in full), a kind with no
 * entry today, or a bill with no taxable value.
 */
export async function checkoutTds(
  ctx: Pick<PaymentsContext, 'db' | 'documents'>,
  ref: PayableRef,
  stored: DocumentData,
  duePaise: number,
  declaration: TdsDeclaration,
  day = istToday(),
): Promise<OrderTds> {
  if (ref.type !== 'invoice') throw new HttpError(400, TDS_MESSAGES.invoicesOnly);
  const totals = await billTotals(ctx, ref, stored);
  if (!totals || totals.taxablePaise <= 0) throw new HttpError(400, TDS_MESSAGES.noTaxableValue);
  const quote = quoteTds(declaration.kind, day, tdsBase(totals, duePaise));
  if (!quote) throw new HttpError(400, TDS_MESSAGES.notOffered);
  return {
    kind: quote.kind,
    section: quote.citation.id,
    basisPoints: quote.basisPoints,
    taxablePaise: quote.taxablePaise,
    paise: quote.tdsPaise,
  };
}

/** A note for logs and audit entries: '₹10,000.00 under 194J'. */
export const tdsNote = (tds: OrderTds) => `${formatInr(tds.paise)} under ${tds.section}`;

// ---- the certificate each TDS amount awaits ---------------------------------------------------

export const TDS_CERTIFICATES = 'tdsCertificates';
export const tdsCertificateDoc = (db: Firestore, id: string) => db.collection(TDS_CERTIFICATES).doc(id);

export interface TdsCertificateInput {
  /** The company (its records' `uid`). */
  companyId: string;
  paymentId: string;
  payable: PayableRef;
  customerName: string | null;
  paidFor: string | null;
  /** The day received (YYYY-MM-DD, India): it picks the quarter and the certificate's form. */
  receivedOn: string;
  tdsPaise: number;
  tdsSection: string | null;
  /** Who recorded the payment: staff (offline), or null for the payer's own online payment. */
  actor: Actor | null;
  /**
   * Whether the quarter's reminder may name it (default true). The backfill of TDS recorded before
   * certificates were tracked sets false: those quarters' reminders would arrive out of the blue.
   */
  remind?: boolean;
}

/**
 * A TDS amount's certificate record, `tdsCertificates/{paymentId}` (server-only), created as
 * awaited in the transaction that records its payment (markPaid for an online payment, the
 * offline receipt staff record), with its audit entry: one per TDS amount, whatever repeats.
 */
export function addTdsCertificate(tx: AuditWriter, db: Firestore, input: TdsCertificateInput): void {
  const quarter = tdsQuarterOfDay(input.receivedOn);
  const ref = tdsCertificateDoc(db, input.paymentId);
  tx.create(ref, {
    // The company's id: the field every company record carries.
    uid: input.companyId,
    paymentId: input.paymentId,
    payable: { type: input.payable.type, docId: input.payable.docId },
    customerName: input.customerName,
    paidFor: input.paidFor,
    receivedOn: input.receivedOn,
    tdsPaise: input.tdsPaise,
    tdsSection: input.tdsSection,
    quarter: quarter.key,
    certificateDueOn: quarter.certificateDueOn,
    form: tdsCertificateFormOn(input.receivedOn),
    status: 'awaited',
    file: null,
    rejections: 0,
    // Reminded once its quarter's certificate date has passed (server/tds/certificates.ts).
    reminderDue: input.remind ?? true,
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  });
  addAudit(tx, db, {
    actor: input.actor ?? { uid: input.companyId, email: null },
    action: 'tds-certificate.awaited',
    target: ref.path,
    before: null,
    after: {
      status: 'awaited',
      paymentId: input.paymentId,
      tdsPaise: input.tdsPaise,
      tdsSection: input.tdsSection,
      quarter: quarter.key,
    },
  });
}
