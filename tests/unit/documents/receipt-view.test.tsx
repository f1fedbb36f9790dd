import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/domain/dates';
import { ApiError } from '@/lib/api-client';
import type { Order } from '@/records/orders';
import type { SubscriptionState } from '@/lib/use-subscription';
import type { ReceiptSubject } from '@/features/documents/api';
import { ReceiptView } from '@/features/documents/receipt-view';
import { renderApp } from '../../helpers/render-app';

const api = vi.hoisted(() => ({
  loadTaxDocumentInfo: vi.fn(),
  downloadTaxDocument: vi.fn(),
  subscribeToSubject: vi.fn(),
}));
vi.mock('@/features/documents/api', () => api);

const paidOrder: Order = {
  id: 'o1',
  orderNumber: 'ORD-1757462400123',
  userId: 'u1',
  ownerUid: 'u1',
  items: [
    { id: 'website-Basic', name: 'Basic', category: 'Websites & E-commerce', price: '₹20,000' },
    { id: 'manufacturing-Starter', name: 'Starter', category: 'Factory Management', price: '₹1,10,000' },
  ],
  totalPaise: 13_000_000,
  currency: 'INR',
  status: 'Paid',
  createdAt: new Date('2025-09-10T10:00:00+05:30'),
  paymentId: 'pay_Abc123',
  paidAt: new Date('2025-09-10T10:05:00+05:30'),
  chargedPaise: 13_000_000,
};

const ready = (order: Order): SubscriptionState<ReceiptSubject | null> => ({
  status: 'ready',
  data: { kind: 'order', order },
  error: undefined,
});

function renderReceipt(subject: SubscriptionState<ReceiptSubject | null>) {
  return renderApp(<ReceiptView subject={subject} downloadLabel="Download receipt" profileHref="/profile" />);
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('ReceiptView', () => {
  it('when the order is Paid, then it shows the number, items, amount, payment id and date, and its document', async () => {
    api.loadTaxDocumentInfo.mockResolvedValue({
      status: 'issued',
      kind: 'tax-invoice',
      number: 'NB/2025-26/0001',
      downloadLabel: 'Download invoice',
    });
    renderReceipt(ready(paidOrder));

    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('ORD-1757462400123')).toBeInTheDocument();
    expect(screen.getByText('Basic')).toBeInTheDocument();
    expect(screen.getByText('Starter')).toBeInTheDocument();
    expect(screen.getByTestId('receipt-amount')).toHaveTextContent('₹1,30,000');
    expect(screen.getByTestId('receipt-payment-id')).toHaveTextContent('pay_Abc123');
    expect(screen.getByText(formatDateTime(paidOrder.paidAt))).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download invoice' })).toBeEnabled();
    expect(api.loadTaxDocumentInfo).toHaveBeenCalledWith('pay_Abc123');
    expect(screen.getByRole('link', { name: 'Back to My Profile' })).toHaveAttribute('href', '/profile');
  });

  it('when the document is still being numbered, then it says so, and the download waits', async () => {
    api.loadTaxDocumentInfo.mockResolvedValue({ status: 'pending' });
    renderReceipt(ready(paidOrder));

    expect(
      await screen.findByText('Your receipt is being prepared. It will be ready to download in a minute.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeDisabled();
  });

  it('when the download answers 409, then the being-prepared state shows instead of an error', async () => {
    const user = userEvent.setup();
    api.loadTaxDocumentInfo.mockResolvedValueOnce({
      status: 'issued',
      kind: 'receipt',
      number: 'NB/1',
      downloadLabel: 'Download receipt',
    });
    api.loadTaxDocumentInfo.mockResolvedValue({ status: 'pending' });
    api.downloadTaxDocument.mockRejectedValue(
      new ApiError(409, 'Your document is being prepared. Please try again in a minute.'),
    );
    renderReceipt(ready(paidOrder));

    await user.click(await screen.findByRole('button', { name: 'Download receipt' }));

    expect(await screen.findByText(/is being prepared/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the document downloads, then the PDF is saved under its own name', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:receipt');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    api.loadTaxDocumentInfo.mockResolvedValue({
      status: 'issued',
      kind: 'receipt',
      number: 'NB/1',
      downloadLabel: 'Download receipt',
    });
    api.downloadTaxDocument.mockResolvedValue({ blob: new Blob(['%PDF']), fileName: 'NB-2025-26-0001.pdf' });
    renderReceipt(ready(paidOrder));

    await user.click(await screen.findByRole('button', { name: 'Download receipt' }));

    await waitFor(() => expect(clicked).toHaveBeenCalledOnce());
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('NB-2025-26-0001.pdf');
    clicked.mockRestore();
  });

  it('when the payment is still being confirmed, then the page says it updates by itself and offers no download', () => {
    renderReceipt(ready({ ...paidOrder, status: 'Pending', paymentId: undefined, paidAt: undefined }));

    expect(
      screen.getByText('We are confirming your payment with the bank. This page updates by itself.'),
    ).toBeInTheDocument();
    expect(api.loadTaxDocumentInfo).not.toHaveBeenCalled();
  });

  it('when there is no such payment in the account, then it says so', () => {
    renderReceipt({ status: 'ready', data: null, error: undefined });

    expect(screen.getByRole('heading', { name: 'Receipt not found' })).toBeInTheDocument();
  });
});
