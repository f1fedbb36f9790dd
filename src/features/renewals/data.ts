import { collection, collectionGroup } from 'firebase/firestore';
import { str, num, date, texts, idsOrNull, converter, readOnly, ownerOf } from '@/lib/converters';
import { db } from '@/lib/firestore';

// ---- Yearly maintenance: services and their renewals (written by the server only) -----------------

/** The renewal a service is billed for now (its proforma, unpaid). */
export interface OpenRenewal {
  renewalId: string;
  invoiceDocId: string;
  /** The proforma's number (PI/…). */
  number: string;
  /** What it charges, GST included. */
  amountPaise: number;
  /** YYYY-MM-DD. */
  dueOn: string;
}

/** A plan with a yearly fee the customer bought: `users/{uid}/services/{id}`. */
export interface Service {
  id: string;
  /** The customer whose service it is (from its path). */
  ownerUid: string;
  planName: string;
  category: string;
  yearlyFeePaise: number;
  /** Days in India, YYYY-MM-DD. */
  startedOn: string;
  renewsOn: string;
  /** 'Active', 'Renewal due', 'Overdue', 'Lapsed' or 'Cancelled' (src/domain/renewals.ts). */
  status: string;
  renewal: OpenRenewal | null;
  /** When a cancelled service ends (YYYY-MM-DD). */
  endsOn: string | null;
  cancelledBy: string | null;
}

/** One renewal billed for a service: `renewals/{id}`. */
export interface RenewalRecord {
  id: string;
  serviceId: string;
  /** The renewal date it bills and the next one (YYYY-MM-DD): it pays for the year between. */
  renewsOn: string;
  nextRenewsOn: string;
  number: string;
  invoiceDocId: string;
  amountPaise: number;
  /** 'Pending', 'Paid' or 'Cancelled'. */
  status: string;
  paymentId: string | null;
  paidAt: Date | null;
}

const openRenewal = (value: unknown): OpenRenewal | null => {
  if (typeof value !== 'object' || value === null) return null;
  const renewal = value as Record<string, unknown>;
  if (!renewal.invoiceDocId) return null;
  return {
    ...texts(renewal, ['renewalId', 'invoiceDocId', 'number', 'dueOn']),
    amountPaise: num(renewal.amountPaise),
  };
};

const serviceConverter = converter<Service>(
  (id, data, snapshot) => ({
    id,
    ownerUid: ownerOf(snapshot),
    ...texts(data, ['planName', 'category', 'startedOn', 'renewsOn', 'status']),
    ...idsOrNull(data, ['endsOn', 'cancelledBy']),
    yearlyFeePaise: num(data.yearlyFeePaise),
    renewal: openRenewal(data.renewal),
  }),
  readOnly,
);

const renewalConverter = converter<RenewalRecord>(
  (id, data) => ({
    id,
    ...texts(data, ['serviceId', 'renewsOn', 'nextRenewsOn', 'number', 'invoiceDocId', 'status']),
    amountPaise: num(data.amountPaise),
    paymentId: str(data.paymentId) || null,
    paidAt: date(data.paidAt),
  }),
  readOnly,
);

export const servicesOf = (uid: string) => collection(db, 'users', uid, 'services').withConverter(serviceConverter);
export const servicesOfEveryone = () => collectionGroup(db, 'services').withConverter(serviceConverter);
export const renewalsCollection = () => collection(db, 'renewals').withConverter(renewalConverter);
