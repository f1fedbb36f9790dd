import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { primaryButton, TextField } from '@/components/form-field';
import { formatInr } from '@/domain/money';
import { sameInvoiceId } from '@/domain/payments';
import { newInvoiceFormSchema, type NewInvoiceForm } from '@/domain/schemas';
import { CheckoutCancelledError } from '@/lib/razorpay-checkout';
import { useSession } from '@/lib/session';
import type { Invoice } from '@/lib/firestore';
import { runCheckout } from './checkout';

export const INVOICE_LIST_ERROR = 'Could not load pending invoices. Ensure Firestore index is created.';
export const DUPLICATE_INVOICE = 'This invoice is already pending. Please pay from the list above.';
export const PAYMENT_ORDER_FAILED = 'Failed to create payment order.';
/** Spec section 9: the pending list reloads 3 s after a payment. */
export const INVOICE_RELOAD_MS = 3000;

type StatusMessage = { type: 'success' | 'error'; text: string } | null;
type ListState = { status: 'loading' | 'ready' | 'error'; invoices: Invoice[] };

const successText = (invoiceId: string) =>
  `Payment successful for Invoice #${invoiceId}! The status will update shortly.`;

function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent"
    />
  );
}

export function InvoicePanelContent() {
  const { user } = useSession();
  const uid = user?.uid ?? null;
  const [list, setList] = useState<ListState>({ status: 'loading', invoices: [] });
  const [reloadKey, setReloadKey] = useState(0);
  const [payingId, setPayingId] = useState<string | null>(null);
  const [message, setMessage] = useState<StatusMessage>(null);
  const busy = useRef(false);
  const reloadTimer = useRef<number | undefined>(undefined);
  const form = useForm<NewInvoiceForm>({
    resolver: zodResolver(newInvoiceFormSchema),
    defaultValues: { name: user?.displayName ?? '', email: user?.email ?? '', invoiceId: '', amount: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!uid) {
      setList({ status: 'ready', invoices: [] });
      return;
    }
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    setList((previous) => ({ ...previous, status: previous.invoices.length ? 'ready' : 'loading' }));
    import('./api')
      .then((api) => {
        if (cancelled) return;
        unsubscribe = api.subscribeToPendingInvoices(
          uid,
          (invoices) => setList({ status: 'ready', invoices }),
          (error) => {
            console.error('Loading pending invoices failed.', error);
            setList({ status: 'error', invoices: [] });
          },
        );
      })
      .catch((error: unknown) => {
        console.error('Loading pending invoices failed.', error);
        if (!cancelled) setList({ status: 'error', invoices: [] });
      });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [uid, reloadKey]);

  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  async function payInvoice(
    docId: string,
    invoiceId: string,
    extra?: { amount: number; userName: string; userEmail: string },
  ) {
    if (!user) return false;
    setPayingId(docId);
    try {
      await runCheckout({
        uid: user.uid,
        type: 'invoice',
        docId,
        description: `Payment for Invoice #${invoiceId}`,
        extra,
        fallbackPrefill: {
          name: extra?.userName ?? user.displayName ?? undefined,
          email: extra?.userEmail ?? user.email ?? undefined,
        },
      });
      setMessage({ type: 'success', text: successText(invoiceId) });
      window.clearTimeout(reloadTimer.current);
      reloadTimer.current = window.setTimeout(() => setReloadKey((key) => key + 1), INVOICE_RELOAD_MS);
      return true;
    } catch (error) {
      if (!(error instanceof CheckoutCancelledError)) {
        setMessage({ type: 'error', text: (error instanceof Error && error.message) || PAYMENT_ORDER_FAILED });
      }
      return false;
    } finally {
      setPayingId(null);
    }
  }

  async function onPayListed(invoice: Invoice) {
    if (busy.current) return;
    busy.current = true;
    setMessage(null);
    await payInvoice(invoice.id, invoice.invoiceId);
    busy.current = false;
  }

  const onSubmit = form.handleSubmit(async (values) => {
    if (!user || busy.current) return;
    const parsed = newInvoiceFormSchema.parse(values);
    if (list.invoices.some((invoice) => sameInvoiceId(invoice.invoiceId, parsed.invoiceId))) {
      setMessage({ type: 'error', text: DUPLICATE_INVOICE });
      return;
    }
    busy.current = true;
    setMessage(null);
    try {
      const api = await import('./api');
      const { docId } = await api.createInvoice(user.uid, values);
      const isPaid = await payInvoice(docId, parsed.invoiceId, {
        amount: parsed.amount,
        userName: parsed.name,
        userEmail: parsed.email,
      });
      if (isPaid) form.reset({ name: '', email: '', invoiceId: '', amount: '' });
    } catch (error) {
      console.error('Creating the invoice failed.', error);
      setMessage({ type: 'error', text: (error instanceof Error && error.message) || PAYMENT_ORDER_FAILED });
    } finally {
      busy.current = false;
    }
  });

  const isBusy = payingId !== null;
  return (
    <div className="space-y-6">
      <section aria-labelledby="pending-invoices-title">
        <h3 id="pending-invoices-title" className="text-lg font-semibold text-slate-900">
          Pending Invoices
        </h3>
        {list.status === 'error' ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {INVOICE_LIST_ERROR}
          </p>
        ) : list.status === 'loading' ? (
          <p className="mt-2 text-sm text-slate-600">Loading invoices...</p>
        ) : list.invoices.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No pending invoices.</p>
        ) : (
          <ul
            aria-label="Pending invoices"
            tabIndex={0}
            className="mt-2 max-h-[12rem] divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-darker"
          >
            {list.invoices.map((invoice) => (
              <li
                key={invoice.id}
                className="flex items-center justify-between gap-3 px-4 py-3"
                data-testid="pending-invoice"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">Invoice #{invoice.invoiceId}</p>
                  <p className="text-sm text-slate-600">{formatInr(invoice.amountPaise)}</p>
                </div>
                <button
                  type="button"
                  className={`${primaryButton} shrink-0`}
                  onClick={() => void onPayListed(invoice)}
                  disabled={isBusy}
                  aria-label={`Pay invoice ${invoice.invoiceId}`}
                  aria-busy={payingId === invoice.id}
                >
                  {payingId === invoice.id && <Spinner />}
                  {payingId === invoice.id ? 'Processing...' : 'Pay'}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-labelledby="new-invoice-title"
        className="space-y-4"
      >
        <h3 id="new-invoice-title" className="text-lg font-semibold text-slate-900">
          Pay a New Invoice
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="invoice-name"
            label="Name"
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            id="invoice-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            id="invoice-id"
            label="Invoice ID"
            error={errors.invoiceId?.message}
            {...form.register('invoiceId')}
          />
          <TextField
            id="invoice-amount"
            label="Amount (INR)"
            type="number"
            inputMode="decimal"
            min={1}
            step="0.01"
            error={errors.amount?.message}
            {...form.register('amount')}
          />
        </div>
        <button
          type="submit"
          className={`${primaryButton} w-full sm:w-auto`}
          disabled={isBusy || form.formState.isSubmitting}
        >
          {form.formState.isSubmitting ? (
            <>
              <Spinner /> Processing...
            </>
          ) : (
            'Pay Invoice'
          )}
        </button>
      </form>

      <div aria-live="polite">
        {message && (
          <p
            role={message.type === 'error' ? 'alert' : 'status'}
            className={`rounded-md px-4 py-3 text-sm ${message.type === 'success' ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}
          >
            {message.text}
          </p>
        )}
      </div>
    </div>
  );
}
