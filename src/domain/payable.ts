import { findCatalogueEntry } from './catalogue';
import { priceOrderItems } from './cart';
import { isIsoDay } from './ist';
import { priceTextPaise, rupeesToPaise } from './money';
import type { PaymentType } from './schemas';
import { chargedAmountPaise, taxLinesForPayment, type TaxSettings } from './tax';

/**
 * A payable: what a customer pays, one thing with one name everywhere. It is a cart's order
 * (`users/{uid}/orders/{id}`) or an invoice (`users/{uid}/invoices/{id}`: one the customer entered,
 * or one the company issued). Its lines and amounts are worked out here and only here: when the
 * API charges it and when its tax document prints it, so the two can never disagree.
 */
export type PayableType = PaymentType;

/** Which payable a payment, a gateway order or a document is for. */
export interface PayableRef {
  type: PayableType;
  docId: string;
}

/** Where a customer's payable is stored: `users/{uid}/orders/{docId}` or `users/{uid}/invoices/{docId}`. */
export function payablePath(ref: PayableRef & { uid: string }): string {
  return `users/${ref.uid}/${ref.type === 'invoice' ? 'invoices' : 'orders'}/${ref.docId}`;
}

/** A payable as read from its stored document: every amount in paise. */
export interface Payable extends PayableRef {
  status: string;
  /** Orders: ORD-… */
  orderNumber: string | null;
  /** Orders: the cart lines as stored (ids pick catalogue plans); anything may be in them. */
  items: unknown[];
  /** Orders: the total the browser stored, in paise; null when it is not a number. */
  totalPaise: number | null;
  /** Invoices: the id the customer typed, or the number the company issued it under. */
  invoiceId: string | null;
  /** Invoices the company issued: their number. */
  number: string | null;
  /** Invoices: the amount, in paise; null when it is not a number. */
  amountPaise: number | null;
  /**
   * Invoices the company issued: their lines (listed amounts: taxable values when GST is added on
   * top), each with its own SAC when it was issued with one (a quote's milestone).
   */
  lines: Array<{ description: string; amountPaise: number; sac?: string }>;
  /** 'proforma' for what the company bills before payment (the PI/ series); null otherwise. */
  kind: 'proforma' | null;
  /** Invoices the company issued: whether their lines include GST; null: the seller's setting (PRICES_INCLUDE_GST). */
  amountsIncludeGst: boolean | null;
  /** Proformas: the day payment is due (YYYY-MM-DD, India time). */
  dueDate: string | null;
  description: string | null;
  name: string | null;
  email: string | null;
}

/** A services accounting code: six digits starting 99. */
const SAC_PATTERN = /^99\d{4}$/;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const rupees = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? rupeesToPaise(value) : null;

/**
 * The one reader of a stored payable. The spec stores an invoice's `amount` and an order's
 * `total` in rupees; they become paise here, once. Also reads the copy of a paid payable that a tax
 * document keeps (the same fields).
 */
export function readPayable(ref: PayableRef, stored: Record<string, unknown>): Payable {
  const lines = Array.isArray(stored.lines)
    ? (stored.lines as Array<Record<string, unknown> | null>).flatMap((line) =>
        typeof line?.description === 'string' && Number.isSafeInteger(line.amountPaise)
          ? [
              {
                description: line.description.trim(),
                amountPaise: line.amountPaise as number,
                ...(typeof line.sac === 'string' && SAC_PATTERN.test(line.sac) ? { sac: line.sac } : {}),
              },
            ]
          : [],
      )
    : [];
  return {
    type: ref.type,
    docId: ref.docId,
    status: text(stored.status) ?? '',
    orderNumber: text(stored.orderNumber),
    items: Array.isArray(stored.items) ? stored.items : [],
    totalPaise: rupees(stored.total),
    invoiceId: text(stored.invoiceId),
    number: text(stored.number),
    amountPaise: rupees(stored.amount),
    lines,
    kind: stored.kind === 'proforma' ? 'proforma' : null,
    amountsIncludeGst: typeof stored.amountsIncludeGst === 'boolean' ? stored.amountsIncludeGst : null,
    dueDate: isIsoDay(stored.dueDate) ? stored.dueDate : null,
    description: text(stored.description),
    name: text(stored.name),
    email: text(stored.email),
  };
}

const storedPaise = (value: unknown) => (Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : 0);

/**
 * What receipts staff recorded have settled of a payable paid in parts (received + TDS), in paise:
 * `settledPaise`, written by the server only; 0 when nothing was paid yet.
 */
export const settledPaiseOf = (stored: Record<string, unknown>) => storedPaise(stored.settledPaise);

/** The TDS its customer deducted over those receipts, in paise. */
export const tdsPaiseOf = (stored: Record<string, unknown>) => storedPaise(stored.tdsPaise);

/** One listed line: a plan at its price, or a line of an invoice. */
export interface PayableLine {
  /** What picks the line's SAC: a catalogue category id, 'invoice', or '' for the default. */
  sacKey: string;
  /** The line's own SAC, when it was issued with one; it wins over sacKey. */
  sac?: string;
  description: string;
  /** The listed amount (the plan price or invoice line), in paise. */
  listedPaise: number;
}

/** What the customer knows the payable by: 'ORD-1767000000000' or the invoice's number or id. */
export function payableReference(payable: Payable): string {
  return payable.type === 'product_order'
    ? (payable.orderNumber ?? payable.docId)
    : (payable.number ?? payable.invoiceId ?? payable.docId);
}

