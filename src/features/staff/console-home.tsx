import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BarChart } from '@/components/bar-chart';
import { formatInr } from '@/domain/money';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import {
  countOf,
  lastMonths,
  newEnquiriesQuery,
  overdueInvoicesQuery,
  paymentExceptionsQuery,
  receivedInMonth,
  renewalsDueQuery,
} from './api';
import { ConsolePage, Panel } from './console-parts';
import { useConsoleLink } from './console-path';
import { Pipeline } from './pipeline';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

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
  const [totals, setTotals] = useState<Record<string, number> | 'error' | null>(null);
  useEffect(() => {
    let isActive = true;
    Promise.all(months.map(async (month) => [month, await receivedInMonth(month)] as const))
      .then((entries) => isActive && setTotals(Object.fromEntries(entries)))
      .catch((error: unknown) => {
        console.warn('Could not add up the payments.', error);
        if (isActive) setTotals('error');
      });
    return () => {
      isActive = false;
    };
    // The months change only at a month's turn; the page is reloaded long before.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  let body: ReactNode;
  if (totals === null) body = <p className="text-slate-600">Adding up the payments...</p>;
  else if (totals === 'error') body = <p role="alert">Could not add up the payments. Please reload the page.</p>;
  else {
    const thisMonth = months[months.length - 1]!;
    body = (
      <>
        <p className="text-slate-800">
          Received in {monthName(thisMonth)} (payments less refunds, GST included):{' '}
          <strong data-testid="home-revenue-month">{formatInr(totals[thisMonth] ?? 0)}</strong>
        </p>
        <BarChart
          caption="Received per month, last 12 months"
          bars={months.map((month) => ({
            label: MONTH_NAMES[Number(month.slice(5, 7)) - 1]!,
            description: `${monthName(month)}: ${formatInr(totals[month] ?? 0)}`,
            value: totals[month] ?? 0,
          }))}
        />
        <p className="text-sm text-slate-700">
          12-month total: {formatInr(months.reduce((sum, month) => sum + (totals[month] ?? 0), 0))}
        </p>
      </>
    );
  }
  return (
    <Panel id="home-revenue" title="Revenue">
      <div className="space-y-3">{body}</div>
    </Panel>
  );
}

/** The console's home (/admin): today's work at a glance, each figure linking to its list, and revenue. */
export function ConsoleHome() {
  return (
    <ConsolePage title="Today">
      <ul aria-label="Today's work" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {FIGURES.map((figure) => (
          <FigureCard key={figure.key} figure={figure} />
        ))}
      </ul>
      <Revenue />
      <Pipeline />
    </ConsolePage>
  );
}
