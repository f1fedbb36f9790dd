import { useRoutes } from 'react-router';
import { Holidays } from './holidays';
import { Queue } from './queue';
import { ReviewQueue } from './review-queue';
import { Report } from './sla-report';
import { StaffRequest } from './staff-request';
import { SubNav, useSupportBase } from './support-nav';

/** The review queue with the support area's navigation. */
function ReviewPage() {
  const base = useSupportBase();
  return <ReviewQueue base={base} nav={<SubNav />} />;
}

/** The console's Support area (/admin/support/*): queue, a request, the SLA report, holidays. */
export function SupportConsole() {
  return useRoutes([
    { index: true, element: <Queue /> },
    { path: 'review', element: <ReviewPage /> },
    { path: 'report', element: <Report /> },
    { path: 'holidays', element: <Holidays /> },
    { path: ':id', element: <StaffRequest /> },
  ]);
}