/** As printed: 'Order ORD-1767000000000', 'Invoice INV-0001' or 'Proforma PI/2026-27/0001'. */
export function payableLabel(payable: Payable): string {
  const noun = payable.type === 'product_order' ? 'Order' : payable.kind === 'proforma' ? 'Proforma' : 'Invoice';
  return `${noun} ${payableReference(payable)}`;
}

/** How a payable's listed amounts carry GST: its own choice (a proforma's), else the seller's setting. */
export function payableTax(payable: Pick<Payable, 'amountsIncludeGst'>, tax: TaxSettings): TaxSettings {
  return payable.amountsIncludeGst === null ? tax : { ...tax, pricesIncludeGst: payable.amountsIncludeGst };
}

/**
 * The listed lines of a payable: an order's plans at their catalogue prices (the stored name and
 * price text for a plan no longer sold), an issued invoice's own lines, or one line for an
 * invoice's amount. Printing uses these as they are; charging checks them first (pricePayable).
 */
export function payableLines(payable: Payable): PayableLine[] {
  if (payable.type === 'product_order' && payable.items.length > 0) {
    return payable.items.map((stored): PayableLine => {
      const item = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
      const entry = typeof item.id === 'string' ? findCatalogueEntry(item.id) : undefined;
      if (entry) {
        return {
          sacKey: entry.category.id,
          description: `${entry.category.name}: ${entry.plan.name} plan`,
          listedPaise: entry.plan.oneTimePaise,
        };
      }
      return {
        sacKey: '',
        description: [text(item.category), text(item.name)].filter(Boolean).join(': ') || 'Software services',
        listedPaise: priceTextPaise(text(item.price) ?? ''),
      };
    });
  }
  if (payable.type === 'invoice' && payable.lines.length > 0) {
    return payable.lines.map((line) => ({
      sacKey: 'invoice',
      ...(line.sac ? { sac: line.sac } : {}),
      description: line.description,
      listedPaise: line.amountPaise,
    }));
  }
  const reference = payable.number ?? payable.invoiceId ?? payable.orderNumber;
  return [
    {
      sacKey: 'invoice',
      description: reference ? `Software services as per invoice ${reference}` : 'Software services',
      listedPaise: payable.amountPaise ?? 0,
    },
  ];
}

export const PRICING_MESSAGES = {
  noInvoiceAmount: 'This invoice has no payable amount.',
  noItems: 'This order has no valid items.',
  itemNotSold: (itemId: string) => `This order contains an item that is no longer sold: ${itemId}.`,
  totalChanged: 'The order total does not match the current prices. Please review your cart.',
} as const;

export type Pricing =
  | {
      ok: true;
      lines: PayableLine[];
      /** The listed prices added up. */
      listedPaise: number;
      /** What the customer is charged: the listed amount, plus each line's GST when prices exclude it. */
      chargedPaise: number;
    }
  | { ok: false; message: string };

/**
 * What a payable charges now, or why it cannot be charged. An order is priced from the catalogue
 * only (its item ids pick the plans; the browser's price texts are never used) and its stored
 * total must agree; an invoice charges its stored amount. That is the amount charged, unless a
 * registered seller lists prices without GST: then each line's GST is added, exactly as its tax
 * invoice prints it.
 */
export function pricePayable(payable: Payable, tax: TaxSettings): Pricing {
  let listedPaise: number;
  if (payable.type === 'invoice') {
    // An issued invoice lists its lines; one the customer typed, its amount.
    listedPaise =
      payable.lines.length > 0
        ? payable.lines.reduce((sum, line) => sum + line.amountPaise, 0)
        : (payable.amountPaise ?? 0);
    if (listedPaise < 100) return { ok: false, message: PRICING_MESSAGES.noInvoiceAmount };
  } else {
    const pricing = priceOrderItems(payable.items);
    if (!pricing.ok) {
      return {
        ok: false,
        message:
          pricing.reason === 'unknown-item' ? PRICING_MESSAGES.itemNotSold(pricing.itemId!) : PRICING_MESSAGES.noItems,
      };
    }
    if (payable.totalPaise !== pricing.amountPaise) return { ok: false, message: PRICING_MESSAGES.totalChanged };
    listedPaise = pricing.amountPaise;
  }
  const lines = payableLines(payable);
  const effective = payableTax(payable, tax);
  const addsTax = effective.registered && !effective.pricesIncludeGst;
  return {
    ok: true,
    lines,
    listedPaise,
    chargedPaise: addsTax
      ? chargedAmountPaise(
          lines.map((line) => line.listedPaise),
          effective,
        )
      : listedPaise,
  };
}

/**
 * A payable's taxable value and total as its tax invoice will print them (intra-state; across
 * states IGST is rounded once instead of CGST and SGST each, which can move a paisa between tax and
 * taxable value): the base TDS is worked out on when GST is shown separately (CBDT Circular
 * 23/2017). A proforma's own printed totals are read from its document instead (see the pay page);
 * this serves an invoice without one. Null when it cannot be charged.
 */
export function payableTaxableValue(
  payable: Payable,
  tax: TaxSettings,
): { taxablePaise: number; totalPaise: number } | null {
  const pricing = pricePayable(payable, tax);
  if (!pricing.ok) return null;
  const effective = payableTax(payable, tax);
  if (!effective.registered) return { taxablePaise: pricing.chargedPaise, totalPaise: pricing.chargedPaise };
  const { totals } = taxLinesForPayment(
    pricing.lines.map((line) => ({
      sac: line.sac ?? '',
      description: line.description,
      listedPaise: line.listedPaise,
    })),
    pricing.chargedPaise,
    effective,
    'intra-state',
  );
  return { taxablePaise: totals.taxablePaise, totalPaise: totals.totalPaise };
}
