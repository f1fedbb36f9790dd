import { Link } from 'react-router';
import { IST_ZONE, bookingStatusLabel, timeInZone } from '@/domain/bookings';
import { DAY_MS, istMidnightMs } from '@/domain/ist';
import { LoadedPanel } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { useSubscription } from '@/lib/use-subscription';
import { bookingsBetween } from '../data';
import { liveRows } from './api';

/** The Today page's calls: today's consultations (IST), live, each linking to its enquiry. */
export function TodayCalls() {
  const to = useConsoleLink();
  const start = istMidnightMs(Date.now());
  const calls = useSubscription(`today-calls:${start}`, liveRows(bookingsBetween(start, start + DAY_MS)));
  return (
    <LoadedPanel
      id="home-calls"
      title="Today's calls"
      state={calls}
      loading="Loading today's calls..."
      failed="Could not load today's calls."
    >
      {(rows) =>
        rows.length === 0 ? (
          <p className="text-slate-700">No calls today.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Today's calls">
            {rows.map((call) => (
              <li key={call.id} className="flex flex-wrap items-baseline gap-x-3 py-2">
                <span className="font-semibold text-slate-900">
                  {call.startAt ? `${timeInZone(call.startAt.getTime(), IST_ZONE)} IST` : '—'}
                </span>
                <Link to={to('enquiries', call.enquiryId)} className="text-brand-darker underline">
                  {call.name}
                </Link>
                <span className="text-sm text-slate-600">
                  with {call.staffName} ·{' '}
                  {bookingStatusLabel(
                    call.status,
                    call.startAt?.getTime() ?? Infinity,
                    call.endAt?.getTime() ?? Infinity,
                    Date.now(),
                  )}
                </span>
              </li>
            ))}
          </ul>
        )
      }
    </LoadedPanel>
  );
}
