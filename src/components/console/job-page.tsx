import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { FormMessage } from '@/components/form-field';
import { useSubscription, type SubscriptionState } from '@/lib/use-subscription';
import { subscribeToJobRun, type JobRun } from '@/records/job-runs';
import { useAction } from '@/lib/use-action';
import { ConsolePage } from './console-parts';

/**
 * The page of a job that runs by itself (reconciliation, renewals): what it does, a button to run
 * a pass now (its failure said under the words), then `children` given the job's last run, live.
 */
export function JobPage({
  title,
  job,
  runLabel,
  onRun,
  about,
  children,
}: {
  title: string;
  /** The job's name, as its last run is stored (jobs/lease.ts). */
  job: string;
  runLabel: string;
  onRun: () => Promise<unknown>;
  about: ReactNode;
  children: (run: SubscriptionState<JobRun | null>) => ReactNode;
}) {
  const run = useSubscription<JobRun | null>(`job:${job}`, (onData, onError) =>
    subscribeToJobRun(job, onData, onError),
  );
  const { run: runNow, isBusy: isRunning, error } = useAction(onRun);
  return (
    <ConsolePage
      title={title}
      actions={
        <Button onClick={() => void runNow()} disabled={isRunning}>
          {isRunning ? 'Running...' : runLabel}
        </Button>
      }
    >
      <p className="text-sm text-slate-700">{about}</p>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {children(run)}
    </ConsolePage>
  );
}
