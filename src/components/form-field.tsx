import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

const CONTROL =
  'mt-1 block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-darker focus:outline-2 focus:outline-brand-darker disabled:bg-slate-100 disabled:text-slate-600 aria-[invalid=true]:border-red-600';

/** What every field takes besides its control's own attributes. */
interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Says '(optional)' after the label. A `required` field gets a '*' instead (hidden from screen readers, which announce 'required'). */
  isOptional?: boolean;
  /** Classes of the field's wrapper (e.g. a grid span). */
  fieldClassName?: string;
}

interface FieldShellProps extends Omit<FieldProps, 'fieldClassName'> {
  id: string;
  isRequired?: boolean;
  children: ReactNode;
  className?: string;
}

function FieldShell({ id, label, error, hint, isOptional, isRequired, children, className }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {isRequired && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
        {isOptional && (
          <>
            {' '}
            <span className="font-normal text-slate-500">(optional)</span>
          </>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

/** The shell's props and the control's shared attributes (id, error links), from a field's props. */
function useField({
  label,
  error,
  hint,
  isOptional,
  fieldClassName,
  id: givenId,
  required,
}: FieldProps & {
  id?: string;
  required?: boolean;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const shell = { id, label, error, hint, isOptional, isRequired: required, className: fieldClassName };
  const control = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
    className: CONTROL,
  };
  return { shell, control };
}

export interface TextFieldProps extends FieldProps, InputHTMLAttributes<HTMLInputElement> {
  /** A short fixed text shown inside the box before the value, such as '₹' (not part of the value). */
  prefix?: string;
}

/** A labelled input whose error is linked with aria-invalid and aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, isOptional, fieldClassName, prefix, ...input },
  ref,
) {
  const { shell, control } = useField({ label, error, hint, isOptional, fieldClassName, ...input });
  if (!prefix) {
    return (
      <FieldShell {...shell}>
        <input ref={ref} {...input} {...control} />
      </FieldShell>
    );
  }
  return (
    <FieldShell {...shell}>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-sm text-slate-600"
        >
          {prefix}
        </span>
        <input ref={ref} {...input} {...control} className={control.className.replace(' px-3 ', ' pr-3 pl-7 ')} />
      </div>
    </FieldShell>
  );
});

export interface TextAreaFieldProps extends FieldProps, TextareaHTMLAttributes<HTMLTextAreaElement> {}

/** TextField for longer text. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, isOptional, fieldClassName, rows = 5, ...textarea },
  ref,
) {
  const { shell, control } = useField({ label, error, hint, isOptional, fieldClassName, ...textarea });
  return (
    <FieldShell {...shell}>
      <textarea ref={ref} rows={rows} {...textarea} {...control} />
    </FieldShell>
  );
});

export interface SelectFieldProps extends FieldProps, SelectHTMLAttributes<HTMLSelectElement> {}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, isOptional, fieldClassName, children, ...select },
  ref,
) {
  const { shell, control } = useField({ label, error, hint, isOptional, fieldClassName, ...select });
  return (
    <FieldShell {...shell}>
      <select ref={ref} {...select} {...control}>
        {children}
      </select>
    </FieldShell>
  );
});

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  /** What ticking it says, beside the box (clicking the words ticks it too). */
  children: ReactNode;
  onCheckedChange: (checked: boolean) => void;
  /** Where the line sits in its form (grid spans). */
  fieldClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its words beside it, all of them its label. */
export function CheckboxField({ children, onCheckedChange, fieldClassName, ...input }: CheckboxFieldProps) {
  return (
    <label className={`flex items-start gap-2 text-sm text-slate-800 ${fieldClassName ?? ''}`}>
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-brand-darker"
        onChange={(event) => onCheckedChange(event.target.checked)}
        {...input}
      />
      <span>{children}</span>
    </label>
  );
}

/** A message box inside a form: errors are announced at once, the rest politely. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md px-3 py-2 text-sm ${tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800'}`}
    >
      {children}
    </p>
  );
}

/** An error in a box of its own below a form or an action (`className` places the box); nothing while there is none. */
export function ErrorMessage({ error, className }: { error: string | null | undefined; className: string }) {
  if (!error) return null;
  return (
    <div className={className}>
      <FormMessage tone="error">{error}</FormMessage>
    </div>
  );
}

/**
 * Binds fields to a react-hook-form form: `field('email')` is that field's registration and its
 * error message, to spread onto a TextField, TextAreaField or SelectField.
 */
export function fieldsOf<T extends FieldValues, Output extends FieldValues = T>(
  form: UseFormReturn<T, unknown, Output>,
) {
  return (name: Path<T>) => ({
    ...form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  });
}

/** The dotted names of a react-hook-form errors object's fields ('lines.0.amount'). */
function errorNames(errors: object, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object') return [];
    const name = prefix ? `${prefix}.${key}` : key;
    return 'message' in value || 'type' in value ? [name] : errorNames(value as object, name);
  });
}

/**
 * Focuses the first field, in the order the form shows them, that has an error: react-hook-form's
 * own choice follows the order the fields registered in, which a re-render can change (an empty
 * contact form focused Message, skipping Name and Email above it). Use with `shouldFocusError: false`
 * as handleSubmit's onInvalid.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: object): void {
  if (!form) return;
  const names = new Set(errorNames(errors));
  const first = [...form.elements].find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement &&
      names.has(element.getAttribute('name') ?? '') &&
      !(element as HTMLInputElement).disabled,
  );
  first?.focus();
}
