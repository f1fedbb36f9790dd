import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { LoadFailed } from '@/components/load-failed';
import { FormMessage } from '@/components/form-field';
import { Panel } from '@/components/panel';
import { formatDay } from '@/domain/dates';
import { formatInrWithPaise } from '@/domain/money';
import { useCompany } from '@/lib/company-session';
import { saveDownload } from '@/lib/save-file';
import { useLoad } from '@/lib/use-load';
import { downloadStatement, getStatement, sitePath, type StatementRange, type StatementView } from './api';
import { PurchaseOrderRulesForm } from './purchase-order-rules-form';
import { StatementRangeForm } from './range-form';
import { AgeingTable, dueNowPaise, OpenBills, StatementFigures, StatementLines } from './statement-view';

/**
 * The company's statement of account (/statement), for its accounts clerk: what is owed and since
 * when, each open bill with Pay now (its pay link), the ageing, every movement of the period, the
 * PDF and CSV of the same figures, and the company's purchase-order rules.
 */
export function StatementPage({
  companyId,
  initialRange,
  heading,
}: {
  companyId: string;
  initialRange: StatementRange;
  /** Above the title: whose statement it is, for someone in more than one company (composed by the app). */
  heading?: ReactNode;
}) {
  const [range, setRange] = useState(initialRange);
  const [loaded, retry] = useLoad(() => getStatement(companyId, range), `${companyId}:${range.from}:${range.to}`);

  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      {heading}
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Statement of account</h1>
        <p className="text-slate-700">
          Every bill, payment, TDS deduction, credit note and refund between two days, with what is still open.
        </p>
      </div>
      <StatementRangeForm range={range} onChange={setRange} />
      {loaded.status === 'loading' && <p className="text-slate-700">Loading statement...</p>}
      {loaded.status === 'error' && <LoadFailed error={loaded.error} onRetry={retry} />}
      {loaded.status === 'ready' && <LoadedStatement companyId={companyId} range={range} view={loaded.data} />}
    </section>
  );
}

function LoadedStatement({
  companyId,
  range,
  view,
}: {
  companyId: string;
  range: StatementRange;
  view: StatementView;
}) {
  const { snapshot, payUrls } = view;
  const { statement } = snapshot;
  const company = useCompany();
  const canPay = company.can('pay');
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const dueNow = dueNowPaise(snapshot);

  async function download(kind: 'pdf' | 'csv') {
    setDownloadError(null);
    try {
      const file = await downloadStatement(companyId, range, kind);
      saveDownload(file, `statement.${kind}`);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <>
      <Panel titleId="statement-balance" title={snapshot.recipient.name}>
        <p className="mt-1 text-sm text-slate-700">
          {formatDay(statement.from)} to {formatDay(statement.to)}
          {snapshot.vendorCode ? ` · Our vendor code with you: ${snapshot.vendorCode}` : ''}
        </p>
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <StatementFigures statement={statement} />
          <div className="space-y-3">
            <p className="text-sm text-slate-700">Open bills to pay now</p>
            <p className="text-3xl font-bold tabular-nums text-slate-900" data-testid="statement-due-now">
              {formatInrWithPaise(dueNow)}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => void download('pdf')}>
                Download PDF
              </Button>
              <Button variant="secondary" size="sm" onClick={() => void download('csv')}>
                Download CSV
              </Button>
            </div>
            {downloadError && <FormMessage tone="error">{downloadError}</FormMessage>}
          </div>
        </div>
      </Panel>

      <Panel titleId="statement-open" title="Open bills">
        {!canPay && <p className="mt-1 text-sm text-slate-700">{company.refusal('pay')}</p>}
        <div className="mt-2">
          <OpenBills
            statement={statement}
            action={(item) =>
              canPay && payUrls[item.key] ? (
                <Link
                  to={sitePath(payUrls[item.key]!)}
                  className={buttonClasses('primary', 'sm')}
                  aria-label={`Pay now: ${item.label}, ${formatInrWithPaise(item.openPaise)}`}
                >
                  Pay now
                </Link>
              ) : null
            }
          />
        </div>
      </Panel>

      <Panel titleId="statement-ageing" title="Ageing of what is open">
        <div className="mt-2">
          <AgeingTable statement={statement} />
        </div>
      </Panel>

      <Panel titleId="statement-lines" title="Movements">
        <div className="mt-2">
          <StatementLines statement={statement} />
        </div>
      </Panel>

      {snapshot.msme && (
        <Panel titleId="statement-msme" title="Payment terms (MSMED Act, 2006)">
          <div className="mt-2 space-y-2 text-sm text-slate-800">
            {snapshot.msme.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </Panel>
      )}

      <Panel titleId="statement-po" title="Purchase orders">
        <div className="mt-3">
          {company.can('managePurchaseOrders') ? (
            <PurchaseOrderRulesForm companyId={companyId} rules={view.purchaseOrderRules} />
          ) : (
            <PurchaseOrderRulesView rules={view.purchaseOrderRules} refusal={company.refusal('managePurchaseOrders')} />
          )}
        </div>
      </Panel>
    </>
  );
}

/** The purchase-order rules as a member who may not change them reads them. */
function PurchaseOrderRulesView({ rules, refusal }: { rules: StatementView['purchaseOrderRules']; refusal: string }) {
  return (
    <div className="space-y-1 text-sm text-slate-800">
      <p>
        {rules.requirePoNumber
          ? 'Every bill must quote a purchase order number before it is paid.'
          : 'Bills need no purchase order number.'}
      </p>
      {rules.vendorCode && <p>Our vendor code with you: {rules.vendorCode}</p>}
      <p className="text-slate-700">{refusal}</p>
    </div>
  );
}
