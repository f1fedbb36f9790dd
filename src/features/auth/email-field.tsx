import type { ComponentPropsWithRef } from 'react';
import { TextField } from '@/components/form-field';

/** Under an address the form may not change (an invitation's). */
export const LOCKED_EMAIL_HINT = 'The invitation is for this address.';

export interface EmailFieldProps extends Omit<ComponentPropsWithRef<typeof TextField>, 'label'> {
  label?: string;
  /** Why the address cannot be changed; given, the field is read-only and says so. */
  lockedHint?: string;
}

/** The email field of the login, sign-up and details forms: read-only where the address is given. */
export function EmailField({ label = 'Email', lockedHint, ...field }: EmailFieldProps) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      readOnly={lockedHint !== undefined}
      hint={lockedHint}
      {...field}
    />
  );
}
