import { count, getAggregateFromServer, getDocs, limit, orderBy, query, sum, where } from 'firebase/firestore';
import {
  forecastMonthRange,
  LIVE_SERVICE_STATUSES,
  nextMonths,
  SERVICE_STATUS,
  serviceUpdateSchema,
  type ServiceUpdate,
} from '@/domain/renewals';
import { addDays, istToday } from '@/domain/ist';
import { customersQuery } from '@/records/users';
import { apiClient } from '@/lib/api-client';
import { convertedDocs } from '@/lib/converted-docs';
import { servicesOfEveryone } from '../data';
import { matchesSearch } from '@/lib/search-query';

const withAuth = { withAuth: true };

// ---- Renewals: services with a yearly fee, across customers ------------------------------------------

/** The Renewals screen's lists: due in the next 90 days, overdue, lapsed, cancelled. */
export type RenewalsView = 'due' | 'overdue' | 'lapsed' | 'cancelled';
export const RENEWALS_DUE_WITHIN_DAYS = 90;

/**
 * Soonest renewal first; with `uids`, only those customers' services (a search found them, see
 * `customerUidsMatching`).
 */
export function renewalsQuery(view: RenewalsView, today = istToday(), uids?: string[]) {
  const byStatus = {
    due: [
      where('status', 'in', [SERVICE_STATUS.active, SERVICE_STATUS.due]),
      where('renewsOn', '<=', addDays(today, RENEWALS_DUE_WITHIN_DAYS)),
    ],
    overdue: [where('status', '==', SERVICE_STATUS.overdue)],
    lapsed: [where('status', '==', SERVICE_STATUS.lapsed)],
    cancelled: [where('status', '==', SERVICE_STATUS.cancelled)],
  }[view];
  // 'in' refuses an empty list; no customer has the uid ''.
  const byCustomer = uids ? [where('uid', 'in', uids.length ? uids : [''])] : [];
  return query(servicesOfEveryone(), ...byStatus, ...byCustomer, orderBy('renewsOn'));
}

/**
 * How many customers a search of the Renewals view looks at: Firestore takes at most 30
 * alternatives in one query, and the Due view's two statuses double each customer's.
 */
export const SEARCHED_CUSTOMERS = 10;

/**
 * The customers a Renewals search names: found as the Customers list finds them (by a word of a
 * name, business, email, phone or GSTIN; searchTokens), the first SEARCHED_CUSTOMERS of them.
 */
export async function customerUidsMatching(search: string): Promise<string[]> {
  const found = convertedDocs(await getDocs(query(customersQuery(search), limit(SEARCHED_CUSTOMERS * 3))));
  return found
    .filter((customer) => matchesSearch(search, customer))
    .slice(0, SEARCHED_CUSTOMERS)
    .map((customer) => customer.uid);
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
