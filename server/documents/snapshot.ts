import { amountInWords } from '../../src/domain/amount-in-words';
import { COMPANY } from '../../src/domain/company';
import { formatIstDate, formatIstDay } from '../../src/domain/document-number';
import { msmeSnapshot, type MsmeSnapshot } from '../../src/domain/msme';
import { readPurchaseOrder, type PurchaseOrder } from '../../src/domain/purchase-order';
import { istDayStartMs, istToday } from '../../src/domain/ist';
import {
  canonicalStateName,
  FOREIGN_COUNTRY,
  GST_STATE_CODES,
  isValidGstin,
  normaliseGstin,
  stateNameOfCode,
} from '../../src/domain/gst';
import {
  payableLabel,
  payableLines,
  payableTax,
  pricePayable,
  readPayable,
  type Payable,
} from '../../src/domain/payable';
import { PIN_CODE_PATTERN } from '../../src/domain/profile-schemas';
import { taxLinesForPayment, taxTypeOf, type ListedLine } from '../../src/domain/tax';
import {
  COMPUTER_GENERATED_NOTE,
  DOCUMENT_TITLES,
  proformaNote,
  type RecipientSnapshot,
  type TaxDocumentSnapshot,
} from '../../src/domain/tax-document';
import type { DocumentSettings } from '../config';
import type { TaxDocumentBase } from './store';

