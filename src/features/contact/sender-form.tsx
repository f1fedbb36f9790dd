import { useEffect, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { Button } from '@/components/button';
import { fieldsOf, focusFirstInvalid, TextField } from '@/components/form-field';

export type FormStatus = { type: 'success' | 'error'; text: string } | null;

/** What both contact forms ask of the sender. */
interface SenderValues {
  name: string;
  businessName?: string;
  contactNumber?: string;
  email: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A contact form (a query or a request for a quote): its react-hook-form, the signed-in name and
 * email filled in, and `submitWith(send)` for its onSubmit, which reports to `onStatus`.
 */
export function useSenderForm<T extends SenderValues, Output extends FieldValues>({
  resolver,
  initial,
  onStatus,
}: {
  resolver: Resolver<T, unknown, Output>;
  initial: NoInfer<T>;
  onStatus: (status: FormStatus) => void;
}) {
  const form = useForm<T, unknown, Output>({
    resolver,
    defaultValues: initial as DefaultValues<T>,
    // The first invalid field in the form's order (focusFirstInvalid), not in registration order.
    shouldFocusError: false,
  });
  // Someone who signs in (or whose name arrives) after the form appeared gets it filled in too,
  // without overwriting what they typed. (The sender's fields, whatever else the form holds.)
  const sender = form as unknown as UseFormReturn<SenderValues>;
  const { getValues, setValue } = sender;
  const { name: defaultName, email: defaultEmail } = initial;
  useEffect(() => {
    if (defaultName && !getValues('name')) setValue('name', defaultName);
    if (defaultEmail && !getValues('email')) setValue('email', defaultEmail);
  }, [defaultName, defaultEmail, getValues, setValue]);

  const submitWith = (send: (values: Output) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    return void form
      .handleSubmit(
        async (values) => {
          onStatus(null);
          try {
            await send(values);
          } catch (error) {
            // The server's message, or the browser's own text for a network failure; the input stays.
            onStatus({ type: 'error', text: errorText(error) });
          }
        },
        (errors) => focusFirstInvalid(element, errors),
      )(event)
      .catch((error: unknown) => onStatus({ type: 'error', text: errorText(error) }));
  };

  return { form, field: fieldsOf(form), submitWith };
}

type SenderField = (name: keyof SenderValues) => UseFormRegisterReturn & { error: string | undefined };

/** The sender's name, business, number and email: the first fields of both contact forms. */
export function SenderFields({ field }: { field: SenderField }) {
  return (
    <>
      <TextField label="Name" required autoComplete="name" {...field('name')} />
      <TextField label="Business name" isOptional autoComplete="organization" {...field('businessName')} />
      <TextField label="Contact number" isOptional type="tel" autoComplete="tel" {...field('contactNumber')} />
      <TextField label="Email" required type="email" autoComplete="email" {...field('email')} />
    </>
  );
}

/** Both contact forms' send button, across the form's width, 'Sending...' while it is sent. */
export function SendButton({ isSubmitting, children }: { isSubmitting: boolean; children: string }) {
  return (
    <div className="sm:col-span-2">
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? 'Sending...' : children}
      </Button>
    </div>
  );
}
