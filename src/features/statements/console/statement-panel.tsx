import { useState } from 'react';
import { Button } from '@/components/button';
import { LoadFailed } from '@/components/load-failed';
import { MessageLine, Panel } from '@/components/console/console-parts';
import { saveDownload } from '@/lib/save-file';
import { useAction } from '@/lib/use-action';
import { formatInrWithPaise } from '@/domain/money';
import { defaultStatementRange } from '@/domain/statement';
import { useLoad } from '@/lib/use-load';
import { downloadStatement, getStatement, mailStatement, type StatementRange } from '../api';
import { PurchaseOrderRulesForm } from '../purchase-order-rules-form';
import { StatementRangeForm } from '../range-form';
import { AgeingTable, OpenBills, StatementFigures, StatementLines } from '../statement-view';

const newRequestId = () => crypto.randomUUID().replace(/-/g, '');

/**
 * A customer's statement of account on their console page: the same statement the customer sees
 * (the API computes it once), its PDF and CSV, mailing it to the customer, and the company's
 * purchase-order rules.
 */
export function StatementPanel({ companyId }: { companyId: string }) {
  const [range, setRange] = useState<StatementRange>(() => defaultStatementRange());
  const [loaded, retry] = useLoad(() => getStatement(companyId, range), `${companyId}:${range.from}:${range.to}`);
  // One request id per statement shown: pressing Mail twice (or retrying) sends one mail.
  const [requestId, setRequestId] = useState(newRequestId);
  const [mailed, setMailed] = useState<string | null>(null);
  const mail = useAction(async () => {
    const result = await mailStatement(companyId, range, requestId);
    setMailed(
      result.status === 'queued'
        ? `Statement mailed to the customer (closing balance ${formatInrWithPaise(result.closingPaise)}).`
        : 'This statement was mailed already.',
    );
  });
  const download = useAction(async (kind: 'pdf' | 'csv') => {
    const file = await downloadStatement(companyId, range, kind);
    saveDownload(file, `statement.${kind}`);
  });

  function show(next: StatementRange) {
    setRange(next);
    setRequestId(newRequestId());
    setMailed(null);
  }

  return (
    <Panel id="customer-statement" title="Statement of account">
      <div className="space-y-4">
        <StatementRangeForm range={range} onChange={show} />
        {loaded.status === 'loading' && <p className="text-slate-600">Loading statement...</p>}
        {loaded.status === 'error' && <LoadFailed error={loaded.error} onRetry={retry} />}
        {loaded.status === 'ready' && (
          <>
            <div className="grid gap-6 lg:grid-cols-2">
              <StatementFigures statement={loaded.data.snapshot.statement} />
              <AgeingTable statement={loaded.data.snapshot.statement} />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => void download.run('pdf')} disabled={download.isBusy}>
                Download PDF
              </Button>
              <Button variant="secondary" size="sm" onClick={() => void download.run('csv')} disabled={download.isBusy}>
                Download CSV
              </Button>
              <Button size="sm" onClick={() => void mail.run()} disabled={mail.isBusy || mailed !== null}>
                {mail.isBusy ? 'Mailing...' : 'Mail statement to the customer'}
              </Button>
            </div>
            <MessageLine text={download.error ?? mail.error} className="w-full" />
            <MessageLine text={mailed} tone="success" className="w-full" />
            <details>
              <summary className="cursor-pointer text-sm font-medium text-brand-darker">
                Open bills and movements
              </summary>
              <div className="mt-3 space-y-4">
                <OpenBills statement={loaded.data.snapshot.statement} />
                <StatementLines statement={loaded.data.snapshot.statement} />
              </div>
            </details>
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Purchase orders</h3>
              <div className="mt-2">
                <PurchaseOrderRulesForm companyId={companyId} rules={loaded.data.purchaseOrderRules} audience="staff" />
              </div>
            </div>
          </>
        )}
      </div>
    </Panel>
  );
}
