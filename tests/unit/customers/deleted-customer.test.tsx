import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DeletedCustomer } from '@/features/console/deleted-customer';
import type { DeletedAccount } from '@/features/customers';
import type { TaxDocumentItem } from '@/records/tax-documents';
import { lists } from '../../helpers/fake-paged-list';
import { renderApp } from '../../helpers/render-app';

// The seam: the console's only Firebase/HTTP module; each subscription answers at once.
const api = vi.hoisted(() => ({
  tombstone: null as DeletedAccount | null,
  subscribeToDeletedAccount: vi.fn(),
  customerDocumentsQuery: vi.fn(() => 'documents'),
  customerPaymentsQuery: vi.fn(() => 'payments'),
  downloadDocumentPdf: vi.fn(),
}));
vi.mock('@/features/customers/console/api', () => api);
vi.mock('@/features/documents/console/api', () => api);
vi.mock('@/features/billing/console/api', () => api);

vi.mock('@/lib/paged-list', () => import('../../helpers/fake-paged-list'));

const invoice: TaxDocumentItem = {
  id: 'pay_Kept',
  status: 'issued',
  kind: 'tax-invoice',
  series: 'invoice',
  number: 'NB/2026-27/0007',
  uid: 'gone',
  amountPaise: 2_000_000,
  paymentId: 'pay_Kept',
  createdAt: new Date('2026-11-15T06:30:00Z'),
  customerName: 'Ira Kept',
  forLabel: 'Order 1',
  issueDate: '15 Nov 2026',
};

beforeEach(() => {
  vi.clearAllMocks();
  lists.items = {};
  api.subscribeToDeletedAccount.mockImplementation((_uid: string, onData: (value: unknown) => void) => {
    onData(api.tombstone);
    return () => undefined;
  });
});

describe("the console's customer page without a profile", () => {
  it('when the customer deleted their account, then it says Deleted account and lists the tax documents the law keeps', () => {
    api.tombstone = {
      uid: 'gone',
      deletedAt: new Date('2026-11-20T06:30:00Z'),
      retainUntil: new Date('2033-12-31T18:30:00Z'),
      kept: { documents: 1, payments: 1, refunds: 0 },
    };
    lists.items = { documents: [invoice] };

    renderApp(<DeletedCustomer uid="gone" />);

    expect(screen.getByRole('heading', { level: 1, name: 'Deleted account' })).toBeInTheDocument();
    expect(screen.queryByText('This customer has no profile.')).not.toBeInTheDocument();
    expect(screen.getByText('31 December 2033')).toBeInTheDocument();
    const documents = screen.getByRole('region', { name: 'Tax documents' });
    expect(documents).toHaveTextContent('Tax Invoice NB/2026-27/0007');
    expect(documents).toHaveTextContent('Ira Kept');
    expect(screen.getByRole('button', { name: 'Download PDF: Tax Invoice NB/2026-27/0007' })).toBeEnabled();
    expect(api.customerDocumentsQuery).toHaveBeenCalledWith('gone');
  });

  it('when there never was an account, then it says the customer has no profile', () => {
    api.tombstone = null;
    renderApp(<DeletedCustomer uid="nobody" />);
    expect(screen.getByRole('alert')).toHaveTextContent('This customer has no profile.');
  });
});
