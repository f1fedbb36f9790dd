import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '@/components/button';
import { fieldsOf, TextAreaField, TextField } from '@/components/form-field';
import type { ContactForm, ContactSubmission } from '@/domain/schemas';
import { submitQuery } from './api';

export interface QueryFormProps {
  userId: string | null;
  /** The signed-in user's name and email, filled in for them ('' when unknown). */
  defaultName?: string;
  defaultEmail?: string;
  onStatus: (status: { type: 'success' | 'error'; text: string } | null) => void;
}

type ContactResolver = Resolver<ContactForm, unknown, ContactSubmission>;

// Validation (zod and the shared schemas: a quarter of the landing JS once scrolled to the bottom)
// loads when the visitor starts filling in the form, not with the page: most visitors never type
// here. The checks are the same ones the server runs.
let validation: Promise<ContactResolver> | null = null;
function loadValidation(): Promise<ContactResolver> {
  validation ??= Promise.all([import('@hookform/resolvers/zod'), import('@/domain/schemas')]).then(
    ([{ zodResolver }, { contactFormSchema }]) => zodResolver(contactFormSchema),
    (error: unknown) => {
      validation = null; // a failed download may be retried on the next submit
      throw error;
    },
  );
  return validation;
}
const resolver: ContactResolver = async (values, context, options) =>
  (await loadValidation())(values, context, options);

const EMPTY: ContactForm = { name: '', businessName: '', contactNumber: '', email: '', message: '', website: '' };

/** The 'Send a Query' form: validated with the shared schema, posted to the API. */
export function QueryForm({ userId, defaultName = '', defaultEmail = '', onStatus }: QueryFormProps) {
  const initial = { ...EMPTY, name: defaultName, email: defaultEmail };
  const form = useForm<ContactForm, unknown, ContactSubmission>({
    resolver,
    defaultValues: initial,
    shouldFocusError: true,
  });
  const { handleSubmit, reset, getValues, setValue } = form;
  const { isSubmitting } = form.formState;
  const field = fieldsOf(form);

  // Someone who signs in (or whose name arrives) after the form appeared gets it filled in too,
  // without overwriting what they typed.
  useEffect(() => {
    if (defaultName && !getValues('name')) setValue('name', defaultName);
    if (defaultEmail && !getValues('email')) setValue('email', defaultEmail);
  }, [defaultName, defaultEmail, getValues, setValue]);

  const onSubmit = async (values: ContactSubmission) => {
    onStatus(null);
    try {
      const message = await submitQuery(values, userId);
      onStatus({ type: 'success', text: message });
      reset(initial);
    } catch (error) {
      // The server's message, or the browser's own text for a network failure; the input stays.
      onStatus({ type: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <form
      noValidate
      onFocus={() => void loadValidation().catch(() => undefined)}
      onSubmit={(event) =>
        void handleSubmit(onSubmit)(event).catch((error: unknown) =>
          onStatus({ type: 'error', text: error instanceof Error ? error.message : String(error) }),
        )
      }
      className="grid gap-5 sm:grid-cols-2"
    >
      <TextField label="Name" required autoComplete="name" {...field('name')} />
      <TextField label="Business name" isOptional autoComplete="organization" {...field('businessName')} />
      <TextField label="Contact number" isOptional type="tel" autoComplete="tel" {...field('contactNumber')} />
      <TextField label="Email" required type="email" autoComplete="email" {...field('email')} />
      <TextAreaField label="Message" required fieldClassName="sm:col-span-2" {...field('message')} />
      {/* The honeypot (CONTACT_HONEYPOT_FIELD): hidden from people and screen readers, out of the tab
          order; a bot that fills every field fills it, and the API then keeps and mails nothing. */}
      <div aria-hidden="true" className="sr-only">
        <label>
          Website (leave empty)
          <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
        </label>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? 'Sending...' : 'Send Query'}
        </Button>
      </div>
    </form>
  );
}
