import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button, Spinner } from '@/components/button';
import { fieldsOf, TextField } from '@/components/form-field';
import { newInvoiceFormSchema, type NewInvoice, type NewInvoiceForm as NewInvoiceFormValues } from '@/domain/schemas';

const EMPTY: NewInvoiceFormValues = { name: '', email: '', invoiceId: '', amount: '' };

export interface NewInvoiceFormProps {
  defaultName: string;
  defaultEmail: string;
  /** Another payment is running. */
  isBusy: boolean;
  /** Pays the invoice; resolves true when paid, and the form is then cleared. */
  onSubmit: (invoice: NewInvoice) => Promise<boolean>;
}

/** 'Pay a New Invoice': name, email, invoice id and amount (spec section 5). */
export function NewInvoiceForm({ defaultName, defaultEmail, isBusy, onSubmit }: NewInvoiceFormProps) {
  const form = useForm<NewInvoiceFormValues, unknown, NewInvoice>({
    resolver: zodResolver(newInvoiceFormSchema),
    defaultValues: { ...EMPTY, name: defaultName, email: defaultEmail },
  });
  const { isSubmitting } = form.formState;
  const field = fieldsOf(form);
  const submit = form.handleSubmit(async (invoice) => {
    if (await onSubmit(invoice)) form.reset(EMPTY);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="new-invoice-title" className="space-y-4">
      <h3 id="new-invoice-title" className="text-lg font-semibold text-slate-900">
        Pay a New Invoice
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="invoice-name" label="Name" autoComplete="name" {...field('name')} />
        <TextField id="invoice-email" label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField id="invoice-id" label="Invoice ID" {...field('invoiceId')} />
        <TextField
          id="invoice-amount"
          label="Amount (INR)"
          prefix="₹"
          inputMode="decimal"
          autoComplete="off"
          placeholder="1500.50"
          hint="In rupees, at least ₹1, with at most 2 decimals."
          {...field('amount')}
        />
      </div>
      <Button type="submit" className="w-full sm:w-auto" disabled={isBusy || isSubmitting}>
        {isSubmitting ? (
          <>
            <Spinner /> Processing...
          </>
        ) : (
          'Pay Invoice'
        )}
      </Button>
    </form>
  );
}
