import { Button, Spinner } from '@/components/button';
import { ISSUED_BY_COMPANY } from '@/domain/company';
import { formatInr } from '@/domain/money';
import type { Invoice } from '@/records/invoices';
import type { SubscriptionState } from '@/lib/use-subscription';

export const INVOICE_LIST_ERROR = 'Could not load pending invoices. Ensure Firestore index is created.';

export interface PendingInvoiceListProps {
  invoices: SubscriptionState<Invoice[]>;
  /** The document being paid, if any: every Pay button waits meanwhile. */
  payingId: string | null;
  onPay: (invoice: Invoice) => void;
  /** Whether an invoice offers Delete (one the customer entered), and what Delete does. */
  canDelete: (invoice: Invoice) => boolean;
  onDelete: (invoice: Invoice) => void;
}

/** The contact tab's pending invoices (spec: at most 12rem high, scrolling), each with its Pay button. */
export function PendingInvoiceList({ invoices, payingId, onPay, canDelete, onDelete }: PendingInvoiceListProps) {
  return (
    <section aria-labelledby="pending-invoices-title">
      <h3 id="pending-invoices-title" className="text-lg font-semibold text-slate-900">
        Pending Invoices
      </h3>
      {invoices.status === 'error' ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {INVOICE_LIST_ERROR}
        </p>
      ) : invoices.status === 'loading' ? (
        <p className="mt-2 text-sm text-slate-600">Loading invoices...</p>
      ) : invoices.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No pending invoices.</p>
      ) : (
        <ul
          aria-label="Pending invoices"
          tabIndex={0}
          className="mt-2 max-h-[12rem] divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-darker"
        >
          {invoices.data.map((invoice) => {
            const isPaying = payingId === invoice.id;
            return (
              <li
                key={invoice.id}
                className="flex items-center justify-between gap-3 px-4 py-3"
                data-testid="pending-invoice"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">Invoice #{invoice.invoiceId}</p>
                  {invoice.issuedBy === 'company' && (
                    <p className="text-xs font-medium text-slate-700">{ISSUED_BY_COMPANY}</p>
                  )}
                  <p className="text-sm text-slate-600">{formatInr(invoice.amountPaise)}</p>
                </div>
                <div className="flex shrink-0 gap-2">
                  {canDelete(invoice) && (
                    <Button
                      variant="dangerOutline"
                      size="sm"
                      onClick={() => onDelete(invoice)}
                      disabled={payingId !== null}
                      aria-label={`Delete invoice ${invoice.invoiceId}`}
                    >
                      Delete
                    </Button>
                  )}
                  <Button
                    size="sm"
                    onClick={() => onPay(invoice)}
                    disabled={payingId !== null}
                    aria-label={`Pay invoice ${invoice.invoiceId}`}
                    aria-busy={isPaying}
                  >
                    {isPaying && <Spinner />}
                    {isPaying ? 'Processing...' : 'Pay'}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
