import { Link } from 'react-router';
import { useConsoleLink } from '@/components/console/console-path';
import { formatAge } from '@/domain/business-hours';
import { useLoad } from '@/lib/use-load';
import { getTodayCounts } from '../api';

/**
 * The Today page's support card (and the queue's header): New requests nobody has answered yet
 * (out-of-plan ones have no due time, so "due" alone never counts them), the oldest of them listed;
 * requests due today and overdue; and the mails waiting for review.
 */
export function SupportTodayCounts() {
  const [counts] = useLoad(getTodayCounts, 'today');
  const to = useConsoleLink();
  const now = Date.now();
  return (
    <section
      aria-labelledby="support-today"
      className="h-full rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
    >
      <h2 id="support-today" className="font-semibold text-slate-700">
        Support requests
      </h2>
      {counts.status !== 'ready' ? (
        <p className="mt-1 text-slate-900" data-testid="home-support">
          {counts.status === 'error' ? '—' : '…'}
        </p>
      ) : (
        <>
          <p className="mt-1 text-base text-slate-900" data-testid="home-support">
            New, not answered yet: <strong>{counts.data.untouched}</strong> · Due today: {counts.data.dueToday} ·
            Overdue: {counts.data.overdue}
          </p>
          {counts.data.oldestUntouched.length > 0 && (
            <ul aria-label="Oldest unanswered requests" className="mt-2 space-y-1">
              {counts.data.oldestUntouched.map((request) => (
                <li key={request.id} className="wraps-anywhere">
                  <Link className="text-brand-darker underline" to={to('support', request.id)}>
                    {request.reference}: {request.subject}
                  </Link>{' '}
                  <span className="text-slate-700">
                    · {request.customerName ?? 'Customer'} · waiting {formatAge(request.createdAt, now)}
                    {request.isOutOfPlan ? ' · out of plan' : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-slate-900" data-testid="home-support-review">
            Mail waiting for review: <strong>{counts.data.waitingForReview}</strong>
          </p>
        </>
      )}
      <p className="mt-2 flex flex-wrap gap-x-4">
        <Link className="text-brand-darker underline" to={`${to('support')}?status=New`}>
          Open the New requests
        </Link>
        <Link className="text-brand-darker underline" to={to('support', 'review')}>
          Review the mail
        </Link>
      </p>
    </section>
  );
}
