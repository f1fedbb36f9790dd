import { TodayCard } from '@/components/console/console-parts';
import { useLoad } from '@/lib/use-load';
import { getTodayCounts } from '../api';

/** The Today page's support card (and the queue's header): requests due today and overdue. */
export function SupportTodayCounts({ queueHref = '/admin/support' }: { queueHref?: string }) {
  const [counts] = useLoad(getTodayCounts, 'today');
  return (
    <TodayCard
      to={queueHref}
      title="Support requests"
      testId="home-support"
      counts={counts}
      text={(data) => `Due today: ${data.dueToday} · Overdue: ${data.overdue}`}
      linkText="Open the queue"
    />
  );
}
