import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { E_INVOICE_THRESHOLD_PAISE, type Turnover } from '@/domain/turnover';
import { TurnoverWatch } from '@/features/documents/console/turnover-watch';
import { renderApp } from '../../helpers/render-app';

// The seam: the documents feature's only HTTP module.
const api = vi.hoisted(() => ({ getTurnover: vi.fn() }));
vi.mock('@/features/documents/console/api', () => api);
// The seller's registration is compiled in (lib/tax-settings.ts): registered unless a case says not.
const tax = vi.hoisted(() => ({ taxSettings: { registered: true, ratePercent: 18, pricesIncludeGst: true } }));
vi.mock('@/lib/tax-settings', () => tax);

const LEVEL = 4_00_00_000_00;
const turnover = (taxablePaise: number): Turnover => ({
  financialYear: '2026-27',
  taxablePaise,
  invoicesPaise: taxablePaise + 1_00_000_00,
  creditNotesPaise: 1_00_000_00,
  warningLevelPaise: LEVEL,
  thresholdPaise: E_INVOICE_THRESHOLD_PAISE,
});

beforeEach(() => {
  vi.clearAllMocks();
  tax.taxSettings.registered = true;
  // 23:59 IST on 31 March 2027 (18:29 UTC): still the financial year 2026-27 in India.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-31T18:29:00Z'));
});
afterEach(() => vi.useRealTimers());

describe("TurnoverWatch (the console's Today page)", () => {
  it("when the year's turnover is a paisa below the set level, then Today shows it without a warning", async () => {
    api.getTurnover.mockResolvedValue(turnover(LEVEL - 1));
    renderApp(<TurnoverWatch />);

    expect(await screen.findByTestId('home-turnover')).toHaveTextContent('₹3,99,99,999.99');
    expect(screen.getByRole('heading', { name: 'Turnover and e-invoicing' })).toBeInTheDocument();
    expect(api.getTurnover).toHaveBeenCalledWith('2026-27');
    expect(
      screen.getByText(/Turnover in 2026-27 \(taxable value of tax invoices less credit notes\)/),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('home-turnover-warning')).not.toBeInTheDocument();
  });

  it('when the turnover is at the set level, then Today warns that e-invoicing becomes mandatory past ₹5 crore', async () => {
    api.getTurnover.mockResolvedValue(turnover(LEVEL));
    renderApp(<TurnoverWatch />);

    expect(await screen.findByTestId('home-turnover')).toHaveTextContent('₹4,00,00,000');
    expect(screen.getByRole('note')).toHaveTextContent(
      /^E-invoicing: This year's turnover has reached ₹4,00,00,000\. Once a financial year's aggregate turnover passes ₹5,00,00,000, e-invoicing is mandatory from the next 1 April/,
    );
  });

  it('when the turnover has passed ₹5 crore, then Today says e-invoicing is mandatory from the next financial year', async () => {
    api.getTurnover.mockResolvedValue(turnover(E_INVOICE_THRESHOLD_PAISE + 50_00));
    renderApp(<TurnoverWatch />);

    expect(await screen.findByRole('note')).toHaveTextContent(/e-invoicing is mandatory from 1 April 2027/);
    expect(screen.getByTestId('home-turnover')).toHaveTextContent('₹5,00,00,050');
  });

  it('when the turnover cannot be read, then Today says so and asks for a reload', async () => {
    api.getTurnover.mockRejectedValue(new Error('Network down'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp(<TurnoverWatch />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Could not add up this year's turnover. Please reload the page.",
    );
  });

  it('when the seller is not registered for GST, then there is no turnover to watch and nothing is asked for', () => {
    tax.taxSettings.registered = false;
    renderApp(<TurnoverWatch />);

    expect(screen.queryByRole('heading', { name: 'Turnover and e-invoicing' })).not.toBeInTheDocument();
    expect(api.getTurnover).not.toHaveBeenCalled();
  });
});
