import { z } from 'zod';
import { PAYMENT_STATUSES } from './console-status';
import { isoDateSchema, istToday } from './ist';
import { MIN_AMOUNT_PAISE } from './money';
import { poNumberSchema, vendorCodeSchema } from './purchase-order';
import {
  documentIdSchema,
  MAX_INVOICE_PAISE,
  paiseSchema,
  paymentTypeSchema,
  required,
  requestIdSchema,
  trimmed,
} from './schemas';
import { STATUS } from './status';
import { TDS_CITATION_IDS, TDS_PAYER_KINDS, tdsCitationProblem } from './tds';

/**
 * TDS the payer deducts from this payment: only the kind of payment (src/domain/tds.ts). The server
 * works out the rate, the amount (on the taxable value) and what is left to charge; nothing the
 * browser says about amounts is used.
 */
export const tdsDeclarationSchema = z.object({
  kind: z.enum(TDS_PAYER_KINDS, { message: 'Choose what kind of payment your company deducts TDS for.' }),
});
export type TdsDeclaration = z.infer<typeof tdsDeclarationSchema>;

/**
 * API bodies of the payment endpoints. The spec's two request shapes both arrive at the same
 * schema; `amount`, `currency` and `user_id` are accepted for compatibility but never trusted:
 * the server prices the document itself and takes the uid from the ID token.
 */
export const paymentOrderRequestSchema = z.object({
  firestore_id: z
    .string({ message: 'firestore_id is required.' })
    .trim()
    .min(1, 'firestore_id is required.')
    .max(128)
    .regex(/^[^/]+$/, 'firestore_id is not a document id.')
    // Firestore reserves '.', '..' and ids of the form __name__.
    .refine((id) => id !== '.' && id !== '..' && !/^__.*__$/.test(id), 'firestore_id is not a document id.'),
  type: paymentTypeSchema,
  amount: z.union([z.number(), z.string().max(32)]).optional(),
  currency: z.string().max(8).optional(),
  user_id: z.string().max(128).nullable().optional(),
  userName: z.string().max(200).nullable().optional(),
  userEmail: z.string().max(254).nullable().optional(),
  /** Paying an invoice: the buyer's PO number and vendor code, set on it first (its company may require one). */
  poNumber: poNumberSchema.optional(),
  vendorCode: vendorCodeSchema.optional(),
  /** Paying an invoice net of TDS (owner and billing members only). */
  tds: tdsDeclarationSchema.nullable().optional(),
  /** The company paid for (also the X-Company-Id header); the person's own by default. */
  companyId: z.string().max(128).optional(),
});
export type PaymentOrderRequest = z.input<typeof paymentOrderRequestSchema>;

/** The pay page's payment order: the PO number and vendor code the buyer typed, when asked. */
export const payLinkOrderSchema = z.object({
  poNumber: poNumberSchema.optional(),
  vendorCode: vendorCodeSchema.optional(),
  /** Paying net of TDS: whoever holds the link pays for the company it was issued to. */
  tds: tdsDeclarationSchema.nullable().optional(),
});

/** What the API answers for a payment order: amount in paise, as Razorpay does. */
export interface PaymentOrderResponse {
  id: string;
  amount: number;
  currency: 'INR';
  keyId: string;
  gateway: 'razorpay' | 'sandbox';
  /** Paying net of TDS: the TDS the server worked out (the amount is what is due less it). */
  tds?: { tdsPaise: number; tdsSection: string };
}

