import { LoadedPanel } from '@/components/console/console-parts';
import { financialYearOf } from '@/domain/document-number';
import { formatInr } from '@/domain/money';
import { turnoverWarning } from '@/domain/turnover';
import { taxSettings } from '@/lib/tax-settings';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import { getTurnover } from './api';

/**
 * The Today page's turnover watch: this financial year's (India, April to March) taxable value of
 * tax invoices less credit notes, and from the set level (TURNOVER_WARNING_RUPEES) the warning that
 * e-invoicing becomes mandatory once a year passes ₹5 crore. Only a seller registered for GST
 * issues tax invoices and e-invoices: without a GSTIN there is nothing to watch.
 */
export function TurnoverWatch() {
  return taxSettings.registered ? <YearTurnover /> : null;
}

function YearTurnover() {
  const year = financialYearOf(Date.now());
  const turnover = useSubscription(
    `home:turnover:${year}`,
    loadOnce(() => getTurnover(year)),
  );
  return (
    <LoadedPanel
      id="home-turnover"
      title="Turnover and e-invoicing"
      state={turnover}
      loading="Adding up this year's tax invoices..."
      failed="Could not add up this year's turnover. Please reload the page."
    >
      {(figure) => {
        const warning = turnoverWarning(figure);
        return (
          <>
            <p className="text-slate-800">
              Turnover in {figure.financialYear} (taxable value of tax invoices less credit notes):{' '}
              <strong data-testid="home-turnover">{formatInr(figure.taxablePaise)}</strong>
            </p>
            <p className="text-sm text-slate-700">
              E-invoicing becomes mandatory once a year passes {formatInr(figure.thresholdPaise)}; this page warns from{' '}
              {formatInr(figure.warningLevelPaise)}.
            </p>
            {warning && (
              <p
                role="note"
                data-testid="home-turnover-warning"
                className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              >
                <strong>E-invoicing: </strong>
                {warning}
              </p>
            )}
          </>
        );
      }}
    </LoadedPanel>
  );
}
