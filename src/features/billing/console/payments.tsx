import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PagedRows } from '@/components/paged-rows';
import { Button } from '@/components/button';
import { FormMessage, TextField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { StatusBadge } from '@/components/status-badge';
import { formatIstDateTime } from '@/domain/dates';
import { AMOUNT_FORMAT_MESSAGE, formatInrWithPaise, paiseToRupeeText, rupeeTextToPaise } from '@/domain/money';
import { customerLabel } from '@/domain/customers';
import { dateRangeSchema, type DateRange } from '@/domain/ist';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type PaymentStatus } from '@/domain/console-status';
import type { PaymentRecord } from '../data';
import { usePagedList } from '@/lib/paged-list';
import { downloadPaymentsCsv, paymentsQuery, refundPayment, type PaymentsFilter } from './api';
import { ConsolePage, FilterInput, FilterSelect } from '@/components/console/console-parts';
import { paidForText, PaymentSummary } from './payment-summary';
import { useCustomer } from '@/records/use-customer';
import { saveDownload } from '@/lib/save-file';
import { useAction } from '@/lib/use-action';
import { useTextState } from '@/components/console/field-state';
import { DecimalField } from '@/components/console/lines-parts';

/** What still can be refunded (captured, less refunded and reserved), in paise. */
const refundablePaise = (payment: PaymentRecord) =>
  payment.amountPaise - payment.refundedPaise - payment.refundPendingPaise;

