import { STATUS } from './status';

/**
 * Statuses the staff console filters on. Apart from status.ts, which the landing page loads (its
 * badge colours): none of this is landing-page code.
 */

/** The statuses of an enquiry (and of the customer's query it mirrors), in their order. */
export const ENQUIRY_STATUSES = [STATUS.new, STATUS.inProgress, STATUS.closed] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** The statuses of orders and invoices. */
export const PAYABLE_STATUSES = [
  STATUS.pending,
  STATUS.partiallyPaid,
  STATUS.paid,
  STATUS.cancelled,
  STATUS.refunded,
] as const;

/**
 * `payments/{id}.status`, one field the console filters on: applied to its document ('paid'), a
 * capture that did not match its document ('mismatch'), a second capture of a paid document
 * ('duplicate'), a capture whose document no longer exists ('order-missing'), or fully refunded.
 */
export const PAYMENT_STATUSES = ['paid', 'mismatch', 'duplicate', 'order-missing', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What each mail is, in words (a template not listed here shows its own name). */
export const MAIL_TEMPLATE_LABELS: Record<string, string> = {
  'enquiry-ack': 'Enquiry received (to the sender)',
  'enquiry-company': 'New enquiry (to us)',
  'payment-receipt': 'Payment receipt',
  'invoice-issued': 'Invoice with pay link',
  'invoice-cancelled': 'Invoice cancelled',
  'refund-issued': 'Refund made',
  'account-deleted': 'Account deleted',
  'quote-sent': 'Quote sent (to the customer)',
  'quote-response': "Customer's answer to a quote (to us)",
  project: 'Project mail (review, update, sign-off)',
  'renewal-reminder': 'Renewal reminder',
  'renewal-lapsed': 'Renewal not paid (service lapsed)',
  'service-stopped': 'Service stopped',
  support: 'Support request',
  booking: 'Consultation (invitation or reminder)',
  statement: 'Statement of account',
  'tds-certificate-reminder': 'TDS certificate awaited',
  'tds-certificate-rejected': 'TDS certificate not accepted',
  'company-invitation': 'Invitation to join a company',
  news: 'News',
};

/** A mail's kind in words; an unknown template reads as words too, never as its id. */
export function mailTemplateLabel(template: string): string {
  return MAIL_TEMPLATE_LABELS[template] ?? humanize(template);
}

/**
 * Why a captured payment did not settle its document (payments/{id}.mismatchReason, written by
 * server/payments/mark-paid.ts), in words staff can act on.
 */
export const MISMATCH_REASON_LABELS: Record<string, string> = {
  cancelled: 'The order or invoice had been cancelled before the payment arrived.',
  'not-pending': 'The order or invoice was already paid or closed.',
  'gateway-order-replaced': 'The customer paid an older checkout that a newer one had replaced.',
  amount: 'The amount paid differs from the amount due.',
};

/** A mismatch reason in words (an unknown one humanized, never shown as an id). */
export function mismatchReasonLabel(reason: string): string {
  return MISMATCH_REASON_LABELS[reason] ?? humanize(reason);
}

/** 'gateway-order-replaced' → 'Gateway order replaced': the last resort for a code with no words yet. */
function humanize(code: string): string {
  const words = code.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

/** A payment's status in words. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  mismatch: 'Mismatch',
  duplicate: 'Duplicate',
  'order-missing': 'Order missing',
  refunded: 'Refunded',
};
/** The payment statuses that need a person (the console's exceptions view). */
export const PAYMENT_EXCEPTIONS: readonly PaymentStatus[] = ['mismatch', 'duplicate', 'order-missing'];

/**
 * The status of a payment record, also for records written before the field existed: those are
 * read from the markers markPaid left (duplicateOf, documentMissing, status 'mismatch').
 */
export function paymentStatusOf(record: {
  status?: unknown;
  duplicateOf?: unknown;
  documentMissing?: unknown;
}): PaymentStatus {
  if (typeof record.status === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(record.status)) {
    return record.status as PaymentStatus;
  }
  if (record.documentMissing === true) return 'order-missing';
  if (record.duplicateOf !== undefined) return 'duplicate';
  return 'paid';
}
