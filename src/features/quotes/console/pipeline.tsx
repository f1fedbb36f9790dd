import { Link } from 'react-router';
import { BarChart } from '@/components/bar-chart';
import { formatInr } from '@/domain/money';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import { lastMonths } from '@/components/console/month-chart';
import { FUNNEL_DAYS, pipelineFunnel, quoteRevenueInMonth, type Funnel } from './api';
import { LoadedPanel } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { figuresOf, monthBars, totalOf } from '@/components/console/month-chart';
import { taxSettings } from '@/lib/tax-settings';

const STAGES: Array<{ key: keyof Funnel; label: string; to?: [string, string?] }> = [
  { key: 'enquiries', label: 'Enquiries', to: ['inbox'] },
  { key: 'quoteRequests', label: 'Quote requests', to: ['inbox'] },
  { key: 'quotesSent', label: 'Quotes sent', to: ['quotes', 'status=Sent'] },
  { key: 'accepted', label: 'Accepted', to: ['quotes', 'status=Accepted'] },
  { key: 'paid', label: 'Deposit paid' },
];

/**
 * How a stage compares with the one before: its share as a whole percentage. A stage can count
 * more than the one before (a quote sent before the window but accepted in it): that is no
 * conversion, so it says so instead of printing '467%'.
 */
function comparedWithBefore(count: number, before: number): string {
  if (before === 0) return count > 0 ? 'Includes some from before these days' : 'None at the stage before';
  if (count > before) return `${before} at the stage before: includes some from earlier`;
  return `${Math.round((count / before) * 100)}% of the stage before`;
}

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
  return (
    <LoadedPanel
      id="home-pipeline"
      title={`Pipeline, last ${FUNNEL_DAYS} days`}
      state={funnel}
      loading="Counting..."
      failed="Could not count the pipeline. Please reload the page."
    >
      {(figures) => (
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
                  <span className="block text-xs text-slate-600">{comparedWithBefore(count, previous)}</span>
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
      )}
    </LoadedPanel>
  );
}

/** What quotes' milestone invoices brought in per month, over the last 6 months (a chart and the figures). */
function QuoteRevenue() {
  const months = lastMonths(6);
  const figures = useSubscription(
    'home:quote-revenue',
    loadOnce(() => figuresOf(months, quoteRevenueInMonth)),
  );
  return (
    <LoadedPanel
      id="home-quote-revenue"
      title="Revenue from quotes by month"
      state={figures}
      loading="Adding up the quote payments..."
      failed="Could not add up the quote payments. Please reload the page."
    >
      {(paid) => (
        <>
          <BarChart
            caption={`Paid on quotes' milestone invoices per month, last 6 months${taxSettings.registered ? ' (GST included)' : ''}`}
            bars={monthBars(paid)}
          />
          <p className="text-sm text-slate-700" data-testid="quote-revenue-total">
            6-month total: {formatInr(totalOf(paid))}
          </p>
        </>
      )}
    </LoadedPanel>
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
