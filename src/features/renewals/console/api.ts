import { count, getAggregateFromServer, orderBy, query, sum, where } from 'firebase/firestore';
import {
  forecastMonthRange,
  LIVE_SERVICE_STATUSES,
  nextMonths,
  SERVICE_STATUS,
  serviceUpdateSchema,
  type ServiceUpdate,
} from '@/domain/renewals';
import { addDays, istToday } from '@/domain/staff';
import { apiClient } from '@/lib/api-client';
import { servicesOfEveryone } from '../data';

const withAuth = { withAuth: true };

// ---- Renewals: services with a yearly fee, across customers ------------------------------------------

/** The Renewals screen's lists: due in the next 90 days, overdue, lapsed, cancelled. */
export type RenewalsView = 'due' | 'overdue' | 'lapsed' | 'cancelled';
export const RENEWALS_DUE_WITHIN_DAYS = 90;

/** Soonest renewal first. */
export function renewalsQuery(view: RenewalsView, today = istToday()) {
  const byDate = orderBy('renewsOn');
  switch (view) {
    case 'due':
      return query(
        servicesOfEveryone(),
        where('status', 'in', [SERVICE_STATUS.active, SERVICE_STATUS.due]),
        where('renewsOn', '<=', addDays(today, RENEWALS_DUE_WITHIN_DAYS)),
        byDate,
      );
    case 'overdue':
      return query(servicesOfEveryone(), where('status', '==', SERVICE_STATUS.overdue), byDate);
    case 'lapsed':
      return query(servicesOfEveryone(), where('status', '==', SERVICE_STATUS.lapsed), byDate);
    case 'cancelled':
      return query(servicesOfEveryone(), where('status', '==', SERVICE_STATUS.cancelled), byDate);
  }
}

/** The home's figure: renewals invoiced and awaiting payment, not yet late. */
export const renewalsDueQuery = () => query(servicesOfEveryone(), where('status', '==', SERVICE_STATUS.due));

export interface ForecastMonth {
  /** 'YYYY-MM'. */
  month: string;
  /** The yearly fees of the live services renewing that month (the first month also takes overdue ones). */
  totalPaise: number;
  services: number;
}

/**
 * What renewals should bring in over the 12 months starting with this one: the yearly fees of the
 * services still renewing (Active, Renewal due, Overdue), by the month of their renewal date.
 * Summed by the database, one aggregate per month.
 */
export function renewalForecast(today = istToday()): Promise<ForecastMonth[]> {
  return Promise.all(
    nextMonths(today, 12).map(async (month, index) => {
      const { from, to } = forecastMonthRange(month, index === 0);
      const inMonth = query(
        servicesOfEveryone(),
        where('status', 'in', LIVE_SERVICE_STATUSES),
        ...(from ? [where('renewsOn', '>=', from)] : []),
        where('renewsOn', '<', to),
      );
      const totals = (await getAggregateFromServer(inMonth, { fees: sum('yearlyFeePaise'), services: count() })).data();
      return { month, totalPaise: totals.fees ?? 0, services: totals.services };
    }),
  );
}

export function runRenewals(): Promise<Record<string, unknown>> {
  return apiClient.post('/api/staff/jobs/renewals/run', {}, withAuth);
}

const servicePath = (uid: string, serviceId: string) =>
  `/api/staff/customers/${encodeURIComponent(uid)}/services/${encodeURIComponent(serviceId)}`;

/** A new renewal date or yearly fee; an open renewal invoice is replaced by one at the new terms. */
export function updateService(uid: string, serviceId: string, update: ServiceUpdate): Promise<{ changed: string[] }> {
  return apiClient.post(servicePath(uid, serviceId), serviceUpdateSchema.parse(update), withAuth);
}

export function cancelService(uid: string, serviceId: string): Promise<{ status: string }> {
  return apiClient.post(`${servicePath(uid, serviceId)}/cancel`, {}, withAuth);
}

export function reinstateService(uid: string, serviceId: string): Promise<{ status: string }> {
  return apiClient.post(`${servicePath(uid, serviceId)}/reinstate`, {}, withAuth);
}
