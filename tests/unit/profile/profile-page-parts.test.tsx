import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LEGAL_NAME_REQUIRED } from '@/domain/profile-schemas';
import { InvoicesList, OrdersList, QueriesList } from '@/features/profile/account-lists';
import { DeleteAccountPanel } from '@/features/profile/delete-account-panel';
import { EmailPreferencesPanel, YourDataPanel } from '@/features/profile/privacy-panels';
import { MARKETING_CONSENT_WORDING } from '@/domain/consent';
import { ApiError } from '@/lib/api-client';
import { GuestLinkPanel } from '@/features/profile/guest-link-panel';
import { InvoiceToPay } from '@/features/profile/invoice-to-pay';
import { ProfileOverview } from '@/features/profile/profile-overview';
import type { Profile } from '@/records/users';
import { expectGstinChecked } from '../../helpers/gstin-field';
import { expectPasswordMismatchRefused } from '../../helpers/password-fields';
import { lists } from '../../helpers/fake-paged-list';
import { renderApp } from '../../helpers/render-app';

// The seam: the profile feature's only Firebase-touching module.
const api = vi.hoisted(() => ({
  deleteAccount: vi.fn(),
  linkGuestWithEmail: vi.fn(),
  linkGuestWithGoogle: vi.fn(),
  updateProfileDetails: vi.fn(),
  invoicesQuery: vi.fn(() => 'invoices'),
  queriesQuery: vi.fn(() => 'queries'),
  ordersQuery: vi.fn(() => 'orders'),
  subscribeToInvoice: vi.fn(),
  downloadMyData: vi.fn(),
  setMarketingConsent: vi.fn(),
}));
vi.mock('@/features/profile/api', () => api);

// The lists read page by page (lib/paged-list.ts, tested against the emulator by the e2e tests):
// here each list is what the test answers, one page.
type ListName = 'invoices' | 'queries' | 'orders';
vi.mock('@/lib/paged-list', () => import('../../helpers/fake-paged-list'));
vi.mock('@/lib/locations', () => import('../../helpers/fake-locations'));

const profile: Profile = {
  uid: 'u1',
  name: 'Riya Sharma',
  email: '',
  phone: '9000012345',
  address: '5 FC Road',
  city: 'Pune',
  state: 'Maharashtra',
  country: 'India',
  pinCode: '',
  gstin: '',
  legalName: '',
  isAnonymous: true,
  createdAt: null,
};

/** Makes a list show `items`. */
function answer<T>(list: ListName, items: T[]) {
  lists.items[list] = items;
}

/** An invoice as the lists read it, in INR and with no time yet. */
const invoiceRow = (
  id: string,
  invoiceId: string,
  amountPaise: number,
  status = 'Pending',
  more: Record<string, unknown> = {},
) => ({ id, invoiceId, amountPaise, currency: 'INR', status, createdAt: null, ...more });

beforeEach(() => {
  vi.clearAllMocks();
  lists.items = {};
  lists.hasMore = false;
});

/** The profile header and details of `profile` (signed in, not a guest), with every callback a mock. */
const renderOverview = (props: Partial<ComponentProps<typeof ProfileOverview>> = {}) =>
  renderApp(
    <ProfileOverview
      profile={profile}
      isGuest={false}
      onSaved={vi.fn()}
      onLogout={vi.fn()}
      onLinked={vi.fn()}
      {...props}
    />,
  );