/** The profile fields a document reads (users/{uid}); anything may be missing. */
export interface ProfileFields {
  name?: unknown;
  email?: unknown;
  address?: unknown;
  city?: unknown;
  state?: unknown;
  country?: unknown;
  pinCode?: unknown;
  gstin?: unknown;
  legalName?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const isIndia = (country: string) => country === '' || /^(india|bharat|in)$/i.test(country);

/**
 * The recipient and the place of supply. A registered recipient (a valid GSTIN) is the business:
 * the document is made out to its legal name (the person's name only while none is stored), and
 * the person's name is not printed, so the GSTIN never stands under someone else's name. Anyone
 * else is the person, as named in the profile. The address is street, city and PIN code (when
 * given). A registered recipient's place of supply is the state of its GSTIN; otherwise the state
 * of its address; a customer abroad is 'Foreign Country' (96); with no address on record it is the
 * supplier's own state (section 12(2)(b) of the IGST Act).
 */
export function recipientOf(
  profile: ProfileFields | undefined,
  payable: Pick<Payable, 'name' | 'email'>,
  supplierStateCode: string,
): { recipient: RecipientSnapshot; placeOfSupply: { state: string; stateCode: string } } {
  const country = text(profile?.country);
  const stateName = text(profile?.state);
  const canonical = isIndia(country) ? canonicalStateName(stateName) : null;
  const typedGstin = normaliseGstin(text(profile?.gstin));
  // The forms validate it; a value that slipped past is not printed as someone's registration.
  const gstin = typedGstin && isValidGstin(typedGstin) ? typedGstin : null;
  const personName = text(profile?.name) || payable.name || 'Customer';
  const typedPinCode = text(profile?.pinCode).replace(/\s+/g, '');
  const pinCode = PIN_CODE_PATTERN.test(typedPinCode) ? typedPinCode : '';
  const recipient: RecipientSnapshot = {
    name: gstin ? text(profile?.legalName) || personName : personName,
    // 'Street, City 560001', as Indian addresses end.
    address: [text(profile?.address), [text(profile?.city), pinCode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    state: canonical ?? stateName,
    stateCode: canonical ? GST_STATE_CODES[canonical]! : isIndia(country) ? '' : FOREIGN_COUNTRY.stateCode,
    gstin,
    email: text(profile?.email) || payable.email || null,
    country: country || (canonical ? 'India' : ''),
  };
  let placeOfSupply: { state: string; stateCode: string };
  if (gstin) {
    const code = gstin.slice(0, 2);
    placeOfSupply = { state: stateNameOfCode(code) ?? '', stateCode: code };
  } else if (!isIndia(country)) {
    placeOfSupply = { ...FOREIGN_COUNTRY };
  } else if (recipient.stateCode) {
    placeOfSupply = { state: recipient.state, stateCode: recipient.stateCode };
  } else {
    placeOfSupply = { state: stateNameOfCode(supplierStateCode) ?? '', stateCode: supplierStateCode };
  }
  return { recipient, placeOfSupply };
}

/** The tax lines' inputs: the payable's listed lines, each with the SAC the settings give its kind. */
export function listedLinesOf(
  payable: Payable,
  settings: Pick<DocumentSettings, 'sacCodes' | 'sacDefault'>,
): ListedLine[] {
  return payableLines(payable).map((line) => ({
    sac: line.sac ?? ((line.sacKey && settings.sacCodes[line.sacKey]) || settings.sacDefault),
    description: line.description,
    listedPaise: line.listedPaise,
  }));
}

export interface SnapshotInput {
  base: Pick<
    TaxDocumentBase,
    | 'payable'
    | 'subject'
    | 'amountPaise'
    | 'paymentId'
    | 'gatewayOrderId'
    | 'method'
    | 'paymentReference'
    | 'receivedOn'
    | 'tdsPaise'
    | 'tdsSection'
  >;
  paidAtMs: number;
  profile: ProfileFields | undefined;
  settings: DocumentSettings;
  number: string;
  financialYear: string;
  issuedAtMs: number;
}

type Printed = Pick<
  TaxDocumentSnapshot,
  | 'supplier'
  | 'recipient'
  | 'placeOfSupply'
  | 'taxType'
  | 'pricesIncludeGst'
  | 'lines'
  | 'totals'
  | 'amountInWords'
  | 'reverseCharge'
  | 'reference'
>;

/**
 * What a payment's document and a proforma print alike for a payable: the parties, the lines with
 * the GST on the amount charged, and what it is for; so a proforma's split is its tax invoice's.
 */
function printedFor(
  payable: Payable,
  profile: ProfileFields | undefined,
  settings: DocumentSettings,
  chargedPaise: number,
): Printed {
  const tax = payableTax(payable, settings.tax);
  const { recipient, placeOfSupply } = recipientOf(profile, payable, settings.seller.stateCode);
  const { taxType, lines, totals } = taxLinesForPayment(
    listedLinesOf(payable, settings),
    chargedPaise,
    tax,
    taxTypeOf(settings.seller.stateCode, placeOfSupply.stateCode),
  );
  return {
    supplier: { ...settings.seller, email: COMPANY.email, phone: COMPANY.phone },
    recipient,
    placeOfSupply,
    taxType,
    pricesIncludeGst: tax.pricesIncludeGst,
    lines,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
    reverseCharge: false,
    reference: { type: payable.type, docId: payable.docId, label: payableLabel(payable) },
  };
}

/**
 * Every value printed on the document for a payment, computed once at issue from the payment,
 * the profile and the configuration as they are now; stored, it never changes again.
 */
export function paymentDocumentSnapshot(input: SnapshotInput): TaxDocumentSnapshot {
  const { base, settings } = input;
  const kind = settings.tax.registered ? 'tax-invoice' : 'receipt';
  const payable = readPayable(base.payable, base.subject);
  return {
    kind,
    title: DOCUMENT_TITLES[kind],
    number: input.number,
    financialYear: input.financialYear,
    issueDate: formatIstDate(input.issuedAtMs),
    ...printedFor(payable, input.profile, settings, base.amountPaise),
    payment: {
      paymentId: base.paymentId,
      gatewayOrderId: base.gatewayOrderId,
      method: base.method,
      ...(base.paymentReference ? { reference: base.paymentReference } : {}),
      amountPaise: base.amountPaise,
      ...(base.tdsPaise ? { tdsPaise: base.tdsPaise, tdsSection: base.tdsSection ?? null } : {}),
      paidOn: formatIstDate(base.receivedOn ? istDayStartMs(base.receivedOn) : input.paidAtMs),
    },
    description: payable.description,
    ...billingTerms(readPurchaseOrder(base.subject.purchaseOrder), msmeOf(settings, base.subject, input.issuedAtMs)),
    note: COMPUTER_GENERATED_NOTE,
  };
}

/** The buyer's PO and an MSME seller's terms, as a snapshot carries them (absent when there are none). */
function billingTerms(purchaseOrder: PurchaseOrder | null, msme: MsmeSnapshot | null) {
  return { ...(purchaseOrder ? { purchaseOrder } : {}), ...(msme ? { msme } : {}) };
}

/**
 * An MSME seller's block on a payment's tax invoice: the term its proforma gave (kept on it as
 * `msmeTermDays`), else the default term (an order, paid at once).
 */
function msmeOf(settings: DocumentSettings, subject: Record<string, unknown>, issuedAtMs: number) {
  if (!settings.msme) return null;
  const days = Number.isSafeInteger(subject.msmeTermDays)
    ? (subject.msmeTermDays as number)
    : settings.msme.defaultTermDays;
  return msmeSnapshot(settings.msme.udyam, days, istToday(issuedAtMs));
}

export interface ProformaInput {
  /** The proforma as it will be stored (a company-issued invoice with its lines). */
  payable: Payable;
  profile: ProfileFields | undefined;
  settings: DocumentSettings;
  number: string;
  financialYear: string;
  issuedAtMs: number;
  /** The buyer's PO number and vendor code, when given. */
  purchaseOrder?: PurchaseOrder | null;
  /** An MSME seller: its term in days (at most 45). */
  msmeTermDays?: number | null;
}

/**
 * Every value printed on a proforma invoice: the buyer as the profile says now, the lines with the
 * GST they will carry (the same split its tax invoice will print when it is paid in full), the
 * amount due and the due date. Stored when it is issued; it never changes again.
 */
export function proformaSnapshot(input: ProformaInput): TaxDocumentSnapshot {
  const { payable, settings } = input;
  const pricing = pricePayable(payable, settings.tax);
  if (!pricing.ok) throw new Error(pricing.message);
  return {
    kind: 'proforma',
    title: DOCUMENT_TITLES.proforma,
    number: input.number,
    financialYear: input.financialYear,
    issueDate: formatIstDate(input.issuedAtMs),
    ...(payable.dueDate ? { dueDate: formatIstDay(payable.dueDate) } : {}),
    ...printedFor(payable, input.profile, settings, pricing.chargedPaise),
    description: payable.description,
    ...billingTerms(
      input.purchaseOrder ?? null,
      settings.msme && typeof input.msmeTermDays === 'number'
        ? msmeSnapshot(settings.msme.udyam, input.msmeTermDays, istToday(input.issuedAtMs))
        : null,
    ),
    note: `${proformaNote(settings.tax.registered)} ${COMPUTER_GENERATED_NOTE}`,
  };
}

export interface CreditNoteInput {
  /** The issued document of the refunded payment. */
  original: TaxDocumentSnapshot;
  originalId: string;
  refundId: string;
  /** The gateway's id of the refund, and why it was made (as staff typed it). */
  gatewayRefundId: string | null;
  reason: string;
  /** Integer paise refunded. */
  refundPaise: number;
  refundedAtMs: number;
  number: string;
  financialYear: string;
  issuedAtMs: number;
}

/**
 * A credit note for a refund: the original document's parties, place of supply and tax type,
 * numbered in its own series, referencing the original. A full refund reverses the original lines;
 * a partial one spreads the refund over them in proportion (tax included, as it was charged).
 */
export function creditNoteSnapshot(input: CreditNoteInput): TaxDocumentSnapshot {
  // A credit note asks for no payment: the original's MSME payment terms are not printed on it.
  const { msme: _terms, ...original } = input.original;
  const registered = original.taxType !== null;
  const ratePercent = original.lines[0]?.ratePercent ?? 0;
  const { taxType, lines, totals } =
    input.refundPaise === original.totals.totalPaise
      ? { taxType: original.taxType, lines: original.lines, totals: original.totals }
      : taxLinesForPayment(
          original.lines.map((line) => ({
            sac: line.sac,
            description: line.description,
            listedPaise: line.totalPaise,
          })),
          input.refundPaise,
          { registered, ratePercent, pricesIncludeGst: true },
          original.taxType ?? 'intra-state',
        );
  return {
    ...original,
    kind: 'credit-note',
    title: DOCUMENT_TITLES['credit-note'],
    number: input.number,
    financialYear: input.financialYear,
    issueDate: formatIstDate(input.issuedAtMs),
    taxType,
    lines,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
    // What this note records: the refund, against the original payment (kept as it was).
    refund: {
      refundId: input.refundId,
      gatewayRefundId: input.gatewayRefundId,
      reason: input.reason,
      amountPaise: input.refundPaise,
      refundedOn: formatIstDate(input.refundedAtMs),
    },
    original: { documentId: input.originalId, number: original.number, issueDate: original.issueDate },
  };
}
