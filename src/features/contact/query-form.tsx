import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type FieldError, type UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/button';
import { contactFormSchema, type ContactForm, type ContactSubmission } from '@/domain/schemas';
import { submitQuery } from './api';

export interface QueryFormProps {
  userId: string | null;
  onStatus: (status: { type: 'success' | 'error'; text: string } | null) => void;
}

const EMPTY: ContactForm = { name: '', businessName: '', contactNumber: '', email: '', message: '' };

/** The 'Send a Query' form: validated with the shared schema, posted to the API. */
export function QueryForm({ userId, onStatus }: QueryFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactForm, unknown, ContactSubmission>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: EMPTY,
    shouldFocusError: true,
  });

  const onSubmit = async (values: ContactSubmission) => {
    onStatus(null);
    try {
      const message = await submitQuery(values, userId);
      onStatus({ type: 'success', text: message });
      reset(EMPTY);
    } catch (error) {
      // The server's message, or the browser's own text for a network failure; the input stays.
      onStatus({ type: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-5 sm:grid-cols-2">
      <Field label="Name" required registration={register('name')} error={errors.name} autoComplete="name" />
      <Field
        label="Business name"
        registration={register('businessName')}
        error={errors.businessName}
        autoComplete="organization"
      />
      <Field
        label="Contact number"
        type="tel"
        registration={register('contactNumber')}
        error={errors.contactNumber}
        autoComplete="tel"
      />
      <Field
        label="Email"
        type="email"
        required
        registration={register('email')}
        error={errors.email}
        autoComplete="email"
      />
      <Field
        label="Message"
        required
        multiline
        registration={register('message')}
        error={errors.message}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? 'Sending...' : 'Send Query'}
        </Button>
      </div>
    </form>
  );
}

interface FieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  required?: boolean;
  multiline?: boolean;
  type?: string;
  autoComplete?: string;
  className?: string;
}

function Field({
  label,
  registration,
  error,
  required = false,
  multiline = false,
  type = 'text',
  autoComplete,
  className = '',
}: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const inputClass = `block w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 focus:outline-brand-darker ${
    error ? 'border-red-600' : 'border-slate-300'
  }`;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': required || undefined,
    className: inputClass,
    ...registration,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <>
            {' '}
            <span className="font-normal text-slate-500">(optional)</span>
          </>
        )}
      </label>
      {multiline ? <textarea rows={5} {...shared} /> : <input type={type} autoComplete={autoComplete} {...shared} />}
      {error?.message && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}
