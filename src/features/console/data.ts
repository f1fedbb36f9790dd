import { doc } from 'firebase/firestore';
import type { Holiday } from '@/domain/business-hours';
import { str, date, converter, readOnly } from '@/lib/converters';
import { db } from '@/lib/firestore';

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

/**
 * The company's holidays, as staff keep them in Support > Holidays (`settings/businessCalendar`,
 * written by the API); null until they save a list of their own (the default list applies).
 */
export const businessCalendarDoc = () =>
  doc(db, 'settings', 'businessCalendar').withConverter(
    converter<Holiday[] | null>(
      (_id, data) =>
        Array.isArray(data.holidays)
          ? (data.holidays as unknown[]).flatMap((entry) => {
              const holiday = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
              const day = str(holiday.date);
              return /^\d{4}-\d{2}-\d{2}$/.test(day) ? [{ date: day, name: str(holiday.name) }] : [];
            })
          : null,
      readOnly,
    ),
  );
