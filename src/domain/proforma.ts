import { z } from 'zod';
import { isoDateSchema, istToday } from './ist';
import { poNumberSchema, vendorCodeSchema } from './purchase-order';
import { documentIdSchema, MAX_INVOICE_PAISE, paiseSchema, required, trimmed } from './schemas';

/**
 * Proforma invoices staff issue (`/api/staff/invoices`, an enquiry's bill): the console validates
 * with these before sending and the server validates again on arrival. Amounts are integer paise.
 */

export const invoiceLineSchema = z.object({
  description: required('Each line needs a description.', 200),
  amountPaise: paiseSchema,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** Days a proforma gives the customer to pay unless staff choose a date (the server's PROFORMA_DUE_DAYS default). */
export const DEFAULT_DUE_DAYS = 15;

/**
 * A proforma invoice staff issue: what it is for, its lines, whether their amounts include GST
 * (otherwise GST is added on top, when the company is registered), and when it is due. Its number
 * is the next of the PI series, given when it is issued.
 */
export const proformaFieldsSchema = z
  .object({
    /** What the invoice is for, above its lines (printed on the proforma and its tax invoice). */
    description: required('Description is required.', 500),
    lines: z.array(invoiceLineSchema).min(1, 'Add at least one line.').max(20, 'At most 20 lines.'),
    amountsIncludeGst: z.boolean({ message: 'Say whether the amounts include GST.' }),
    dueDate: isoDateSchema.refine((day) => day >= istToday(), 'The due date cannot be in the past.'),
    /** The buyer's purchase order number and our vendor code with them, when they have them. */
    poNumber: poNumberSchema.optional().default(''),
    vendorCode: vendorCodeSchema.optional().default(''),
    /**
     * Why the due date is more than 45 days away: required then when the seller is a micro or small
     * enterprise (section 15 of the MSMED Act; the server checks), kept and audited.
     */
    longTermReason: trimmed(300).optional().default(''),
  })
  .refine((invoice) => invoiceTotalPaise(invoice.lines) <= MAX_INVOICE_PAISE, {
    message: 'Amount is too large.',
    path: ['lines'],
  });
export type ProformaFields = z.infer<typeof proformaFieldsSchema>;

/** A proforma to a customer (an account or a lead's record). */
export const issueProformaSchema = proformaFieldsSchema.and(z.object({ uid: documentIdSchema }));
export type IssueProforma = z.infer<typeof issueProformaSchema>;

/** A mail with a PDF as sending it would go out, shown before anything is sent (a preview). */
export interface MailPreview {
  /** Where the mail goes. */
  to: string;
  subject: string;
  html: string;
  text: string;
  fileName: string;
  /** The PDF it is mailed with, base64. */
  pdfBase64: string;
}

/** Exactly what issuing a proforma would mail (its mail and PDF), without issuing anything. */
export interface ProformaPreview extends MailPreview {
  /** The number it will get, unless another proforma is issued first. */
  number: string;
  amountPaise: number;
}

/** What an issued invoice charges: the sum of its lines, in paise. */
export function invoiceTotalPaise(lines: ReadonlyArray<{ amountPaise: number }>): number {
  return lines.reduce((sum, line) => sum + line.amountPaise, 0);
}
