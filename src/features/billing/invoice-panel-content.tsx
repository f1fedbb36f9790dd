import { useState } from 'react';
import { Link } from 'react-router';
import { sameInvoiceId } from '@/domain/payments';
import type { NewInvoice } from '@/domain/schemas';
import type { Invoice } from '@/records/invoices';
import { useSession } from '@/lib/session';
import { useSubscription } from '@/lib/use-subscription';
import { NewInvoiceForm } from './new-invoice-form';
import { PendingInvoiceList } from './pending-invoice-list';
import { useInvoiceDeletion } from './use-invoice-deletion';
import { paymentErrorText, usePayment, type PaymentResult, type PayTarget } from './use-payment';

export const DUPLICATE_INVOICE = 'This invoice is already pending. Please pay from the list above.';
export const PAYMENT_ORDER_FAILED = 'Failed to create payment order.';
export const CORRECT_BY_DELETING = 'To change its amount, delete it there and enter it again.';

type StatusMessage = { type: 'success' | 'error'; text: string; receiptHref?: string } | null;

const successText = (invoiceId: string) =>
  `Payment successful for Invoice #${invoiceId}! The status will update shortly.`;

/**
 * The signed-in 'Pay Invoice' tab: the live list of pending invoices and the new-invoice form,
 * both paid through the one payment flow (usePayment), always the person's own company's (the
 * landing page is theirs, whatever company their profile acts for). A paid invoice leaves the list as soon as
 * the server marks it (the list is live), which is the spec's reload after payment.
 */
export function InvoicePanelContent({ receiptHref }: { receiptHref?: (invoiceDocId: string) => string }) {
  const { user } = useSession();
  const uid = user?.uid ?? null;
  const payment = usePayment();
  const deletion = useInvoiceDeletion();
  const { canDelete } = deletion;
  const [message, setMessage] = useState<StatusMessage>(null);
  // Firestore comes with ./api, loaded only now that a signed-in user has opened the tab.
  const invoices = useSubscription<Invoice[]>(uid, async (onData, onError) =>
    (await import('./api')).subscribeToPendingInvoices(uid!, onData, onError),
  );

  /** Shows the outcome; true when paid. */
  function show(result: PaymentResult | null, invoiceId: string): boolean {
    if (result?.status === 'paid') {
      setMessage({ type: 'success', text: successText(invoiceId), receiptHref: receiptHref?.(result.target.docId) });
    }
    if (result?.status === 'failed') {
      setMessage({ type: 'error', text: paymentErrorText(result.error, PAYMENT_ORDER_FAILED) });
    }
    return result?.status === 'paid';
  }

  async function payListed(invoice: Invoice) {
    if (payment.payingId !== null) return;
    setMessage(null);
    show(
      await payment.payDocument({
        target: { type: 'invoice', docId: invoice.id, invoiceId: invoice.invoiceId },
        companyId: user?.uid,
      }),
      invoice.invoiceId,
    );
  }

  async function payNew(invoice: NewInvoice): Promise<boolean> {
    if (!user || payment.payingId !== null) return false;
    const pending = invoices.data?.find((listed) => sameInvoiceId(listed.invoiceId, invoice.invoiceId));
    // Entering an abandoned attempt again (same id, same amount) pays that same invoice: nothing
    // left behind blocks a retry. A different amount is refused; the list offers Delete to correct it.
    const retry = pending && canDelete(pending) && pending.amountPaise === invoice.amountPaise ? pending : null;
    if (pending && !retry) {
      setMessage({
        type: 'error',
        text: canDelete(pending) ? `${DUPLICATE_INVOICE} ${CORRECT_BY_DELETING}` : DUPLICATE_INVOICE,
      });
      return false;
    }
    setMessage(null);
    const claimed = { amountPaise: invoice.amountPaise, userName: invoice.name, userEmail: invoice.email };
    const result = await payment.payDocument({
      target: retry
        ? { type: 'invoice', docId: retry.id, invoiceId: retry.invoiceId }
        : async (): Promise<PayTarget> => {
            const { docId } = await (await import('./api')).createInvoice(user.uid, invoice);
            return { type: 'invoice', docId, invoiceId: invoice.invoiceId };
          },
      claimed,
      prefill: { name: invoice.name, email: invoice.email },
      companyId: user.uid,
    });
    return show(result, invoice.invoiceId);
  }

  return (
    <div className="space-y-6">
      <PendingInvoiceList
        invoices={invoices}
        payingId={payment.payingId}
        onPay={(invoice) => void payListed(invoice)}
        canDelete={canDelete}
        onDelete={deletion.request}
      />
      {deletion.dialog}
      <NewInvoiceForm
        defaultName={user?.displayName ?? ''}
        defaultEmail={user?.email ?? ''}
        isBusy={payment.payingId !== null}
        onSubmit={payNew}
      />
      <div aria-live="polite">
        {message && (
          <p
            role={message.type === 'error' ? 'alert' : 'status'}
            className={`rounded-md px-4 py-3 text-sm ${message.type === 'success' ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}
          >
            {message.text}
            {message.receiptHref && (
              <>
                {' '}
                <Link to={message.receiptHref} className="font-semibold underline underline-offset-2">
                  View receipt
                </Link>
              </>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
