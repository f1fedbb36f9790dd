import { useId, useMemo, useState } from 'react';
import { IST_ZONE, dateInZone, dayInZone, isIndiaZone, timeInZone, zoneName } from '@/domain/bookings';
import { canonicalZone } from '@/domain/time-zones';

const DAYS_PER_PAGE = 7;

/** The visitor's own time zone (the browser's; India's under one name, IST_ZONE), IST when it cannot tell. */
export function visitorZone(): string {
  try {
    return canonicalZone(Intl.DateTimeFormat().resolvedOptions().timeZone || IST_ZONE);
  } catch {
    return IST_ZONE;
  }
}

/** '5:30 am BST · 10:00 am IST' (just IST for a visitor in India). */
export function bothTimes(startMs: number, zone: string): string {
  const ist = `${timeInZone(startMs, IST_ZONE)} IST`;
  return isIndiaZone(zone) ? ist : `${timeInZone(startMs, zone)} ${zoneName(startMs, zone)} · ${ist}`;
}

/** 'Mon 29 Mar 2027, 5:30 am BST (10:00 am IST)'. */
export function describeStart(startMs: number, zone: string): string {
  const ist = `${timeInZone(startMs, IST_ZONE)} IST`;
  return isIndiaZone(zone)
    ? `${dateInZone(startMs, zone)}, ${ist}`
    : `${dateInZone(startMs, zone)}, ${timeInZone(startMs, zone)} ${zoneName(startMs, zone)} (${ist})`;
}

interface SlotPickerProps {
  slots: string[];
  zone: string;
  value: string | null;
  onChange: (startAt: string) => void;
  /** Why the form cannot go yet ('Pick a time.'), shown with the times. */
  error?: string;
}

/**
 * Days with free times (in the visitor's zone, a week at a time), then that day's times, each in
 * the visitor's zone with IST beside it.
 */
export function SlotPicker({ slots, zone, value, onChange, error }: SlotPickerProps) {
  const errorId = useId();
  const days = useMemo(() => {
    const byDay = new Map<string, number[]>();
    for (const slot of slots) {
      const ms = Date.parse(slot);
      const day = dayInZone(ms, zone);
      byDay.set(day, [...(byDay.get(day) ?? []), ms]);
    }
    return [...byDay.entries()].map(([day, starts]) => ({ day, starts }));
  }, [slots, zone]);
  const [page, setPage] = useState(0);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const pages = Math.max(1, Math.ceil(days.length / DAYS_PER_PAGE));
  const shown = days.slice(page * DAYS_PER_PAGE, (page + 1) * DAYS_PER_PAGE);
  const active = shown.find((entry) => entry.day === chosenDay) ?? shown[0];

  if (days.length === 0) {
    return (
      <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
        No free times right now. Please call us or send a query.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Day</legend>
        <div className="mt-2 flex items-center gap-2">
          <button
            type="button"
            onClick={() => setPage((current) => Math.max(0, current - 1))}
            disabled={page === 0}
            aria-label="Earlier dates"
            className="grid size-10 shrink-0 place-items-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-40"
          >
            ‹
          </button>
          <ul className="grid flex-1 grid-cols-4 gap-1.5 sm:grid-cols-7">
            {shown.map((entry) => {
              const isActive = entry.day === active?.day;
              const first = entry.starts[0]!;
              const label = dateInZone(first, zone);
              const [weekday, dayNumber, month] = label.split(' ');
              return (
                <li key={entry.day}>
                  <button
                    type="button"
                    aria-pressed={isActive}
                    aria-label={label}
                    onClick={() => setChosenDay(entry.day)}
                    className={`w-full rounded-lg px-1 py-2 text-center text-sm leading-tight ring-1 ${
                      isActive
                        ? 'bg-brand-darker text-white ring-brand-darker'
                        : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
                    }`}
                  >
                    <span className="block text-xs">{weekday}</span>
                    <span className="block font-semibold">
                      {dayNumber} {month}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            onClick={() => setPage((current) => Math.min(pages - 1, current + 1))}
            disabled={page >= pages - 1}
            aria-label="Later dates"
            className="grid size-10 shrink-0 place-items-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-40"
          >
            ›
          </button>
        </div>
      </fieldset>
      {active && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">
            Time on {dateInZone(active.starts[0]!, zone)}
            {!isIndiaZone(zone) && <span className="font-normal text-slate-600"> (your time · India time)</span>}
          </legend>
          {error && (
            <p id={errorId} className="mt-1 text-sm text-red-700" data-testid="time-error">
              {error}
            </p>
          )}
          <ul className="mt-2 grid grid-cols-1 gap-1.5 sm:grid-cols-2">
            {active.starts.map((ms) => {
              const iso = new Date(ms).toISOString();
              const isChosen = value === iso;
              return (
                <li key={iso}>
                  <button
                    type="button"
                    aria-pressed={isChosen}
                    data-start={iso}
                    aria-describedby={error ? errorId : undefined}
                    onClick={() => onChange(iso)}
                    className={`w-full rounded-lg px-3 py-2 text-left text-sm ring-1 ${
                      isChosen
                        ? 'bg-brand-darker text-white ring-brand-darker'
                        : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
                    }`}
                  >
                    {bothTimes(ms, zone)}
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
