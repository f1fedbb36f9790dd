import type { UseFormReturn } from 'react-hook-form';
import { MIN_PASSWORD_LENGTH, PASSWORD_RULE } from '@/domain/schemas';
import { fieldsOf, TextField } from './form-field';

interface NewPasswords {
  password: string;
  confirmPassword: string;
}

/** A new password typed twice (signup, guest linking), for a form with the shared password fields. */
export function NewPasswordFields<T extends NewPasswords>({
  form,
  idPrefix,
}: {
  form: UseFormReturn<T>;
  idPrefix: string;
}) {
  // Every form passed here has these two string fields; the cast only narrows the generic.
  const field = fieldsOf(form as unknown as UseFormReturn<NewPasswords>);
  return (
    <>
      <TextField
        id={`${idPrefix}-password`}
        label="Password"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        hint={PASSWORD_RULE}
        {...field('password')}
      />
      <TextField
        id={`${idPrefix}-confirm-password`}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
    </>
  );
}
