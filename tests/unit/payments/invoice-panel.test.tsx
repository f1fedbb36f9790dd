import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sameInvoiceId } from '@/domain/payments';
import type { Invoice } from '@/lib/firestore';
import { DUPLICATE_INVOICE, InvoicePanelContent } from '@/features/payments/invoice-panel-content';
import { REGISTERED, renderApp } from '../../helpers/render-app';

const checkout = vi.hoisted(() => ({ runCheckout: vi.fn() }));
vi.mock('@/features/payments/checkout', () => checkout);
const api = vi.hoisted(() => ({ subscribeToPendingInvoices: vi.fn(), createInvoice: vi.fn() }));
vi.mock('@/features/payments/api', () => api);

const pendingDec: Invoice = {
  id: 'doc-dec',
  invoiceId: 'INV-DEC',
  name: 'A',
  email: 'a@b.co',
  amountPaise: 250_000,
  currency: 'INR',
  status: 'Pending',
  createdAt: null,
};

beforeEach(() => {
  vi.clearAllMocks();
  api.subscribeToPendingInvoices.mockImplementation((_uid: string, onData: (invoices: Invoice[]) => void) => {
    onData([pendingDec]);
    return () => {};
  });
  api.createInvoice.mockResolvedValue({ docId: 'doc-new', invoiceId: 'INV-NEW' });
  checkout.runCheckout.mockResolvedValue({ paymentId: 'pay_X', status: 'Paid' });
});

async function submitInvoice(invoiceId: string) {
  const user = userEvent.setup();
  renderApp(<InvoicePanelContent />, { session: REGISTERED });
  await screen.findByText('Invoice #INV-DEC');
  await user.type(screen.getByLabelText('Invoice ID'), invoiceId);
  await user.type(screen.getByLabelText('Amount (INR)'), '2500');
  await user.click(screen.getByRole('button', { name: 'Pay Invoice' }));
}

describe('InvoicePanelContent duplicate check', () => {
  it('when the new id differs from a pending one only in case and spaces, then it is refused as a duplicate', async () => {
    await submitInvoice('  inv-dec ');

    expect(await screen.findByRole('alert')).toHaveTextContent(DUPLICATE_INVOICE);
    expect(api.createInvoice).not.toHaveBeenCalled();
    expect(checkout.runCheckout).not.toHaveBeenCalled();
  });

  it('when the new id is not pending, then the invoice is created and paid', async () => {
    await submitInvoice('INV-NEW');

    expect(await screen.findByRole('status')).toHaveTextContent('Payment successful for Invoice #INV-NEW!');
    expect(api.createInvoice).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(DUPLICATE_INVOICE)).toBeNull();
  });
});

describe('sameInvoiceId', () => {
  it('when ids differ only in letter case or surrounding spaces, then they are the same invoice', () => {
    expect(sameInvoiceId('INV-DEC', ' inv-dec  ')).toBe(true);
    expect(sameInvoiceId('INV-DEC', 'INV-DEC-2')).toBe(false);
  });
});
