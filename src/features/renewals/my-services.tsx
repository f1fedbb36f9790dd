import { useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PagedRows } from '@/components/paged-rows';
import { StatusBadge } from '@/components/status-badge';
import { formatInr } from '@/domain/money';
import { endsOnWhenStopped, formatDay, periodEndsOn, RENEWAL_DEFAULTS, SERVICE_STATUS } from '@/domain/renewals';
import { istToday } from '@/domain/ist';
import type { RenewalRecord, Service } from './data';
import { usePagedList } from '@/lib/paged-list';
import { renewalsQuery, servicesQuery, stopRenewing } from './api';
import { Panel } from '@/components/panel';

/** 'Factory Management – Growth'. */
export const serviceName = (service: Pick<Service, 'category' | 'planName'>) =>
  service.category ? `${service.category} – ${service.planName}` : service.planName;

/** Statuses in which a renewal's invoice can be paid from here. */
const PAYABLE = new Set<string>([SERVICE_STATUS.due, SERVICE_STATUS.overdue, SERVICE_STATUS.lapsed]);

export interface MyServicesProps {
  /** The company whose services they are (its id). */
  uid: string;
  /** The invoice being paid now (the page's payment flow), if any. */
  payingId: string | null;
  /** Pay Now on a due renewal: the page pays its proforma through the usual checkout. None for a role that cannot pay. */
  onPay?: (service: Service) => void;
  /** Whether the role may stop a service renewing (default: yes). */
  canStop?: boolean;
  /**
   * Whether the role reads the company's billing (default: yes): the renewal invoices and their
   * history. Without it (a technical member) a service shows what it is and when it renews.
   */
  showsBilling?: boolean;
  /** A line under the title: what the role cannot do here, and why. */
  note?: string;
  /** The tax invoice's download of a paid renewal, given its payment id (composed by the page). */
  documentAction?: (paymentId: string, itemLabel: string) => ReactNode;
  onNotice: (message: string, tone: 'success' | 'error') => void;
  /** Per service, e.g. "Get help" (support), composed by the page. */
  serviceAction?: (service: Service) => ReactNode;
}

/**
 * 'My Services': the yearly maintenance of the plans the customer bought, soonest renewal first,
 * each with its fee, next renewal date and status; Pay Now while a renewal is due; its renewal
 * history with tax invoices; and Stop renewing, after a confirmation that names the plan and the
 * day it ends.
 */
export function MyServices({
  uid,
  payingId,
  onPay,
  canStop = true,
  showsBilling = true,
  note,
  documentAction,
  onNotice,
  serviceAction,
}: MyServicesProps) {
  const list = usePagedList(`services:${uid}`, () => servicesQuery(uid));
  const [stopping, setStopping] = useState<Service | null>(null);
  const [isStopping, setIsStopping] = useState(false);

  async function confirmStop(service: Service) {
    setIsStopping(true);
    try {
      const result = await stopRenewing(service.id);
      setStopping(null);
      onNotice(
        `${serviceName(service)} will not renew. It ends on ${formatDay(result.endsOn ?? service.renewsOn)}.`,
        'success',
      );
    } catch (error) {
      console.warn('Stopping a renewal failed:', error);
      setStopping(null);
      onNotice(error instanceof Error ? error.message : 'Could not stop the renewal. Please try again.', 'error');
    } finally {
      setIsStopping(false);
    }
  }

  const endsOn = stopping ? endsOnWhenStopped(stopping.renewsOn, istToday()) : '';
  return (
    <Panel titleId="my-services" title="My Services">
      <p className="mt-1 text-sm text-slate-700">
        The yearly maintenance of the plans you bought. We email each renewal's invoice {RENEWAL_DEFAULTS.noticeDays}{' '}
        days before its date.
      </p>
      {note && <p className="mt-1 text-sm text-slate-700">{note}</p>}
      <div className="mt-4">
        <PagedRows
          list={list}
          label="My Services"
          look="plain"
          emptyText="You have no plans with a yearly fee yet."
          errorText="Could not load your services. Please reload the page."
          row={(service) => (
            <ServiceRow
              uid={uid}
              service={service}
              payingId={payingId}
              onPay={onPay && (() => onPay(service))}
              onStop={canStop ? () => setStopping(service) : undefined}
              showsBilling={showsBilling}
              documentAction={documentAction}
              action={serviceAction?.(service)}
            />
          )}
        />
      </div>
      <ConfirmDialog
        isOpen={stopping !== null}
        title={stopping ? `Stop renewing ${serviceName(stopping)}?` : 'Stop renewing?'}
        closeLabel="Keep renewing"
        confirmLabel={isStopping ? 'Stopping...' : 'Stop renewing'}
        isBusy={isStopping}
        onCancel={() => setStopping(null)}
        onConfirm={() => stopping && void confirmStop(stopping)}
      >
        {stopping && (
          <div className="space-y-2">
            <p>
              Your service continues until <strong>{formatDay(endsOn)}</strong> and then ends: on that day we stop
              hosting, updates and support for {serviceName(stopping)}. We will not bill its yearly fee of{' '}
              {formatInr(stopping.yearlyFeePaise)} again.
            </p>
            {stopping.renewal && (
              <p>Its renewal invoice {stopping.renewal.number} is cancelled: nothing is owed for it.</p>
            )}
            <p>We let our team know, and you can ask them for an export of your data before it ends.</p>
          </div>
        )}
      </ConfirmDialog>
    </Panel>
  );
}

