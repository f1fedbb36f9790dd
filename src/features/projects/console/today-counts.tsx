import { TodayCard } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { useLoad } from '@/lib/use-load';
import { getProjectsToday } from '../api';

/** The Today page's projects card: milestones waiting for the customer's sign-off, and deemed acceptances this week. */
export function ProjectsTodayCounts() {
  const [counts] = useLoad(getProjectsToday, 'today');
  const to = useConsoleLink();
  return (
    <TodayCard
      to={to('projects')}
      title="Projects"
      testId="home-projects"
      counts={counts}
      text={(data) => `Sign-offs waiting: ${data.signOffsWaiting} · Deemed accepted this week: ${data.deemedThisWeek}`}
      linkText="Open projects"
    />
  );
}
