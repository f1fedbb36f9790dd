import { Link } from 'react-router';
import { BarChart } from '@/components/bar-chart';
import { formatInr } from '@/domain/money';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import { countOf } from './api';
import { HolidayListNotice } from './holiday-notice';
import { lastMonths } from '@/components/console/month-chart';
import { newEnquiriesQuery } from '@/features/enquiries';
import { overdueInvoicesQuery, paymentExceptionsQuery, receivedInMonth } from '@/features/billing';
import { renewalsDueQuery } from '@/features/renewals';
import { ConsolePage, LoadedPanel } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { figuresOf, monthBars, monthName, totalOf } from '@/components/console/month-chart';
import { Pipeline } from '@/features/quotes';
import { taxSettings } from '@/lib/tax-settings';
import { ProjectsTodayCounts } from '@/features/projects';
import { SupportTodayCounts } from '@/features/support';
import { TodayCalls } from '@/features/bookings';
import { TurnoverWatch } from '@/features/documents';
import { Suspense } from 'react';

/** One of today's figures: what it counts, how many, and the list it opens. */
interface Figure {
  key: string;
  label: string;
  count: () => Promise<number>;
  /** Where the list is: console path parts and a query string. */
  to: [path: string, search?: string];
  /** Said when the count is 0. */
  none: string;
}

/** Today's work at a glance, in the order staff act on it. Each is counted by the database. */
const FIGURES: Figure[] = [
  {
    key: 'enquiries',
    label: 'New enquiries',
    count: () => countOf(newEnquiriesQuery()),
    to: ['inbox', 'status=New'],
    none: 'No new enquiries.',
  },
  {
    key: 'overdue',
    label: 'Invoices overdue',
    count: () => countOf(overdueInvoicesQuery()),
    to: ['invoices', 'view=overdue'],
    none: 'Nothing overdue.',
  },
  {
    key: 'exceptions',
    label: 'Payments needing a person',
    count: () => countOf(paymentExceptionsQuery()),
    to: ['payments', 'view=exceptions'],
    none: 'No payment needs a look.',
  },
  {
    key: 'renewals',
    label: 'Renewals due',
    count: () => countOf(renewalsDueQuery()),
    to: ['renewals'],
    none: 'No renewal awaits payment.',
  },
];

function FigureCard({ figure }: { figure: Figure }) {
  const to = useConsoleLink();
  const count = useSubscription(`home:${figure.key}`, loadOnce(figure.count));
  const [path, search] = figure.to;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Link to={`${to(path)}${search ? `?${search}` : ''}`} className="block rounded-lg focus-visible:outline-2">
        <span className="block text-sm font-semibold text-slate-700">{figure.label}</span>
        <span className="mt-1 block text-3xl font-bold text-slate-900" data-testid={`home-${figure.key}`}>
          {count.status === 'ready' ? count.data : count.status === 'error' ? '—' : '…'}
        </span>
        <span className="mt-1 block text-sm text-brand-darker underline">
          {count.status === 'ready' && count.data === 0 ? figure.none : 'Open the list'}
        </span>
      </Link>
    </li>
  );
}

/** What customers paid per month over the last 12 months, and this month's figure. */
function Revenue() {
  const months = lastMonths(12);
  const figures = useSubscription(
    'home:revenue',
    loadOnce(() => figuresOf(months, receivedInMonth)),
  );
  return (
    <LoadedPanel
      id="home-revenue"
      title="Revenue"
      state={figures}
      loading="Adding up the payments..."
      failed="Could not add up the payments. Please reload the page."
    >
      {(received) => {
        const [thisMonth, thisMonthPaise] = received[received.length - 1]!;
        return (
          <>
            <p className="text-slate-800">
              Received in {monthName(thisMonth)} (payments less refunds{taxSettings.registered && ', GST included'}):{' '}
              <strong data-testid="home-revenue-month">{formatInr(thisMonthPaise)}</strong>
            </p>
            <BarChart caption="Received per month, last 12 months" bars={monthBars(received)} />
            <p className="text-sm text-slate-700">12-month total: {formatInr(totalOf(received))}</p>
          </>
        );
      }}
    </LoadedPanel>
  );
}

/** The console's home (/admin): today's work at a glance, each figure linking to its list, and revenue. */
export function ConsoleHome() {
  return (
    <ConsolePage title="Today">
      <HolidayListNotice />
      <ul aria-label="Today's work" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {FIGURES.map((figure) => (
          <FigureCard key={figure.key} figure={figure} />
        ))}
        <li>
          <SupportTodayCounts />
        </li>
        <li>
          <ProjectsTodayCounts />
        </li>
      </ul>
      <Suspense fallback={<p className="text-slate-600">Loading today's calls...</p>}>
        <TodayCalls />
      </Suspense>
      <Revenue />
      <TurnoverWatch />
      <Pipeline />
    </ConsolePage>
  );
}
