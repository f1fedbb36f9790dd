import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TdsCertificateView } from '@/domain/tds-certificates';
import { TdsCertificatesPanel } from '@/features/billing';
import { TdsCertificatesPage } from '@/features/billing/console/tds-certificates';
import { REGISTERED, renderApp } from '../../helpers/render-app';

const api = vi.hoisted(() => ({
  listTdsCertificates: vi.fn(),
  uploadTdsCertificate: vi.fn(),
  downloadTdsCertificate: vi.fn(),
}));
vi.mock('@/features/billing/api', () => api);
const consoleApi = vi.hoisted(() => ({
  staffTdsCertificates: vi.fn(),
  staffUploadTdsCertificate: vi.fn(),
  staffDownloadTdsCertificate: vi.fn(),
  verifyTdsCertificate: vi.fn(),
  rejectTdsCertificate: vi.fn(),
  runTdsReminders: vi.fn(),
}));
vi.mock('@/features/billing/console/api', () => consoleApi);

const AWAITED: TdsCertificateView = {
  id: 'pay_1',
  companyId: 'u1',
  customerName: 'Asha Verma',
  paidFor: 'Proforma PI/2026-27/0042 · Line monitoring',
  paymentId: 'pay_1',
  receivedOn: '2026-11-28',
  tdsPaise: 10_000_00,
  tdsSection: '1027',
  citation: 'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1027',
  quarter: '2026-27-Q3',
  quarterLabel: 'Q3 2026-27 (Oct–Dec 2026)',
  certificateDueOn: '2027-02-15',
  form: 'Form 131',
  status: 'awaited',
  file: null,
  verifiedAt: null,
  rejection: null,
};
const RECEIVED: TdsCertificateView = {
  ...AWAITED,
  status: 'received',
  file: { name: 'Form16A.pdf', size: 1200, uploadedAt: '2026-11-28T10:00:00.000Z', uploadedBy: 'customer' },
};
const TITLE = '₹10,000.00 TDS on Proforma PI/2026-27/0042 · Line monitoring';
const pdf = (name = 'Form16A.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

beforeEach(() => vi.clearAllMocks());

describe('the company’s TDS certificates (statement page)', () => {
  it('when the company never deducted TDS, then the panel is not shown at all', async () => {
    api.listTdsCertificates.mockResolvedValue({ items: [], next: null });
    const { container } = renderApp(<TdsCertificatesPanel companyId="u1" />, { session: REGISTERED });

    await vi.waitFor(() => expect(api.listTdsCertificates).toHaveBeenCalledWith('u1', null));

    expect(container.textContent).toBe('');
  });

  it('when a certificate is awaited, then its PDF is uploaded from its row and the row says received; another file type is refused before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    api.listTdsCertificates.mockResolvedValue({ items: [AWAITED], next: null });
    api.uploadTdsCertificate.mockResolvedValue(RECEIVED);
    renderApp(<TdsCertificatesPanel companyId="u1" />, { session: REGISTERED });
    const row = (await screen.findByText(TITLE)).closest('li')!;

    expect(within(row).getByText('Certificate awaited')).toBeInTheDocument();
    expect(within(row).getByText(/Form 131 due by 15 Feb 2027/)).toBeInTheDocument();
    const input = within(row).getByLabelText(`Upload the certificate (PDF): ${TITLE}`);
    await user.upload(input, new File(['x'], 'form16a.png', { type: 'image/png' }));
    expect(within(row).getByRole('alert')).toHaveTextContent('form16a.png is not a PDF.');
    expect(api.uploadTdsCertificate).not.toHaveBeenCalled();

    await user.upload(input, pdf());

    expect(api.uploadTdsCertificate).toHaveBeenCalledWith('u1', 'pay_1', expect.any(File));
    expect(await within(row).findByText('Certificate received')).toBeInTheDocument();
    expect(within(row).getByRole('status')).toHaveTextContent('Form16A.pdf uploaded.');
  });
});

describe('the console’s TDS certificates', () => {
  it('when staff open it, then what is awaited is listed; choosing Received lists those, and Verify verifies one', async () => {
    const user = userEvent.setup();
    consoleApi.staffTdsCertificates.mockImplementation(async (filter: { status: string }) => ({
      items: filter.status === 'received' ? [RECEIVED] : [AWAITED],
      next: null,
    }));
    consoleApi.verifyTdsCertificate.mockResolvedValue({ ...RECEIVED, status: 'verified' });
    renderApp(<TdsCertificatesPage />, { session: REGISTERED, path: '/admin/tds-certificates' });

    expect(await screen.findByText('Certificate awaited')).toBeInTheDocument();
    expect(consoleApi.staffTdsCertificates).toHaveBeenCalledWith({ quarter: '', status: 'awaited' }, null);
    await user.selectOptions(screen.getByLabelText('Status'), 'received');
    await user.click(await screen.findByRole('button', { name: `Verify: ${TITLE}` }));

    expect(consoleApi.verifyTdsCertificate).toHaveBeenCalledWith('pay_1');
    expect(await screen.findByText('Verified against Form 26AS.')).toBeInTheDocument();
    expect(screen.getByText('Verified', { selector: 'span[data-tone="green"]' })).toBeInTheDocument();
  });

  it('when staff send one back, then a reason is required before anything is sent', async () => {
    const user = userEvent.setup();
    consoleApi.staffTdsCertificates.mockResolvedValue({ items: [RECEIVED], next: null });
    consoleApi.rejectTdsCertificate.mockResolvedValue({ ...AWAITED, rejection: { reason: 'Wrong TAN.', at: null } });
    renderApp(<TdsCertificatesPage />, { session: REGISTERED });

    await user.click(await screen.findByRole('button', { name: `Send back: ${TITLE}` }));
    const form = screen.getByRole('form', { name: `Send back: ${TITLE}` });
    await user.click(within(form).getByRole('button', { name: 'Send back' }));
    expect(within(form).getByText(/Say why the certificate is sent back/)).toBeInTheDocument();
    expect(consoleApi.rejectTdsCertificate).not.toHaveBeenCalled();

    await user.type(within(form).getByRole('textbox'), 'The TAN does not match Form 26AS.');
    await user.click(within(form).getByRole('button', { name: 'Send back' }));

    expect(consoleApi.rejectTdsCertificate).toHaveBeenCalledWith('pay_1', 'The TAN does not match Form 26AS.');
    expect(await screen.findByText('Sent back; the customer is mailed why.')).toBeInTheDocument();
  });
});
