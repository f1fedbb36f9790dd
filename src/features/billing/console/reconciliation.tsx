import { formatIstDateTime } from '@/domain/dates';
import { runReconciliation } from './api';
import { Facts, Panel } from '@/components/console/console-parts';
import { JobPage } from '@/components/console/job-page';

const REPORT_LABELS: Record<string, string> = {
  checked: 'Pending payments checked',
  paid: 'Found paid and marked Paid',
  failed: 'Could not be checked',
  refundsChecked: 'Unconfirmed refunds checked',
  refundsSettled: 'Refunds confirmed',
};

/** Who started a pass (jobs/lease.ts `LastRun.trigger`); who pressed 'Run now' is in the audit log. */
const TRIGGER_LABELS: Record<string, string> = {
  timer: 'The API (every interval)',
  scheduler: 'Cloud Scheduler',
  manual: "Staff ('Run now')",
};

/** When reconciliation last ran and what it found, and 'Run now'. */
export function ReconciliationPage() {
  return (
    <JobPage
      title="Reconciliation"
      job="reconcile"
      runLabel="Run now"
      onRun={runReconciliation}
      about="Asks the payment gateway about orders and invoices still Pending 15 minutes after checkout, marks the paid ones Paid, and confirms refunds whose answer was lost."
    >
      {(run) => (
        <Panel id="last-run" title="Last run">
          <div aria-live="polite">
            {run.status === 'loading' && <p className="text-slate-600">Loading...</p>}
            {run.status === 'error' && <p role="alert">Could not load the last run.</p>}
            {run.status === 'ready' && !run.data && <p className="text-slate-600">It has not run yet.</p>}
            {run.data && (
              <Facts
                items={[
                  ['Finished', formatIstDateTime(run.data.finishedAt)],
                  ['Started by', TRIGGER_LABELS[run.data.trigger] ?? run.data.trigger],
                  ['Result', run.data.ok ? 'Completed' : `Failed: ${run.data.error ?? ''}`],
                  ...Object.entries(run.data.report ?? {}).map(([key, value]): [string, string] => [
                    REPORT_LABELS[key] ?? key,
                    String(value),
                  ]),
                ]}
              />
            )}
          </div>
        </Panel>
      )}
    </JobPage>
  );
}
