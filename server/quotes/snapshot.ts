import { amountInWords } from '../../src/domain/amount-in-words';
import { COMPANY } from '../../src/domain/company';
import type { PurchaseOrder } from '../../src/domain/purchase-order';
import { formatIstDate, formatIstDay } from '../../src/domain/document-number';
import {
  lineAmountPaise,
  milestoneShareText,
  QUOTE_NOTE,
  quoteFigures,
  quoteLabel,
  type Milestone,
  type QuoteLine,
  type QuoteSnapshot,
} from '../../src/domain/quotes';
import { taxTypeOf } from '../../src/domain/tax';
import { COMPUTER_GENERATED_NOTE, DOCUMENT_TITLES } from '../../src/domain/tax-document';
import type { DocumentSettings } from '../config';
import { recipientOf, type ProfileFields } from '../documents/snapshot';

/** What a quote says, as stored on `quotes/{id}` (see store.ts). */
export interface QuoteTerms {
  number: string;
  version: number;
  financialYear: string;
  description: string;
  lines: QuoteLine[];
  milestones: Milestone[];
  amountsIncludeGst: boolean;
  /** YYYY-MM-DD, India time: the last day it can be accepted. */
  validUntil: string;
  terms: string;
  /** The buyer's PO number and vendor code (staff's, or the customer's at acceptance). */
  purchaseOrder?: PurchaseOrder | null;
  customerName: string;
  customerEmail: string;
}

/**
 * Every value a quote prints: the customer as their profile says now (its place of supply picks
 * CGST + SGST or IGST, as their invoices will), the lines, and each milestone priced exactly as
 * its proforma will be (quoteFigures). Stored when the quote is sent; a draft's preview is the same
 * made now.
 */
export function quoteSnapshot(input: {
  quote: QuoteTerms;
  profile: ProfileFields | undefined;
  settings: DocumentSettings;
  issuedAtMs: number;
}): QuoteSnapshot {
  const { quote, settings } = input;
  const made = recipientOf(
    input.profile,
    { name: quote.customerName || null, email: quote.customerEmail || null },
    settings.seller.stateCode,
  );
  const { placeOfSupply } = made;
  // A quote is an offer to the business: it names the business's legal name whenever the profile
  // has one (a registered buyer's documents already do; one without a GSTIN is still that business).
  const legalName = typeof input.profile?.legalName === 'string' ? input.profile.legalName.trim() : '';
  const recipient = legalName ? { ...made.recipient, name: legalName } : made.recipient;
  const taxType = taxTypeOf(settings.seller.stateCode, placeOfSupply.stateCode);
  const figures = quoteFigures(quote, settings.tax, taxType);
  const registered = settings.tax.registered;
  return {
    kind: 'quote',
    title: DOCUMENT_TITLES.quote,
    number: quote.number,
    version: quote.version,
    financialYear: quote.financialYear,
    issueDate: formatIstDate(input.issuedAtMs),
    validUntil: formatIstDay(quote.validUntil),
    supplier: { ...settings.seller, email: COMPANY.email, phone: COMPANY.phone },
    recipient,
    placeOfSupply,
    taxType: registered ? taxType : null,
    pricesIncludeGst: quote.amountsIncludeGst,
    ratePercent: registered ? settings.tax.ratePercent : 0,
    description: quote.description,
    lines: quote.lines.map((line) => ({ ...line, amountPaise: lineAmountPaise(line) })),
    milestones: figures.milestones.map((milestone) => ({
      label: milestone.label,
      share: milestoneShareText(milestone),
      listedPaise: milestone.amountPaise,
      ...milestone.split,
    })),
    totals: figures.totals,
    amountInWords: amountInWords(figures.totals.totalPaise),
    terms: quote.terms,
    reverseCharge: false,
    reference: { label: `Quote ${quoteLabel(quote.number, quote.version)}` },
    ...(quote.purchaseOrder ? { purchaseOrder: quote.purchaseOrder } : {}),
    note: `${QUOTE_NOTE} ${COMPUTER_GENERATED_NOTE}`,
  };
}
