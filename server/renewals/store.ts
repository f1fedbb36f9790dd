import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';
import { SERVICE_STATUSES, type RenewalSettings, type ServiceStatus } from '../../src/domain/renewals';
import type { ProformaContext } from '../payments/proformas';

/** What the renewals service works with: the payment services, the schedule's settings and the company's inbox. */
export interface RenewalsContext extends ProformaContext {
  renewals: RenewalSettings;
  /** COMPANY_EMAIL: staff are told here when a renewal lapses or a customer stops one. */
  companyEmail: string;
}

/** The renewal a service is billed for now (issued, not yet paid), as the service keeps it. */
export interface OpenRenewal {
  renewalId: string;
  key: string;
  invoiceDocId: string;
  number: string;
  /** What its proforma charges, GST included. */
  amountPaise: number;
  issuedOn: string;
  dueOn: string;
  remindersSent: string[];
}

/** `users/{uid}/services/{id}` as stored (see server/payments/services.ts for how payments write it). */
export interface StoredService {
  id: string;
  uid: string;
  planName: string;
  category: string;
  yearlyFeePaise: number;
  startedOn: string;
  anchorDay: number;
  renewsOn: string;
  status: ServiceStatus;
  revision: number;
  renewal: OpenRenewal | null;
  endsOn: string | null;
}

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

function openRenewalOf(value: unknown): OpenRenewal | null {
  if (typeof value !== 'object' || value === null) return null;
  const renewal = value as Partial<OpenRenewal>;
  if (typeof renewal.renewalId !== 'string' || typeof renewal.invoiceDocId !== 'string') return null;
  return {
    renewalId: renewal.renewalId,
    key: String(renewal.key ?? ''),
    invoiceDocId: renewal.invoiceDocId,
    number: String(renewal.number ?? ''),
    amountPaise: Number(renewal.amountPaise ?? 0),
    issuedOn: isDay(renewal.issuedOn) ? renewal.issuedOn : '0000-00-00',
    dueOn: isDay(renewal.dueOn) ? renewal.dueOn : '',
    remindersSent: Array.isArray(renewal.remindersSent) ? renewal.remindersSent.map(String) : [],
  };
}

/** A stored service, or null when it lacks what the schedule needs (it is then left alone and logged). */
export function readService(snapshot: DocumentSnapshot<DocumentData>): StoredService | null {
  const data = snapshot.data();
  if (!data) return null;
  const uid = snapshot.ref.parent.parent?.id ?? '';
  if (!uid || !isDay(data.renewsOn) || !Number.isSafeInteger(data.yearlyFeePaise)) return null;
  const status = SERVICE_STATUSES.includes(data.status as ServiceStatus) ? (data.status as ServiceStatus) : null;
  if (!status) return null;
  return {
    id: snapshot.id,
    uid,
    planName: String(data.planName ?? ''),
    category: String(data.category ?? ''),
    yearlyFeePaise: data.yearlyFeePaise as number,
    startedOn: isDay(data.startedOn) ? data.startedOn : data.renewsOn,
    anchorDay: Number.isInteger(data.anchorDay) ? (data.anchorDay as number) : Number(data.renewsOn.slice(8, 10)),
    renewsOn: data.renewsOn,
    status,
    revision: Number.isInteger(data.revision) ? (data.revision as number) : 0,
    renewal: openRenewalOf(data.renewal),
    endsOn: isDay(data.endsOn) ? data.endsOn : null,
  };
}

/** 'Factory Management – Growth': how mails and invoices name a service. */
export const serviceName = (service: Pick<StoredService, 'category' | 'planName'>) =>
  service.category ? `${service.category} – ${service.planName}` : service.planName;

export const SERVICE_NOT_FOUND = 'Service not found.';
