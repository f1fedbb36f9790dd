import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatInrWithPaise } from '@/domain/money';
import { buildStatement, payableNowPaise } from '@/domain/statement';
import { StatementPage } from '@/features/statements';
import { signedInr } from '@/features/statements/statement-view';
import { REGISTERED, renderApp } from '../../helpers/render-app';
import { generateLedger, snapshotOf } from '../../helpers/statement-ledgers';

const api = vi.hoisted(() => ({
  getStatement: vi.fn(),
  downloadStatement: vi.fn(),
  savePurchaseOrderRules: vi.fn(),
  mailStatement: vi.fn(),
  sitePath: (url: string) => new URL(url).pathname,
}));
vi.mock('@/features/statements/api', () => api);

/** A generated ledger's statement, as the API answers it (its open proformas with pay links). */
function viewOf(seed: number) {
  const generated = generateLedger(seed);
  const statement = buildStatement(generated.ledger, {
    from: generated.from,
    to: generated.to,
    bankRatePercent: generated.bankRatePercent,
  });
  const payUrls = Object.fromEntries(
    statement.openItems
      .filter((item) => item.payable)
      .map((item) => [item.key, `https://nimbusbespoke.in/pay/${'t'.repeat(31)}${item.key.length % 10}`]),
  );
  return {
    generated,
    statement,
    view: {
      snapshot: snapshotOf(generated, statement),
      payUrls,
      purchaseOrderRules: { requirePoNumber: false, vendorCode: '' },
    },
  };
}

beforeEach(() => vi.clearAllMocks());

describe('the statement page', () => {
  // The same generator as the 1,000-ledger property test: the page shows the computation's totals.
  it.each([3, 11, 42, 77, 150, 301, 512, 999])(
    'when the statement of generated ledger %i is shown, then its opening, debits, credits, closing, ageing, interest and amount to pay are the computation’s',
    async (seed) => {
      const { generated, statement, view } = viewOf(seed);
      api.getStatement.mockResolvedValue(view);

      renderApp(<StatementPage companyId="u1" initialRange={{ from: generated.from, to: generated.to }} />, {
        session: REGISTERED,
      });

      expect(await screen.findByTestId('statement-closing')).toHaveTextContent(signedInr(statement.closingPaise));
      expect(screen.getByTestId('statement-opening')).toHaveTextContent(signedInr(statement.openingPaise));
      expect(screen.getByTestId('statement-debits')).toHaveTextContent(formatInrWithPaise(statement.debitsPaise));
      expect(screen.getByTestId('statement-credits')).toHaveTextContent(formatInrWithPaise(statement.creditsPaise));
      for (const bucket of statement.ageing) {
        expect(screen.getByTestId(`ageing-${bucket.bucket}`)).toHaveTextContent(signedInr(bucket.amountPaise));
      }
      if (statement.interest) {
        expect(screen.getByTestId('statement-interest')).toHaveTextContent(
          formatInrWithPaise(statement.interest.totalPaise),
        );
      } else {
        expect(screen.queryByTestId('statement-interest')).toBeNull();
      }
      expect(screen.getByTestId('statement-due-now')).toHaveTextContent(formatInrWithPaise(payableNowPaise(statement)));
      expect(screen.queryAllByRole('link', { name: /^Pay now:/ })).toHaveLength(Object.keys(view.payUrls).length);
      expect(api.getStatement).toHaveBeenCalledWith('u1', { from: generated.from, to: generated.to });
      cleanup();
    },
  );

  it('when a bill is open, then Pay now opens its pay page on this site; a range ending after today is refused before asking', async () => {
    const { generated, view } = viewOf(42);
    api.getStatement.mockResolvedValue(view);
    const user = userEvent.setup();
    renderApp(<StatementPage companyId="u1" initialRange={{ from: generated.from, to: generated.to }} />, {
      session: REGISTERED,
    });

    const [pay] = await screen.findAllByRole('link', { name: /^Pay now:/ });
    expect(pay!.getAttribute('href')).toMatch(/^\/pay\/t{31}\d$/);
    await user.clear(screen.getByLabelText(/^To/));
    await user.type(screen.getByLabelText(/^To/), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Show statement' }));

    expect(screen.getByRole('alert')).toHaveTextContent('A statement cannot end after today.');
    expect(api.getStatement).toHaveBeenCalledTimes(1);
    expect(within(screen.getByRole('region', { name: 'Purchase orders' })).getByRole('checkbox')).not.toBeChecked();
  });
});
