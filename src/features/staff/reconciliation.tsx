import { Button } from '@/components/button';
import { FormMessage } from '@/components/form-field';
import { formatIstDateTime } from '@/domain/dates';
import type { JobRun } from '@/lib/firestore';
import { useSubscription } from '@/lib/use-subscription';
import { runReconciliation, subscribeToJobRun } from './api';
import { ConsolePage, Facts, Panel } from './console-parts';
import { useAction } from './use-action';

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
  const run = useSubscription<JobRun | null>('job:reconcile', (onData, onError) =>
    subscribeToJobRun('reconcile', onData, onError),
  );
  const { run: runNow, isBusy: isRunning, error } = useAction(runReconciliation);

  const last = run.data;
  return (
    <ConsolePage
      title="Reconciliation"
      actions={
        <Button onClick={() => void runNow()} disabled={isRunning}>
          {isRunning ? 'Running...' : 'Run now'}
        </Button>
      }
    >
      <p className="text-sm text-slate-700">
        Asks the payment gateway about orders and invoices still Pending 15 minutes after checkout, marks the paid ones
        Paid, and confirms refunds whose answer was lost.
      </p>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <Panel id="last-run" title="Last run">
        <div aria-live="polite">
          {run.status === 'loading' && <p className="text-slate-600">Loading...</p>}
          {run.status === 'error' && <p role="alert">Could not load the last run.</p>}
          {run.status === 'ready' && !last && <p className="text-slate-600">It has not run yet.</p>}
          {last && (
            <Facts
              items={[
                ['Finished', formatIstDateTime(last.finishedAt)],
                ['Started by', TRIGGER_LABELS[last.trigger] ?? last.trigger],
                ['Result', last.ok ? 'Completed' : `Failed: ${last.error ?? ''}`],
                ...Object.entries(last.report ?? {}).map(([key, value]): [string, string] => [
                  REPORT_LABELS[key] ?? key,
                  String(value),
                ]),
              ]}
            />
          )}
        </div>
      </Panel>
    </ConsolePage>
  );
}
