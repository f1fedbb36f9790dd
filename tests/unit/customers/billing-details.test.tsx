import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LEGAL_NAME_REQUIRED, PIN_CODE_REQUIRED } from '@/domain/profile-schemas';
import { BillingDetailsPanel } from '@/features/customers/console/billing-details';
import type { Profile } from '@/records/users';
import { renderApp } from '../../helpers/render-app';

// The seam: the console's only Firebase/HTTP module.
const api = vi.hoisted(() => ({ updateBillingDetails: vi.fn() }));
vi.mock('@/features/customers/console/api', () => api);

const profile: Profile = {
  uid: 'u1',
  name: 'Rohan Mehta',
  email: 'rohan@example.com',
  phone: '9000012345',
  address: '4 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pinCode: '',
  gstin: '',
  legalName: '',
  isAnonymous: false,
  createdAt: null,
};

/** The value shown beside a fact's label. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;

beforeEach(() => vi.clearAllMocks());

describe('BillingDetailsPanel (console customer page)', () => {
  it('when the customer has billing details, then the legal name, GSTIN, PIN and address are shown; missing ones as —', () => {
    const { unmount } = renderApp(
      <BillingDetailsPanel
        profile={{ ...profile, gstin: '29AAAAB0000B1ZV', legalName: 'Mehta Exports LLP', pinCode: '560025' }}
      />,
    );
    expect(fact('Legal name')).toHaveTextContent('Mehta Exports LLP');
    expect(fact('GSTIN')).toHaveTextContent('29AAAAB0000B1ZV');
    expect(fact('PIN code')).toHaveTextContent('560025');
    expect(fact('Address')).toHaveTextContent('4 Residency Road, Bengaluru, Karnataka, India');
    unmount();

    renderApp(<BillingDetailsPanel profile={profile} />);
    for (const label of ['Legal name', 'GSTIN', 'PIN code']) expect(fact(label)).toHaveTextContent('—');
  });

  it('when staff add a GSTIN without its legal name and PIN, then both are asked for; with them, the correction is sent and saved', async () => {
    const user = userEvent.setup();
    api.updateBillingDetails.mockResolvedValue({ changed: ['legalName', 'gstin', 'pinCode'] });
    renderApp(<BillingDetailsPanel profile={profile} />);

    await user.click(screen.getByRole('button', { name: 'Edit billing details' }));
    const form = within(screen.getByRole('form', { name: 'Edit billing details' }));
    expect(form.getByLabelText('Address')).toHaveValue('4 Residency Road');
    await user.type(form.getByLabelText('GSTIN'), '29aaaab0000b1zv');
    await user.click(form.getByRole('button', { name: 'Save billing details' }));
    expect(await form.findByText(LEGAL_NAME_REQUIRED)).toBeInTheDocument();
    expect(form.getByText(PIN_CODE_REQUIRED)).toBeInTheDocument();
    expect(api.updateBillingDetails).not.toHaveBeenCalled();

    await user.type(form.getByLabelText('Legal business name'), 'Mehta Exports LLP');
    await user.type(form.getByLabelText('PIN code'), '560 025');
    await user.click(form.getByRole('button', { name: 'Save billing details' }));

    await waitFor(() =>
      expect(api.updateBillingDetails).toHaveBeenCalledWith('u1', {
        legalName: 'Mehta Exports LLP',
        gstin: '29AAAAB0000B1ZV',
        pinCode: '560025',
        address: '4 Residency Road',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(/Billing details saved\. Documents issued from now on/);
    expect(screen.queryByRole('form', { name: 'Edit billing details' })).not.toBeInTheDocument();
  });

  it('when the server refuses the correction, then its message shows and the form keeps the input', async () => {
    const user = userEvent.setup();
    api.updateBillingDetails.mockRejectedValue(new Error('Customer not found.'));
    renderApp(<BillingDetailsPanel profile={profile} />);

    await user.click(screen.getByRole('button', { name: 'Edit billing details' }));
    const form = within(screen.getByRole('form', { name: 'Edit billing details' }));
    await user.type(form.getByLabelText('PIN code'), '560025');
    await user.click(form.getByRole('button', { name: 'Save billing details' }));

    expect(await form.findByRole('alert')).toHaveTextContent('Customer not found.');
    expect(form.getByLabelText('PIN code')).toHaveValue('560025');
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit billing details' })).not.toBeInTheDocument();
  });
});
