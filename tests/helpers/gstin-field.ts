import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect, type Mock } from 'vitest';
import { LEGAL_NAME_REQUIRED, PIN_CODE_REQUIRED } from '@/domain/profile-schemas';

interface GstinFieldCheck {
  user: ReturnType<typeof userEvent.setup>;
  /** The form's container (the dialog), or the whole screen. */
  scope?: HTMLElement;
  submit: string;
  /** The api mock the form calls on a valid submit, and where the form's values are in its arguments. */
  sent: Mock;
  argument?: number;
  bad: string;
  message: string;
  good: string;
  /** What the good value is sent as (upper-cased, without spaces). */
  expected: string;
}

const LEGAL_NAME = 'Verma Textiles Private Limited';
const PIN_CODE = '411001';

/**
 * A form's GSTIN field refuses `bad` with `message` and sends nothing; `good` without a legal name
 * and PIN code is refused with both messages; with them, it is sent as `expected`, with both.
 */
export async function expectGstinChecked({
  user,
  scope,
  submit,
  sent,
  argument = 0,
  bad,
  message,
  good,
  expected,
}: GstinFieldCheck) {
  const queries = scope ? within(scope) : screen;
  const gstin = queries.getByLabelText('GSTIN (optional)');
  const legalName = queries.getByLabelText('Legal business name (optional)');
  const pinCode = queries.getByLabelText('PIN code (optional)');
  await user.clear(legalName);
  await user.clear(pinCode);
  await user.clear(gstin);
  await user.type(gstin, bad);
  await user.click(queries.getByRole('button', { name: submit }));
  expect(await queries.findByText(message)).toBeInTheDocument();
  expect(gstin).toHaveAttribute('aria-invalid', 'true');
  expect(sent).not.toHaveBeenCalled();

  await user.clear(gstin);
  await user.type(gstin, good);
  await user.click(queries.getByRole('button', { name: submit }));
  expect(await queries.findByText(LEGAL_NAME_REQUIRED)).toBeInTheDocument();
  expect(queries.getByText(PIN_CODE_REQUIRED)).toBeInTheDocument();
  expect(legalName).toHaveAttribute('aria-invalid', 'true');
  expect(pinCode).toHaveAttribute('aria-invalid', 'true');
  expect(sent).not.toHaveBeenCalled();

  await user.type(legalName, LEGAL_NAME);
  await user.type(pinCode, PIN_CODE);
  await user.click(queries.getByRole('button', { name: submit }));
  await waitFor(() => expect(sent).toHaveBeenCalled());
  expect(sent.mock.calls[0]![argument]).toMatchObject({ gstin: expected, legalName: LEGAL_NAME, pinCode: PIN_CODE });
}
