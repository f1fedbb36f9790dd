import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuoteView } from '@/domain/quotes';
import { acceptQuote, askForChanges, getQuote } from '@/features/quotes/api';
import { QuotePage } from '@/features/quotes/quote-page';

vi.mock('@/features/quotes/api', () => ({
  getQuote: vi.fn(),
  acceptQuote: vi.fn(),
  declineQuote: vi.fn(),
  askForChanges: vi.fn(),
  downloadQuotePdf: vi.fn(),
  quotePdfHref: () => '/api/quote-links/T/quote.pdf',
}));
afterEach(() => vi.mocked(getQuote).mockReset());

const split = (totalPaise: number) => ({
  taxablePaise: totalPaise,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  totalPaise,
});
const party = { name: 'Rohan Mehta', address: '21 MG Road, Pune', state: 'Maharashtra', stateCode: '27', gstin: null };

function view(overrides: Partial<QuoteView> = {}): QuoteView {
  return {
    id: 'q1',
    status: 'Sent',
    validUntilDay: '2026-06-30',
    document: {
      kind: 'quote',
      title: 'Quote',
      number: 'QT/2026-27/0001',
      version: 1,
      financialYear: '2026-27',
      issueDate: '01 Jun 2026',
      validUntil: '30 Jun 2026',
      supplier: { ...party, name: 'Nimbus Bespoke Software', email: 'hello@nimbus.in', phone: '+91 80' },
      recipient: { ...party, email: 'rohan@example.com', country: 'India' },
      placeOfSupply: { state: 'Karnataka', stateCode: '29' },
      taxType: null,
      pricesIncludeGst: true,
      ratePercent: 0,
      description: 'Production dashboard',
      lines: [
        {
          description: 'Dashboard build',
          sac: '998314',
          quantity: 1,
          ratePaise: 4_50_000_00,
          amountPaise: 4_50_000_00,
        },
      ],
      milestones: [
        { label: 'Deposit', share: '30%', listedPaise: 1_35_000_00, ...split(1_35_000_00) },
        { label: 'Beta', share: '40%', listedPaise: 1_80_000_00, ...split(1_80_000_00) },
        { label: 'Go-live', share: '30%', listedPaise: 1_35_000_00, ...split(1_35_000_00) },
      ],
      totals: split(4_50_000_00),
      amountInWords: 'Rupees Four Lakh Fifty Thousand Only',
      terms: 'Hosting is billed yearly.',
      reverseCharge: false,
      reference: { label: 'Quote QT/2026-27/0001' },
      note: 'This is a quote, not an invoice.',
    },
    progress: [
      { state: 'pending', invoice: null },
      { state: 'pending', invoice: null },
      { state: 'pending', invoice: null },
    ],
    acceptance: null,
    declined: null,
    changeRequests: [],
    revision: null,
    ...overrides,
  };
}

const source = { kind: 'link' as const, token: 'T' };

describe('the quote page', () => {
  it('when the customer types their name and agrees, then the quote is accepted for the version shown and the deposit shows with its Pay link', async () => {
    vi.mocked(getQuote).mockResolvedValueOnce(view());
    vi.mocked(acceptQuote).mockResolvedValue({
      status: 'Accepted',
      outcome: 'accepted',
      deposit: { number: 'PI/2026-27/0009', amountPaise: 1_35_000_00, payUrl: 'https://site/pay/P' },
    });
    vi.mocked(getQuote).mockResolvedValueOnce(
      view({
        status: 'Accepted',
        acceptance: { name: 'Rohan Mehta', at: '2026-06-02T05:00:00.000Z', version: 1 },
        progress: [
          { state: 'invoiced', invoice: { number: 'PI/2026-27/0009', amountPaise: 1_35_000_00, payUrl: '/pay/P' } },
          { state: 'pending', invoice: null },
          { state: 'pending', invoice: null },
        ],
      }),
    );
    render(<QuotePage source={source} />);

    const form = await screen.findByRole('form', { name: 'Accept the quote' });
    await userEvent.click(within(form).getByRole('button', { name: 'Accept the quote' }));
    expect(await within(form).findByText('Type your full name to accept the quote.')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Your full name' }), 'Rohan Mehta');
    await userEvent.click(within(form).getByRole('checkbox'));
    // A PO number the buyer's company raised goes with the acceptance (printed on each invoice).
    await userEvent.type(
      within(form).getByRole('textbox', { name: /Your purchase order \(PO\) number/ }),
      'PO/2026/118',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Accept the quote' }));

    expect(acceptQuote).toHaveBeenCalledWith(source, {
      name: 'Rohan Mehta',
      agree: true,
      version: 1,
      poNumber: 'PO/2026/118',
    });
    expect(await screen.findByText(/Accepted by Rohan Mehta on/)).toBeInTheDocument();
    // The answer's message outlives the answer forms, which an accepted quote no longer shows.
    expect(
      screen.getByText(
        'Thank you! The quote is accepted. The first invoice, PI/2026-27/0009 for ₹1,35,000, is below and in your email.',
      ),
    ).toBeInTheDocument();
    const deposit = screen.getByTestId('milestone-1');
    expect(within(deposit).getByRole('link', { name: 'Pay ₹1,35,000' })).toHaveAttribute('href', '/pay/P');
    expect(screen.queryByRole('form', { name: 'Accept the quote' })).not.toBeInTheDocument();
  });

  it('when the customer asks for changes, then their comment is sent and the quote stays open', async () => {
    vi.mocked(getQuote).mockResolvedValue(view());
    vi.mocked(askForChanges).mockResolvedValue({ status: 'Sent' });
    render(<QuotePage source={source} />);

    const form = await screen.findByRole('form', { name: 'Ask for changes' });
    await userEvent.type(within(form).getByRole('textbox'), 'Beta a month earlier?');
    await userEvent.click(within(form).getByRole('button', { name: 'Ask for changes' }));

    expect(askForChanges).toHaveBeenCalledWith(source, 'Beta a month earlier?');
    expect(await screen.findByText(/send you a revised quote/)).toBeInTheDocument();
  });

  it('when a quote was replaced, then it says so and links to the new version, with no way to answer', async () => {
    vi.mocked(getQuote).mockResolvedValue(view({ status: 'Withdrawn', revision: { version: 2, url: '/quote/NEW' } }));
    render(<QuotePage source={source} />);

    expect(await screen.findByRole('link', { name: 'Read version 2' })).toHaveAttribute('href', '/quote/NEW');
    expect(screen.queryByRole('form', { name: 'Accept the quote' })).not.toBeInTheDocument();
    expect(screen.getByTestId('quote-total')).toHaveTextContent('₹4,50,000');
  });
});
