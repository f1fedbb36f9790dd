import { orderBy, query, where, type Query } from 'firebase/firestore';
import { enquiryUpdateSchema, type EnquiryUpdate } from '@/domain/enquiries';
import { proformaFieldsSchema, type ProformaFields, type ProformaPreview } from '@/domain/proforma';
import { STATUS } from '@/domain/status';
import { apiClient } from '@/lib/api-client';
import { enquiriesCollection, type Enquiry } from '@/records/enquiries';
import type { IssuedProforma } from '@/records/invoices';
import { searchOn } from '@/lib/search-query';

export interface InboxFilter {
  status: string;
  search: string;
}

/** The inbox, newest first: optionally one status, and only enquiries holding the searched words. */
export function inboxQuery(filter: InboxFilter): Query<Enquiry> {
  const byStatus = filter.status ? [where('status', '==', filter.status)] : [];
  return query(enquiriesCollection(), ...byStatus, ...searchOn(filter.search), orderBy('submittedAt', 'desc'));
}

export const newEnquiriesQuery = () => query(enquiriesCollection(), where('status', '==', STATUS.new));

const withAuth = { withAuth: true };

export function updateEnquiry(id: string, update: EnquiryUpdate): Promise<{ changed: boolean }> {
  return apiClient.post(`/api/staff/enquiries/${encodeURIComponent(id)}`, enquiryUpdateSchema.parse(update), withAuth);
}

export function previewEnquiryBill(enquiryId: string, fields: ProformaFields): Promise<ProformaPreview> {
  return apiClient.post(
    `/api/staff/enquiries/${encodeURIComponent(enquiryId)}/proforma/preview`,
    proformaFieldsSchema.parse(fields),
    withAuth,
  );
}

/**
 * Bills an enquiry: a proforma to whoever sent it, also someone with no account (a lead's
 * customer record is made for their email). Answers who was billed.
 */
export function billEnquiry(
  enquiryId: string,
  fields: ProformaFields,
): Promise<IssuedProforma & { customerUid: string; isLead: boolean }> {
  return apiClient.post(
    `/api/staff/enquiries/${encodeURIComponent(enquiryId)}/proforma`,
    proformaFieldsSchema.parse(fields),
    withAuth,
  );
}
