import { amountInWords } from '../../src/domain/amount-in-words';
import { findCatalogueEntry } from '../../src/domain/catalogue';
import { COMPANY } from '../../src/domain/company';
import { formatIstDate } from '../../src/domain/document-number';
import {
  canonicalStateName,
  FOREIGN_COUNTRY,
  GST_STATE_CODES,
  isValidGstin,
  normaliseGstin,
  stateNameOfCode,
} from '../../src/domain/gst';
import { priceTextPaise, rupeesToPaise } from '../../src/domain/money';
import { taxLinesForPayment, taxTypeOf, type ListedLine } from '../../src/domain/tax';
import {
  COMPUTER_GENERATED_NOTE,
  DOCUMENT_TITLES,
  type DocumentReference,
  type RecipientSnapshot,
  type TaxDocumentSnapshot,
} from '../../src/domain/tax-document';
import type { DocumentSettings } from '../config';
import type { DocumentBase, PaidSubject } from './store';

/** The profile fields a document reads (users/{uid}); anything may be missing. */
export interface ProfileFields {
  name?: unknown;
  email?: unknown;
  address?: unknown;
  city?: unknown;
  state?: unknown;
  country?: unknown;
  gstin?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const isIndia = (country: string) => country === '' || /^(india|bharat|in)$/i.test(country);

/**
 * The recipient and the place of supply. A registered recipient's place of supply is the state of
 * its GSTIN; otherwise the state of its address; a customer abroad is 'Foreign Country' (96); with
 * no address on record it is the supplier's own state (section 12(2)(b) of the IGST Act).
 */
export function recipientOf(
  profile: ProfileFields | undefined,
  subject: PaidSubject,
  supplierStateCode: string,
): { recipient: RecipientSnapshot; placeOfSupply: { state: string; stateCode: string } } {
  const country = text(profile?.country);
  const stateName = text(profile?.state);
  const canonical = isIndia(country) ? canonicalStateName(stateName) : null;
  const typedGstin = normaliseGstin(text(profile?.gstin));
  // The forms validate it; a value that slipped past is not printed as someone's registration.
  const gstin = typedGstin && isValidGstin(typedGstin) ? typedGstin : null;
  const recipient: RecipientSnapshot = {
    name: text(profile?.name) || text(subject.name) || 'Customer',
    address: [text(profile?.address), text(profile?.city)].filter(Boolean).join(', '),
    state: canonical ?? stateName,
    stateCode: canonical ? GST_STATE_CODES[canonical]! : isIndia(country) ? '' : FOREIGN_COUNTRY.stateCode,
    gstin,
    email: text(profile?.email) || text(subject.email) || null,
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

/**
 * The listed lines of what was paid: an order's plans at their catalogue prices (the stored text
 * for a plan no longer sold), an invoice's own lines, or one line for the invoice amount.
 */
export function listedLinesOf(
  type: DocumentBase['payable']['type'],
  subject: PaidSubject,
  settings: Pick<DocumentSettings, 'sacCodes' | 'sacDefault'>,
): ListedLine[] {
  const sacOf = (key: string) => settings.sacCodes[key] ?? settings.sacDefault;
  if (type === 'product_order') {
    const lines = (subject.items ?? []).map((item): ListedLine => {
      const entry = typeof item.id === 'string' ? findCatalogueEntry(item.id) : undefined;
      if (entry) {
        return {
          sac: sacOf(entry.category.id),
          description: `${entry.category.name}: ${entry.plan.name} plan`,
          listedPaise: entry.plan.oneTimePaise,
        };
      }
      return {
        sac: settings.sacDefault,
        description: [text(item.category), text(item.name)].filter(Boolean).join(': ') || 'Software services',
        listedPaise: priceTextPaise(text(item.price)),
      };
    });
    if (lines.length > 0) return lines;
  }
  const staffLines = (subject.lines ?? []).filter(
    (line) => typeof line.description === 'string' && Number.isSafeInteger(line.amountPaise),
  );
  if (type === 'invoice' && staffLines.length > 0) {
    return staffLines.map((line) => ({
      sac: sacOf('invoice'),
      description: text(line.description),
      listedPaise: line.amountPaise as number,
    }));
  }
  const reference = text(subject.number) || text(subject.invoiceId) || text(subject.orderNumber);
  return [
    {
      sac: sacOf('invoice'),
      description: reference ? `Software services as per invoice ${reference}` : 'Software services',
      listedPaise: typeof subject.amount === 'number' ? rupeesToPaise(subject.amount) : 0,
    },
  ];
}

function referenceOf(base: Pick<DocumentBase, 'payable' | 'subject'>): DocumentReference {
  const { type, docId } = base.payable;
  if (type === 'product_order') {
    return { type, docId, label: `Order ${text(base.subject.orderNumber) || docId}` };
  }
  return { type, docId, label: `Invoice ${text(base.subject.number) || text(base.subject.invoiceId) || docId}` };
}

export interface SnapshotInput {
  base: Pick<DocumentBase, 'payable' | 'subject' | 'amountPaise' | 'paymentId' | 'gatewayOrderId' | 'method'>;
  paidAtMs: number;
  profile: ProfileFields | undefined;
  settings: DocumentSettings;
  number: string;
  financialYear: string;
  issuedAtMs: number;
}

/**
 * Every value printed on the document for a payment, computed once at issue from the payment,
 * the profile and the configuration as they are now; stored, it never changes again.
 */
export function paymentDocumentSnapshot(input: SnapshotInput): TaxDocumentSnapshot {
  const { base, settings } = input;
  const kind = settings.tax.registered ? 'tax-invoice' : 'receipt';
  const { recipient, placeOfSupply } = recipientOf(input.profile, base.subject, settings.seller.stateCode);
  const { taxType, lines, totals } = taxLinesForPayment(
    listedLinesOf(base.payable.type, base.subject, settings),
    base.amountPaise,
    settings.tax,
    taxTypeOf(settings.seller.stateCode, placeOfSupply.stateCode),
  );
  return {
    kind,
    title: DOCUMENT_TITLES[kind],
    number: input.number,
    financialYear: input.financialYear,
    issueDate: formatIstDate(input.issuedAtMs),
    supplier: { ...settings.seller, email: COMPANY.email, phone: COMPANY.phone },
    recipient,
    placeOfSupply,
    taxType,
    pricesIncludeGst: settings.tax.pricesIncludeGst,
    lines,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
    reverseCharge: false,
    reference: referenceOf(base),
    payment: {
      paymentId: base.paymentId,
      gatewayOrderId: base.gatewayOrderId,
      method: base.method,
      amountPaise: base.amountPaise,
      paidOn: formatIstDate(input.paidAtMs),
    },
    note: COMPUTER_GENERATED_NOTE,
  };
}

export interface CreditNoteInput {
  /** The issued document of the refunded payment. */
  original: TaxDocumentSnapshot;
  originalId: string;
  refundId: string;
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
  const { original } = input;
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
    payment: {
      ...original.payment,
      // What this note records: the refund, against the original payment.
      amountPaise: input.refundPaise,
      paidOn: formatIstDate(input.refundedAtMs),
    },
    original: { documentId: input.originalId, number: original.number, issueDate: original.issueDate },
  };
}
