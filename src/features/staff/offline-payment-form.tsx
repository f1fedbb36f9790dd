import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormMessage } from '@/components/form-field';
import { OFFLINE_METHOD_LABELS, OFFLINE_METHODS } from '@/domain/staff';
import { recordOfflinePayment } from './api';
import { useAction } from './use-action';

interface OfflinePaymentProps {
  uid: string;
  type: 'product_order' | 'invoice';
  docId: string;
  /** 'Invoice INV-0001', for the button's accessible name. */
  label: string;
}

/**
 * 'Record offline payment' on a Pending order or invoice: how it was paid and its reference. The
 * server marks it Paid through the same single transition as online payments, and audits it.
 */
export function OfflinePaymentButton({ uid, type, docId, label }: OfflinePaymentProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [method, setMethod] = useState<(typeof OFFLINE_METHODS)[number]>('bank-transfer');
  const [reference, setReference] = useState('');
  const { run: save, isBusy: isSaving, error } = useAction(recordOfflinePayment);
  const id = useId();

  if (!isOpen) {
    return (
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setIsOpen(true)}
        aria-label={`Record offline payment: ${label}`}
      >
        Record offline payment
      </Button>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await save({ uid, type, docId, method, reference })) setIsOpen(false);
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={`Offline payment for ${label}`}
      className="flex w-full flex-wrap items-end gap-2 rounded-md bg-slate-50 p-3"
    >
      <label htmlFor={`${id}-method`} className="flex flex-col text-sm font-medium text-slate-800">
        Paid by
        <select
          id={`${id}-method`}
          value={method}
          onChange={(event) => setMethod(event.target.value as (typeof OFFLINE_METHODS)[number])}
          className="mt-1 h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          {OFFLINE_METHODS.map((value) => (
            <option key={value} value={value}>
              {OFFLINE_METHOD_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-reference`} className="flex min-w-0 flex-1 flex-col text-sm font-medium text-slate-800">
        Reference
        <input
          id={`${id}-reference`}
          required
          maxLength={100}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          className="mt-1 h-9 min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm"
        />
      </label>
      <Button type="submit" size="sm" disabled={isSaving || !reference.trim()}>
        {isSaving ? 'Saving...' : 'Mark Paid'}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setIsOpen(false)}>
        Cancel
      </Button>
      {error && (
        <div className="w-full">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}
    </form>
  );
}
