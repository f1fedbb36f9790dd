import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { BarChart } from '@/components/bar-chart';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormMessage } from '@/components/form-field';
import { PagedRows } from '@/components/paged-rows';
import { StatusBadge } from '@/components/status-badge';
import { formatIstDateTime } from '@/domain/dates';
import { AMOUNT_FORMAT_MESSAGE, formatInr, paiseToRupeeText, rupeeTextToPaise } from '@/domain/money';
import { formatDay, RENEWAL_DEFAULTS, SERVICE_STATUS } from '@/domain/renewals';
import type { Service } from '../data';
import { usePagedList } from '@/lib/paged-list';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import {
  cancelService,
  customerUidsMatching,
  reinstateService,
  renewalForecast,
  renewalsQuery,
  RENEWALS_DUE_WITHIN_DAYS,
  runRenewals,
  updateService,
  type RenewalsView,
} from './api';
import { Facts, FilterInput, FilterSelect, LoadedPanel } from '@/components/console/console-parts';
import { searchKey } from '@/components/console/searched-rows';
import { useCustomer } from '@/records/use-customer';
import { useConsoleLink, useViewParam } from '@/components/console/console-path';
import { useTextState } from '@/components/console/field-state';
import { JobPage } from '@/components/console/job-page';
import { monthBars, totalOf, type MonthFigure } from '@/components/console/month-chart';
import { useAction } from '@/lib/use-action';

const VIEWS: Array<[RenewalsView, string]> = [
  ['due', `Due in the next ${RENEWALS_DUE_WITHIN_DAYS} days`],
  ['overdue', 'Overdue (unpaid after the renewal date)'],
  ['lapsed', 'Lapsed (unpaid after the grace period)'],
  ['cancelled', 'Cancelled (not renewing)'],
];

const REPORT_LABELS: Record<string, string> = {
  checked: 'Services looked at',
  issued: 'Renewal invoices issued',
  reminded: 'Reminders sent',
  lapsed: 'Lapsed',
  replaced: 'Cancelled invoices issued afresh',
  failed: 'Failed (retried next run)',
};

const serviceName = (service: Service) =>
  service.category ? `${service.category} – ${service.planName}` : service.planName;

/**
 * Yearly maintenance across customers: the renewals due soon, overdue, lapsed and cancelled; a
 * service's renewal date and fee changed, or the service cancelled or reinstated (each an audited
 * API call); the renewals job run now; and the 12-month forecast of renewal revenue.
 */
export function RenewalsPage() {
  const [view, setView] = useViewParam(VIEWS, 'view', 'due');
  const [search, setSearch] = useState('');
  const words = searchKey(search);
  // A search finds the customers first (as the Customers list does), then lists their services.
  const matched = useSubscription(
    words ? `renewals:customers:${words}` : null,
    loadOnce(() => customerUidsMatching(search)),
  );
  const uids = words ? (matched.status === 'ready' ? matched.data : null) : undefined;
  const list = usePagedList(uids === null ? null : `renewals:${view}:${uids?.join(',') ?? ''}`, () =>
    renewalsQuery(view, undefined, uids ?? undefined),
  );
  return (
    <JobPage
      title="Renewals"
      job="renewals"
      runLabel="Run renewals now"
      onRun={runRenewals}
      about={
        <>
          Every plan with a yearly fee is a service. Its renewal invoice is issued {RENEWAL_DEFAULTS.noticeDays} days
          before its renewal date and the customer is reminded 7 days before, on the day and 7 days after; unpaid{' '}
          {RENEWAL_DEFAULTS.graceDays} days after the date, it lapses and the company inbox is told. The job runs by
          itself; Run renewals now does a pass at once.
        </>
      }
    >
      {({ data: last }) => (
        <>
          <div aria-live="polite" className="text-sm text-slate-700">
            {last && (
              <Facts
                items={[
                  [
                    'Last run',
                    `${formatIstDateTime(last.finishedAt)}${last.ok ? '' : `, failed: ${last.error ?? ''}`}`,
                  ],
                  ...Object.entries(last.report ?? {})
                    .filter(([, value]) => value > 0)
                    .map(([key, value]): [string, string] => [REPORT_LABELS[key] ?? key, String(value)]),
                ]}
              />
            )}
          </div>
          <Forecast />
          <FilterSelect label="Show" value={view} onChange={setView} options={VIEWS} className="max-w-sm" />
          <FilterInput
            label="Search renewals"
            value={search}
            onChange={setSearch}
            placeholder="Any word of the customer's name, business, email, phone or GSTIN"
          />
          {matched.status === 'error' && (
            <FormMessage tone="error">Could not search the customers. Please try again.</FormMessage>
          )}
          <PagedRows<Service>
            list={list}
            label="Services"
            emptyText="No service matches."
            row={(service) => <ServiceRow service={service} />}
          />
        </>
      )}
    </JobPage>
  );
}

/** The renewal revenue of the next 12 months, by month, as a bar chart with the figures and the total. */
function Forecast() {
  const forecast = useSubscription('renewals:forecast', loadOnce(renewalForecast));
  return (
    <LoadedPanel
      id="renewals-forecast"
      title="Forecast"
      state={forecast}
      loading="Adding up the renewals..."
      failed="Could not add up the renewals. Please reload the page."
    >
      {(months) => {
        const services = months.reduce((sum, month) => sum + month.services, 0);
        const figures = months.map((month): MonthFigure => [month.month, month.totalPaise]);
        return (
          <>
            <BarChart
              caption="Renewal revenue by month, next 12 months (yearly fees as priced; this month includes overdue renewals)"
              bars={monthBars(figures)}
            />
            <p className="text-sm text-slate-800">
              12-month total: <strong data-testid="forecast-total">{formatInr(totalOf(figures))}</strong> from{' '}
              {services} {services === 1 ? 'renewal' : 'renewals'}
            </p>
          </>
        );
      }}
    </LoadedPanel>
  );
}

