import { doc, onSnapshot } from 'firebase/firestore';
import { str, date, converter, readOnly } from '@/lib/converters';
import { db } from '@/lib/firestore';

// The last run of each job that runs by itself, kept on its lease (written by the API). Read by
// the console's job pages (billing's reconciliation, renewals).
export interface JobRun {
  startedAt: Date | null;
  finishedAt: Date | null;
  trigger: string;
  ok: boolean;
  report: Record<string, number> | null;
  error: string | null;
}

/** A job's last run, kept on its lease (`leases/{name}`). */
export const leaseDoc = (name: string) =>
  doc(db, 'leases', name).withConverter(
    converter<JobRun | null>((_id, data) => {
      const run = (typeof data.lastRun === 'object' && data.lastRun !== null ? data.lastRun : null) as Record<
        string,
        unknown
      > | null;
      if (!run) return null;
      return {
        startedAt: date(run.startedAt),
        finishedAt: date(run.finishedAt),
        trigger: str(run.trigger),
        ok: run.ok !== false,
        report: (typeof run.report === 'object' && run.report !== null ? run.report : null) as Record<
          string,
          number
        > | null,
        error: str(run.error) || null,
      };
    }, readOnly),
  );

type OnError = (error: Error) => void;

export const subscribeToJobRun = (name: string, onData: (run: JobRun | null) => void, onError: OnError) =>
  onSnapshot(leaseDoc(name), (snapshot) => onData(snapshot.data() ?? null), onError);
