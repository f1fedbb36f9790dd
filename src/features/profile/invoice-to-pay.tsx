import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { InvoiceLines } from '@/components/invoice-summary';
import { StatusBadge } from '@/components/status-badge';
import { ISSUED_BY_COMPANY } from '@/domain/company';
import { formatDateTime } from '@/domain/dates';
import { formatInr } from '@/domain/money';
import { isOpenStatus, STATUS } from '@/domain/status';
import type { Invoice } from '@/records/invoices';
import { useSubscription } from '@/lib/use-subscription';
import { subscribeToInvoice } from './api';

export interface InvoiceToPayProps {
  /** The company whose invoice it is (its id). */
  uid: string;
  /** The invoice's document id, from /profile?invoice={id} (the link in the invoice mail). */
  invoiceDocId: string;
  payingId: string | null;
  /** Pay Now; left out for a role that cannot pay, with `payRefusal` saying why. */
  onPay?: (invoice: Invoice) => void;
  payRefusal?: string;
  receiptHref: (invoice: Invoice) => string;
  /** The download of its tax document once it is Paid, given its payment id (composed by the page). */
  documentAction?: (paymentId: string, itemLabel: string) => ReactNode;
}

/**
 * The invoice a mail linked to, at the top of the profile and in view, ready to pay: its number,
 * amount and status, with Pay Now while it is Pending or its receipt once it is Paid.
 */
export function InvoiceToPay({
  uid,
  invoiceDocId,
  payingId,
  onPay,
  payRefusal,
  receiptHref,
  documentAction,
}: InvoiceToPayProps) {
  const invoice = useSubscription<Invoice | null>(`${uid}/${invoiceDocId}`, (onData, onError) =>
    subscribeToInvoice(uid, invoiceDocId, onData, onError),
  );
  const ref = useRef<HTMLElement>(null);
  const isShown = invoice.status !== 'loading';
  useEffect(() => {
    if (isShown) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [isShown]);

  if (!isShown) return null;
  const data = invoice.data;
  return (
    <section
      ref={ref}
      aria-labelledby="invoice-to-pay-title"
      className="scroll-mt-24 rounded-xl border-2 border-brand bg-brand-light p-6 shadow-sm"
      data-testid="invoice-to-pay"
    >
      <h2 id="invoice-to-pay-title" className="text-xl font-semibold break-words text-slate-900">
        {data ? `Invoice #${data.invoiceId}` : 'Invoice not found'}
      </h2>
      {data?.issuedBy === 'company' && (
        <div className="mt-1">
          <p className="text-sm font-medium text-slate-700">{ISSUED_BY_COMPANY}</p>
          <InvoiceLines invoice={data} />
        </div>
      )}
      {!data ? (
        <p className="mt-2 text-slate-700">
          {invoice.status === 'error'
            ? 'Could not load this invoice. Please reload the page.'
            : 'We could not find this invoice in your account. Check that you are signed in with the address it was sent to.'}
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <span className="text-lg font-semibold">{formatInr(data.amountPaise)}</span>
          <StatusBadge status={data.status} />
          <span className="text-sm text-slate-600">{formatDateTime(data.createdAt)}</span>
          {isOpenStatus(data.status) && !onPay && payRefusal && (
            <span className="text-sm text-slate-700">{payRefusal}</span>
          )}
          {isOpenStatus(data.status) && onPay && (
            <Button
              onClick={() => onPay(data)}
              disabled={payingId !== null}
              aria-label={`Pay Now: Inv #${data.invoiceId}`}
            >
              {payingId === data.id ? 'Processing...' : 'Pay Now'}
            </Button>
          )}
          {data.status === STATUS.paid && (
            <Link to={receiptHref(data)} className={buttonClasses('secondary', 'md')}>
              View receipt
            </Link>
          )}
          {data.status === STATUS.paid && data.paymentId && documentAction?.(data.paymentId, `Inv #${data.invoiceId}`)}
        </div>
      )}
    </section>
  );
}