function ServiceRow({ service }: { service: Service }) {
  const to = useConsoleLink();
  const [mode, setMode] = useState<'idle' | 'edit' | 'cancel'>('idle');
  const cancel = useAction(() => cancelService(service.ownerUid, service.id));
  const reinstate = useAction(() => reinstateService(service.ownerUid, service.id));
  const name = serviceName(service);
  // A customer who deleted their account has no profile left: the uid is all there is.
  const customer = useCustomer(service.ownerUid);
  const isCancelled = service.status === SERVICE_STATUS.cancelled;
  return (
    <>
      <div className="min-w-0 flex-1 basis-64 space-y-1">
        <p className="font-semibold">{name}</p>
        <Facts
          items={[
            [
              'Customer',
              <Link to={to('customers', service.ownerUid)} className="text-brand-darker underline">
                {customer?.name || service.ownerUid}
              </Link>,
            ],
            ['Yearly fee', formatInr(service.yearlyFeePaise)],
            [
              isCancelled ? 'Ends on' : 'Renews on',
              formatDay(isCancelled ? (service.endsOn ?? service.renewsOn) : service.renewsOn),
            ],
            ...(service.renewal
              ? [
                  ['Renewal invoice', `${service.renewal.number} (${formatInr(service.renewal.amountPaise)})`] as [
                    string,
                    string,
                  ],
                ]
              : []),
            ...(service.cancelledBy ? [['Stopped by', service.cancelledBy] as [string, string]] : []),
          ]}
        />
        {mode === 'edit' && <EditService service={service} onDone={() => setMode('idle')} />}
        {(cancel.error || reinstate.error) && <FormMessage tone="error">{cancel.error ?? reinstate.error}</FormMessage>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={service.status} />
        {mode !== 'edit' && (
          <Button variant="secondary" size="sm" onClick={() => setMode('edit')} aria-label={`Change ${name}`}>
            Change
          </Button>
        )}
        {isCancelled ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={reinstate.isBusy}
            onClick={() => void reinstate.run()}
            aria-label={`Reinstate ${name}`}
          >
            {reinstate.isBusy ? 'Reinstating...' : 'Reinstate'}
          </Button>
        ) : (
          <Button variant="dangerOutline" size="sm" onClick={() => setMode('cancel')} aria-label={`Cancel ${name}`}>
            Cancel service
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={mode === 'cancel'}
        title={`Cancel ${name}?`}
        closeLabel="Keep the service"
        confirmLabel={cancel.isBusy ? 'Cancelling...' : 'Cancel service'}
        isBusy={cancel.isBusy}
        onCancel={() => setMode('idle')}
        onConfirm={() => void cancel.run().then(() => setMode('idle'))}
      >
        <p>
          It will not renew: it ends on {formatDay(service.renewsOn)} (or today, if that date has passed unpaid)
          {service.renewal ? `, and its renewal invoice ${service.renewal.number} is cancelled` : ''}. The customer is
          told by mail. You can reinstate it later.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** A small labelled input of a row's inline form (the label above it). */
function InlineField({
  id,
  label,
  width = '',
  ...input
}: { id: string; label: string; width?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label htmlFor={id} className="flex flex-col text-sm font-medium text-slate-800">
      {label}
      <input
        id={id}
        {...input}
        className={`mt-1 h-9 rounded-md border border-slate-300 bg-white px-2 text-sm ${width}`}
      />
    </label>
  );
}

/** Changes a service's renewal date or yearly fee; an open renewal invoice is replaced at the new terms. */
function EditService({ service, onDone }: { service: Service; onDone: () => void }) {
  const id = useId();
  const renewsOn = useTextState(service.renewsOn);
  const fee = useTextState(paiseToRupeeText(service.yearlyFeePaise));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAction(updateService);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const feePaise = rupeeTextToPaise(fee.value);
    if (feePaise === null) {
      setProblem(AMOUNT_FORMAT_MESSAGE);
      return;
    }
    setProblem(null);
    const update = {
      ...(renewsOn.value !== service.renewsOn ? { renewsOn: renewsOn.value } : {}),
      ...(feePaise !== service.yearlyFeePaise ? { yearlyFeePaise: feePaise } : {}),
    };
    if (Object.keys(update).length === 0) return onDone();
    if (await save.run(service.ownerUid, service.id, update)) onDone();
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={`Change ${serviceName(service)}`}
      className="flex flex-wrap items-end gap-2 rounded-md bg-slate-50 p-3"
    >
      <InlineField id={`${id}-date`} label="Renewal date" type="date" required {...renewsOn.bind} />
      <InlineField id={`${id}-fee`} label="Yearly fee (₹)" inputMode="decimal" required width="w-32" {...fee.bind} />
      <Button type="submit" size="sm" disabled={save.isBusy}>
        {save.isBusy ? 'Saving...' : 'Save'}
      </Button>
      <Button variant="secondary" size="sm" onClick={onDone} disabled={save.isBusy}>
        Close
      </Button>
      {service.renewal && (
        <p className="basis-full text-sm text-slate-700">
          Its open renewal invoice {service.renewal.number} is cancelled and issued afresh at the new terms.
        </p>
      )}
      {(problem ?? save.error) && <FormMessage tone="error">{problem ?? save.error}</FormMessage>}
    </form>
  );
}
