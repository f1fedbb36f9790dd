import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { fieldsOf, TextAreaField, TextField } from '@/components/form-field';
import { contactFormSchema, type ContactForm, type ContactSubmission } from '@/domain/schemas';
import { submitQuery } from './api';

export interface QueryFormProps {
  userId: string | null;
  onStatus: (status: { type: 'success' | 'error'; text: string } | null) => void;
}

const EMPTY: ContactForm = { name: '', businessName: '', contactNumber: '', email: '', message: '' };

/** The 'Send a Query' form: validated with the shared schema, posted to the API. */
export function QueryForm({ userId, onStatus }: QueryFormProps) {
  const form = useForm<ContactForm, unknown, ContactSubmission>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: EMPTY,
    shouldFocusError: true,
  });
  const { handleSubmit, reset } = form;
  const { isSubmitting } = form.formState;
  const field = fieldsOf(form);

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
      <TextField label="Name" required autoComplete="name" {...field('name')} />
      <TextField label="Business name" isOptional autoComplete="organization" {...field('businessName')} />
      <TextField label="Contact number" isOptional type="tel" autoComplete="tel" {...field('contactNumber')} />
      <TextField label="Email" required type="email" autoComplete="email" {...field('email')} />
      <TextAreaField label="Message" required fieldClassName="sm:col-span-2" {...field('message')} />
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? 'Sending...' : 'Send Query'}
        </Button>
      </div>
    </form>
  );
}
