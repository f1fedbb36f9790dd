import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayLinkView } from '@/domain/pay-link';
import { PayPage } from '@/features/billing/pay-page';
import { renderApp } from '../../helpers/render-app';

const api = vi.hoisted(() => ({
  getPayLink: vi.fn(),
  createPayLinkOrder: vi.fn(),
  sandboxPayByLink: vi.fn(),
  verifyPayLinkPayment: vi.fn(),
  payLinkPdfUrl: (token: string, which: string) => `/api/pay/${token}/${which}.pdf`,
}));
vi.mock('@/features/billing/pay-link-api', () => api);
const checkout = vi.hoisted(() => ({
  openOrderCheckout: vi.fn(),
  CheckoutCancelledError: class CheckoutCancelledError extends Error {},
}));
vi.mock('@/lib/razorpay-checkout', () => checkout);

const TOKEN = 't'.repeat(32);

const split = (taxable: number) => ({
  taxablePaise: taxable,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: taxable * 0.18,
  totalPaise: taxable * 1.18,
});

/** A ₹1,18,000 proforma (₹1,00,000 + 18 % IGST) as the API shows it, with the TDS it offers today. */
const VIEW: PayLinkView = {
  status: 'Pending',
  number: 'PI/2026-27/0042',
  issueDate: '28 Nov 2026',
  dueDate: '2026-12-13',
  description: 'Line monitoring',
  issuer: { name: 'Nimbus', address: 'Pune', gstin: '27AAAAA0000A1Z5', email: 'a@n.in', phone: '1' },
  billedTo: { name: 'Verma Textiles', address: 'Surat', gstin: null, state: 'Gujarat' },
  lines: [{ description: 'Professional services', ratePercent: 18, ...split(1_00_000_00) }],
  taxType: 'inter-state',
  totals: split(1_00_000_00),
  amountDuePaise: 1_18_000_00,
  settledPaise: 0,
  proformaNote: 'This is a proforma invoice, not a tax invoice.',
  purchaseOrder: { poNumber: 'PO-7', vendorCode: '' },
  requiresPoNumber: false,
  msmeTerms: null,
  tds: {
    taxablePaise: 1_00_000_00,
    choices: [
      {
        kind: 'professional-fees',
        name: 'Fees for professional services',
        rate: '10%',
        citation: 'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1027',
        tdsPaise: 10_000_00,
        payPaise: 1_08_000_00,
      },
      {
        kind: 'technical-fees',
        name: 'Fees for technical services',
        rate: '2%',
        citation: 'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1026',
        tdsPaise: 2_000_00,
        payPaise: 1_16_000_00,
      },
    ],
    certificateForm: 'Form 131',
    certificateDueOn: '2027-02-15',
  },
  paid: null,
};

beforeEach(() => {
  vi.clearAllMocks();
  api.getPayLink.mockResolvedValue(VIEW);
});

describe('paying net of TDS on the pay page', () => {
  it('when the clerk says the company deducts TDS, then the page shows the taxable value, the TDS with its law and what is paid now, and Pay asks for the net', async () => {
    const user = userEvent.setup();
    api.createPayLinkOrder.mockResolvedValue({ id: 'order_1', amountPaise: 1_08_000_00, prefill: {} });
    checkout.openOrderCheckout.mockReturnValue(new Promise(() => undefined));
    renderApp(<PayPage token={TOKEN} />);

    await screen.findByRole('button', { name: 'Pay ₹1,18,000' });
    await user.click(screen.getByRole('checkbox', { name: 'My company deducts TDS from this payment' }));
    const figures = screen.getByTestId('tds-figures');

    expect(within(figures).getByText('₹1,00,000')).toBeInTheDocument();
    expect(
      within(figures).getByText(
        'TDS at 10% under section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1027',
      ),
    ).toBeInTheDocument();
    expect(within(figures).getByText('− ₹10,000')).toBeInTheDocument();
    expect(screen.getByText(/send us its certificate \(Form 131\) by 15 Feb 2027/)).toBeInTheDocument();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'What the payment is for (TDS section)' }),
      'technical-fees',
    );
    expect(within(figures).getByText('₹1,16,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,16,000' }));

    // Only the kind goes to the server, which works the TDS out again.
    expect(api.createPayLinkOrder).toHaveBeenCalledWith(TOKEN, { tds: { kind: 'technical-fees' } });
  });

  it('when the clerk unticks it again, then the whole amount is paid and no TDS is sent', async () => {
    const user = userEvent.setup();
    api.createPayLinkOrder.mockResolvedValue({ id: 'order_1', amountPaise: 1_18_000_00, prefill: {} });
    checkout.openOrderCheckout.mockReturnValue(new Promise(() => undefined));
    renderApp(<PayPage token={TOKEN} />);
    const box = await screen.findByRole('checkbox', { name: 'My company deducts TDS from this payment' });

    await user.click(box);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,18,000' }));

    expect(screen.queryByTestId('tds-figures')).toBeNull();
    expect(api.createPayLinkOrder).toHaveBeenCalledWith(TOKEN, {});
  });
});
