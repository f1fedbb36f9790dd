import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect, type Mock } from 'vitest';

/** Two different passwords typed into a form are refused on `submit`, and `sent` (its api mock) is never called. */
export async function expectPasswordMismatchRefused({
  user,
  scope,
  submit,
  sent,
}: {
  user: ReturnType<typeof userEvent.setup>;
  /** The form's container (the dialog), or the whole screen. */
  scope?: HTMLElement;
  submit: string;
  sent: Mock;
}) {
  const queries = scope ? within(scope) : screen;
  await user.type(queries.getByLabelText('Password'), 'one-pass');
  await user.type(queries.getByLabelText('Confirm Password'), 'two-pass');
  await user.click(queries.getByRole('button', { name: submit }));
  expect(await queries.findByText('Passwords do not match.')).toBeInTheDocument();
  expect(sent).not.toHaveBeenCalled();
}
