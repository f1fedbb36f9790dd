import { ISSUED_BY_COMPANY } from '@/domain/company';
import { formatDateTime } from '@/domain/dates';
import { formatInr } from '@/domain/money';

interface InvoiceSummaryProps {
  invoice: {
    invoiceId: string;
    issuedBy?: 'company';
    description?: string;
    lines?: Array<{ description: string; amountPaise: number }>;
    createdAt: Date | null;
  };
}

/**
 * An invoice's number, a mark when the company issued it (customers cannot change or delete
 * those), its description and lines, and its date: on /profile and in the staff console.
 */
export function InvoiceSummary({ invoice }: InvoiceSummaryProps) {
  return (
    <>
      <p className="font-semibold break-all">
        Inv #{invoice.invoiceId}
        {invoice.issuedBy === 'company' && (
          <span className="ml-2 text-xs font-medium text-slate-700">{ISSUED_BY_COMPANY}</span>
        )}
      </p>
      <InvoiceLines invoice={invoice} />
      <p className="text-sm text-slate-600">{formatDateTime(invoice.createdAt)}</p>
    </>
  );
}

/** What an issued invoice is for: its description and each line with its amount (none for the customer's own). */
export function InvoiceLines({ invoice }: Pick<InvoiceSummaryProps, 'invoice'>) {
  return (
    <>
      {invoice.description && <p className="text-sm text-slate-700">{invoice.description}</p>}
      {invoice.lines?.map((line, index) => (
        <p key={index} className="text-sm text-slate-700">
          {line.description}: {formatInr(line.amountPaise)}
        </p>
      ))}
    </>
  );
}