const gatewayId = (prefix: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`), 'Invalid payment reference.');

export const verifyPaymentSchema = z.object({
  razorpay_order_id: gatewayId('order'),
  razorpay_payment_id: gatewayId('pay'),
  razorpay_signature: z
    .string()
    .trim()
    .regex(/^[a-f0-9]{64}$/i, 'Invalid payment signature.'),
});
export type CheckoutResult = z.infer<typeof verifyPaymentSchema>;

export interface VerifyPaymentResponse {
  /** 'Paid' when recorded; 'Pending' when the gateway has not captured it yet. */
  status: 'Paid' | 'Pending';
  paymentId: string;
  message: string;
}

/** Sandbox checkout buttons: only exists when the server runs without Razorpay keys. */
export const sandboxPaySchema = z.object({
  razorpay_order_id: gatewayId('order'),
  outcome: z.enum(['success', 'failure']),
  /** 'drop' simulates a lost webhook (tests of reconciliation). */
  webhook: z.enum(['deliver', 'drop']).optional().default('deliver'),
});
export type SandboxPayRequest = z.input<typeof sandboxPaySchema>;

export type SandboxPayResponse =
  { outcome: 'success'; result: CheckoutResult } | { outcome: 'failure'; error: { code: string; description: string } };

/** Razorpay order ids look like `order_` + 14 alphanumerics; receipts are at most 40 characters. */
export const MAX_RECEIPT_LENGTH = 40;

/** Invoice ids and numbers are unique per customer regardless of case and surrounding space. */
export const invoiceNumberKey = (number: string) => number.trim().toUpperCase();

/** Invoice ids name the same invoice regardless of surrounding spaces and letter case ('inv-dec' is 'INV-DEC'). */
export function sameInvoiceId(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Whether a customer may delete an invoice: only one they entered themselves (not issued by the
 * company) and only while it is 'Pending' (firestore.rules say the same).
 */
export function canCustomerDeleteInvoice(invoice: { status: string; issuedBy?: string }): boolean {
  return invoice.status === STATUS.pending && invoice.issuedBy !== 'company';
}

/** How a payment was made, in words: the gateway's method names and the modes staff record. */
const PAYMENT_METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  upi: 'UPI',
  netbanking: 'Net banking',
  wallet: 'Wallet',
  emi: 'EMI',
  cardless_emi: 'Cardless EMI',
  paylater: 'Pay later',
  bank_transfer: 'Bank transfer',
  'bank-transfer': 'Bank transfer',
  cheque: 'Cheque',
  offline: 'Offline',
};

/**
 * A payment id as a customer may read it: the gateway's (pay_…), which their bank or card
 * statement can be matched with; null for a payment staff recorded (offline_…), an internal key
 * the customer never saw: its mode and reference say which payment it is.
 */
export function customerPaymentId(paymentId: string | null | undefined): string | null {
  if (!paymentId || paymentId.startsWith('offline_')) return null;
  return paymentId;
}

/** 'bank-transfer' -> 'Bank transfer', 'upi' -> 'UPI'; an unknown method as it came, '—' for none. */
export function paymentMethodLabel(method: string | null | undefined): string {
  if (!method) return '—';
  return PAYMENT_METHOD_LABELS[method] ?? method;
}

// ---- Staff: refunds and payments received offline ---------------------------------------------

export const refundRequestSchema = z.object({
  requestId: requestIdSchema,
  /** Omitted: the whole amount still refundable. */
  amountPaise: paiseSchema.optional(),
  reason: trimmed(200).optional().default(''),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const OFFLINE_METHODS = ['bank-transfer', 'upi', 'cheque'] as const;
export const OFFLINE_METHOD_LABELS: Record<(typeof OFFLINE_METHODS)[number], string> = {
  'bank-transfer': 'Bank transfer',
  upi: 'UPI',
  cheque: 'Cheque',
};

const paiseReceived = z
  .number({ message: 'Amount must be a number.' })
  .int('Amount must be whole paise.')
  .min(0, 'Amounts cannot be negative.')
  .max(MAX_INVOICE_PAISE, 'Amount is too large.');

/**
 * A payment staff record as it happened, against a Pending (or, an invoice, Partially paid) order
 * or invoice: the amount actually received, the day, how and its reference, and any TDS the
 * customer deducted (with its section). What it settles (received + TDS) may be part of what is
 * due; `requestId`, made when the form opens, makes a retried save one receipt.
 */
export const offlinePaymentSchema = z
  .object({
    uid: documentIdSchema,
    type: z.enum(['product_order', 'invoice']),
    docId: documentIdSchema,
    requestId: requestIdSchema,
    amountReceivedPaise: paiseReceived,
    tdsPaise: paiseReceived.default(0),
    /** A 1961 section before 1 April 2026, the 2025 Act's payment code from then (src/domain/tds.ts). */
    tdsSection: z.enum(TDS_CITATION_IDS, { message: 'Choose the TDS section.' }).nullable().default(null),
    receivedOn: isoDateSchema.refine((day) => day <= istToday(), 'The date received cannot be in the future.'),
    method: z.enum(OFFLINE_METHODS, { message: 'Choose how it was paid.' }),
    reference: required('The transfer, UPI or cheque reference is required.', 100),
  })
  .refine((payment) => payment.amountReceivedPaise + payment.tdsPaise >= MIN_AMOUNT_PAISE, {
    message: 'Enter the amount received (and any TDS): at least ₹1 in all.',
    path: ['amountReceivedPaise'],
  })
  .refine((payment) => payment.tdsPaise === 0 || payment.tdsSection !== null, {
    message: 'Choose the section the TDS was deducted under.',
    path: ['tdsSection'],
  })
  // The law of the day received: a 1961 section for a payment from 1 April 2026 makes the
  // customer's and our records disagree with the returns, which quote the 2025 Act's codes.
  .superRefine((payment, context) => {
    const problem =
      payment.tdsPaise > 0 && payment.tdsSection ? tdsCitationProblem(payment.tdsSection, payment.receivedOn) : null;
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['tdsSection'] });
  });
export type OfflinePayment = z.infer<typeof offlinePaymentSchema>;
export type OfflinePaymentInput = z.input<typeof offlinePaymentSchema>;

export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
