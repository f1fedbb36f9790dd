import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfflinePayment } from '@/features/billing/console/offline-payment-form';
import { renderApp } from '../../helpers/render-app';

// The seam: the billing console's only Firebase/HTTP module.
const api = vi.hoisted(() => ({ recordOfflinePayment: vi.fn() }));
vi.mock('@/features/billing/console/api', () => api);

const LABEL = 'Proforma PI/2026-27/0007';

beforeEach(() => {
  vi.clearAllMocks();
  // Only the date is fixed (28 Nov 2026, the 2025 Act's time): the form opens on today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T06:00:00Z'));
  api.recordOfflinePayment.mockResolvedValue({ paymentId: 'offline_1', outcome: 'paid', balanceDuePaise: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

async function openWithTds() {
  const user = userEvent.setup();
  renderApp(<OfflinePayment uid="u1" type="invoice" docId="i1" label={LABEL} isOpen duePaise={2_80_000_00} />);
  await user.click(screen.getByRole('button', { name: `Record payment received: ${LABEL}` }));
  const form = screen.getByRole('form', { name: `Payment received for ${LABEL}` });
  await user.type(within(form).getByLabelText('Amount received (₹)'), '2,52,000');
  await user.type(within(form).getByLabelText('TDS deducted (₹, if any)'), '28,000');
  return { user, form };
}

const optionValues = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => (option as HTMLOptionElement).value);

describe('Record payment received', () => {
  it('when TDS is entered for a payment received today, then only the Income-tax Act, 2025 payment codes are offered', async () => {
    const { form } = await openWithTds();

    const section = within(form).getByRole('combobox', { name: 'TDS section' });

    expect(optionValues(section)).toEqual(['1027', '1026', '1024', '1023', '1006', '1008', '1009', '1035']);
    expect(section).toHaveValue('1027');
    expect(section).toHaveAccessibleDescription('Income-tax Act, 2025: the law on the date received.');
    expect(within(section).getByRole('option', { name: /^1027 – fees for professional services/ })).toBeInTheDocument();
  });

  it('when the date received is moved to 31 March 2026, then the 1961 sections are offered, the same kind is kept, and that is what is recorded', async () => {
    const { user, form } = await openWithTds();
    const section = within(form).getByRole('combobox', { name: 'TDS section' });
    await user.selectOptions(section, '1026');

    const date = within(form).getByLabelText('Date received');
    await user.clear(date);
    await user.type(date, '2026-03-31');

    expect(optionValues(section)).toEqual(['194J', '194C', '194H', '194I', '194O', '194Q', '194R']);
    // Technical fees were 194J before the 2025 Act.
    expect(section).toHaveValue('194J');
    expect(section).toHaveAccessibleDescription('Income-tax Act, 1961: the law on the date received.');

    await user.type(within(form).getByLabelText('Reference (UTR, UPI or cheque number)'), 'UTR HDFC0001');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));

    expect(api.recordOfflinePayment).toHaveBeenCalledWith(
      expect.objectContaining({ tdsPaise: 28_000_00, tdsSection: '194J', receivedOn: '2026-03-31' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Recorded ₹2,52,000.00 received and ₹28,000.00 TDS (section 194J) for ${LABEL}: Paid in full.`,
    );
  });
});
