import { ISSUED_BY_COMPANY } from '@/domain/company';
import { formatDateTime } from '@/domain/dates';
import { formatIstDay } from '@/domain/document-number';
import { formatInr } from '@/domain/money';
import { isOpenStatus, STATUS } from '@/domain/status';
import { sellerDocumentWords } from '@/domain/seller-document';
import { taxSettings } from '@/lib/tax-settings';

interface InvoiceSummaryProps {
  invoice: {
    invoiceId: string;
    issuedBy?: 'company';
    kind?: 'proforma';
    description?: string;
    lines?: Array<{ description: string; amountPaise: number }>;
    dueDate?: string;
    status?: string;
    taxDocumentNumber?: string;
    amountPaise?: number;
    settledPaise?: number;
    createdAt: Date | null;
  };
  /** How its date reads (the console's: in IST, labelled); the customer's own zone by default. */
  formatDate?: (date: Date | null) => string;
  /** How its amounts read (the console's: always with paise); whole rupees without by default. */
  formatAmount?: (paise: number) => string;
}

/** '2026-12-09' -> '09 Dec 2026' (a due date is a day in India, shown as documents print it). */
const dueDateText = formatIstDay;

/**
 * An invoice's number, a mark when the company issued it (customers cannot change or delete
 * those), its description and lines, and its date: on /profile and in the staff console.
 */
export function InvoiceSummary({
  invoice,
  formatDate = formatDateTime,
  formatAmount = formatInr,
}: InvoiceSummaryProps) {
  return (
    <>
      <p className="font-semibold break-words">
        Inv #{invoice.invoiceId}
        {invoice.issuedBy === 'company' && (
          <span className="ml-2 text-xs font-medium text-slate-700">{ISSUED_BY_COMPANY}</span>
        )}
      </p>
      <InvoiceLines invoice={invoice} formatAmount={formatAmount} />
      <p className="text-sm text-slate-600">{formatDate(invoice.createdAt)}</p>
      {invoice.status === STATUS.partiallyPaid && invoice.amountPaise !== undefined && (
        <p className="text-sm font-medium text-slate-800">
          {formatAmount(invoice.amountPaise - (invoice.settledPaise ?? 0))} due ·{' '}
          {formatAmount(invoice.settledPaise ?? 0)} settled so far
        </p>
      )}
      {invoice.dueDate && isOpenStatus(invoice.status) && (
        <p className="text-sm text-slate-700">Due by {dueDateText(invoice.dueDate)}</p>
      )}
      {invoice.taxDocumentNumber && (
        <p className="text-sm text-slate-700">
          {sellerDocumentWords(taxSettings.registered).title} {invoice.taxDocumentNumber}
        </p>
      )}
    </>
  );
}

/** What an issued invoice is for: its description and each line with its amount (none for the customer's own). */
export function InvoiceLines({
  invoice,
  formatAmount = formatInr,
}: Pick<InvoiceSummaryProps, 'invoice' | 'formatAmount'>) {
  return (
    <>
      {invoice.description && <p className="text-sm text-slate-700">{invoice.description}</p>}
      {invoice.lines?.map((line, index) => (
        <p key={index} className="text-sm text-slate-700">
          {line.description}: {formatAmount(line.amountPaise)}
        </p>
      ))}
    </>
  );
}
