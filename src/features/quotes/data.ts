import { collection, doc } from 'firebase/firestore';
import { str, num, date, texts, numbers, idsOrNull, converter, readOnly } from '@/lib/converters';
import { db } from '@/lib/firestore';

// ---- Quotes (rules: their customer reads them once sent, staff all; written by the API) -----------

export interface QuoteRecord {
  id: string;
  /** The customer (an account or a lead's record). */
  uid: string;
  number: string;
  version: number;
  /** As stored: 'Draft', 'Sent', 'Accepted', 'Declined' or 'Withdrawn' (Expired is worked out from the date). */
  status: string;
  /** YYYY-MM-DD, India time: the last day it can be accepted. */
  validUntil: string;
  customerName: string;
  customerEmail: string;
  description: string;
  lines: Array<{ description: string; sac: string; quantity: number; ratePaise: number }>;
  amountsIncludeGst: boolean;
  milestones: Array<{ label: string; percentBasisPoints: number | null; amountPaise: number }>;
  terms: string;
  /** The buyer's PO number and vendor code ('' when none): printed on the quote and its invoices. */
  poNumber: string;
  vendorCode: string;
  /** What its milestones' invoices come to, GST included; and what has been paid of them. */
  totalPaise: number;
  paidPaise: number;
  enquiryId: string | null;
  previousId: string | null;
  revisionId: string | null;
  supersededBy: string | null;
  /** Milestone `m{index}`: invoiced or paid, with its proforma. */
  progress: Record<
    string,
    { state: 'invoiced' | 'paid'; invoiceId: string; invoiceNumber: string; amountPaise: number }
  >;
  acceptance: { name: string; at: Date | null; ip: string; version: number; via: string } | null;
  declined: { comment: string; at: Date | null } | null;
  changeRequests: Array<{ comment: string; at: Date | null }>;
  withdrawReason: string;
  createdAt: Date | null;
  sentAt: Date | null;
}

const record = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;

const quoteConverter = converter<QuoteRecord>((id, data) => {
  const acceptance = record(data.acceptance);
  const declined = record(data.declined);
  return {
    id,
    ...texts(data, ['uid', 'number', 'validUntil', 'description', 'terms', 'withdrawReason']),
    ...texts(data, ['customerName', 'customerEmail']),
    ...texts(record(data.purchaseOrder) ?? {}, ['poNumber', 'vendorCode']),
    ...numbers(data, ['totalPaise', 'paidPaise']),
    ...idsOrNull(data, ['enquiryId', 'previousId', 'revisionId', 'supersededBy']),
    version: num(data.version) || 1,
    status: str(data.status) || 'Draft',
    lines: Array.isArray(data.lines) ? (data.lines as QuoteRecord['lines']) : [],
    amountsIncludeGst: data.amountsIncludeGst !== false,
    milestones: Array.isArray(data.milestones) ? (data.milestones as QuoteRecord['milestones']) : [],
    progress: (record(data.progress) ?? {}) as QuoteRecord['progress'],
    acceptance: acceptance
      ? {
          name: str(acceptance.name),
          at: date(acceptance.at),
          ip: str(acceptance.ip),
          version: num(acceptance.version),
          via: str(acceptance.via),
        }
      : null,
    declined: declined ? { comment: str(declined.comment), at: date(declined.at) } : null,
    changeRequests: Array.isArray(data.changeRequests)
      ? data.changeRequests.map((request) => ({
          comment: str(record(request)?.comment),
          at: date(record(request)?.at),
        }))
      : [],
    createdAt: date(data.createdAt),
    sentAt: date(data.sentAt),
  };
}, readOnly);

export const quotesCollection = () => collection(db, 'quotes').withConverter(quoteConverter);
export const quoteDoc = (id: string) => doc(db, 'quotes', id).withConverter(quoteConverter);
