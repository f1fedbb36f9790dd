import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MyServices } from '@/features/renewals/my-services';
import type { RenewalRecord, Service } from '@/features/renewals';
import { lists } from '../../helpers/fake-paged-list';
import { renderApp } from '../../helpers/render-app';

// The seam: the profile feature's only Firebase-touching module.
const api = vi.hoisted(() => ({
  servicesQuery: vi.fn(() => 'services'),
  renewalsQuery: vi.fn(() => 'renewals'),
  stopRenewing: vi.fn(),
}));
vi.mock('@/features/renewals/api', () => api);

vi.mock('@/lib/paged-list', () => import('../../helpers/fake-paged-list'));

const growth: Service = {
  id: 'o1_manufacturing-growth',
  ownerUid: 'u1',
  planName: 'Growth',
  category: 'Factory Management',
  yearlyFeePaise: 50_000_00,
  startedOn: '2026-11-10',
  renewsOn: '2099-11-10',
  status: 'Renewal due',
  renewal: {
    renewalId: 'r1',
    invoiceDocId: 'inv9',
    number: 'PI/2099-00/0042',
    amountPaise: 59_000_00,
    dueOn: '2099-11-10',
  },
  endsOn: null,
  cancelledBy: null,
};
const website: Service = {
  ...growth,
  id: 'o1_website-basic',
  planName: 'Basic',
  category: 'Websites & E-commerce',
  yearlyFeePaise: 2_000_00,
  renewsOn: '2099-03-01',
  status: 'Active',
  renewal: null,
};
const paidRenewal: RenewalRecord = {
  id: 'u1_o1_2098-11-10',
  serviceId: growth.id,
  renewsOn: '2098-11-10',
  nextRenewsOn: '2099-11-10',
  number: 'PI/2098-99/0007',
  invoiceDocId: 'inv1',
  amountPaise: 59_000_00,
  status: 'Paid',
  paymentId: 'pay_1',
  paidAt: null,
};

function renderServices(overrides: Partial<Parameters<typeof MyServices>[0]> = {}) {
  const props = {
    uid: 'u1',
    payingId: null,
    onPay: vi.fn(),
    onNotice: vi.fn(),
    documentAction: (paymentId: string, label: string) => <span>{`Download ${label} (${paymentId})`}</span>,
    ...overrides,
  };
  renderApp(<MyServices {...props} />);
  return props;
}

beforeEach(() => {
  vi.clearAllMocks();
  lists.items = { services: [growth, website], renewals: [paidRenewal] };
});

describe('My Services', () => {
  it('when the customer has services, then each shows its plan, yearly fee, next renewal date and status; Pay Now only where a renewal is due', async () => {
    const props = renderServices();
    const rows = within(screen.getByRole('list', { name: 'My Services' })).getAllByRole('listitem');

    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Factory Management – Growth');
    expect(rows[0]).toHaveTextContent('Yearly fee: ₹50,000');
    expect(rows[0]).toHaveTextContent('Next renewal: 10 Nov 2099');
    expect(rows[0]).toHaveTextContent('Renewal invoice PI/2099-00/0042: ₹59,000, due by 10 Nov 2099');
    expect(within(rows[0]!).getByText('Renewal due')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Next renewal: 01 Mar 2099');
    expect(within(rows[1]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /^Pay Now/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Pay Now: renewal of Factory Management – Growth' }));
    expect(props.onPay).toHaveBeenCalledWith(growth);
  });

  it('when the renewal history is opened, then it lists each renewal with the year it paid for and its tax invoice', async () => {
    renderServices();
    const row = within(screen.getByRole('list', { name: 'My Services' })).getAllByRole('listitem')[0]!;

    await userEvent.click(within(row).getByRole('button', { name: 'Renewal history' }));

    const history = within(row).getByRole('list', { name: 'Renewals of Factory Management – Growth' });
    expect(history).toHaveTextContent('10 Nov 2098 to 09 Nov 2099');
    expect(history).toHaveTextContent('Proforma PI/2098-99/0007: ₹59,000');
    expect(within(history).getByText('Download Renewal PI/2098-99/0007 (pay_1)')).toBeInTheDocument();
    expect(api.renewalsQuery).toHaveBeenCalledWith('u1', growth.id);
  });

  it('when the customer stops renewing, then the dialog names the plan and the day it ends, and confirming calls the API', async () => {
    api.stopRenewing.mockResolvedValue({ status: 'Cancelled', endsOn: '2099-11-10' });
    const props = renderServices();

    await userEvent.click(screen.getByRole('button', { name: 'Stop renewing Factory Management – Growth' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Stop renewing Factory Management – Growth?' });
    expect(dialog).toHaveTextContent('Your service continues until 10 Nov 2099 and then ends');
    expect(dialog).toHaveTextContent('We will not bill its yearly fee of ₹50,000 again.');
    expect(dialog).toHaveTextContent('Its renewal invoice PI/2099-00/0042 is cancelled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop renewing' }));

    expect(api.stopRenewing).toHaveBeenCalledWith(growth.id);
    await waitFor(() =>
      expect(props.onNotice).toHaveBeenCalledWith(
        'Factory Management – Growth will not renew. It ends on 10 Nov 2099.',
        'success',
      ),
    );
  });

  it('when the customer keeps renewing, or the service is already cancelled, then nothing is stopped', async () => {
    lists.items.services = [{ ...website, status: 'Cancelled', endsOn: '2099-03-01' }, growth];
    renderServices();
    const rows = within(screen.getByRole('list', { name: 'My Services' })).getAllByRole('listitem');

    expect(rows[0]).toHaveTextContent('Not renewing: ends on 01 Mar 2099');
    expect(within(rows[0]!).queryByRole('button', { name: /^Stop renewing/ })).toBeNull();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: /^Stop renewing/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.stopRenewing).not.toHaveBeenCalled();
  });
});