function ServiceRow({
  uid,
  service,
  payingId,
  onPay,
  onStop,
  showsBilling,
  documentAction,
  action,
}: {
  uid: string;
  service: Service;
  payingId: string | null;
  onPay?: () => void;
  onStop?: () => void;
  showsBilling: boolean;
  documentAction?: MyServicesProps['documentAction'];
  action?: ReactNode;
}) {
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const name = serviceName(service);
  const isCancelled = service.status === SERVICE_STATUS.cancelled;
  const { renewal } = service;
  const isDue = showsBilling && renewal !== null && PAYABLE.has(service.status);
  const historyId = `renewals-${service.id}`;
  return (
    <>
      <div className="min-w-0 flex-1 basis-full sm:basis-0">
        <p className="font-semibold">{name}</p>
        <p className="text-sm text-slate-700">Yearly fee: {formatInr(service.yearlyFeePaise)}</p>
        <p className="text-sm text-slate-700" data-testid="service-date">
          {isCancelled
            ? `Not renewing: ends on ${formatDay(service.endsOn ?? service.renewsOn)}`
            : `Next renewal: ${formatDay(service.renewsOn)}`}
        </p>
        {isDue && (
          <p className="text-sm text-slate-700">
            Renewal invoice {renewal.number}: {formatInr(renewal.amountPaise)}
            {renewal.dueOn ? `, due by ${formatDay(renewal.dueOn)}` : ''}
          </p>
        )}
        {showsBilling && (
          <Button
            variant="link"
            size="sm"
            className="mt-1 px-0"
            aria-expanded={isHistoryOpen}
            aria-controls={historyId}
            onClick={() => setIsHistoryOpen((open) => !open)}
          >
            {isHistoryOpen ? 'Hide renewal history' : 'Renewal history'}
          </Button>
        )}
        {showsBilling && isHistoryOpen && (
          <div id={historyId} className="mt-2">
            <RenewalHistory uid={uid} service={service} documentAction={documentAction} />
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={service.status} />
        {action}
        {isDue && onPay && (
          <Button
            size="sm"
            className="whitespace-nowrap"
            onClick={onPay}
            disabled={payingId !== null}
            aria-label={`Pay Now: renewal of ${name}`}
          >
            {payingId === renewal.invoiceDocId ? 'Processing...' : 'Pay Now'}
          </Button>
        )}
        {!isCancelled && onStop && (
          <Button variant="dangerOutline" size="sm" onClick={onStop} aria-label={`Stop renewing ${name}`}>
            Stop renewing
          </Button>
        )}
      </div>
    </>
  );
}

/** A service's renewals, newest first, each with the year it pays for and, once paid, its tax invoice. */
function RenewalHistory({
  uid,
  service,
  documentAction,
}: {
  uid: string;
  service: Service;
  documentAction?: MyServicesProps['documentAction'];
}) {
  const list = usePagedList<RenewalRecord>(`renewals:${uid}:${service.id}`, () => renewalsQuery(uid, service.id), 5);
  return (
    <PagedRows
      list={list}
      label={`Renewals of ${serviceName(service)}`}
      look="plain"
      emptyText={`No renewal billed yet. Started on ${formatDay(service.startedOn || service.renewsOn)}.`}
      errorText="Could not load the renewals. Please reload the page."
      row={(renewal) => (
        <>
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium">
              {formatDay(renewal.renewsOn)} to {formatDay(periodEndsOn(renewal.nextRenewsOn))}
            </p>
            <p className="text-slate-700">
              Proforma {renewal.number}: {formatInr(renewal.amountPaise)}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={renewal.status} />
            {renewal.paymentId && documentAction?.(renewal.paymentId, `Renewal ${renewal.number}`)}
          </div>
        </>
      )}
    />
  );
}
