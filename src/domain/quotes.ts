import { z } from 'zod';
import { formatInr } from './money';
import { poNumberSchema, vendorCodeSchema, type PurchaseOrder } from './purchase-order';
import { isoDateSchema, istToday } from './ist';
import { documentIdSchema, MAX_INVOICE_PAISE, paiseSchema, required, trimmed } from './schemas';
import {
  allocatePaise,
  chargedAmountPaise,
  taxLinesForPayment,
  type TaxSettings,
  type TaxSplit,
  type TaxType,
} from './tax';
import type { RecipientSnapshot, SupplierSnapshot } from './tax-document';

/**
 * Quotes for custom projects: `quotes/{id}`, written only by the server, read by their customer
 * (never a draft) and by staff. A quote has a number of its own series (QT/2026-27/0001), lines
 * (description, SAC, quantity, rate), a validity date, payment terms as milestones that add up
 * exactly to its total, and terms text. Once sent it never changes: a revision is a new version
 * (same number, version + 1) and the version it replaces is withdrawn when the revision is sent.
 * Accepting it issues its first milestone's proforma; staff mark later milestones reached, which
 * issues theirs. Every amount is integer paise.
 */

export const QUOTE_STATUS = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  /** Never stored: a Sent quote past its date (quoteStatusOf). */
  expired: 'Expired',
  withdrawn: 'Withdrawn',
} as const;
export type QuoteStatus = (typeof QUOTE_STATUS)[keyof typeof QUOTE_STATUS];
export const QUOTE_STATUSES: readonly QuoteStatus[] = Object.values(QUOTE_STATUS);

/**
 * What a quote is now: its stored status, except that a Sent quote whose validity date has passed
 * (India time; valid through the whole of that day) is Expired. Derived, never stored, so nothing
 * has to run at midnight for it to be true.
 */
export function quoteStatusOf(stored: string, validUntil: string, today = istToday()): QuoteStatus {
  if (stored === QUOTE_STATUS.sent && validUntil < today) return QUOTE_STATUS.expired;
  return (QUOTE_STATUSES as readonly string[]).includes(stored) ? (stored as QuoteStatus) : QUOTE_STATUS.draft;
}

/** A milestone is pending until its proforma is issued, then invoiced, then paid. */
export type MilestoneState = 'pending' | 'invoiced' | 'paid';

/** The key of milestone `index` in a quote's `progress` map: a map, so a payment can set it by field path. */
export const milestoneKey = (index: number) => `m${index}`;

/** Where a quote is stored (the payments service marks its milestones paid by this path). */
export const quotePath = (quoteId: string) => `quotes/${quoteId}`;

/** `source` of a milestone's proforma, as stored on the invoice. */
export interface QuoteMilestoneSource {
  kind: 'quote';
  quoteId: string;
  /** 0-based. */
  milestone: number;
}

/** A stored invoice's `source` when it is a quote's milestone's proforma; null otherwise. */
export function quoteMilestoneSourceOf(source: unknown): QuoteMilestoneSource | null {
  const value = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
  if (value.kind !== 'quote' || typeof value.quoteId !== 'string' || !/^[^/]{1,128}$/.test(value.quoteId)) return null;
  if (!Number.isInteger(value.milestone) || (value.milestone as number) < 0) return null;
  return { kind: 'quote', quoteId: value.quoteId, milestone: value.milestone as number };
}

/** The SAC of software development services, the default of a new line. */
export const DEFAULT_SAC = '998314';
/** A quote may add up to ten invoices' worth; each milestone is one invoice. */
export const MAX_QUOTE_PAISE = 10 * MAX_INVOICE_PAISE;
export const MAX_MILESTONES = 12;
export const DEFAULT_VALID_DAYS = 30;