describe('profile header and details', () => {
  it('when the profile has no email or date, then it says No email provided and N/A, and a guest gets the badge', () => {
    renderOverview({ isGuest: true });
    expect(screen.getByRole('heading', { name: /Riya Sharma/ })).toBeInTheDocument();
    expect(screen.getByText('No email provided')).toBeInTheDocument();
    expect(screen.getByText('Guest Account')).toBeInTheDocument();
    expect(screen.getByText('Member Since').nextSibling).toHaveTextContent('N/A');
    for (const value of ['9000012345', '5 FC Road', 'Pune', 'Maharashtra', 'India'])
      expect(screen.getByText(value)).toBeInTheDocument();
    // No GSTIN, legal name or PIN given: no rows for them (most customers have none).
    for (const label of ['GSTIN', 'Legal business name', 'PIN code'])
      expect(screen.queryByText(label)).not.toBeInTheDocument();
  });

  it('when the profile has a GSTIN, legal name and PIN code, then the details show them', () => {
    renderOverview({
      profile: { ...profile, gstin: '27AAPFU0939F1ZV', legalName: 'Sharma Traders LLP', pinCode: '411004' },
    });
    expect(screen.getByText('GSTIN').nextSibling).toHaveTextContent('27AAPFU0939F1ZV');
    expect(screen.getByText('Legal business name').nextSibling).toHaveTextContent('Sharma Traders LLP');
    expect(screen.getByText('PIN code').nextSibling).toHaveTextContent('411004');
  });

  it('when editing a profile that has a GSTIN, then its legal name and PIN are in the form and clearing the name is refused', async () => {
    const user = userEvent.setup();
    renderOverview({
      profile: { ...profile, gstin: '27AAPFU0939F1ZV', legalName: 'Sharma Traders LLP', pinCode: '411004' },
    });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Legal business name (optional)')).toHaveValue('Sharma Traders LLP');
    expect(screen.getByLabelText('PIN code (optional)')).toHaveValue('411004');
    await user.clear(screen.getByLabelText('Legal business name (optional)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(LEGAL_NAME_REQUIRED)).toBeInTheDocument();
    expect(api.updateProfileDetails).not.toHaveBeenCalled();
  });

  it('when editing sets a GSTIN, then a bad one is refused, the legal name and PIN are required, and a good one is merged upper-cased with them', async () => {
    const user = userEvent.setup();
    api.updateProfileDetails.mockResolvedValue(undefined);
    renderOverview();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('GSTIN (optional)')).toHaveValue('');
    await expectGstinChecked({
      user,
      submit: 'Save Changes',
      sent: api.updateProfileDetails,
      argument: 1,
      bad: '00AAPFU0939F1ZV',
      message: 'The GSTIN must start with a valid state code.',
      good: ' 27aapfu0939f1zv ',
      expected: '27AAPFU0939F1ZV',
    });
  });

  it('when Edit, then Save Changes is used, then the merge is sent, the success message shows and the view returns', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    let finish!: () => void;
    api.updateProfileDetails.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    renderOverview({ onSaved });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('heading', { name: 'Edit Details' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '9110012345');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    finish();
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(api.updateProfileDetails).toHaveBeenCalledWith(
      'u1',
      expect.objectContaining({ phone: '9110012345', city: 'Pune' }),
    );
    expect(onSaved).toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Edit Details' })).not.toBeInTheDocument();
  });

  it('when saving fails, then the failure message shows and the form keeps the input; Cancel goes back', async () => {
    const user = userEvent.setup();
    api.updateProfileDetails.mockRejectedValue(new Error('denied'));
    renderOverview();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), 'New place');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveValue('New place');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('5 FC Road')).toBeInTheDocument();
  });
});

