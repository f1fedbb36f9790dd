import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BarChart } from '@/components/bar-chart';
import { formatInr } from '@/domain/money';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import { lastMonths } from './api';
import { FUNNEL_DAYS, pipelineFunnel, quoteRevenueInMonth, type Funnel } from './api/quotes';
import { Panel } from './console-parts';
import { useConsoleLink } from './console-path';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

const STAGES: Array<{ key: keyof Funnel; label: string; to?: [string, string?] }> = [
  { key: 'enquiries', label: 'Enquiries', to: ['inbox'] },
  { key: 'quoteRequests', label: 'Quote requests', to: ['inbox'] },
  { key: 'quotesSent', label: 'Quotes sent', to: ['quotes', 'status=Sent'] },
  { key: 'accepted', label: 'Accepted', to: ['quotes', 'status=Accepted'] },
  { key: 'paid', label: 'Deposit paid' },
];

/** 'n of the stage before', as a whole percentage; '—' when the stage before had none. */
const rate = (count: number, before: number) => (before > 0 ? `${Math.round((count / before) * 100)}%` : '—');

/**
 * The sales pipeline of the last 90 days, each stage counted by the database: enquiries, quote
 * requests among them, quotes sent, accepted, and deposits paid, each with its conversion from the
 * stage before. Stages count what happened in the window, so a quote sent before it but accepted
 * in it counts as accepted only: a rate can pass 100%.
 */
function FunnelPanel() {
  const to = useConsoleLink();
  const funnel = useSubscription(
    'home:funnel',
    loadOnce(() => pipelineFunnel()),
  );
  let body: ReactNode;
  if (funnel.status === 'loading') body = <p className="text-slate-600">Counting...</p>;
  else if (funnel.status === 'error') body = <p role="alert">Could not count the pipeline. Please reload the page.</p>;
  else {
    const figures = funnel.data;
    body = (
      <ol aria-label="Pipeline stages" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {STAGES.map((stage, index) => {
          const count = figures[stage.key];
          const previous = index > 0 ? figures[STAGES[index - 1]!.key] : null;
          const [path, search] = stage.to ?? [];
          return (
            <li key={stage.key} className="rounded-lg bg-slate-50 p-3">
              <span className="block text-sm font-semibold text-slate-700">{stage.label}</span>
              <span className="block text-2xl font-bold text-slate-900" data-testid={`funnel-${stage.key}`}>
                {count}
              </span>
              {previous !== null && (
                <span className="block text-xs text-slate-600">{rate(count, previous)} of the stage before</span>
              )}
              {path && (
                <Link to={`${to(path)}${search ? `?${search}` : ''}`} className="text-xs text-brand-darker underline">
                  Open
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    );
  }
  return (
    <Panel id="home-pipeline" title={`Pipeline, last ${FUNNEL_DAYS} days`}>
      {body}
    </Panel>
  );
}

/** What quotes' milestone invoices brought in per month, over the last 6 months (a chart and the figures). */
function QuoteRevenue() {
  const months = lastMonths(6);
  const [totals, setTotals] = useState<Record<string, number> | 'error' | null>(null);
  useEffect(() => {
    let isActive = true;
    Promise.all(months.map(async (month) => [month, await quoteRevenueInMonth(month)] as const))
      .then((entries) => isActive && setTotals(Object.fromEntries(entries)))
      .catch((error: unknown) => {
        console.warn('Could not add up the quote payments.', error);
        if (isActive) setTotals('error');
      });
    return () => {
      isActive = false;
    };
    // The months change only at a month's turn; the page is reloaded long before.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  let body: ReactNode;
  if (totals === null) body = <p className="text-slate-600">Adding up the quote payments...</p>;
  else if (totals === 'error') body = <p role="alert">Could not add up the quote payments. Please reload the page.</p>;
  else {
    body = (
      <>
        <BarChart
          caption="Paid on quotes' milestone invoices per month, last 6 months (GST included)"
          bars={months.map((month) => ({
            label: MONTH_NAMES[Number(month.slice(5, 7)) - 1]!,
            description: `${monthName(month)}: ${formatInr(totals[month] ?? 0)}`,
            value: totals[month] ?? 0,
          }))}
        />
        <p className="text-sm text-slate-700" data-testid="quote-revenue-total">
          6-month total: {formatInr(months.reduce((sum, month) => sum + (totals[month] ?? 0), 0))}
        </p>
      </>
    );
  }
  return (
    <Panel id="home-quote-revenue" title="Revenue from quotes by month">
      <div className="space-y-3">{body}</div>
    </Panel>
  );
}

/** The console home's pipeline: the 90-day funnel and quotes' revenue by month. */
export function Pipeline() {
  return (
    <>
      <FunnelPanel />
      <QuoteRevenue />
    </>
  );
}
