import { z } from 'zod';

/**
 * A buyer's purchase order (PO) number and the vendor code it knows us by: larger clients' accounts
 * payable cannot pay a bill that does not quote both. Entered by the customer (accepting a quote,
 * or on the pay page) or by staff, kept on the quote or proforma, printed on it and on its tax
 * invoice and statement lines, in the CSVs, and searchable in the console. A company may require
 * a PO number (`requirePoNumber` on its record): then nothing of it can be paid without one.
 */

export const PO_NUMBER_MAX = 40;
export const VENDOR_CODE_MAX = 30;
/** Letters, digits, spaces and the marks PO numbers are written with ('PO/2026/118', 'VND-0042'). */
const REFERENCE = /^[\p{L}\p{N}][\p{L}\p{N} ./#_-]*$/u;

export const PO_MESSAGES = {
  poFormat: `A PO number is up to ${PO_NUMBER_MAX} letters, digits, spaces and . / # _ -.`,
  vendorFormat: `A vendor code is up to ${VENDOR_CODE_MAX} letters, digits, spaces and . / # _ -.`,
  required: 'Your company requires a purchase order (PO) number on every invoice it pays. Enter it to continue.',
} as const;

const reference = (max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .max(max, message)
    .refine((value) => value === '' || REFERENCE.test(value), message)
    .transform((value) => value.replace(/\s+/g, ' '));

export const poNumberSchema = reference(PO_NUMBER_MAX, PO_MESSAGES.poFormat);
export const vendorCodeSchema = reference(VENDOR_CODE_MAX, PO_MESSAGES.vendorFormat);

/** A PO number and vendor code as a form sends them: either may be empty (''), meaning none. */
export const purchaseOrderSchema = z.object({
  poNumber: poNumberSchema.optional().default(''),
  vendorCode: vendorCodeSchema.optional().default(''),
});
export type PurchaseOrderInput = z.input<typeof purchaseOrderSchema>;

/** As stored on a quote, proforma or document, and printed: null for a field not given. */
export interface PurchaseOrder {
  poNumber: string | null;
  vendorCode: string | null;
}

/** The stored form: empty fields are null; null when neither is given. */
export function purchaseOrderOf(input: { poNumber?: string | null; vendorCode?: string | null }): PurchaseOrder | null {
  const poNumber = input.poNumber?.trim() || null;
  const vendorCode = input.vendorCode?.trim() || null;
  return poNumber || vendorCode ? { poNumber, vendorCode } : null;
}

/** A stored value read back (anything may be in a document). */
export function readPurchaseOrder(stored: unknown): PurchaseOrder | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { poNumber, vendorCode } = stored as Record<string, unknown>;
  return purchaseOrderOf({
    poNumber: typeof poNumber === 'string' ? poNumber : null,
    vendorCode: typeof vendorCode === 'string' ? vendorCode : null,
  });
}

/** What a document prints: 'PO number: 4500012345 · Vendor code: VND-0042'. */
export function purchaseOrderFacts(po: PurchaseOrder | null | undefined): Array<[string, string]> {
  return [
    ...(po?.poNumber ? [['PO number', po.poNumber] as [string, string]] : []),
    ...(po?.vendorCode ? [['Vendor code', po.vendorCode] as [string, string]] : []),
  ];
}

/** A company's purchase-order rules, set by staff or the company: whether a PO number is required, and its default vendor code. */
export const purchaseOrderRulesSchema = z.object({
  requirePoNumber: z.boolean({ message: 'Say whether a PO number is required.' }),
  vendorCode: vendorCodeSchema.optional().default(''),
});
export type PurchaseOrderRules = z.infer<typeof purchaseOrderRulesSchema>;
