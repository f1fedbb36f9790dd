import { Link } from 'react-router';
import { useConsoleLink } from '@/components/console/console-path';
import { holidayListWarning } from '@/domain/business-hours';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import { getCompanyHolidays } from './api';

/**
 * A warning while the company's holiday list runs out within 60 days (or has): past its last year
 * SLA clocks, sign-off periods and bookings count every holiday as a business day. Nothing otherwise.
 */
export function HolidayListNotice({ nowMs }: { nowMs?: number }) {
  const to = useConsoleLink();
  const holidays = useSubscription('home:holidays', loadOnce(getCompanyHolidays));
  if (holidays.status !== 'ready') return null;
  const warning = holidayListWarning(holidays.data, nowMs ?? Date.now());
  if (!warning) return null;
  return (
    <div
      role="alert"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="home-holidays"
    >
      <p className="font-semibold">{warning.message}</p>
      <Link to={to('support', 'holidays')} className="mt-1 inline-block text-brand-darker underline">
        Edit the holidays
      </Link>
    </div>
  );
}