/** Every payment with status and date filters, the exceptions view, refunds and the CSV export. */
export function PaymentsPage() {
  // The console's home links here with ?view=exceptions.
  const [params] = useSearchParams();
  const [view, setView] = useState<'all' | 'exceptions'>(() =>
    params.get('view') === 'exceptions' ? 'exceptions' : 'all',
  );
  const [status, setStatus] = useState<PaymentStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const rangeCheck = from && to ? dateRangeSchema.safeParse({ from, to }) : null;
  const range: DateRange | null = rangeCheck?.success ? rangeCheck.data : null;
  const filter: PaymentsFilter = { status: view === 'exceptions' ? 'exceptions' : status, range };
  const list = usePagedList(`payments:${filter.status}:${range?.from ?? ''}:${range?.to ?? ''}`, () =>
    paymentsQuery(filter),
  );
  const [refunding, setRefunding] = useState<PaymentRecord | null>(null);

  return (
    <ConsolePage title="Payments">
      <div role="tablist" aria-label="Payments view" className="flex gap-2">
        {(['all', 'exceptions'] as const).map((value) => (
          <button
            key={value}
            role="tab"
            type="button"
            aria-selected={view === value}
            onClick={() => setView(value)}
            className={`rounded-lg px-3 py-2 text-sm font-semibold ${view === value ? 'bg-brand-darker text-white' : 'bg-white text-slate-700 ring-1 ring-slate-300'}`}
          >
            {value === 'all' ? 'All payments' : 'Exceptions'}
          </button>
        ))}
      </div>
      {view === 'exceptions' && (
        <p className="text-sm text-slate-700">
          Payments that need a person: mismatched amounts or orders, duplicates, and payments whose order is gone.
        </p>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {view === 'all' && (
          <FilterSelect
            label="Status"
            value={status}
            onChange={(value) => setStatus(value as PaymentStatus | '')}
            options={[
              ['', 'All'],
              ...PAYMENT_STATUSES.map((value): [string, string] => [value, PAYMENT_STATUS_LABELS[value]]),
            ]}
          />
        )}
        <FilterInput label="From" type="date" value={from} onChange={setFrom} />
        <FilterInput label="To" type="date" value={to} onChange={setTo} />
      </div>
      {rangeCheck && !rangeCheck.success && (
        <FormMessage tone="error">{rangeCheck.error.issues[0]?.message}</FormMessage>
      )}
      <ExportButton range={range} />
      <PagedRows<PaymentRecord>
        list={list}
        label="Payments"
        emptyText="No payments match."
        row={(payment) => <PaymentRow payment={payment} onRefund={() => setRefunding(payment)} />}
      />
      {refunding && <RefundDialog key={refunding.id} payment={refunding} onClose={() => setRefunding(null)} />}
    </ConsolePage>
  );
}

function PaymentRow({ payment, onRefund }: { payment: PaymentRecord; onRefund: () => void }) {
  return (
    <>
      <div className="min-w-0 flex-1 basis-64">
        <PaymentSummary payment={payment} />
      </div>
      <div className="flex flex-col items-end gap-2">
        <span className="font-semibold">{formatInrWithPaise(payment.amountPaise)}</span>
        <StatusBadge status={PAYMENT_STATUS_LABELS[payment.status]} />
        {payment.source !== 'offline' && refundablePaise(payment) > 0 && (
          <Button variant="secondary" size="sm" onClick={onRefund} aria-label={`Refund: ${paidForText(payment)}`}>
            Refund
          </Button>
        )}
      </div>
    </>
  );
}

/**
 * The refund dialog. Its request id is made once when it opens, so pressing Refund twice (or
 * retrying after an error) repeats the same request, which the server refunds at most once.
 */
function RefundDialog({ payment, onClose }: { payment: PaymentRecord; onClose: () => void }) {
  const [requestId] = useState(() => crypto.randomUUID());
  const profile = useCustomer(payment.uid, Boolean(payment.customerName));
  const who = customerLabel({
    name: payment.customerName || profile?.name,
    legalName: payment.customerLegalName || profile?.legalName,
    email: profile?.email,
  });
  const maxPaise = refundablePaise(payment);
  const amount = useTextState(paiseToRupeeText(maxPaise));
  const reason = useTextState('');
  const [isSending, setIsSending] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amountPaise = rupeeTextToPaise(amount.value);
    if (amountPaise === null) {
      setMessage({ tone: 'error', text: AMOUNT_FORMAT_MESSAGE });
      return;
    }
    if (amountPaise < 100 || amountPaise > maxPaise) {
      setMessage({ tone: 'error', text: `Enter an amount from ₹1 to ${formatInrWithPaise(maxPaise)}.` });
      return;
    }
    setIsSending(true);
    setMessage(null);
    try {
      const result = await refundPayment(payment.id, { requestId, amountPaise, reason: reason.value });
      setMessage({ tone: 'success', text: `${result.message} (${formatInrWithPaise(result.amountPaise)})` });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setIsSending(false);
    }
  }

  const isDone = message?.tone === 'success';
  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Refund payment"
      description={`${who} paid ${formatInrWithPaise(payment.amountPaise)} for ${paidForText(payment)}, on ${formatIstDateTime(payment.createdAt)}.`}
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-3">
        {payment.refundedPaise > 0 && (
          <p className="text-sm text-slate-700">Already refunded: {formatInrWithPaise(payment.refundedPaise)}.</p>
        )}
        <DecimalField
          label={`Amount (₹), at most ${formatInrWithPaise(maxPaise)}`}
          disabled={isDone}
          {...amount.bind}
        />
        <TextField label="Reason" isOptional maxLength={200} disabled={isDone} {...reason.bind} />
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {isDone ? 'Done' : 'Cancel'}
          </Button>
          {!isDone && (
            <Button type="submit" variant="danger" disabled={isSending}>
              {isSending ? 'Refunding...' : 'Refund'}
            </Button>
          )}
        </div>
      </form>
    </Modal>
  );
}

function ExportButton({ range }: { range: DateRange | null }) {
  const {
    run: exportCsv,
    isBusy: isExporting,
    error,
  } = useAction(async () => {
    if (range) saveDownload(await downloadPaymentsCsv(range), `payments-${range.from}-to-${range.to}.csv`);
  });

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" size="sm" onClick={() => void exportCsv()} disabled={!range || isExporting}>
        {isExporting ? 'Exporting...' : 'Export CSV'}
      </Button>
      {!range && <span className="text-sm text-slate-600">Choose From and To to export that range.</span>}
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </div>
  );
}
