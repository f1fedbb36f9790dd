import { COMPANY } from '@/domain/company';
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
          <span className="ml-2 text-xs font-medium text-slate-700">Issued by {COMPANY.name}</span>
        )}
      </p>
      {invoice.description && <p className="text-sm text-slate-700">{invoice.description}</p>}
      {invoice.lines?.map((line, index) => (
        <p key={index} className="text-sm text-slate-700">
          {line.description}: {formatInr(line.amountPaise)}
        </p>
      ))}
      <p className="text-sm text-slate-600">{formatDateTime(invoice.createdAt)}</p>
    </>
  );
}
