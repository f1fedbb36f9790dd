import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sameInvoiceId } from '@/domain/payments';
import type { Invoice } from '@/records/invoices';
import { CORRECT_BY_DELETING, DUPLICATE_INVOICE, InvoicePanelContent } from '@/features/billing/invoice-panel-content';
import { REGISTERED, renderApp } from '../../helpers/render-app';

const checkout = vi.hoisted(() => ({ runCheckout: vi.fn() }));
vi.mock('@/features/billing/checkout', () => checkout);
const api = vi.hoisted(() => ({ subscribeToPendingInvoices: vi.fn(), createInvoice: vi.fn(), deleteInvoice: vi.fn() }));
vi.mock('@/features/billing/api', () => api);

const pendingDec: Invoice = {
  id: 'doc-dec',
  ownerUid: 'u1',
  invoiceId: 'INV-DEC',
  name: 'A',
  email: 'a@b.co',
  amountPaise: 250_000,
  currency: 'INR',
  status: 'Pending',
  createdAt: null,
};

const issuedByCompany: Invoice = { ...pendingDec, id: 'doc-co', invoiceId: 'NB-7', issuedBy: 'company' };

beforeEach(() => {
  vi.clearAllMocks();
  api.subscribeToPendingInvoices.mockImplementation((_uid: string, onData: (invoices: Invoice[]) => void) => {
    onData([pendingDec, issuedByCompany]);
    return () => {};
  });
  api.deleteInvoice.mockResolvedValue(undefined);
  api.createInvoice.mockResolvedValue({ docId: 'doc-new', invoiceId: 'INV-NEW' });
  checkout.runCheckout.mockResolvedValue({ paymentId: 'pay_X', status: 'Paid' });
});

async function submitInvoice(invoiceId: string, amount = '2500') {
  const user = userEvent.setup();
  renderApp(<InvoicePanelContent />, { session: REGISTERED });
  await screen.findByText('Invoice #INV-DEC');
  await user.type(screen.getByLabelText('Invoice ID'), invoiceId);
  await user.type(screen.getByLabelText('Amount (INR)'), amount);
  await user.click(screen.getByRole('button', { name: 'Pay Invoice' }));
  return user;
}

describe('InvoicePanelContent duplicate check', () => {
  it('when the new id matches a pending one (case and spaces aside) with another amount, then it is refused and the fix is named', async () => {
    await submitInvoice('  inv-dec ', '2400');

    expect(await screen.findByRole('alert')).toHaveTextContent(`${DUPLICATE_INVOICE} ${CORRECT_BY_DELETING}`);
    expect(api.createInvoice).not.toHaveBeenCalled();
    expect(checkout.runCheckout).not.toHaveBeenCalled();
  });

  it('when an abandoned invoice is entered again with the same amount, then that same invoice is paid (no second one)', async () => {
    await submitInvoice('INV-DEC', '2500');

    expect(await screen.findByRole('status')).toHaveTextContent('Payment successful for Invoice #INV-DEC!');
    expect(checkout.runCheckout).toHaveBeenCalledWith(expect.objectContaining({ type: 'invoice', docId: 'doc-dec' }));
    expect(api.createInvoice).not.toHaveBeenCalled();
  });

  it('when the id is of an invoice the company issued, then it is the spec refusal, and that invoice has no Delete', async () => {
    await submitInvoice('NB-7', '2500');

    expect(await screen.findByRole('alert')).toHaveTextContent(DUPLICATE_INVOICE);
    expect(screen.getByRole('alert')).not.toHaveTextContent(CORRECT_BY_DELETING);
    expect(screen.queryByRole('button', { name: 'Delete invoice NB-7' })).not.toBeInTheDocument();
    expect(checkout.runCheckout).not.toHaveBeenCalled();
  });

  it('when the customer deletes their pending invoice and confirms, then it is deleted; Cancel keeps it', async () => {
    const user = userEvent.setup();
    renderApp(<InvoicePanelContent />, { session: REGISTERED });
    await user.click(await screen.findByRole('button', { name: 'Delete invoice INV-DEC' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this invoice?' });
    expect(dialog).toHaveTextContent('Invoice #INV-DEC for ₹2,500 has not been paid.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.deleteInvoice).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete invoice INV-DEC' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Invoice' }));

    await waitFor(() => expect(api.deleteInvoice).toHaveBeenCalledWith('u1', 'doc-dec'));
    expect(await screen.findByText('Invoice #INV-DEC has been deleted.')).toBeInTheDocument();
  });

  it('when the new id is not pending, then the invoice is created and paid', async () => {
    await submitInvoice('INV-NEW');

    expect(await screen.findByRole('status')).toHaveTextContent('Payment successful for Invoice #INV-NEW!');
    expect(api.createInvoice).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(DUPLICATE_INVOICE)).toBeNull();
  });
});

describe('InvoicePanelContent after paying', () => {
  it('when a new invoice is paid, then the success message links its receipt', async () => {
    const user = userEvent.setup();
    renderApp(<InvoicePanelContent receiptHref={(docId) => `/receipts/invoice/${docId}`} />, { session: REGISTERED });
    await screen.findByText('Invoice #INV-DEC');
    await user.type(screen.getByLabelText('Invoice ID'), 'INV-NEW');
    await user.type(screen.getByLabelText('Amount (INR)'), '1500');
    await user.click(screen.getByRole('button', { name: 'Pay Invoice' }));

    expect(await screen.findByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      '/receipts/invoice/doc-new',
    );
  });
});

describe('sameInvoiceId', () => {
  it('when ids differ only in letter case or surrounding spaces, then they are the same invoice', () => {
    expect(sameInvoiceId('INV-DEC', ' inv-dec  ')).toBe(true);
    expect(sameInvoiceId('INV-DEC', 'INV-DEC-2')).toBe(false);
  });
});