describe('GuestLinkPanel', () => {
  it('when the passwords differ, then it says so and links nothing', async () => {
    const user = userEvent.setup();
    renderApp(<GuestLinkPanel name="Riya" onLinked={vi.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'riya@example.com');
    await expectPasswordMismatchRefused({ user, submit: 'Link Email & Password', sent: api.linkGuestWithEmail });
  });

  it('when the email is taken, then that message shows; when linking works, onLinked runs', async () => {
    const user = userEvent.setup();
    const onLinked = vi.fn();
    api.linkGuestWithEmail.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/email-already-in-use' }));
    renderApp(<GuestLinkPanel name="Riya" onLinked={onLinked} />);
    await user.type(screen.getByLabelText('Email'), 'riya@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Link Email & Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already in use by another account.');

    api.linkGuestWithEmail.mockResolvedValueOnce(undefined);
    await user.click(screen.getByRole('button', { name: 'Link Email & Password' }));
    await waitFor(() => expect(onLinked).toHaveBeenCalled());
    expect(api.linkGuestWithEmail).toHaveBeenLastCalledWith('riya@example.com', 'secret1', 'Riya');
  });

  it('when Google is already linked elsewhere, then that message shows; otherwise the generic one', async () => {
    const user = userEvent.setup();
    api.linkGuestWithGoogle.mockRejectedValueOnce(
      Object.assign(new Error('x'), { code: 'auth/credential-already-in-use' }),
    );
    renderApp(<GuestLinkPanel name="Riya" onLinked={vi.fn()} />);
    const pickGoogle = async () => {
      await user.click(screen.getByRole('button', { name: 'Link Google Account' }));
      const chooser = await screen.findByRole('dialog');
      await user.type(within(chooser).getByLabelText('Google email'), 'g@example.com');
      await user.type(within(chooser).getByLabelText('Google name'), 'G');
      await user.click(within(chooser).getByRole('button', { name: 'Continue as this account' }));
    };
    await pickGoogle();
    expect(await screen.findByText('This Google account is already linked to another user.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    api.linkGuestWithGoogle.mockRejectedValueOnce(new Error('boom'));
    await pickGoogle();
    expect(await screen.findByText('Failed to link with Google. Please try again.')).toBeInTheDocument();
    expect(api.linkGuestWithGoogle).toHaveBeenCalledWith('Riya', { email: 'g@example.com', name: 'G' });
  });
});

const receiptHref = (item: { id: string }) => `/receipts/x/${item.id}`;

/** What every account list is given here: user u1, nothing being paid, and mock callbacks. */
const listProps = () => ({ uid: 'u1', onPay: vi.fn(), payingId: null, receiptHref });

describe('lists', () => {
  it('when there is nothing, then each list has its empty text', () => {
    answer('invoices', []);
    answer('queries', []);
    answer('orders', []);
    renderApp(
      <>
        <InvoicesList {...listProps()} />
        <QueriesList uid="u1" />
        <OrdersList {...listProps()} />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'My Invoices' })).toBeInTheDocument();
    expect(screen.getByText('No invoices found.')).toBeInTheDocument();
    expect(screen.getByText("You haven't submitted any queries.")).toBeInTheDocument();
    expect(screen.getByText('You have not placed any orders yet.')).toBeInTheDocument();
  });

  it('when items exist, then only Pending ones can be paid, and the one being paid is disabled', async () => {
    const user = userEvent.setup();
    const onPay = vi.fn();
    answer('invoices', [
      invoiceRow('d1', 'INV-1', 150_000),
      invoiceRow('d2', 'INV-2', 90_000, 'Paid'),
      invoiceRow('d3', 'INV-3', 10_000),
    ]);
    renderApp(<InvoicesList {...listProps()} onPay={onPay} payingId="d3" />);
    const buttons = screen.getAllByRole('button', { name: /^Pay Now/ });
    expect(buttons).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Pay Now: Inv #INV-1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pay Now: Inv #INV-3' })).toBeDisabled();
    expect(screen.getByText('₹1,500')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toHaveAttribute('data-tone', 'green');
    await user.click(screen.getByRole('button', { name: 'Pay Now: Inv #INV-1' }));
    expect(onPay).toHaveBeenCalledWith(expect.objectContaining({ id: 'd1', invoiceId: 'INV-1' }));
    expect(screen.getByRole('link', { name: 'View receipt: Inv #INV-2' })).toHaveAttribute('href', '/receipts/x/d2');
  });

  it('when an order is Pending but its prices changed or it was Cancelled, then it has no Pay Now; a Paid one has its receipt', () => {
    const basic = { id: 'website-Basic', name: 'Basic', category: 'Website', price: '₹20,000' };
    const order = {
      orderNumber: 'ORD-1700000000000',
      items: [basic],
      totalPaise: 2_000_000,
      currency: 'INR',
      createdAt: null,
    };
    answer('orders', [
      { ...order, id: 'o1', orderNumber: 'ORD-1700000000001', status: 'Pending' },
      { ...order, id: 'o2', orderNumber: 'ORD-1700000000002', status: 'Pending', totalPaise: 1_500_000 },
      { ...order, id: 'o3', orderNumber: 'ORD-1700000000003', status: 'Cancelled' },
      { ...order, id: 'o4', orderNumber: 'ORD-1700000000004', status: 'Paid', paymentId: 'pay_1' },
    ]);
    renderApp(<OrdersList {...listProps()} />);

    expect(
      screen.getAllByRole('button', { name: /^Pay Now/ }).map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Pay Now: Order #ORD-1700000000001']);
    expect(screen.getAllByRole('link', { name: /^View receipt/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View receipt: Order #ORD-1700000000004' })).toHaveAttribute(
      'href',
      '/receipts/x/o4',
    );
  });

  it("when an invoice is the customer's own and Pending, then it offers Delete; a Paid or company-issued one does not", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    const invoice = { amountPaise: 150_000, currency: 'INR', createdAt: null };
    answer('invoices', [
      { ...invoice, id: 'd1', invoiceId: 'INV-1', status: 'Pending' },
      { ...invoice, id: 'd2', invoiceId: 'INV-2', status: 'Paid' },
      { ...invoice, id: 'd3', invoiceId: 'NB-3', status: 'Pending', issuedBy: 'company' },
    ]);
    renderApp(
      <InvoicesList
        {...listProps()}
        canDelete={(item) => item.status === 'Pending' && item.issuedBy !== 'company'}
        onDelete={onDelete}
      />,
    );

    expect(
      screen.getAllByRole('button', { name: /^Delete/ }).map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Delete Inv #INV-1']);
    await user.click(screen.getByRole('button', { name: 'Delete Inv #INV-1' }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 'd1' }));
  });

  it('when an order or invoice is Paid, then the page-composed download shows beside it with its payment id', () => {
    answer('invoices', [
      invoiceRow('d1', 'INV-1', 150_000),
      invoiceRow('d2', 'INV-2', 90_000, 'Paid', { paymentId: 'pay_Inv2' }),
    ]);
    answer('orders', [
      {
        id: 'o1',
        orderNumber: 'ORD-1',
        items: [],
        totalPaise: 2_000_000,
        status: 'Paid',
        createdAt: null,
        paymentId: 'pay_Ord1',
      },
      { id: 'o2', orderNumber: 'ORD-2', items: [], totalPaise: 2_000_000, status: 'Cancelled', createdAt: null },
    ]);
    const documentAction = vi.fn((paymentId: string, itemLabel: string) => (
      <button type="button">{`Download invoice ${paymentId} for ${itemLabel}`}</button>
    ));
    renderApp(
      <>
        <InvoicesList {...listProps()} documentAction={documentAction} />
        <OrdersList {...listProps()} documentAction={documentAction} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Download invoice pay_Inv2 for Inv #INV-2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download invoice pay_Ord1 for Order #ORD-1' })).toBeInTheDocument();
    // Only the two Paid items: nothing for a Pending or Cancelled one.
    expect(documentAction).toHaveBeenCalledTimes(2);
  });

  it('when the company issued an invoice, then it is marked and shows its lines, with Pay Now', () => {
    answer('invoices', [
      invoiceRow('own', 'MY-1', 10_000),
      invoiceRow('issued', 'INV-0001', 2_80_000_00, 'Pending', {
        issuedBy: 'company',
        description: 'Factory dashboard',
        lines: [{ description: 'Design', amountPaise: 15_000_00 }],
      }),
    ]);
    renderApp(<InvoicesList {...listProps()} />);
    expect(screen.getAllByText('Issued by Nimbus Bespoke Software')).toHaveLength(1);
    expect(screen.getByText('Design: ₹15,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Now: Inv #INV-0001' })).toBeEnabled();
  });

  it('when a query has no business name, then it shows as General Query; orders show their number and total', () => {
    answer('queries', [{ id: 'q1', businessName: '', message: 'Hello', status: 'New', submittedAt: null }]);
    answer('orders', [
      {
        id: 'o1',
        orderNumber: 'ORD-1700000000000',
        items: [{ id: 'website-Basic', name: 'Basic', category: 'Website', price: '₹20,000' }],
        totalPaise: 2_000_000,
        currency: 'INR',
        status: 'Cancelled',
        createdAt: null,
      },
    ]);
    renderApp(
      <>
        <QueriesList uid="u1" />
        <OrdersList {...listProps()} />
      </>,
    );
    expect(screen.getByText('General Query')).toBeInTheDocument();
    expect(screen.getByText('New')).toHaveAttribute('data-tone', 'yellow');
    expect(screen.getByText('Order #ORD-1700000000000')).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toHaveAttribute('data-tone', 'red');
    expect(screen.queryByRole('button', { name: /^Pay Now/ })).not.toBeInTheDocument();
  });

  it('when a list has more than a page, then Show more loads the next; an invoice deleted here leaves the list', async () => {
    const user = userEvent.setup();
    lists.hasMore = true;
    answer('invoices', [invoiceRow('d1', 'INV-1', 150_000), invoiceRow('d2', 'INV-2', 90_000)]);
    renderApp(<InvoicesList {...listProps()} hiddenIds={new Set(['d2'])} />);
    expect(api.invoicesQuery).toHaveBeenCalledWith('u1');
    const list = screen.getByRole('list', { name: 'My Invoices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).queryByText(/INV-2/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(lists.loadMore).toHaveBeenCalledOnce();
  });
});

describe('InvoiceToPay (/profile?invoice=…)', () => {
  const issued = {
    id: 'doc-9',
    invoiceId: 'NB-9',
    name: '',
    email: '',
    amountPaise: 4_500_000,
    currency: 'INR',
    status: 'Pending',
    createdAt: null,
    issuedBy: 'company' as const,
  };
  const linked = (invoice: unknown) =>
    api.subscribeToInvoice.mockImplementation((_uid: string, _id: string, onData: (value: unknown) => void) => {
      onData(invoice);
      return () => {};
    });

  it('when the mail links a Pending invoice, then it is shown at the top with Pay Now', async () => {
    const user = userEvent.setup();
    const onPay = vi.fn();
    linked(issued);
    renderApp(<InvoiceToPay uid="u1" invoiceDocId="doc-9" payingId={null} onPay={onPay} receiptHref={receiptHref} />);

    expect(screen.getByRole('heading', { name: 'Invoice #NB-9' })).toBeInTheDocument();
    expect(screen.getByText('₹45,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay Now: Inv #NB-9' }));
    expect(onPay).toHaveBeenCalledWith(expect.objectContaining({ id: 'doc-9' }));
    expect(api.subscribeToInvoice).toHaveBeenCalledWith('u1', 'doc-9', expect.any(Function), expect.any(Function));
  });

  it('when the linked invoice was issued by the company, then it says so and lists what it is for', () => {
    linked({
      ...issued,
      issuedBy: 'company',
      description: 'Factory dashboard',
      lines: [{ description: 'Design', amountPaise: 15_000_00 }],
    });
    renderApp(<InvoiceToPay uid="u1" invoiceDocId="doc-9" payingId={null} onPay={vi.fn()} receiptHref={receiptHref} />);
    expect(screen.getByText('Issued by Nimbus Bespoke Software')).toBeInTheDocument();
    expect(screen.getByText('Factory dashboard')).toBeInTheDocument();
    expect(screen.getByText('Design: ₹15,000')).toBeInTheDocument();
  });

  it('when the linked invoice is paid, then its receipt is offered; when it is not in the account, that is said', () => {
    linked({ ...issued, status: 'Paid', paymentId: 'pay_9' });
    const { unmount } = renderApp(
      <InvoiceToPay uid="u1" invoiceDocId="doc-9" payingId={null} onPay={vi.fn()} receiptHref={receiptHref} />,
    );
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', '/receipts/x/doc-9');
    expect(screen.queryByRole('button', { name: /Pay Now/ })).not.toBeInTheDocument();
    unmount();

    linked(null);
    renderApp(<InvoiceToPay uid="u1" invoiceDocId="nope" payingId={null} onPay={vi.fn()} receiptHref={receiptHref} />);
    expect(screen.getByRole('heading', { name: 'Invoice not found' })).toBeInTheDocument();
  });
});

describe('DeleteAccountPanel', () => {
  it('when both confirmations are given, then the account is deleted', async () => {
    const user = userEvent.setup();
    const onDeleted = vi.fn();
    api.deleteAccount.mockResolvedValue(undefined);
    renderApp(<DeleteAccountPanel onDeleted={onDeleted} onFailed={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    const first = screen.getByRole('alertdialog');
    expect(first).toHaveTextContent('Are you sure you want to delete your account? This action is irreversible.');
    await user.click(within(first).getByRole('button', { name: 'Yes, continue' }));
    const last = await screen.findByRole('alertdialog', { name: 'Delete account permanently?' });
    expect(last).toHaveTextContent(
      'Please confirm one last time. All your data, including invoices and orders, will be permanently deleted.',
    );
    expect(api.deleteAccount).not.toHaveBeenCalled();
    await user.click(within(last).getByRole('button', { name: 'Delete Permanently' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(api.deleteAccount).toHaveBeenCalledOnce();
  });

  it('when either confirmation is cancelled, then nothing is deleted', async () => {
    const user = userEvent.setup();
    renderApp(<DeleteAccountPanel onDeleted={vi.fn()} onFailed={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, continue' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.deleteAccount).not.toHaveBeenCalled();
  });

  it('when deletion fails (e.g. the login is too old), then the spec message is reported', async () => {
    const user = userEvent.setup();
    const onFailed = vi.fn();
    api.deleteAccount.mockRejectedValue(Object.assign(new Error('old'), { code: 'auth/requires-recent-login' }));
    renderApp(<DeleteAccountPanel onDeleted={vi.fn()} onFailed={onFailed} />);
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, continue' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Permanently' }));
    await waitFor(() =>
      expect(onFailed).toHaveBeenCalledWith(
        'Error deleting account. You may need to sign out and sign back in to perform this operation.',
      ),
    );
  });
});

describe('honest deletion', () => {
  it('when deletion is asked for, then the panel and both dialogs name what goes and what the law keeps, and offer the data first', async () => {
    const user = userEvent.setup();
    renderApp(<DeleteAccountPanel onDeleted={vi.fn()} onFailed={vi.fn()} />);
    const panel = screen.getByRole('region', { name: 'Delete Account' });
    expect(panel).toHaveTextContent('Your login.');
    expect(panel).toHaveTextContent('Tax invoices and payment receipts, with the buyer details printed on them.');
    expect(within(panel).getByRole('button', { name: 'Download my data' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    const first = screen.getByRole('alertdialog');
    expect(first).toHaveTextContent('Kept, because the law requires it:');
    expect(first).toHaveTextContent('Credit notes for refunds.');
    expect(first).toHaveTextContent('Payment and refund records.');
    expect(first).toHaveTextContent(
      'We keep these for about 6 years: 72 months from the due date of the annual GST return for the financial year they belong to (section 36 of the CGST Act, 2017).',
    );
    expect(first).toHaveTextContent(/For a payment made today that is until 31 December \d{4}\./);
    expect(within(first).getByRole('button', { name: 'Download my data' })).toBeEnabled();

    await user.click(within(first).getByRole('button', { name: 'Yes, continue' }));
    const last = await screen.findByRole('alertdialog', { name: 'Delete account permanently?' });
    // The spec's words as they are, and right after them what the law keeps.
    const [spec, exception] = within(last).getAllByText(/./, { selector: 'p' });
    expect(spec).toHaveTextContent(
      /^Please confirm one last time\. All your data, including invoices and orders, will be permanently deleted\.$/,
    );
    expect(exception).toHaveTextContent(
      /^The only exception is what the law makes us keep, as listed before: your tax invoices, credit notes and payment records, kept for about 6 years and then deleted\.$/,
    );
  });
});

describe('your data and email preferences', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() });
  });

  it('when Download my data is pressed, then the ZIP the API built is saved; a refusal shows its message', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    api.downloadMyData.mockResolvedValueOnce({ blob: new Blob(['zip']), fileName: 'my-data.zip' });
    renderApp(<YourDataPanel />);

    await user.click(screen.getByRole('button', { name: 'Download my data' }));

    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('my-data.zip');
    api.downloadMyData.mockRejectedValueOnce(
      new ApiError(429, 'You have downloaded your data several times this hour.'),
    );
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have downloaded your data several times this hour.',
    );
    click.mockRestore();
  });

  it('when the customer ticks news and offers, then the API records it, the profile is read again and the box stays ticked meanwhile', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    api.setMarketingConsent.mockResolvedValue({ granted: true, changed: true });
    renderApp(<EmailPreferencesPanel profile={{ ...profile, email: 'riya@example.com' }} onSaved={onSaved} />);
    expect(screen.getByText(/are part of the service and are always sent/)).toBeInTheDocument();
    expect(screen.getByTestId('consent-status')).toHaveTextContent('You have not asked for news and offers.');

    await user.click(screen.getByRole('checkbox', { name: MARKETING_CONSENT_WORDING }));

    expect(api.setMarketingConsent).toHaveBeenCalledWith(true);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // Saved, but the profile here still has no consent (its live copy follows): no flick back.
    expect(screen.getByRole('checkbox', { name: MARKETING_CONSENT_WORDING })).toBeChecked();
    expect(screen.getByTestId('consent-status')).toHaveTextContent('Saving...');
  });

  it('when consent was recorded, then the box is ticked with its date, and unticking withdraws it; a failure says so', async () => {
    const user = userEvent.setup();
    const consent = { granted: true, at: new Date('2026-11-20T05:30:00Z'), wording: MARKETING_CONSENT_WORDING };
    api.setMarketingConsent.mockRejectedValue(new Error('offline'));
    renderApp(<EmailPreferencesPanel profile={{ ...profile, marketingConsent: consent }} onSaved={vi.fn()} />);
    const box = screen.getByRole('checkbox', { name: MARKETING_CONSENT_WORDING });
    expect(box).toBeChecked();
    expect(screen.getByTestId('consent-status')).toHaveTextContent(/^You asked for news and offers on 20 Nov 2026/);

    await user.click(box);

    expect(api.setMarketingConsent).toHaveBeenCalledWith(false);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your choice was not saved.');
    expect(box).toBeChecked();
  });
});