const hasTwoDecimalsAtMost = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const quoteLineSchema = z.object({
  description: required('Each line needs a description.', 200),
  sac: z
    .string()
    .trim()
    .regex(/^99\d{4}$/, 'A SAC is six digits starting with 99 (e.g. 998314).'),
  quantity: z
    .number({ message: 'Quantity must be a number.' })
    .positive('Quantity must be more than 0.')
    .max(10_000, 'Quantity is too large.')
    .refine(hasTwoDecimalsAtMost, 'Quantity can have at most 2 decimals.'),
  ratePaise: paiseSchema,
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/** A line's amount: quantity × rate, rounded to the paisa. */
export function lineAmountPaise(line: Pick<QuoteLine, 'quantity' | 'ratePaise'>): number {
  return Math.round((Math.round(line.quantity * 100) * line.ratePaise) / 100);
}

/** The quote's listed total: its lines added up (GST included or not, as the quote says). */
export function quoteListedPaise(lines: ReadonlyArray<Pick<QuoteLine, 'quantity' | 'ratePaise'>>): number {
  return lines.reduce((sum, line) => sum + lineAmountPaise(line), 0);
}

/** A milestone as staff type it: a label and either a percentage of the total or an amount. */
export const milestoneInputSchema = z
  .object({
    label: required('Each milestone needs a label.', 120),
    percent: z
      .number({ message: 'A percentage must be a number.' })
      .positive('A percentage must be more than 0.')
      .max(100, 'A percentage is at most 100.')
      .refine(hasTwoDecimalsAtMost, 'A percentage can have at most 2 decimals.')
      .nullable()
      .optional(),
    amountPaise: paiseSchema.nullable().optional(),
  })
  .refine((milestone) => (milestone.percent == null) !== (milestone.amountPaise == null), {
    message: 'Give each milestone a percentage or an amount.',
  });
export type MilestoneInput = z.input<typeof milestoneInputSchema>;

/** A milestone as stored: its label, its percentage (in basis points) when it was given as one, and its amount. */
export interface Milestone {
  label: string;
  percentBasisPoints: number | null;
  /** Listed, like the lines: GST included or not as the quote says. */
  amountPaise: number;
}

export const MILESTONE_MESSAGES = {
  tooSmall: 'Each milestone must be at least ₹1.',
  tooLarge: `Each milestone is one invoice of at most ${formatInr(MAX_INVOICE_PAISE)}.`,
  percentages: (percent: string) => `The milestones' percentages add up to ${percent}%, not 100%.`,
  amounts: (sumPaise: number, totalPaise: number) =>
    `The milestones add up to ${formatInr(sumPaise)}, not the quote's total of ${formatInr(totalPaise)}.`,
} as const;

const basisPoints = (percent: number) => Math.round(percent * 100);
const percentText = (bps: number) => String(Number((bps / 100).toFixed(2)));

/**
 * The milestones' amounts, exactly: given amounts as they are, percentages of the total shared to
 * the paisa (largest remainder), so that they add up to the total. They must: the amounts and
 * percentages together must come to exactly the total (30% + 40% + 30%, or ₹50,000 + 50% of a
 * ₹1,00,000 quote), else the answer says by how much they miss.
 */
export function resolveMilestones(
  totalPaise: number,
  inputs: ReadonlyArray<{ label: string; percent?: number | null; amountPaise?: number | null }>,
): { ok: true; milestones: Milestone[] } | { ok: false; message: string } {
  const fixedPaise = inputs.reduce((sum, input) => sum + (input.amountPaise ?? 0), 0);
  const percentBps = inputs.map((input) => (input.percent == null ? 0 : basisPoints(input.percent)));
  const bpsSum = percentBps.reduce((sum, bps) => sum + bps, 0);
  const restPaise = totalPaise - fixedPaise;
  // Exact in integers: the percentages must come to what the amounts leave, to the paisa.
  if (totalPaise * bpsSum !== restPaise * 10_000) {
    if (fixedPaise === 0) return { ok: false, message: MILESTONE_MESSAGES.percentages(percentText(bpsSum)) };
    const sumPaise = fixedPaise + Math.round((totalPaise * bpsSum) / 10_000);
    return { ok: false, message: MILESTONE_MESSAGES.amounts(sumPaise, totalPaise) };
  }
  const shares = bpsSum > 0 ? allocatePaise(restPaise, percentBps) : percentBps;
  const milestones = inputs.map((input, index) => ({
    label: input.label.trim(),
    percentBasisPoints: input.percent == null ? null : percentBps[index]!,
    amountPaise: input.amountPaise ?? shares[index]!,
  }));
  if (milestones.some((milestone) => milestone.amountPaise < 100))
    return { ok: false, message: MILESTONE_MESSAGES.tooSmall };
  if (milestones.some((milestone) => milestone.amountPaise > MAX_INVOICE_PAISE)) {
    return { ok: false, message: MILESTONE_MESSAGES.tooLarge };
  }
  return { ok: true, milestones };
}

/** What a quote says, as staff write it (before it is sent). */
const quoteFieldsObject = z.object({
  /** What the quote is for, above its lines ('Production dashboard for the Pune plant'). */
  description: required('Say what the quote is for.', 300),
  lines: z.array(quoteLineSchema).min(1, 'Add at least one line.').max(30, 'At most 30 lines.'),
  amountsIncludeGst: z.boolean({ message: 'Say whether the amounts include GST.' }),
  validUntil: isoDateSchema.refine((day) => day >= istToday(), 'The quote must be valid until today or later.'),
  milestones: z
    .array(milestoneInputSchema)
    .min(1, 'Add at least one milestone.')
    .max(MAX_MILESTONES, `At most ${MAX_MILESTONES} milestones.`),
  terms: trimmed(5000).optional().default(''),
  /** The buyer's PO number and our vendor code with them, when they gave them (they may at acceptance). */
  poNumber: poNumberSchema.optional().default(''),
  vendorCode: vendorCodeSchema.optional().default(''),
});

function checkTotals(quote: { lines: QuoteLine[]; milestones: MilestoneInput[] }, context: z.RefinementCtx): void {
  const totalPaise = quoteListedPaise(quote.lines);
  if (totalPaise > MAX_QUOTE_PAISE) {
    context.addIssue({ code: 'custom', message: 'The quote is too large.', path: ['lines'] });
    return;
  }
  const resolved = resolveMilestones(totalPaise, quote.milestones);
  if (!resolved.ok) context.addIssue({ code: 'custom', message: resolved.message, path: ['milestones'] });
}

/** A draft's fields (create, and edit while it is a Draft). The milestones must add up to the total. */
export const quoteFieldsSchema = quoteFieldsObject.superRefine(checkTotals);
export type QuoteFieldsInput = z.input<typeof quoteFieldsSchema>;
export type QuoteFields = z.output<typeof quoteFieldsSchema>;

/** A new quote: for a customer (an account or a lead's record), or for whoever sent an enquiry. */
export const newQuoteSchema = quoteFieldsObject
  .extend({ uid: documentIdSchema.optional(), enquiryId: documentIdSchema.optional() })
  .superRefine((quote, context) => {
    if ((quote.uid === undefined) === (quote.enquiryId === undefined)) {
      context.addIssue({ code: 'custom', message: 'Say which customer or enquiry the quote is for.' });
      return;
    }
    checkTotals(quote, context);
  });
export type NewQuoteInput = z.input<typeof newQuoteSchema>;

/** The customer accepts: their name as typed, the box ticked, and the version they read. */
export const acceptQuoteSchema = z.object({
  name: required('Type your full name to accept the quote.', 100),
  agree: z.literal(true, { message: 'Tick the box to agree to the terms of the quote.' }),
  version: z.number({ message: 'Which version are you accepting?' }).int().min(1),
  /** The buyer's purchase order for it and the vendor code it knows us by: printed on every milestone's invoice. */
  poNumber: poNumberSchema.optional().default(''),
  vendorCode: vendorCodeSchema.optional().default(''),
});
export type AcceptQuote = z.input<typeof acceptQuoteSchema>;

export const declineQuoteSchema = z.object({
  comment: required('Please tell us why, in a few words.', 2000),
});
export const quoteChangesSchema = z.object({
  comment: required('Say what you would like changed.', 2000),
});

export const withdrawQuoteSchema = z.object({ reason: trimmed(500).optional().default('') });

// ---- Money: the milestones' invoices, priced exactly as issueProforma will price them -------------

/** A milestone's share of the lines of each SAC (in order of first appearance), to the paisa. */
export function milestoneShares(
  lines: ReadonlyArray<Pick<QuoteLine, 'description' | 'sac' | 'quantity' | 'ratePaise'>>,
  amountPaise: number,
): Array<{ sac: string; descriptions: string[]; amountPaise: number }> {
  const groups = new Map<string, { listedPaise: number; descriptions: string[] }>();
  for (const line of lines) {
    const group = groups.get(line.sac) ?? { listedPaise: 0, descriptions: [] };
    group.listedPaise += lineAmountPaise(line);
    group.descriptions.push(line.description);
    groups.set(line.sac, group);
  }
  const entries = [...groups];
  const shares = allocatePaise(
    amountPaise,
    entries.map(([, group]) => group.listedPaise),
  );
  return entries
    .map(([sac, group], index) => ({ sac, descriptions: group.descriptions, amountPaise: shares[index]! }))
    .filter((share) => share.amountPaise > 0);
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * The lines of a milestone's proforma: one per SAC of the quote (usually one), each with its SAC,
 * so the tax invoice prints what the quote did.
 */
export function milestoneInvoiceLines(
  quote: { description: string; lines: ReadonlyArray<QuoteLine> },
  milestone: Pick<Milestone, 'label' | 'amountPaise'>,
): Array<{ description: string; amountPaise: number; sac: string }> {
  const shares = milestoneShares(quote.lines, milestone.amountPaise);
  return shares.map((share) => ({
    sac: share.sac,
    amountPaise: share.amountPaise,
    description: clip(
      `${milestone.label}: ${shares.length === 1 ? quote.description : share.descriptions.join(', ')}`,
      200,
    ),
  }));
}

/**
 * What an invoice listing these amounts charges, and its GST, exactly as payable.ts prices a
 * proforma (chargedAmountPaise) and its documents print it (taxLinesForPayment): so a milestone on
 * the quote shows, to the paisa, what its invoice will.
 */
export function invoiceSplit(
  listedPaise: readonly number[],
  amountsIncludeGst: boolean,
  tax: TaxSettings,
  taxType: TaxType,
): TaxSplit {
  const effective: TaxSettings = { ...tax, pricesIncludeGst: amountsIncludeGst };
  const charged = chargedAmountPaise(listedPaise, effective);
  return taxLinesForPayment(
    listedPaise.map((listed) => ({ sac: '', description: '', listedPaise: listed })),
    charged,
    effective,
    taxType,
  ).totals;
}

export interface QuoteFigures {
  /** The lines added up, as listed. */
  listedPaise: number;
  /** Each milestone with what its invoice will charge and the GST in it. */
  milestones: Array<Milestone & { split: TaxSplit }>;
  /** The milestones' invoices added up: what the customer pays in all, and the GST in it. */
  totals: TaxSplit;
}

function addSplits(splits: readonly TaxSplit[]): TaxSplit {
  return splits.reduce<TaxSplit>(
    (sum, split) => ({
      taxablePaise: sum.taxablePaise + split.taxablePaise,
      cgstPaise: sum.cgstPaise + split.cgstPaise,
      sgstPaise: sum.sgstPaise + split.sgstPaise,
      igstPaise: sum.igstPaise + split.igstPaise,
      totalPaise: sum.totalPaise + split.totalPaise,
    }),
    { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 },
  );
}

/**
 * A quote's money: each milestone as its invoice will be priced, and the quote's totals as the sum
 * of those invoices (so the quote, its milestones and the invoices it produces agree to the paisa).
 */
export function quoteFigures(
  quote: { lines: ReadonlyArray<QuoteLine>; milestones: ReadonlyArray<Milestone>; amountsIncludeGst: boolean },
  tax: TaxSettings,
  taxType: TaxType,
): QuoteFigures {
  const milestones = quote.milestones.map((milestone) => ({
    ...milestone,
    split: invoiceSplit(
      milestoneShares(quote.lines, milestone.amountPaise).map((share) => share.amountPaise),
      quote.amountsIncludeGst,
      tax,
      taxType,
    ),
  }));
  return {
    listedPaise: quoteListedPaise(quote.lines),
    milestones,
    totals: addSplits(milestones.map((milestone) => milestone.split)),
  };
}

/** '30%' for a milestone given as a percentage, null for one given as an amount. */
export const milestoneShareText = (milestone: Pick<Milestone, 'percentBasisPoints'>) =>
  milestone.percentBasisPoints === null ? null : `${percentText(milestone.percentBasisPoints)}%`;

// ---- What is printed and shown ---------------------------------------------------------------------

export interface QuoteLineSnapshot extends QuoteLine {
  amountPaise: number;
}

export interface MilestoneSnapshot extends TaxSplit {
  label: string;
  /** '30%', or null when it was given as an amount. */
  share: string | null;
  /** As listed on the quote (GST included or not, as its lines). */
  listedPaise: number;
}

/**
 * Every value printed on a sent quote (its PDF and its page), computed once when it is sent;
 * stored in `documents/quote_{id}`, it never changes again. A draft's preview is the same, made now.
 */
export interface QuoteSnapshot {
  kind: 'quote';
  /** 'Quote'. */
  title: string;
  number: string;
  version: number;
  financialYear: string;
  /** Date of issue in IST, as printed ('01 Apr 2026'). */
  issueDate: string;
  /** As printed: '30 Apr 2026'. */
  validUntil: string;
  supplier: SupplierSnapshot;
  recipient: RecipientSnapshot;
  placeOfSupply: { state: string; stateCode: string };
  /** null when the seller charges no GST. */
  taxType: TaxType | null;
  /** Whether the listed amounts include GST. */
  pricesIncludeGst: boolean;
  /** 0 when no GST is charged. */
  ratePercent: number;
  /** What the quote is for, as staff wrote it. */
  description: string;
  lines: QuoteLineSnapshot[];
  milestones: MilestoneSnapshot[];
  /** The milestones' invoices added up. */
  totals: TaxSplit;
  amountInWords: string;
  terms: string;
  reverseCharge: boolean;
  reference: { label: string };
  /** The buyer's PO number and vendor code, when staff entered them. */
  purchaseOrder?: PurchaseOrder | null;
  note: string;
}

/** The note under a quote: what accepting it does. */
export const QUOTE_NOTE =
  'This is a quote, not an invoice. Accepting it issues the first milestone’s proforma invoice; each later milestone is invoiced when it is reached.';

/** A quote's number as people say it: 'QT/2026-27/0001', with its version from the second on. */
export const quoteLabel = (number: string, version: number) =>
  version > 1 ? `${number} (version ${version})` : number;

/** What the quote page (the customer's, by link or account) and the console's preview show. */
export interface QuoteView {
  id: string;
  status: QuoteStatus;
  /** YYYY-MM-DD: the last day it can be accepted. */
  validUntilDay: string;
  document: QuoteSnapshot;
  /** Each milestone's state, in order, with its proforma once issued. */
  progress: Array<{
    state: MilestoneState;
    /** `payUrl`: the path of its pay page on this site (`/pay/{token}`) while it is unpaid. */
    invoice: { number: string; amountPaise: number; payUrl: string | null } | null;
  }>;
  acceptance: { name: string; at: string; version: number } | null;
  declined: { comment: string; at: string } | null;
  changeRequests: Array<{ comment: string; at: string }>;
  /** The version that replaced this one, and where the customer reads it (a path on this site). */
  revision: { version: number; url: string | null } | null;
}

/** Whether the customer can still answer a quote in this status (accept, decline or ask for changes). */
export const isAnswerable = (status: QuoteStatus) => status === QUOTE_STATUS.sent;

/** What the API answers when a quote cannot do what was asked (staff's and customers' alike). */
export const QUOTE_MESSAGES = {
  notFound: 'Quote not found.',
  sentIsImmutable: 'A sent quote cannot be changed. Revise it instead: the revision is a new version.',
  onlyDraftSent: 'Only a draft can be sent.',
  validityPassed: "The quote's validity date has passed. Change it, then send the quote.",
  previousAccepted: (version: number) =>
    `Version ${version} of this quote was accepted meanwhile, so this revision cannot be sent. Withdraw it instead.`,
  onlyRevisable: 'Only a sent, expired or declined quote can be revised.',
  revisionDrafted: (version: number) => `Version ${version} of this quote is being drafted already.`,
  onlyWithdrawable: 'Only a draft or a sent quote can be withdrawn.',
  notAccepted: "Only an accepted quote's milestones can be invoiced.",
  noMilestone: 'No such milestone.',
  milestoneInvoiced: (index: number, invoiceNumber: string) =>
    `Milestone ${index + 1} has been invoiced already (${invoiceNumber}).`,
  withdrawn: 'This quote has been withdrawn, so it can no longer be answered.',
  replaced: (version: number) =>
    `This quote has been replaced by version ${version}, so it can no longer be answered. Please read the new version.`,
  expired: (validUntil: string) =>
    `This quote expired on ${validUntil}, so it can no longer be accepted. Please ask us for a new one.`,
  declined: 'This quote was declined, so it can no longer be answered. Please ask us for a new one.',
  accepted: 'This quote has been accepted already.',
  versionChanged: 'This quote has changed since you opened it. Please reload the page and read it again.',
  tooManyChangeRequests: 'You have asked for changes many times already. Please write to us instead.',
} as const;
