import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { focusFirstInvalid, TextField } from '@/components/form-field';

export type FormStatus = { type: 'success' | 'error'; text: string } | null;

/** What both contact forms ask of the sender. */
interface SenderValues {
  name: string;
  businessName?: string;
  contactNumber?: string;
  email: string;
}

type FieldErrors = Partial<Record<string, string>>;

/** A form's check of what was typed: the parsed values, or the first message for each field. */
export type SenderCheck<Output> = (
  values: Record<string, string>,
) => Promise<{ data: Output; errors?: undefined } | { errors: FieldErrors }>;

/** A check by a schema (zod's `safeParse`; the schema is the server's own). */
export function schemaCheck<Output>(schema: {
  safeParse: (
    values: unknown,
  ) =>
    | { success: true; data: Output }
    | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}): SenderCheck<Output> {
  return async (values) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { data: parsed.data };
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { errors };
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A contact form (a query or a request for a quote). Its fields are the browser's own (uncontrolled:
 * the page's JS carries no form library, checked by the two forms' unit tests); it is checked on
 * submit and, after a first submit, again as the visitor types. The signed-in name and email are
 * filled in; `submitWith(send)` is its onSubmit and reports to `onStatus`.
 */
export function useSenderForm<T extends SenderValues, Output>({
  check,
  initial,
  onStatus,
}: {
  check: SenderCheck<Output>;
  initial: T;
  onStatus: (status: FormStatus) => void;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const wasSubmitted = useRef(false);

  const control = (name: string) =>
    ref.current?.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null;
  const setValue = useCallback((name: string, value: string) => {
    const element = control(name);
    if (element) element.value = value;
  }, []);
  // What was typed, over the starting values of anything the form has no field for (a quote request's kind).
  const values = (): Record<string, string> => ({
    ...(initial as unknown as Record<string, string>),
    ...Object.fromEntries(
      [...new FormData(ref.current ?? undefined).entries()].map(([key, value]) => [key, String(value)]),
    ),
  });

  // Someone who signs in (or whose name arrives) after the form appeared gets it filled in too,
  // without overwriting what they typed.
  const { name: defaultName, email: defaultEmail } = initial;
  useEffect(() => {
    if (defaultName && !control('name')?.value) setValue('name', defaultName);
    if (defaultEmail && !control('email')?.value) setValue('email', defaultEmail);
  }, [defaultName, defaultEmail, setValue]);

  const recheck = async () => {
    if (!wasSubmitted.current) return;
    const result = await check(values());
    setErrors(result.errors ?? {});
  };

  const field = (name: keyof T & string): FieldBinding => ({
    name,
    defaultValue: String(initial[name] ?? ''),
    onChange: () => void recheck().catch(() => undefined),
    error: errors[name],
  });

  /** Back to the starting values (and any given), with no messages. */
  const reset = (to: Partial<T> = {}) => {
    wasSubmitted.current = false;
    setErrors({});
    for (const [name, value] of Object.entries({ ...initial, ...to })) setValue(name, String(value ?? ''));
  };

  const submitWith = (send: (values: Output) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    wasSubmitted.current = true;
    setSubmitting(true);
    void (async () => {
      try {
        const result = await check(values());
        setErrors(result.errors ?? {});
        if (result.errors) {
          focusFirstInvalid(
            element,
            Object.fromEntries(Object.keys(result.errors).map((name) => [name, { message: '' }])),
          );
          return;
        }
        onStatus(null);
        await send(result.data);
      } catch (error) {
        // The server's message, or the browser's own text for a network failure; the input stays.
        onStatus({ type: 'error', text: errorText(error) });
      } finally {
        setSubmitting(false);
      }
    })();
  };

  return { ref, field, isSubmitting, reset, setValue, submitWith };
}

/** What a field of the form takes: its name, starting value, change handler and message. */
interface FieldBinding {
  name: string;
  defaultValue: string;
  onChange: () => void;
  error: string | undefined;
}
type SenderField = (name: keyof SenderValues) => FieldBinding;

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
